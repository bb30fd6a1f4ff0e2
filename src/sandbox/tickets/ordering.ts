/**
 * Where a moved ticket lands in its destination column (spec 4.6, Move body).
 *
 * `beforeId` names the ticket that will sit directly above, `afterId` the one directly below. A named
 * neighbour that is no longer in the destination column (moved elsewhere, deleted, or the moving ticket
 * itself) is ignored, and the ticket lands by the neighbours that remain:
 * - both valid and adjacent: between them; both valid but no longer adjacent: directly below `beforeId`;
 * - only `beforeId`: directly below it; only `afterId`: directly above it;
 * - none left: at the bottom (the first card of an empty column).
 */
export function placeInColumn(column: readonly string[], ticketId: string, beforeId?: string, afterId?: string): string[] {
  const rest = column.filter((id) => id !== ticketId);
  const before = beforeId === undefined ? -1 : rest.indexOf(beforeId);
  const after = afterId === undefined ? -1 : rest.indexOf(afterId);
  let at: number;
  if (before >= 0) at = before + 1;
  else if (after >= 0) at = after;
  else at = rest.length;
  return [...rest.slice(0, at), ticketId, ...rest.slice(at)];
}

/** Deterministic ids (`tkt_000001`, `lbl_000001`, ...): two identical runs produce identical ids. */
export class IdSource {
  private readonly counters = new Map<string, number>();

  next(prefix: 'tkt' | 'cmt' | 'lbl'): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return `${prefix}_${String(n).padStart(6, '0')}`;
  }
}

/** The parts of an edition every briefing view shows: verdict, number and date, board counts, caveats, deep dives. */
import type { BriefingRead } from '../../../service/index.js';
import { dayOf, escapeMrkdwn, fields, humanise, section, type Block } from '../../../slack/blocks/index.js';
import { deepDivesOf, runMetaOf, verdictOf } from '../hub.js';

export function editionTitle(read: BriefingRead): string {
  const meta = runMetaOf(read);
  const edition = typeof meta?.editionNumber === 'number' ? `Edition ${meta.editionNumber}` : 'Edition';
  const date = dayOf(meta?.briefingDate);
  return date ? `${edition} · ${date}` : edition;
}

export function editionBlocks(read: BriefingRead): Block[] {
  const blocks: Block[] = [];
  const verdict = verdictOf(read.item);
  blocks.push(section(verdict ? `*${escapeMrkdwn(verdict)}*` : '_This edition has no headline verdict._'));

  const t = read.tickets;
  const board = t
    ? `*On the board*\nopened ${t.opened.length} · already on board ${t.alreadyOnBoard.length} · rechecked unchanged ${t.recheckedUnchanged.length}\n` +
      `triage ${t.byStatus.triage} · to do ${t.byStatus.todo} · in progress ${t.byStatus.in_progress} · done ${t.byStatus.done} · dismissed ${t.byStatus.dismissed}`
    : '*On the board*\nnot reported';
  const caveats = read.coverage ? read.coverage.items.length : null;
  const deep = deepDivesOf(read);
  blocks.push(
    ...fields([
      board,
      `*Coverage caveats*\n${caveats === null ? 'not reported' : caveats}`,
      `*Deep dives*\n${deep.length ? deep.map((s) => escapeMrkdwn(humanise(s.replace(/^deep-/, '')))).join(', ') : 'none this edition'}`,
    ]),
  );
  return blocks;
}

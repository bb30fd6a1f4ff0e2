/** The parts of an edition every briefing view shows: verdict, number and date, board counts, caveats, deep dives. */
import type { BriefingRead, BriefingTickets } from '../../../service/index.js';
import { dayOf, escapeMrkdwn, fields, humanise, section, type Block } from '../../../slack/blocks/index.js';
import { isUnreadable, shown, UNREADABLE_VALUE, unreadableText, type Unreadable } from '../../../service/tolerant.js';
import { deepDivesOf, hubUnreadable, runMetaOf, verdictOf } from '../hub.js';

export function editionTitle(read: BriefingRead): string {
  const meta = runMetaOf(read);
  const edition = isUnreadable(meta?.editionNumber) ? "Edition (number Radar couldn't read)" : typeof meta?.editionNumber === 'number' ? `Edition ${meta.editionNumber}` : 'Edition';
  const date = isUnreadable(meta?.briefingDate) ? "date Radar couldn't read" : dayOf(meta?.briefingDate);
  return date ? `${edition} · ${date}` : edition;
}

export function editionBlocks(read: BriefingRead): Block[] {
  const blocks: Block[] = [];
  const verdict = verdictOf(read.item);
  blocks.push(
    section(verdict ? `*${escapeMrkdwn(verdict)}*` : hubUnreadable(read.item) ? unreadableText('Headline') : '_This edition has no headline verdict._'),
  );

  const t = read.tickets;
  const count = (list: readonly unknown[] | Unreadable) => shown(list, (l) => String(l.length));
  const byStatus = (b: BriefingTickets['byStatus']) =>
    shown(b, (s) => `triage ${shown(s.triage, String)} · to do ${shown(s.todo, String)} · in progress ${shown(s.in_progress, String)} · done ${shown(s.done, String)} · dismissed ${shown(s.dismissed, String)}`);
  const board = isUnreadable(t)
    ? `*On the board*\n${UNREADABLE_VALUE}`
    : t
      ? `*On the board*\nopened ${count(t.opened)} · already on board ${count(t.alreadyOnBoard)} · rechecked unchanged ${count(t.recheckedUnchanged)}\n${byStatus(t.byStatus)}`
      : '*On the board*\nnot reported';
  const coverage = read.coverage;
  const caveats = isUnreadable(coverage) ? UNREADABLE_VALUE : coverage ? String(coverage.items.length) : 'not reported';
  const deep = deepDivesOf(read);
  const deepText = isUnreadable(read.contains)
    ? UNREADABLE_VALUE
    : deep.length
      ? deep.map((s) => escapeMrkdwn(humanise(s.replace(/^deep-/, '')))).join(', ')
      : 'none this edition';
  blocks.push(
    ...fields([
      board,
      `*Coverage caveats*\n${caveats}`,
      `*Deep dives*\n${deepText}`,
    ]),
  );
  return blocks;
}

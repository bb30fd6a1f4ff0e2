/**
 * One reading of a briefing edition (issue 27): the same payload fed to `/radar briefing`, the digest,
 * the Home tab and the deep-dive answer states the same facts: the same headline, the same findings
 * (every row's name and what was found, whatever key it sits under), the same ticket counts
 * (`tickets.total`, opened, commented). The payload is the sandbox's own (read over HTTP), then
 * reshaped as a differently built service would answer: rows nested one level down, keys in
 * snake_case or PascalCase, the finding under a key the sandbox never uses, unknown fields with
 * hostile strings. A fast-check property runs the same checks over many such shapes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefingView } from '../../../src/features/briefing/views/briefing-view.js';
import { deepDiveView } from '../../../src/features/briefing/views/deep-dive-view.js';
import { hubRowFor } from '../../../src/features/briefing/deep-dive.js';
import { digestMessages } from '../../../src/features/digest/views/digest-view.js';
import type { HomeModel } from '../../../src/features/home/home-data.js';
import { homeView } from '../../../src/features/home/views/home-view.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { briefingFactsOf, hubFactsOf, rowText } from '../../../src/service/read/briefing.js';
import { briefingReadSchema, type BriefingRead } from '../../../src/service/index.js';
import { escapeMrkdwn } from '../../../src/slack/blocks/index.js';
import type { Block } from '../../../src/slack/blocks/index.js';

const NOW = new Date('2026-11-27T09:00:00Z');
const PROJECT = 'Northwind CRM';
const HOSTILE = ['*bold* <!here> <@U1> &amp;', '<!channel> `code` _it_', '<https://evil.example|click> & <#C1>'];

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every mrkdwn/plain text string in blocks, as sent to Slack (escaped form). */
function rawTexts(blocks: readonly unknown[]): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isJson(v)) {
      if (typeof v.text === 'string') out.push(v.text);
      Object.values(v).forEach(walk);
    }
  };
  walk(blocks);
  return out.join('\n');
}

/** The three consumers' outputs for one edition, as raw block text. */
function consumers(raw: BriefingRead): Record<'briefing' | 'digest' | 'home', string> {
  const read = briefingFactsOf(raw);
  const briefing = briefingView(PROJECT, { kind: 'done', read }, NOW, []);
  const digest = digestMessages({ projectId: 'prj_northwind', projectName: PROJECT, read, opened: [] });
  const model: HomeModel = {
    channels: [],
    channelsUnknown: false,
    projects: [{ projectId: 'prj_northwind', projectName: PROJECT, assigned: { kind: 'no-match', names: [] }, briefing: { kind: 'edition', read } }],
    moreProjects: 0,
    disallowedProjects: 0,
    firstVisit: false,
    refreshedAt: NOW,
  };
  return {
    briefing: rawTexts(briefing.blocks),
    digest: rawTexts([...digest.main.blocks, ...digest.thread.flatMap((m) => m.blocks)]),
    home: rawTexts(homeView(model).blocks as Block[]),
  };
}

/** The facts every consumer must state, from the raw payload (not from Radar's reader). */
interface Expected {
  verdict: string;
  rows: { name: string; text: string }[];
  total: number;
  opened: number;
  commented: number;
}

/** Checks every consumer states `facts`, escaped, and that no hostile string reaches Slack unescaped. */
function expectAgreement(read: BriefingRead, facts: Expected): void {
  const out = consumers(read);
  for (const [who, text] of Object.entries(out)) {
    expect(text, `${who}: headline`).toContain(escapeMrkdwn(facts.verdict));
    for (const row of facts.rows) {
      expect(text, `${who}: row ${row.name}`).toContain(escapeMrkdwn(row.name));
      // Home shortens a finding to 200 characters; every finding here is shorter.
      expect(text, `${who}: finding of ${row.name}`).toContain(escapeMrkdwn(row.text));
    }
    expect(text, `${who}: counts`).toContain(`${facts.total} ticket${facts.total === 1 ? '' : 's'} in all · opened ${facts.opened} · commented ${facts.commented}`);
    for (const hostile of ['<!here>', '<@U1>', '<!channel>', '<https://evil', '<#C1>']) expect(text, `${who}: ${hostile} escaped`).not.toContain(hostile);
  }
}

describe('one briefing payload, every consumer', () => {
  let sandbox: Sandbox;
  let raw: Json;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    const res = await fetch(`${sandbox.url}/v1/projects/prj_northwind/strategic-briefing`, { headers: { 'svc-api-key': sandbox.keys.readWrite } });
    raw = (await res.json()) as Json;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const hubOf = (payload: Json) => ((payload.item as Json).hub as Json).blocks as Json[];
  const sandboxRows = () => (hubOf(raw).find((b) => Array.isArray(b.rows))!.rows as Json[]).map((r) => ({ ...r }));
  const sandboxVerdict = () => hubOf(raw).find((b) => b.type === 'headline')!.verdict as string;
  const ticketsOf = (payload: Json) => payload.tickets as { total: number; opened: string[] };

  it('the sandbox\'s own payload: same headline, findings and counts in /radar briefing, the digest and Home', () => {
    const read = briefingReadSchema.parse(raw);
    const rows = sandboxRows();
    expect(rows.length).toBeGreaterThan(1);
    expectAgreement(read, {
      verdict: sandboxVerdict(),
      rows: rows.map((r) => ({ name: r.label as string, text: r.note as string })),
      total: ticketsOf(raw).total,
      opened: ticketsOf(raw).opened.length,
      commented: 0,
    });
  });

  it('another house style: rows nested, keys in snake_case, the finding under an unknown key, comments on the board', () => {
    const rows = sandboxRows();
    const findings = rows.map((r, i) => `Finding ${i}: ${HOSTILE[i % HOSTILE.length]} ${String(r.note)}`);
    const reshaped: Json = {
      ...raw,
      item: {
        hub: {
          kind: 'hub',
          blocks: [
            { type: 'headline', verdict: sandboxVerdict(), summary_line: `Why: ${HOSTILE[0]}` },
            {
              type: 'diagnosis',
              body: { rows: rows.map((r, i) => ({ row_label: undefined, Label: r.label, Status: r.status, deep_dive: r.deepDive, what_we_found: findings[i], confidence_score: 0.8 })) },
            },
          ],
        },
      },
      tickets: { ...(raw.tickets as Json), commented: [{ ticket_id: 'tkt_9', comment_id: 'c1', kind: 'recheck', body: `Still true ${HOSTILE[1]}` }, { ticketId: 'tkt_8', commentId: 'c2', kind: 'update', body: 'Moved on' }] },
    };
    const read = briefingReadSchema.parse(JSON.parse(JSON.stringify(reshaped)));
    expectAgreement(read, {
      verdict: sandboxVerdict(),
      rows: rows.map((r, i) => ({ name: r.label as string, text: findings[i]! })),
      total: ticketsOf(raw).total,
      opened: ticketsOf(raw).opened.length,
      // The first entry is in snake_case: read tolerantly it is still an entry (or counted as unreadable), never dropped.
      commented: 2,
    });
    // The headline block's other words are shown with the verdict where the edition is shown whole.
    const out = consumers(read);
    expect(out.briefing).toContain(escapeMrkdwn(`Why: ${HOSTILE[0]}`));
    expect(out.digest).toContain(escapeMrkdwn(`Why: ${HOSTILE[0]}`));
    // Deep dive: the row for a dimension without a deep dive says what it found, from the same reading.
    const row = rows.find((r) => !r.deepDive) ?? rows[0]!;
    const dimension = String(row.dimension);
    const found = hubRowFor(briefingFactsOf(read), dimension);
    expect(found && rowText(found)).toBe(findings[rows.indexOf(row)]);
    const none = deepDiveView(PROJECT, dimension, { kind: 'none', edition: briefingFactsOf(read), row: found, held: [] }, false);
    expect(rawTexts(none.blocks)).toContain(escapeMrkdwn(findings[rows.indexOf(row)]!));
  });

  it('shape variants (property): whatever the style, every consumer states the same facts, escaped', () => {
    const rows = sandboxRows();
    const style = fc.constantFrom<(k: string) => string>(
      (k) => k,
      (k) => k.replace(/([A-Z])/g, '_$1').toLowerCase(),
      (k) => k[0]!.toUpperCase() + k.slice(1),
      (k) => k.toUpperCase(),
    );
    const variant = fc.record({
      style,
      nested: fc.boolean(),
      labelKey: fc.constantFrom('label', 'title'),
      textKey: fc.constantFrom('note', 'finding', 'summary', 'whatWeFound', 'detailText'),
      extra: fc.array(fc.tuple(fc.constantFrom('analystComment', 'source_note', 'Evidence'), fc.constantFrom(...HOSTILE)), { maxLength: 3 }),
      hostile: fc.constantFrom(...HOSTILE),
      total: fc.integer({ min: 0, max: 500 }),
      commented: fc.integer({ min: 0, max: 7 }),
    });
    fc.assert(
      fc.property(variant, (v) => {
        const texts = rows.map((r, i) => `Found ${i} ${v.hostile}: ${String(r.note)}`);
        const shaped = rows.map((r, i) => {
          const row: Json = { [v.style(v.labelKey)]: r.label, [v.style('status')]: r.status, [v.style(v.textKey)]: texts[i], [v.style('dimension')]: r.dimension };
          if (r.deepDive) row[v.style('deepDive')] = r.deepDive;
          for (const [k, value] of v.extra) row[k] = value;
          return row;
        });
        const payload = {
          ...raw,
          item: { hub: { kind: 'hub', blocks: [{ type: 'headline', verdict: `${sandboxVerdict()} ${v.hostile}` }, v.nested ? { type: 'diagnosis', content: { rows: shaped } } : { type: 'diagnosis', rows: shaped }] } },
          tickets: {
            ...(raw.tickets as Json),
            total: v.total,
            commented: Array.from({ length: v.commented }, (_, i) => ({ ticketId: `tkt_${i}`, commentId: `c${i}`, kind: 'recheck', body: `${v.hostile} ${i}` })),
          },
        };
        const read = briefingReadSchema.parse(JSON.parse(JSON.stringify(payload)));
        // Radar's reader finds every row and its text, whatever the style.
        const hub = hubFactsOf(read.item);
        expect(hub.rows.map(rowText)).toEqual(texts);
        expectAgreement(read, {
          verdict: `${sandboxVerdict()} ${v.hostile}`,
          rows: rows.map((r, i) => ({ name: r.label as string, text: texts[i]! })),
          total: v.total,
          opened: ticketsOf(raw).opened.length,
          commented: v.commented,
        });
      }),
      { numRuns: 40 },
    );
  });
});

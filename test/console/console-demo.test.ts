/**
 * Issue 29, item 5: the console demonstrates everything a Slack user can do. Edit modals are asked
 * as forms and submitted, overflow menus are pressed, every delete asks its confirm dialog first (a
 * colleague's comment too: answered "n" nothing happens), and emoji print as characters. Driven
 * in-process through the real app against the sandbox, a line at a time, each step waiting for
 * what the console prints (no sleeps).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar, type RadarInstance } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { rawValuesIn } from '../support/raw-values.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-console-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the console demonstrates everything', () => {
  let sandbox: Sandbox;
  let radar: RadarInstance;
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  let waitingFor = '';

  /** Resolves once `text` (or a match of it) is printed after `from`; checked on each chunk, never polled. */
  const until = (text: string | RegExp, from: number) =>
    new Promise<string>((resolve) => {
      waitingFor = String(text);
      const check = () => {
        const tail = printed.slice(from);
        const found = typeof text === 'string' ? tail.includes(text) : text.test(tail);
        if (!found) return false;
        output.off('data', check);
        waitingFor = '';
        resolve(tail);
        return true;
      };
      if (!check()) output.on('data', check);
    });
  /** Types `lines` and resolves with what was printed after them once `marker` is. */
  const type = async (lines: string[], marker: string | RegExp) => {
    const from = printed.length;
    input.write(lines.map((l) => `${l}\n`).join(''));
    return until(marker, from);
  };
  /** The number the console gave the last element labelled `label` (`[12: Delete comment]`). */
  const numberOf = (label: string, text = printed) => {
    const all = [...text.matchAll(new RegExp(`\\[(\\d+): ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'g'))];
    const n = all.at(-1)?.[1];
    expect(n, `no "${label}" on screen`).toBeDefined();
    return n!;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    const config = loadConfig({
      SVC_BASE_URL: sandbox.url,
      SVC_API_KEY: sandbox.keys.readWrite,
      STORE_URL: `sqlite://${join(dir, 'demo.sqlite')}`,
      RADAR_TIMING: JSON.stringify({ personRequestsPerWindow: 10_000, channelRequestsPerWindow: 10_000 }),
    });
    radar = await startRadar(config, { consoleInput: input, consoleOutput: output, logSink: () => {} });
    await type(['bind northwind'], 'now bound to');
  });
  afterAll(async () => {
    input.end();
    await radar?.consoleDone;
    await radar?.stop();
    await sandbox?.close();
  });
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      if (waitingFor) console.error(`never saw ${waitingFor} in ${JSON.stringify(printed.slice(-2000))}`);
    });
  });

  it('an Edit button opens the modal as a form: answered, submitted, the ticket saved', async () => {
    const shown = await type(['ticket 12'], 'Share to channel');
    // The form's first question is the title; the rest keep their values (blank lines; extra ones are ignored).
    const saved = await type([`/press ${numberOf('Edit', shown)}`, 'Publish llms.txt and llms-full.txt', ...Array(14).fill('')], /Saved ticket \*#12 Publish llms\.txt and llms-full\.txt\*: title/);
    expect(saved).toContain('== Edit ticket #12 ==');
    expect(saved).toMatch(/Title \[Publish llms\.txt for the docs site\]: Publish llms\.txt and llms-full\.txt/);
    // The interim "Saving…" the listener acked with is not printed after the saved confirmation.
    expect(saved.slice(saved.indexOf('Saved ticket'))).not.toContain('Saving ticket');
  });

  it('an overflow menu is pressed; its Delete asks first: "n" sends nothing, "y" deletes', async () => {
    const shown = await type(['ticket 11'], 'Share to channel');
    const menu = numberOf('…', shown);
    const cancelled = await type([`/press ${menu}`, '1', 'n'], 'Cancelled: nothing was sent.');
    expect(cancelled).toMatch(/Menu:\n {2}1\. Delete ticket…/);
    expect(cancelled).toContain('== Delete ticket #11? ==');
    expect(cancelled).toContain('This cannot be undone.');
    expect(cancelled).toContain('Delete ticket? Type y to confirm, anything else for Cancel: n');
    expect((await type(['ticket 11'], /Share to channel|no ticket/)).includes('== #11 ')).toBe(true);
    const deleted = await type([`/press ${numberOf('…')}`, '1', 'y'], /deleted ticket #11/);
    expect(deleted).toMatch(/🗑️ @U0CONSOLE deleted ticket #11/);
  });

  it("a colleague's comment is deleted only once confirmed", async () => {
    const shown = await type(['ticket 14'], 'Share to channel');
    expect(shown).toContain('*Priya Raman* · ');
    const kept = await type([`/press ${numberOf('Delete comment', shown)}`, 'no'], 'Cancelled: nothing was sent.');
    expect(kept).toContain('== Delete this comment? ==');
    expect(await type(['ticket 14'], 'Share to channel')).toContain('Finance is fine with 15%');
    const gone = await type([`/press ${numberOf('Delete comment')}`, 'y'], 'deleted a comment');
    expect(gone).not.toContain('Finance is fine with 15%');
    expect(await type(['ticket 14'], 'Share to channel')).not.toContain('Finance is fine with 15%');
  });

  it("Radar's own comment opens its Edit comment form; a label's Delete button asks first", async () => {
    const shown = await type(['ticket 20'], 'Share to channel');
    const edited = await type([`/press ${numberOf('Edit comment', shown)}`, 'Positioning moved on 2 competitors.', '', '', ''], /Comment saved|comment.*saved|Saved/i);
    expect(edited).toMatch(/Comment.*: Positioning moved on 2 competitors\./);
    const asked = await type(['label delete "Q3 roadmap"'], 'tickets lose it)]');
    const deleted = await type([`/press ${numberOf('Delete “Q3 roadmap”', asked)}`, 'y'], /deleted|Deleted/);
    expect(deleted).toContain('== Delete this label? ==');
    expect(deleted).toMatch(/Q3 roadmap/);
  });

  it('the buttons on answers (more of a list, a full view, a card part, an earlier check) answer too', async () => {
    // Each answer is printed in one piece, so its first line means all of it is there.
    const ANSWER = /\[only you[^\]]*\]\n/;
    const ai = await type(['ai'], 'Share to channel');
    expect(await type([`/press ${numberOf('More brands', ai)}`], ANSWER)).toContain('more brands on the AI market map');
    const positioning = await type(['positioning'], 'Share to channel');
    expect(await type([`/press ${numberOf('Full view', positioning)}`], ANSWER)).toMatch(/== Northwind CRM: positioning of relatekit.com ==/);
    const card = await type(['competitor pipedrift.com'], 'Share to channel');
    for (const part of ['Pricing', 'AI visibility', 'AI sources', 'Tech and trust', 'Content', 'Positioning']) {
      await type([`/press ${numberOf(part, card)}`], ANSWER);
    }
    const history = await type(['sources history'], 'Share to channel');
    expect(await type([`/press ${numberOf('Open', history)}`], ANSWER)).toContain('AI sources, an earlier check');
  });

  it('prints emoji as characters, never shortcodes; nothing it printed holds a raw value', () => {
    expect(printed).toMatch(/🗑️|✅|📡/u);
    expect(printed).not.toMatch(/(?<![\w:]):[a-z][a-z0-9_+]*:(?![\w:])/);
    // The forms' own questions show what to type (a date picker's YYYY-MM-DD): those lines are the person's, not answers.
    const answers = printed
      .split('\n')
      .filter((line) => !/^(> |Due date|.*\(YYYY-MM-DD\))/.test(line))
      .join('\n');
    expect(rawValuesIn(answers).map((r) => `${r.kind}: “${r.found}” in: ${r.line}`)).toEqual([]);
  });
});

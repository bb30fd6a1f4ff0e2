/** The watch message within Slack's limits, escaped, at most eight lines with the rest in the thread. */
import { describe, expect, it } from 'vitest';
import { watchMessages } from '../../../../src/features/watches/views/watch-message.js';
import { changeOf } from '../../../../src/features/watches/changes/change.js';
import { expectValidMessage, messageText } from '../../../support/view-checks.js';
import { sealedButtons, unsealSnooze } from '../../../../src/features/watches/sealed.js';
import { createSealer } from '../../../../src/slack/sealed-values.js';

const change = (i: number) => changeOf({ kind: 'headline', competitor: `rival-${i}.example`, weight: 100 - i, text: `headline changed: “<b>${'x'.repeat(400)}</b> & ${i}”`, before: 'a', after: 'b' });

describe('watchMessages', () => {
  it('shows eight changes, says how many more, puts every change in the thread, escapes service text', () => {
    const changes = Array.from({ length: 30 }, (_, i) => change(i));
    const { main, thread } = watchMessages({ projectId: 'p', projectName: 'A <b> & Co', dimension: 'positioning', runId: 'run_1', runAt: '2026-11-20T09:00:00Z', changes }, { ticket: 'sealed', mute: 'sealed' });
    expectValidMessage(main);
    for (const reply of thread) expectValidMessage(reply);
    const text = messageText(main);
    const raw = JSON.stringify(main.blocks);
    expect(raw).toContain('Positioning moved: A &lt;b&gt; &amp; Co');
    expect(raw).not.toContain('<b>');
    expect(text).toContain('run of 2026-11-20');
    expect(text).toContain('…and 22 more');
    expect((text.match(/headline changed/g) ?? []).length).toBe(8);
    expect(thread.map((m) => messageText(m)).join('\n').match(/headline changed/g)).toHaveLength(30);
  });

  it('a single change: no "more", no thread; no Mute button when no change names a competitor', () => {
    const only = changeOf({ kind: 'market', competitor: null, weight: 1, text: 'market average price 10 → 12', before: 10, after: 12 });
    const { main, thread } = watchMessages({ projectId: 'p', projectName: 'P', dimension: 'pricing', runId: 'r', runAt: null, changes: [only] }, { ticket: 't', mute: null });
    expectValidMessage(main);
    expect(thread).toHaveLength(0);
    expect(messageText(main)).not.toContain('more');
    expect(JSON.stringify(main.blocks)).not.toContain('watch_mute');
  });

  it('the Snooze menu: each choice sealed to the channel within Slack’s option limits; a domain too long to seal leaves only the whole-watch choices', () => {
    const seals = createSealer();
    const scope = { team: 'T1', channel: 'C1' };
    const post = (domain: string) => ({ projectId: 'proj_0123456789abcdef', projectName: 'P', dimension: 'pricing' as const, runId: 'r', runAt: null, changes: [changeOf({ kind: 'plans', competitor: domain, weight: 1, text: 'plan count 4 → 5', before: 4, after: 5 })] });
    const short = sealedButtons({ seals }, scope, post('pipedrift.com'));
    expect(short.snooze?.map((o) => o.text)).toEqual(['pipedrift.com for 1 day', 'pipedrift.com for 1 week', 'pipedrift.com for 30 days', 'Whole watch for 1 day', 'Whole watch for 1 week', 'Whole watch for 30 days']);
    expect(unsealSnooze({ seals }, short.snooze?.[1]?.value, scope)).toEqual({ projectId: 'proj_0123456789abcdef', dimension: 'pricing', competitor: 'pipedrift.com', days: 7 });
    expect(unsealSnooze({ seals }, short.snooze?.[1]?.value, { ...scope, channel: 'C2' })).toBeNull();
    expectValidMessage(watchMessages(post('pipedrift.com'), short).main);
    const long = sealedButtons({ seals }, scope, post(`${'a'.repeat(120)}.example`));
    expect(long.snooze?.map((o) => o.text)).toEqual(['Whole watch for 1 day', 'Whole watch for 1 week', 'Whole watch for 30 days']);
    expectValidMessage(watchMessages(post(`${'a'.repeat(120)}.example`), long).main);
  });
});

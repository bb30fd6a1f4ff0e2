/** The watch message within Slack's limits, escaped, at most eight lines with the rest in the thread. */
import { describe, expect, it } from 'vitest';
import { watchMessages } from '../../../../src/features/watches/views/watch-message.js';
import { changeOf } from '../../../../src/features/watches/changes/change.js';
import { expectValidMessage, messageText } from '../../../support/view-checks.js';

const change = (i: number) => changeOf({ competitor: `rival-${i}.example`, weight: 100 - i, text: `headline changed: “<b>${'x'.repeat(400)}</b> & ${i}”`, before: 'a', after: 'b' });

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
    const only = changeOf({ competitor: null, weight: 1, text: 'market average price 10 → 12', before: 10, after: 12 });
    const { main, thread } = watchMessages({ projectId: 'p', projectName: 'P', dimension: 'pricing', runId: 'r', runAt: null, changes: [only] }, { ticket: 't', mute: null });
    expectValidMessage(main);
    expect(thread).toHaveLength(0);
    expect(messageText(main)).not.toContain('more');
    expect(JSON.stringify(main.blocks)).not.toContain('watch_mute');
  });
});

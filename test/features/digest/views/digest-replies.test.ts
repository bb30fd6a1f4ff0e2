/** The short answers of `/radar digest …`. */
import { describe, expect, it } from 'vitest';
import { digestInFlightReply, digestPostedReply, digestSettingReply, noEditionReply } from '../../../../src/features/digest/views/digest-replies.js';
import { messageText } from '../../../support/view-checks.js';

describe('digest replies', () => {
  it('posted, in flight, no edition', () => {
    expect(messageText(digestPostedReply('Northwind CRM', 'Edition 12 · 2026-11-20'))).toContain('Posted the digest of *Northwind CRM*, Edition 12 · 2026-11-20, in this channel.');
    expect(messageText(digestInFlightReply('Northwind CRM', 'Edition 12'))).toContain('is being posted in this channel right now');
    expect(messageText(noEditionReply('Sprout HR'))).toContain('*Sprout HR* has no done briefing edition yet');
  });

  it('on, off, and already so', () => {
    expect(messageText(digestSettingReply('Northwind CRM', true, true))).toContain('Digests are now *on* for this channel.');
    expect(messageText(digestSettingReply('Northwind CRM', false, true))).toContain('`/radar digest on` turns them back on');
    expect(messageText(digestSettingReply('Northwind CRM', false, false))).toContain('Digests are already *off*');
  });

  it('escapes names in the fallback text, so a <!channel> never notifies', () => {
    const reply = noEditionReply('<!channel> Acme');
    expect(reply.text).toBe('No briefing edition yet for &lt;!channel&gt; Acme');
  });
});

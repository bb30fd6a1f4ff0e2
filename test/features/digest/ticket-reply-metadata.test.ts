/** A digest's thread reply listing the edition's tickets carries `radar_ticket` metadata (issue 30 item 7); other replies stay plain. */
import { describe, expect, it } from 'vitest';
import type { webApi } from '@slack/bolt';
import { postThread, ticketReplyMetadata } from '../../../src/features/digest/post-digest.js';
import { ticketBlockId, ticketIdsIn } from '../../../src/features/digest/views/digest-view.js';
import { actions, section, type Block } from '../../../src/slack/blocks/index.js';

const row = (ticketId: string): Block[] => [{ ...section(`*#1 ${ticketId}*`), block_id: ticketBlockId(ticketId) }, actions([], `${ticketBlockId(ticketId)}:actions`)];
const ref = { projectId: 'prj_northwind', runId: 'run_12' };

describe('digest ticket replies', () => {
  it('reads the ticket ids back from the rows, once each, and leaves other blocks alone', () => {
    expect(ticketIdsIn([section('*More tickets*'), ...row('tkt_1'), ...row('tkt_2')])).toEqual(['tkt_1', 'tkt_2']);
    expect(ticketIdsIn([section('*Every coverage caveat*')])).toEqual([]);
  });

  it('names the project, the edition and the tickets a reply shows', () => {
    expect(ticketReplyMetadata(ref, [...row('tkt_1'), ...row('tkt_2')])).toEqual({
      event_type: 'radar_ticket',
      event_payload: { project_id: 'prj_northwind', run_id: 'run_12', ticket_ids: 'tkt_1,tkt_2' },
    });
    expect(ticketReplyMetadata(ref, [section('more diagnosis')])).toBeNull();
  });

  it('posts a ticket reply with its metadata and a caveats reply without', async () => {
    const posted: Record<string, unknown>[] = [];
    const client = { chat: { postMessage: async (args: Record<string, unknown>) => (posted.push(args), { ok: true, ts: `1.${posted.length}` }) } } as unknown as webApi.WebClient;
    await postThread(client, 'C1', '1.0', [{ text: 'more tickets', blocks: row('tkt_9') }, { text: 'caveats', blocks: [section('*Every coverage caveat*')] }], ref);
    expect(posted.map((p) => p.metadata ?? null)).toEqual([{ event_type: 'radar_ticket', event_payload: { project_id: 'prj_northwind', run_id: 'run_12', ticket_ids: 'tkt_9' } }, null]);
  });
});

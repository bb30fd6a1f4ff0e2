/** A direct message's metadata from its notices' event keys (issue 30 item 7). */
import { describe, expect, it } from 'vitest';
import { noticeMetadata } from '../../../src/features/notify/notice-metadata.js';

describe('noticeMetadata', () => {
  it('radar_change for watch changes only, radar_ticket once a ticket is named, the project when shared', () => {
    expect(noticeMetadata([{ key: 'change:p1:pricing:r1:acme.com' }, { key: 'change:p1:ai:r2:-' }])).toEqual({
      event_type: 'radar_change',
      event_payload: { project_id: 'p1', dimension: 'pricing,ai', run_id: 'r1,r2', competitor: 'acme.com' },
    });
    expect(noticeMetadata([{ key: 'assigned:p1:t1:U1' }, { key: 'comment:p2:t2:c9' }, { key: 'change:p1:tech:r3:-' }])).toEqual({
      event_type: 'radar_ticket',
      event_payload: { project_ids: 'p1,p2', dimension: 'tech', run_id: 'r3', ticket_ids: 't1,t2' },
    });
    expect(noticeMetadata([{ key: 'something:else' }])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { statusView, type StatusData } from '../../../../src/features/bindings/views/status-view.js';
import type { Binding } from '../../../../src/store/bindings.js';
import type { DigestSettings } from '../../../../src/store/digest-settings.js';
import { messageText } from '../../../support/view-checks.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const binding = (overrides: Partial<Binding & DigestSettings> = {}): Binding & DigestSettings => ({
  teamId: 'T1',
  channelId: 'C1',
  projectId: 'prj_northwind',
  projectName: 'Northwind CRM',
  boundBy: 'U07ALICE01',
  boundAt: '2026-11-19T12:00:00Z',
  digestsEnabled: true,
  lastSeenRunId: null,
  failing: null,
  ...overrides,
});
const data = (overrides: Partial<StatusData> = {}): StatusData => ({
  binding: binding(),
  service: { reachable: true, detail: '' },
  keyScope: 'read_write',
  storeKind: 'sqlite',
  now: NOW,
  ...overrides,
});

describe('statusView', () => {
  it('bound, digests on, service reachable: project, who bound it, scope and store', () => {
    const view = statusView(data());
    expect(view.text).toBe('Bound to Northwind CRM');
    const text = messageText(view);
    expect(text).toContain('This channel is bound to *Northwind CRM* (`prj_northwind`), by @U07ALICE01');
    expect(text).toContain('*Briefing digests:* on');
    expect(text).toContain(':white_check_mark: reachable');
    expect(text).toContain('read and write (reads, tickets and comments)');
    expect(text).toContain('*Store*\nsqlite');
  });

  it('digests off and failing, service unreachable, read-only key', () => {
    const text = messageText(
      statusView(
        data({
          binding: binding({ digestsEnabled: false, failing: { reason: 'not_in_channel', since: '2026-11-20T11:00:00Z' } }),
          service: { reachable: false, detail: 'timed out' },
          keyScope: 'read',
        }),
      ),
    );
    expect(text).toContain('*Briefing digests:* off (`/radar digest on` turns them on)');
    expect(text).toContain(':warning: *Digests to this channel are failing:* not_in_channel');
    expect(text).toContain(':x: unreachable (timed out)');
    expect(text).toContain('read only (tickets and comments cannot be written)');
  });

  it('unbound: says how to bind, and the key scope is not checked', () => {
    const view = statusView(data({ binding: undefined, keyScope: null }));
    expect(view.text).toBe('Not bound');
    const text = messageText(view);
    expect(text).toContain("This channel isn't bound to a project. `/radar bind <project>` binds it.");
    expect(text).toContain('not checked (bind a project to check it)');
  });
});

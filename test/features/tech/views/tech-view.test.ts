import { describe, expect, it } from 'vitest';
import { techView } from '../../../../src/features/tech/views/tech-view.js';
import { readTechTrust } from '../../../../src/service/index.js';
import { messageText, tableRows } from '../../../support/view-checks.js';

const row = (over: Record<string, unknown>) => ({
  competitorId: 'c1',
  domain: 'acme.example',
  isOwn: false,
  securityHeaders: { grade: 'A', score: 90 },
  trustSignals: { count: 3, evaluated: 26 },
  techStack: ['React'],
  robotsTxt: { exists: true },
  aiAccess: { measurement: { status: 'measured' }, assistantAccess: 'allowed', modelTrainingAccess: 'blocked', crawlers: [{ crawler: 'gptbot', allowed: false }] },
  dns: { provider: 'Cloudflare' },
  ...over,
});

function render(item: unknown, full = false): string {
  const facts = readTechTrust(item);
  return messageText(techView('Acme <b>', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full }));
}

describe('techView', () => {
  it('an omitted assistantAccess / modelTrainingAccess on a measured row reads unknown, never a verdict', () => {
    const text = render({ competitors: [row({ aiAccess: { measurement: { status: 'measured' }, crawlers: [] } })] });
    expect(text).toContain('*AI access:* measured · assistants unknown · model training unknown');
  });

  it('null verdicts and null counts are not measured, never zero or no', () => {
    const text = render({ competitors: [row({ trustSignals: { count: null }, aiAccess: { measurement: { status: 'measured' }, assistantAccess: null, modelTrainingAccess: false } })] });
    expect(text).toContain('*Trust signals:* _not measured_');
    expect(text).toContain('assistants _not measured_ · model training blocked');
  });

  it('a part in another shape says so in one line and the rest renders', () => {
    const text = render({ competitors: [row({ dns: 'cloudflare', aiAccess: 'yes', securityHeaders: undefined })] });
    expect(text).toContain("*DNS:* _couldn't read this part of the service's answer_");
    expect(text).toContain("*AI access:* _couldn't read this part of the service's answer_");
    expect(text).toContain('*Trust signals:* 3 of 26 found');
    expect(text).toContain('*Tech stack:* React');
  });

  it('reads the row keys in any case and one level down', () => {
    const text = render({ data: { Competitors: [{ Domain: 'moved.example', TrustSignals: 0, RobotsTxt: { Exists: false }, SecurityHeaders: { Grade: null, Score: null, HeadersAvailable: false } }] } });
    expect(text).toContain('*moved.example*');
    expect(text).toContain('none of the 26 found');
    expect(text).toContain('publishes no robots.txt');
    expect(text).toContain('the site shields its response headers');
  });

  it('exists:false beside an availability marker is not measured, not a finding', () => {
    const text = render({ competitors: [row({ robotsTxt: { exists: false }, robotsTxtAvailable: { available: false, reason: 'timeout' } })] });
    expect(text).toContain("*robots.txt:* _not measured_: couldn't be read (timeout)");
    expect(text).not.toContain('publishes no robots.txt');
  });

  it('an unreadable competitor list is one line; a compact page says how many rows were shown', () => {
    expect(render({ competitors: 'x' })).toContain("Competitors: Radar couldn't read this part");
    expect(render({ competitors: [row({})], competitorsPage: { offset: 0, limit: 1, total: 9, hasMore: true } })).toContain('1 of 9 shown');
  });

  it('escapes service strings and keeps within Block Kit limits for many competitors: 80 in one table, 120 as lines', () => {
    const view = (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => row({ domain: `<!channel>${i}.example`, techStack: ['<script>'] }));
      const facts = readTechTrust({ competitors: rows });
      return techView('Acme', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full: true });
    };
    const table = view(80);
    expect(tableRows(table.blocks)).toHaveLength(81);
    expect(tableRows(table.blocks)?.[80]?.[0]).toBe('<!channel>79.example');
    expect(JSON.stringify(table.blocks)).not.toContain('<!channel>');
    expect(JSON.stringify(table.blocks)).toContain('&lt;script&gt;');
    expect(messageText(table)).not.toContain('more competitors than one message can hold');
    const lines = view(120);
    expect(tableRows(lines.blocks)).toBeUndefined();
    expect(JSON.stringify(lines.blocks)).not.toContain('<!channel>');
    expect(messageText(lines)).toContain('more competitors than one message can hold');
  });

  it('several sites: one table, a row a site, its facts in columns; the fields Radar does not know as lines after it', () => {
    const view = (() => {
      const facts = readTechTrust({ competitors: [row({ isOwn: true, domain: 'own.example' }), row({ trustSignals: { count: null }, dns: 'x', whatWeFound: 'a <b> finding' })] });
      return techView('Acme', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full: false });
    })();
    expect(tableRows(view.blocks)).toEqual([
      ['Site', 'Security headers', 'Trust signals', 'Tech stack', 'robots.txt', 'AI access', 'DNS'],
      ['own.example (you)', 'grade A · score 90', '3 of 26 found', 'React', 'published', 'measured · assistants allowed · model training blocked · blocks gptbot', 'provider Cloudflare'],
      ['acme.example', 'grade A · score 90', 'not measured', 'React', 'published', 'measured · assistants allowed · model training blocked · blocks gptbot', "couldn't read this part of the service's answer"],
    ]);
    expect(messageText(view)).toContain('*acme.example*\n*What we found:* a <b> finding');
    expect(JSON.stringify(view.blocks)).toContain('a &lt;b&gt; finding');
  });
});

describe('readTechTrust finds parts one level down', () => {
  it('aiAccess and robotsTxt nested in a child object are read, not reported absent', () => {
    const { aiAccess: _a, robotsTxt: _r, ...rest } = row({ checks: { aiAccess: { measurement: { status: 'could_not_measure' } }, robotsTxt: { exists: false } } });
    const text = render({ competitors: [rest] });
    expect(text).toContain('could not be measured (no verdicts)');
    expect(text).toContain('publishes no robots.txt');
    expect(text).not.toContain('carried no AI-access information');
  });
});

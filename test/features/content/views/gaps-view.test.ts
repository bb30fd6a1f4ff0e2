/** A gap list longer than the answer shows says "25 of N" and has a way to the rest (issue 27: never complete when it is not). */
import { describe, expect, it } from 'vitest';
import { contentView } from '../../../../src/features/content/views/content-view.js';
import { gapsView } from '../../../../src/features/content/views/gaps-view.js';
import { readContent } from '../../../../src/service/index.js';
import { messageText } from '../../../support/view-checks.js';

const pages = Array.from({ length: 143 }, (_, i) => `northwind-vs-rival-${i + 1}`);
const facts = readContent({
  competitors: [{ competitorId: 'cmp_a', domain: 'acme.com', isOwn: true, urlCount: 10 }],
  gaps: { missingCategories: [], missingComparisonPages: pages, missingIntegrationPages: null, missingProgrammaticPages: ['a'] },
});

describe('content gap lists past 25', () => {
  it('the answer names the first 25 and says "25 of 143" with the command that lists them all', () => {
    const text = messageText(contentView('Acme', facts));
    expect(text).toContain('northwind-vs-rival-25');
    expect(text).not.toContain('northwind-vs-rival-26');
    expect(text).toContain('25 of 143: `/radar content gaps` lists them all');
    // Short lists and their states are as before.
    expect(text).toContain('_compared, none found_');
    expect(text).toContain('_no comparison ran_');
  });

  it('/radar content gaps lists every element, a page at a time, with the range and the next page', () => {
    const first = messageText(gapsView('Acme', facts, 1));
    expect(first).toContain('(1–100 of 143)');
    expect(first).toContain('• northwind-vs-rival-100');
    expect(first).not.toContain('northwind-vs-rival-101');
    expect(first).toContain('`/radar content gaps --page 2`');
    const second = messageText(gapsView('Acme', facts, 2));
    expect(second).toContain('(101–143 of 143)');
    expect(second).toContain('• northwind-vs-rival-143');
    expect(second).toContain('That is the end of every gap list.');
    expect(second).toContain('all listed on earlier pages');
  });
});

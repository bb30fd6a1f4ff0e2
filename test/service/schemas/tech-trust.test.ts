/** The tech-trust reader's paging: a compact page object and its total found whatever the key case (issue 27, item 4). */
import { describe, expect, it } from 'vitest';
import { readTechTrust } from '../../../src/service/schemas/tech-trust.js';

describe('tech-trust paging', () => {
  it('finds a compact page object and its total whatever the key case', () => {
    const facts = readTechTrust({ competitors: [], Competitors_Page: { Total: 14, LIMIT: 10 } });
    expect(facts.pages).toEqual([{ key: 'Competitors_Page', total: 14, shown: 10 }]);
  });

  it('a page object without a number total is not a page', () => {
    expect(readTechTrust({ competitors: [], competitorsPage: { total: null } }).pages).toEqual([]);
  });
});

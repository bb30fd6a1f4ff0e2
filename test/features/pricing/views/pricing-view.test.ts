/** The pricing view's states, on the sandbox's own pricing reads (each seed project exercises one). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingView } from '../../../support/raw-views.js';
import { createServiceClient, type PricingRead, type ServiceClient } from '../../../../src/service/index.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { messageText } from '../../../support/view-checks.js';

describe('pricingView', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  const reads: Record<string, PricingRead> = {};
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    for (const id of ['prj_northwind', 'prj_lumen', 'prj_quarry']) reads[id] = await service.getPricing(id);
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  it('measured: gap flags, market figures with their unit, own metrics, every competitor', () => {
    const text = messageText(pricingView('Northwind CRM', reads.prj_northwind!));
    expect(text).toContain('== Northwind CRM: pricing gaps ==');
    expect(text).toMatch(/\*Price gap:\* no gap/);
    expect(text).toMatch(/\*Market average\*\n\$39\.25 per seat a month/);
    expect(text).toContain('*Your lowest price:* $29 per seat a month');
    expect(text).toMatch(/dealstream\.io(\n| +)no pricing data \(no pricing page found\)/); // a row of the competitors table
    expect(text).toMatch(/\*Competitors \(\d+\)\*/);
    expect(text).toContain('_Not measured_ means the service has no measurement');
  });

  it('unmeasured own pricing: every flag "not measured" with the reason, never "no gap"', () => {
    const text = messageText(pricingView('Lumen Docs', reads.prj_lumen!));
    expect(text).not.toContain('no gap');
    expect(text).toMatch(/\*Price gap:\* _not measured_\n/);
    expect(text).toMatch(/\*Price position\*\n_not measured_/);
    // The reason is said once, naming everything it covers.
    expect(text).toContain('_Not measured:_ price gap, free plan gap, annual discount gap, price position, your own figures — your own pricing could not be analysed (own pricing page not found).');
    expect(text.match(/own pricing page not found/g)).toHaveLength(1);
    expect(text).not.toContain('fewer than three comparable prices');
  });

  it('fewer than three comparable prices: market figures not measured, and why', () => {
    const text = messageText(pricingView('Quarry Pay', reads.prj_quarry!));
    expect(text).toMatch(/\*Market average\*\n_not measured_\n/);
    expect(text).toMatch(/\*Price position\*\n_not measured_\n/);
    expect(text).toContain('_Not measured:_ price gap, market average, price position — fewer than three comparable prices (1).');
  });

  it('escapes the project name in the fallback text; the header stays plain', () => {
    const view = pricingView('<!channel> & Co', reads.prj_northwind!);
    expect(view.text).toBe('&lt;!channel&gt; &amp; Co: pricing gaps');
    expect(messageText(view)).toContain('== <!channel> & Co: pricing gaps ==');
  });
});

describe('pricingView reads right (issue 17)', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let northwind: PricingRead;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    northwind = await service.getPricing('prj_northwind');
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  it('market figures carry their currency; the position reads against the average with its count; the prices it is made of are named', () => {
    const text = messageText(pricingView('Northwind CRM', northwind));
    expect(text).toContain('*Market average*\n$39.25 per seat a month');
    expect(text).toContain('*Price position*\n26.1% below the market average (4 comparable prices)');
    expect(text).not.toMatch(/\(in per seat a month\)/);
    expect(text).toContain('_The market average is made of:_ pipedrift.com $24 per seat a month · hubforge.io $45 per seat a month');
  });

  it('competitors are counted without the own row; a gap says who has what you lack', () => {
    const text = messageText(pricingView('Northwind CRM', northwind));
    expect(text).toContain('*Competitors (6)* and your own row');
    expect(text).toContain('*Free plan gap:* :large_orange_diamond: gap — free plan at hubforge.io; you have none');
  });

  it('without the unstated market currency and comparable list, the currency comes from the comparable rows and nothing is claimed about which', () => {
    const summary = { ...(northwind.summary as Record<string, unknown>) };
    delete summary.marketCurrency;
    delete summary.comparableCompetitorIds;
    delete summary.comparablePriceCount;
    const text = messageText(pricingView('Northwind CRM', { ...northwind, summary } as unknown as PricingRead));
    expect(text).toContain('*Market average*\n$39.25 per seat a month');
    expect(text).toContain('*Price position*\n26.1% below the market average\n');
    expect(text).not.toContain('made of');
    // Rows in the market unit quoted in two currencies: no currency is guessed, the unit stays.
    const rows = (northwind as unknown as { competitors: Record<string, unknown>[] }).competitors.map((r) => (r.domain === 'hubforge.io' ? { ...r, currency: 'EUR' } : r));
    const mixed = messageText(pricingView('Northwind CRM', { ...northwind, summary, competitors: rows } as unknown as PricingRead));
    expect(mixed).toContain('*Market average*\n39.25 per seat a month');
  });
});

/** The pricing view's states, on the sandbox's own pricing reads (each seed project exercises one). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingView } from '../../../../src/features/pricing/views/pricing-view.js';
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
    expect(text).toMatch(/\*Market average\*\n39\.25 \(per seat month\)/);
    expect(text).toContain('*Your lowest price:* $29.00 per seat month');
    expect(text).toContain('*dealstream.io*: no pricing data (no pricing page found)');
    expect(text).toMatch(/\*Competitors \(\d+\)\*/);
    expect(text).toContain('_Not measured_ means the service has no measurement');
  });

  it('unmeasured own pricing: every flag "not measured" with the reason, never "no gap"', () => {
    const text = messageText(pricingView('Lumen Docs', reads.prj_lumen!));
    expect(text).not.toContain('no gap');
    expect(text).toMatch(/\*Your pricing\* \(not analysed: [a-z ]+\)/);
    expect(text).toMatch(/\*Price gap:\* _not measured_ \(own pricing not analysed: [a-z ]+\)/);
    expect(text).toMatch(/\*Price position\*\n_not measured_: own pricing not analysed/);
    expect(text).not.toContain('fewer than three comparable prices');
  });

  it('fewer than three comparable prices: market figures not measured, and why', () => {
    const text = messageText(pricingView('Quarry Pay', reads.prj_quarry!));
    expect(text).toMatch(/\*Market average\*\n_not measured_: fewer than three comparable prices/);
    expect(text).toMatch(/\*Price position\*\n_not measured_: fewer than three comparable prices/);
    expect(text).toMatch(/\*Price gap:\* _not measured_ \(fewer than three comparable competitor prices/);
  });

  it('escapes the project name in the fallback text; the header stays plain', () => {
    const view = pricingView('<!channel> & Co', reads.prj_northwind!);
    expect(view.text).toBe('&lt;!channel&gt; &amp; Co: pricing gaps');
    expect(messageText(view)).toContain('== <!channel> & Co: pricing gaps ==');
  });
});

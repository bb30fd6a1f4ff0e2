import { describe, expect, it } from 'vitest';
import { pricingView } from '../../support/raw-views.js';
import { pricingReadSchema } from '../../../src/service/index.js';

const UNMEASURED = pricingReadSchema.parse({
  summary: {
    customer: { hasFreePlan: null },
    gaps: { hasPriceGap: null },
    marketAvgPrice: null,
    marketPricingUnit: null,
    pricePositionPercent: null,
  },
  competitors: [],
});

describe('pricingView', () => {
  it('escapes the project name in the fallback text and the header stays plain', () => {
    const view = pricingView('<!channel> & Co', UNMEASURED);
    expect(view.text).toBe('&lt;!channel&gt; &amp; Co: pricing gaps');
    expect(view.blocks[0]).toMatchObject({ type: 'header', text: { type: 'plain_text', text: '<!channel> & Co: pricing gaps' } });
  });
});

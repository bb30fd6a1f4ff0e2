/**
 * Numbers as answers say them. `n.toLocaleString(locale, options)` builds a new `Intl.NumberFormat`
 * on every call (about 15 µs each here, against 0.4 µs with the formatter kept), so the formatters
 * are built once: the same output, as `toLocaleString` is specified to format with a fresh one.
 */
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `1,234.57`: grouped, at most two decimals (`n.toLocaleString('en-US', { maximumFractionDigits: 2 })`). */
export function decimalText(n: number): string {
  return DECIMAL.format(n);
}

const currencies = new Map<string, Intl.NumberFormat>();

/** An amount in `currency` (an ISO code), whole or with at most two decimals; throws for a code Intl does not know, as `Intl.NumberFormat` does. */
export function currencyText(amount: number, currency: string, whole: boolean): string {
  const key = `${currency}\u0000${whole}`;
  let format = currencies.get(key);
  if (!format) {
    const digits = whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { maximumFractionDigits: 2 };
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits });
    // Codes come from the service: a few dozen at most; kept bounded all the same.
    if (currencies.size < 256) currencies.set(key, format);
  }
  return format.format(amount);
}

/**
 * `npm run subset-font`: writes assets/fonts/DejaVuSans-charts.ttf, the subset of DejaVu Sans the
 * chart renderer draws with when every text of a chart has its glyphs (src/slack/charts/png.ts reads
 * the subset's own cmap to decide; any other text is drawn with the full font beside it).
 *
 * Why: @resvg/resvg-js 2.6 (Node) takes fonts only as files and reads and parses them on every
 * render; the full 760 KB font was about a third of a chart's time. The subset keeps the scripts
 * charts use (Latin with its extensions and combining marks, punctuation, currency, arrows, the
 * mathematical signs, a few shapes), every layout feature (kerning, mark positioning) and the
 * metrics, so the glyphs it has draw exactly as with the full font. Hinting is dropped: resvg does
 * not hint (it rasterises outlines as they are), so its instructions were bytes never used.
 * The subset is generated, never edited; run this script again after changing the ranges or the font.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const FULL = new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url);
const SUBSET = new URL('../assets/fonts/DejaVuSans-charts.ttf', import.meta.url);

/** Unicode blocks kept, inclusive. DejaVu Sans lacks a few code points in them; those stay out. */
const RANGES = [
  [0x0020, 0x007e, 'Basic Latin (letters, digits, ASCII punctuation)'],
  [0x00a0, 0x00ff, 'Latin-1 Supplement (×, ÷, ·, ±, accented letters)'],
  [0x0100, 0x017f, 'Latin Extended-A'],
  [0x0180, 0x024f, 'Latin Extended-B'],
  [0x02b0, 0x02ff, 'Spacing Modifier Letters'],
  [0x0300, 0x036f, 'Combining Diacritical Marks (names written decomposed)'],
  [0x1e00, 0x1eff, 'Latin Extended Additional (Vietnamese, Welsh)'],
  [0x2000, 0x206f, 'General Punctuation (dashes, quotes, …, ′, •)'],
  [0x2070, 0x209f, 'Superscripts and Subscripts'],
  [0x20a0, 0x20cf, 'Currency Symbols (€, ₹, ₽, ₿)'],
  [0x2100, 0x214f, 'Letterlike Symbols (™, №)'],
  [0x2190, 0x21ff, 'Arrows (→, ↑, ↓)'],
  [0x2200, 0x22ff, 'Mathematical Operators (−, ≤, ≥, ≈)'],
  [0x2580, 0x259f, 'Block Elements (the sparkline bars)'],
  [0x25a0, 0x25ff, 'Geometric Shapes (▲, ▼, ●)'],
  [0xfffd, 0xfffd, 'Replacement character'],
];

/** The subset's bytes, made from the full font (the same bytes every run: test/slack/charts checks the committed file against them). */
export async function chartFontSubset(full = readFileSync(FULL)) {
  let text = '';
  for (const [from, to] of RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return subsetFont(full, text, { targetFormat: 'truetype', noHinting: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const subset = await chartFontSubset();
  writeFileSync(SUBSET, subset);
  console.log(`${fileURLToPath(SUBSET)}: ${subset.length} bytes from ${readFileSync(FULL).length} (${RANGES.length} Unicode blocks, no hinting)`);
}

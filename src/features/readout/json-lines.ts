/**
 * Field facts (`src/service/read/fields.ts`: the generic reading of a part no area reader gives a
 * meaning to) as readable mrkdwn lines: humanised labels, values escaped, times as Slack date tokens,
 * null as "not measured" (under a gap figure "no comparison", never a tie), lists of values joined,
 * lists of objects one bullet per entry, nesting indented, what was cut counted. Shared by `/radar
 * run`, `/radar history` and `/radar briefing <dimension>`; it never reads a payload itself.
 */
import type { EntryFact, FieldFact, FieldValue } from '../../service/read/fields.js';
import { dateTokenOf, decimalText, escapeMrkdwn } from '../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
export const NO_COMPARISON = '_no comparison_';

/** A label (Radar's humanised form of a key the service sent), escaped. */
export const label = (text: string) => escapeMrkdwn(text);

export function fieldValueText(value: FieldValue): string {
  switch (value.kind) {
    case 'text':
      return escapeMrkdwn(value.text);
    case 'empty':
      return '_empty_';
    case 'number':
      return escapeMrkdwn(decimalText(value.value));
    case 'flag':
      return value.value ? 'yes' : 'no';
    case 'time':
      return dateTokenOf(value.iso);
    case 'not-measured':
      return NOT_MEASURED;
    case 'no-comparison':
      return NO_COMPARISON;
  }
}

/** Field facts on one line: "Label value · Label a, b · Label (Inner value) · Label 3 entries". */
export function inlineFields(facts: readonly FieldFact[]): string {
  return facts
    .map((f) => {
      const name = label(f.label);
      switch (f.kind) {
        case 'value':
          return `${name} ${fieldValueText(f.value)}`;
        case 'values':
          return `${name} ${f.values.length === 0 ? '_none_' : f.values.map(fieldValueText).join(', ')}${f.more > 0 ? ` …and ${f.more} more` : ''}`;
        case 'group':
          return `${name} (${inlineFields(f.fields) || '_nested parts not shown_'})`;
        case 'entries':
          return `${name} ${f.total} ${f.total === 1 ? 'entry' : 'entries'}`;
      }
    })
    .join(' · ');
}

function entryText(entry: EntryFact): string {
  if (entry.kind === 'value') return fieldValueText(entry.value);
  if (entry.kind === 'values') return entry.values.map(fieldValueText).join(' | ');
  return entry.fields.map((f) => `${label(f.label)} ${fieldValueText(f.value)}`).join(' · ') || '_an entry with nested parts_';
}

/** Lines for field facts, indented by `depth`. */
export function fieldLines(facts: readonly FieldFact[], depth = 0): string[] {
  const pad = '    '.repeat(depth);
  const lines: string[] = [];
  for (const fact of facts) {
    const name = `*${label(fact.label)}`;
    switch (fact.kind) {
      case 'value':
        lines.push(`${pad}${name}:* ${fieldValueText(fact.value)}`);
        break;
      case 'values':
        lines.push(`${pad}${name}:* ${fact.values.length === 0 ? '_none_' : fact.values.map(fieldValueText).join(', ')}${fact.more > 0 ? ` …and ${fact.more} more` : ''}`);
        break;
      case 'group':
        if (fact.inline) lines.push(`${pad}${name}:* ${inlineFields(fact.fields) || '_nested parts not shown_'}`);
        else lines.push(`${pad}${name}:*`, ...fieldLines(fact.fields, depth + 1));
        break;
      case 'entries':
        if (fact.entries === null) {
          lines.push(`${pad}${name}:* ${fact.total} entries`);
          break;
        }
        lines.push(`${pad}${name}* (${fact.total}):`, ...fact.entries.map((e) => `${pad}• ${entryText(e)}`));
        if (fact.more > 0) lines.push(`${pad}…and ${fact.more} more`);
        break;
    }
  }
  return lines;
}

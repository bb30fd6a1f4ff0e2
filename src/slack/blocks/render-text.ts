/**
 * Block Kit as readable plain text, for console mode. Messages and modals are rendered block by
 * block; mrkdwn is lightened (`*bold*` kept, links as `label (url)`, entities unescaped) so a
 * person at a terminal reads what a Slack user would see.
 */

import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format as formatDate } from 'date-fns/format';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { factsOfChartBlock, isChartBlock } from '../charts/block.js';
import { chartSparklines } from '../charts/sparkline.js';

type Json = Record<string, unknown>;

/** Renders message blocks; falls back to `text` when there are none. */
export function renderBlocksText(blocks: readonly unknown[] | undefined, text = ''): string {
  if (!blocks || blocks.length === 0) return renderMrkdwn(text);
  return blocks.map(renderBlock).filter((line) => line !== '').join('\n');
}

/** Renders a modal or home view: title, blocks, then its submit and close buttons. */
export function renderViewText(view: Json): string {
  const title = plain(view.title);
  const buttons = [view.submit, view.close].map(plain).filter((label) => label !== '').map((label) => `[${label}]`);
  const lines = [`== ${title || 'Untitled'} ==`, renderBlocksText(Array.isArray(view.blocks) ? view.blocks : [])];
  if (buttons.length > 0) lines.push(buttons.join('  '));
  return lines.join('\n');
}

/** Slack mrkdwn as plain text: `<url|label>` -> `label (url)`, mentions readable, `&lt;` etc. unescaped. */
export function renderMrkdwn(text: string): string {
  return text
    .replace(/<([^<>|]+)(?:\|([^<>]*))?>/g, (_match, target: string, label: string | undefined) => renderAngle(target, label))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function renderAngle(target: string, label: string | undefined): string {
  if (target.startsWith('@') || target.startsWith('#')) return label ? `${target[0]}${label}` : target;
  if (target.startsWith('!date^')) return renderDateToken(target, label);
  if (target.startsWith('!subteam^')) return label ?? '@group';
  if (target.startsWith('!')) return `@${target.slice(1)}`;
  return label && label !== target ? `${label} (${target})` : target;
}

/**
 * A Slack date token (`!date^epoch^format`) as Slack would show it to a reader in this machine's
 * time zone (the console's reader): {date_short_pretty} "today"/"yesterday"/"tomorrow"/"Nov 30",
 * {date_pretty}, {date_short}, {date}, {date_long}, {date_num}, {time}, {time_secs}, {ago}. The
 * fallback when the token does not parse.
 */
export function renderDateToken(target: string, fallback: string | undefined, now: Date = new Date()): string {
  const match = /^!date\^(-?\d+)\^([^^]*)(?:\^.*)?$/.exec(target);
  if (!match) return fallback ?? target;
  const date = new Date(Number(match[1]) * 1000);
  const pretty = (otherwise: string) => {
    const days = differenceInCalendarDays(date, now);
    return days === 0 ? 'today' : days === -1 ? 'yesterday' : days === 1 ? 'tomorrow' : otherwise;
  };
  const parts: Record<string, () => string> = {
    date_num: () => formatDate(date, 'yyyy-MM-dd'),
    date: () => formatDate(date, 'MMMM do, yyyy'),
    date_short: () => formatDate(date, 'MMM d, yyyy'),
    date_long: () => formatDate(date, 'EEEE, MMMM do, yyyy'),
    date_pretty: () => pretty(formatDate(date, 'MMMM do, yyyy')),
    date_short_pretty: () => pretty(formatDate(date, 'MMM d, yyyy')),
    date_long_pretty: () => pretty(formatDate(date, 'EEEE, MMMM do, yyyy')),
    time: () => formatDate(date, 'HH:mm'),
    time_secs: () => formatDate(date, 'HH:mm:ss'),
    ago: () => formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' }),
  };
  return (match[2] ?? '').replace(/\{(\w+)\}/g, (whole, name: string) => parts[name]?.() ?? whole);
}

function renderBlock(block: unknown): string {
  if (!isJson(block)) return '';
  switch (block.type) {
    case 'header':
      return `== ${plain(block.text)} ==`;
    case 'section':
      return renderSection(block);
    case 'context':
      return list(block.elements).map(renderContextElement).filter(Boolean).join('  ·  ');
    case 'divider':
      return '---';
    case 'actions':
      return list(block.elements).filter(isJson).map(renderElement).join('  ');
    case 'input':
      return renderInput(block);
    case 'image':
      return `[image: ${String(block.alt_text ?? '')}]`;
    case 'rich_text':
      return list(block.elements).map(renderRichTextElement).join('\n');
    case 'markdown':
      return typeof block.text === 'string' ? block.text : '';
    case 'data_visualization':
      return renderChart(block);
    case 'table':
      return renderTable(block);
    default:
      return `[${String(block.type)} block]`;
  }
}

/** A chart block as its title and one sparkline per series (the console saves its PNG beside). */
function renderChart(block: Json): string {
  if (!isChartBlock(block) || !isJson(block.chart)) return '[chart]';
  try {
    const facts = factsOfChartBlock(block);
    return [`[chart: ${facts.title}]`, ...chartSparklines(facts).map((line) => `  ${line}`)].join('\n');
  } catch {
    return `[chart: ${String(block.title)}]`;
  }
}

/** A table block as aligned columns (numbers right-aligned when the column says so), a rule under the header row. */
export function renderTable(block: Json): string {
  const rows = list(block.rows).map((row) => list(row).map(cellText));
  if (rows.length === 0) return '[table]';
  const settings = list(block.column_settings);
  const columns = Math.max(...rows.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (row: string[]) =>
    widths
      .map((width, i) => {
        const text = row[i] ?? '';
        const pad = ' '.repeat(width - [...text].length);
        const setting = settings[i];
        return isJson(setting) && setting.align === 'right' ? `${pad}${text}` : `${text}${pad}`;
      })
      .join('  ')
      .trimEnd();
  const [head = [], ...body] = rows;
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function cellText(cell: unknown): string {
  if (!isJson(cell)) return '';
  if (cell.type === 'raw_text' || cell.type === 'raw_number') return renderMrkdwn(String(cell.text ?? ''));
  if (cell.type === 'rich_text') return list(cell.elements).map(renderRichTextElement).join(' ');
  return '';
}

function renderSection(block: Json): string {
  const lines: string[] = [];
  const text = textOf(block.text);
  if (text !== '') lines.push(text);
  for (const field of list(block.fields)) lines.push(`  ${textOf(field)}`);
  if (isJson(block.accessory)) {
    const accessory = renderElement(block.accessory);
    if (lines.length === 0) lines.push(accessory);
    else lines[0] = `${lines[0]}  ${accessory}`;
  }
  return lines.join('\n');
}

function renderContextElement(element: unknown): string {
  if (!isJson(element)) return '';
  return element.type === 'image' ? `[${String(element.alt_text ?? 'image')}]` : textOf(element);
}

function renderInput(block: Json): string {
  const label = plain(block.label);
  const optional = block.optional === true ? ' (optional)' : '';
  const element = isJson(block.element) ? renderElement(block.element) : '';
  const hint = plain(block.hint);
  return `${label}${optional}: ${element}${hint ? `\n  ${hint}` : ''}`;
}

/** An interactive element in brackets: `[Share]`, `[Triage ▾]`, `[Title: ____]`. */
function renderElement(element: Json): string {
  const type = String(element.type);
  if (type === 'button') return `[${plain(element.text)}]`;
  if (type === 'overflow') return `[${plain(element.placeholder) || '…'}]`;
  if (type === 'image') return `[image: ${String(element.alt_text ?? '')}]`;
  if (type.includes('select') || type === 'radio_buttons' || type === 'checkboxes') {
    const chosen = [element.initial_option, ...list(element.initial_options)].filter(isJson).map((o) => textOf(o.text));
    const shown = chosen.length > 0 ? chosen.join(', ') : plain(element.placeholder) || 'choose';
    return `[${shown} ▾]`;
  }
  const initial = element.initial_value ?? element.initial_date ?? element.initial_user;
  return typeof initial === 'string' && initial !== '' ? `[${initial}]` : `[${plain(element.placeholder) || '____'}]`;
}

function renderRichTextElement(element: unknown): string {
  if (!isJson(element)) return '';
  const inline = list(element.elements).map(renderRichTextLeaf).join('');
  switch (element.type) {
    case 'rich_text_list':
      return list(element.elements).map((item) => `• ${renderRichTextElement(item)}`).join('\n');
    case 'rich_text_quote':
      return inline.split('\n').map((line) => `> ${line}`).join('\n');
    case 'rich_text_preformatted':
      return `\`\`\`\n${inline}\n\`\`\``;
    default:
      return inline;
  }
}

function renderRichTextLeaf(leaf: unknown): string {
  if (!isJson(leaf)) return '';
  const bold = isJson(leaf.style) && leaf.style.bold === true;
  switch (leaf.type) {
    case 'text':
      return bold ? String(leaf.text).replace(/^(\s*)(.*?)(\s*)$/s, '$1*$2*$3') : String(leaf.text);
    case 'link':
      return typeof leaf.text === 'string' && leaf.text !== leaf.url ? `${leaf.text} (${String(leaf.url)})` : String(leaf.url);
    case 'user':
      return `@${String(leaf.user_id)}`;
    case 'channel':
      return `#${String(leaf.channel_id)}`;
    case 'emoji':
      return `:${String(leaf.name)}:`;
    case 'broadcast':
      return `@${String(leaf.range)}`;
    default:
      return '';
  }
}

/** A text object's text: mrkdwn rendered, plain_text as is. */
function textOf(value: unknown): string {
  if (!isJson(value) || typeof value.text !== 'string') return '';
  return value.type === 'mrkdwn' ? renderMrkdwn(value.text) : value.text;
}

function plain(value: unknown): string {
  return isJson(value) && typeof value.text === 'string' ? value.text : '';
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

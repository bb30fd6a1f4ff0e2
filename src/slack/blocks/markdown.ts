/**
 * Markdown (ticket descriptions, comments: spec 2.7, 2.8) as Slack mrkdwn. `marked`'s lexer reads
 * the Markdown; this renderer writes each token the way Slack can show it: headings as bold lines,
 * lists with • (task lists ☐/☑), emphasis, links `<url|text>`, code, block quotes, tables as aligned
 * text. Every piece of text is escaped (`escapeMrkdwn`), so nothing in the source can mention or
 * link on its own; only http(s) and mailto links become links.
 */
import { lexer, type Token, type Tokens } from 'marked';
import { escapeMrkdwn } from './text.js';

const INDENT = '    ';
const SAFE_URL = /^(https?:|mailto:)/i;

/** Markdown as mrkdwn; an unreadable input (a lexer failure) is shown as escaped text. */
export function markdownToMrkdwn(markdown: string): string {
  let tokens: Token[];
  try {
    tokens = lexer(markdown, { gfm: true });
  } catch {
    return escapeMrkdwn(markdown);
  }
  return blocks(tokens, 0).trim();
}

function blocks(tokens: readonly Token[], depth: number): string {
  const parts: string[] = [];
  for (const token of tokens) {
    const text = block(token, depth);
    if (text !== null) parts.push(text);
  }
  return parts.join('\n');
}

function block(token: Token, depth: number): string | null {
  switch (token.type) {
    case 'space':
      return '';
    case 'heading':
      return `*${plainInline((token as Tokens.Heading).tokens)}*`;
    case 'paragraph':
      return inline((token as Tokens.Paragraph).tokens);
    case 'text': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens) : escapeMrkdwn(t.text);
    }
    case 'code':
      return codeBlock((token as Tokens.Code).text);
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, depth)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return list(token as Tokens.List, depth);
    case 'table':
      return table(token as Tokens.Table);
    case 'hr':
      return '───';
    case 'html':
      return htmlText((token as Tokens.HTML).text);
    default:
      return 'text' in token && typeof token.text === 'string' ? escapeMrkdwn(token.text) : null;
  }
}

function list(token: Tokens.List, depth: number): string {
  const start = typeof token.start === 'number' ? token.start : 1;
  return token.items
    .map((item, i) => {
      const mark = item.task ? (item.checked ? '☑' : '☐') : token.ordered ? `${start + i}.` : depth === 0 ? '•' : '◦';
      const body = blocks(
        item.tokens.filter((t) => t.type !== 'checkbox'),
        depth + 1,
      )
        .split('\n')
        .filter((line, j, all) => line !== '' || (j > 0 && j < all.length - 1))
        .join('\n');
      const [first = '', ...rest] = body.split('\n');
      const pad = INDENT.repeat(depth);
      // Nested lists carry their own indent; other continuation lines line up under the item's text.
      return [`${pad}${mark} ${first}`, ...rest.map((line) => (line.startsWith(INDENT.repeat(depth + 1)) ? line : `${pad}  ${line}`))].join('\n');
    })
    .join('\n');
}

function table(token: Tokens.Table): string {
  const rows = [token.header.map((c) => plainInline(c.tokens)), ...token.rows.map((r) => r.map((c) => plainInline(c.tokens)))];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ').trimEnd();
  const [head = [], ...body] = rows;
  const text = [line(head), widths.map((w) => '-'.repeat(Math.max(1, w))).join('-+-'), ...body.map(line)].join('\n');
  // Cells were escaped by plainInline; the code block keeps the columns aligned.
  return `\`\`\`\n${text}\n\`\`\``;
}

function codeBlock(text: string): string {
  return `\`\`\`\n${escapeMrkdwn(text.replace(/```/g, 'ˋˋˋ'))}\n\`\`\``;
}

/** Inline HTML shown as its text: tags dropped, the rest escaped. */
function htmlText(html: string): string {
  return escapeMrkdwn(html.replace(/<[^>]*>/g, ''));
}

function inline(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens.map(inlineToken).join('');
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case 'text':
    case 'escape': {
      const t = token as Tokens.Text;
      return t.tokens ? inline(t.tokens) : escapeMrkdwn(t.text);
    }
    case 'strong':
      return wrap('*', plainInline((token as Tokens.Strong).tokens));
    case 'em':
      return wrap('_', plainInline((token as Tokens.Em).tokens));
    case 'del':
      return wrap('~', plainInline((token as Tokens.Del).tokens));
    case 'codespan':
      return wrap('`', escapeMrkdwn((token as Tokens.Codespan).text.replace(/`/g, 'ˋ')));
    case 'br':
      return '\n';
    case 'link': {
      const t = token as Tokens.Link;
      return link(t.href, plainInline(t.tokens) || escapeMrkdwn(t.href));
    }
    case 'image': {
      const t = token as Tokens.Image;
      return link(t.href, `image${t.text ? `: ${escapeMrkdwn(t.text)}` : ''}`);
    }
    case 'html':
      return htmlText((token as Tokens.HTML).text);
    default:
      return 'text' in token && typeof token.text === 'string' ? escapeMrkdwn(token.text) : '';
  }
}

/**
 * Inline text with emphasis markers kept only once (Slack does not nest `*_…_*` reliably): used
 * inside headings, links and emphasis, where the outer marker already applies.
 */
function plainInline(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((token) => {
      if (token.type === 'codespan') return escapeMrkdwn((token as Tokens.Codespan).text);
      if (token.type === 'br') return ' ';
      if (token.type === 'html') return htmlText((token as Tokens.HTML).text);
      if ('tokens' in token && Array.isArray(token.tokens)) return plainInline(token.tokens);
      return 'text' in token && typeof token.text === 'string' ? escapeMrkdwn(token.text) : '';
    })
    .join('');
}

/** `*text*`, with the spaces at either end kept outside the markers (Slack ignores `* bold *`). */
function wrap(marker: string, text: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, lead = '', core = '', trail = ''] = match ?? [];
  return core === '' ? text : `${lead}${marker}${core}${marker}${trail}`;
}

/** `<url|label>` for a web or mail link (label already escaped); any other scheme is shown as its label. */
function link(href: string, label: string): string {
  if (!SAFE_URL.test(href)) return label;
  const url = href.replace(/[<>|\s]/g, encodeURIComponent);
  return `<${url}|${label.replace(/\|/g, '¦')}>`;
}

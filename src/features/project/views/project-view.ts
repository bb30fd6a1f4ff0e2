/**
 * `/radar project`: the bound project's detail read. The spec names the list fields (2.3) and says the
 * detail adds per-dimension monitoring freshness and the AI monitoring prompts without naming them, so
 * both are looked for tolerantly (a key mentioning "fresh" or "dimension", a list under a key
 * mentioning "prompt", up to two levels down); what is not found says so in one line, and every other
 * field is passed through, humanised and escaped.
 */
import type { ProjectDetail } from '../../../service/index.js';
import { collect, isRecord, lookup } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fields, header, humanise, plural, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { dimensionName } from '../../editions/hub.js';
import { capitalise, entryLine, passthroughLines, scalarText } from './passthrough.js';

const LISTED = ['id', 'organizationId', 'name', 'domain', 'status', 'competitorCount', 'lastMonitoredAt', 'createdAt'];
const TIME_KEYS = ['lastMonitoredAt', 'monitoredAt', 'completedAt', 'checkedAt', 'updatedAt', 'lastRunAt', 'at'];
const NAME_KEYS = ['dimension', 'name', 'key', 'id'];
const PROMPTS_SHOWN = 25;
const ISO = /^\d{4}-\d{2}-\d{2}T/;

/** The project's own record: the payload's `item` is unwrapped by the client; a nested `project` is looked into too. */
function projectRecord(detail: ProjectDetail): Record<string, unknown> {
  const nested = lookup(detail, 'project', { down: false });
  return nested.found && isRecord(nested.value) && !lookup(detail, 'name', { down: false }).found ? nested.value : detail;
}

function timeOf(value: unknown, now: Date): string {
  if (value === null) return '_not monitored yet_';
  if (typeof value === 'string') return ISO.test(value) ? relativeAndAbsolute(value, now) : scalarText(value, now);
  if (isRecord(value)) {
    for (const key of TIME_KEYS) {
      const found = lookup(value, key, { down: false });
      if (found.found) return timeOf(found.value, now);
    }
    return entryLine(value, now);
  }
  return scalarText(value, now);
}

function freshnessLines(value: unknown, now: Date): string[] {
  if (isRecord(value)) return Object.entries(value).map(([dimension, v]) => `• *${escapeMrkdwn(dimensionName(dimension))}:* ${timeOf(v, now)}`);
  if (Array.isArray(value)) {
    return value.map((entry) => {
      if (!isRecord(entry)) return `• ${scalarText(entry, now)}`;
      const nameKey = NAME_KEYS.find((k) => typeof entry[k] === 'string');
      return `• *${nameKey ? escapeMrkdwn(dimensionName(String(entry[nameKey]))) : 'a dimension'}:* ${timeOf(entry, now)}`;
    });
  }
  return [`• ${scalarText(value, now)}`];
}

function promptText(prompt: unknown, now: Date): string {
  if (typeof prompt === 'string') return escapeMrkdwn(prompt);
  if (isRecord(prompt)) {
    const text = ['text', 'prompt', 'query', 'name'].map((k) => lookup(prompt, k, { down: false })).find((f) => f.found && typeof f.value === 'string');
    if (text?.found) return escapeMrkdwn(String(text.value));
    return entryLine(prompt, now);
  }
  return scalarText(prompt, now);
}

export function projectView(projectName: string, detail: ProjectDetail, now: Date): { text: string; blocks: Block[] } {
  const item = projectRecord(detail);
  const named = (key: string) => lookup(item, key, { down: false });
  const shown = (key: string, render: (v: unknown) => string) => {
    const found = named(key);
    return found.found ? render(found.value) : '_not in the answer_';
  };
  const blocks: Block[] = [header(`${projectName}: project`)];
  blocks.push(
    ...fields([
      `*Domain*\n${shown('domain', (v) => scalarText(v, now, 'domain'))}`,
      `*Status*\n${shown('status', (v) => (typeof v === 'string' ? escapeMrkdwn(capitalise(humanise(v))) : scalarText(v, now)))}`,
      `*Competitors*\n${shown('competitorCount', (v) => (typeof v === 'number' ? plural(v, 'competitor') : scalarText(v, now)))}`,
      `*Last monitored*\n${shown('lastMonitoredAt', (v) => (v === null ? '_never_ (no completed monitoring yet)' : scalarText(v, now)))}`,
      `*Created*\n${shown('createdAt', (v) => scalarText(v, now))}`,
      // In a code span: the id is what `--project` takes.
      `*Project id*\n${shown('id', (v) => (typeof v === 'string' && v !== '' ? `\`${escapeMrkdwn(v)}\`` : scalarText(v, now, 'id')))}`,
    ]),
  );

  const freshness = collect(item, (k, v) => /fresh/i.test(k) && (isRecord(v) || Array.isArray(v)), 2)[0] ?? collect(item, (k, v) => /dimension/i.test(k) && (isRecord(v) || Array.isArray(v)), 2)[0];
  if (freshness) {
    const [first, ...rest] = chunkLines(freshnessLines(freshness[1], now));
    blocks.push(section(`*Monitoring freshness, per dimension*\n${first ?? '_none listed_'}`), ...rest.slice(0, 5).map((t) => section(t)));
  } else {
    blocks.push(section("*Monitoring freshness, per dimension:* _Radar couldn't find it in the service's answer._"));
  }

  const prompts = collect(item, (k, v) => /prompt/i.test(k) && Array.isArray(v), 2)[0];
  if (prompts) {
    const list = prompts[1] as unknown[];
    const lines = list.slice(0, PROMPTS_SHOWN).map((p, i) => `${i + 1}. ${promptText(p, now)}`);
    if (list.length > PROMPTS_SHOWN) lines.push(`_…and ${list.length - PROMPTS_SHOWN} more_`);
    const [first, ...rest] = chunkLines(lines.length > 0 ? lines : ['_none_']);
    blocks.push(section(`*AI monitoring prompts* (${plural(list.length, 'prompt')})\n${first ?? ''}`), ...rest.slice(0, 5).map((t) => section(t)));
  } else {
    blocks.push(section("*AI monitoring prompts:* _Radar couldn't find them in the service's answer._"));
  }

  const found = new Set([freshness?.[0], prompts?.[0]].filter(Boolean));
  const others = Object.fromEntries(Object.entries(item).filter(([k]) => !LISTED.some((l) => l.toLowerCase() === k.toLowerCase()) && !found.has(k)));
  if (Object.keys(others).length > 0) {
    const [first, ...rest] = chunkLines(passthroughLines(others, now));
    blocks.push(section(`*Other details the service sent*\n${first ?? ''}`), ...rest.slice(0, 10).map((t) => section(t)));
  }
  blocks.push(context('The spec does not name the detail fields: Radar shows what it finds, as the service sent it.'));
  return { text: `${escapeMrkdwn(projectName)}: project detail`, blocks: blocks.slice(0, 50) };
}


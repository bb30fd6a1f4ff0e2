/**
 * Slack limits the Block Kit JSON Schema does not hold (or holds only in a way that is hard to
 * read back from Ajv's errors). Each function returns one sentence per broken limit.
 */

export const LIMITS = {
  messageBlocks: 50,
  modalBlocks: 100,
  homeBlocks: 100,
  sectionText: 3000,
  headerText: 150,
  buttonText: 75,
  selectOptions: 100,
  modalTitle: 24,
  /** Slack draws at most two data_visualization blocks a message, and one table. */
  chartsPerMessage: 2,
  tablesPerMessage: 1,
  /** The chart block: a 50-character title, six series. */
  chartTitle: 50,
  chartSeries: 6,
  /** The table block: 100 rows (the header row counts), 20 cells a row, 20 column settings. */
  tableRows: 100,
  tableCellsPerRow: 20,
} as const;

type Json = Record<string, unknown>;

/** Limits on the blocks of a message (chat.postMessage/postEphemeral/update, response_url). */
export function messageLimitProblems(blocks: readonly unknown[]): string[] {
  const problems = blocks.length > LIMITS.messageBlocks ? [`a message holds at most ${LIMITS.messageBlocks} blocks, got ${blocks.length}`] : [];
  const charts = blocks.filter((b) => isJson(b) && b.type === 'data_visualization').length;
  if (charts > LIMITS.chartsPerMessage) problems.push(`a message holds at most ${LIMITS.chartsPerMessage} data_visualization blocks, got ${charts}`);
  const tables = blocks.filter((b) => isJson(b) && b.type === 'table').length;
  if (tables > LIMITS.tablesPerMessage) problems.push(`a message holds at most ${LIMITS.tablesPerMessage} table block, got ${tables}`);
  return [...problems, ...blockProblems(blocks)];
}

/** Limits on a modal view. */
export function modalLimitProblems(view: Json): string[] {
  const problems: string[] = [];
  const blocks = Array.isArray(view.blocks) ? view.blocks : [];
  if (blocks.length > LIMITS.modalBlocks) problems.push(`a modal holds at most ${LIMITS.modalBlocks} blocks, got ${blocks.length}`);
  const title = textOf(view.title);
  if (title !== undefined && title.length > LIMITS.modalTitle) problems.push(`modal title is ${title.length} characters, limit ${LIMITS.modalTitle}`);
  return [...problems, ...blockProblems(blocks)];
}

/** Limits on a Home tab view (`views.publish`): 100 blocks, and each block's own limits. */
export function homeLimitProblems(view: Json): string[] {
  const blocks = Array.isArray(view.blocks) ? view.blocks : [];
  const problems = blocks.length > LIMITS.homeBlocks ? [`a Home tab holds at most ${LIMITS.homeBlocks} blocks, got ${blocks.length}`] : [];
  return [...problems, ...blockProblems(blocks)];
}

function blockProblems(blocks: readonly unknown[]): string[] {
  return blocks.flatMap((block, index) => (isJson(block) ? problemsOfBlock(block, `blocks/${index}`) : []));
}

/**
 * What the schema cannot compare in a chart block: series names unique, and every series one point
 * per category, in the categories' labels.
 */
function chartProblems(block: Json, at: string): string[] {
  const chart = isJson(block.chart) ? block.chart : undefined;
  if (!chart || chart.type === 'pie' || !Array.isArray(chart.series)) return [];
  const problems: string[] = [];
  const categories = isJson(chart.axis_config) && Array.isArray(chart.axis_config.categories) ? chart.axis_config.categories.map(String) : [];
  const names = chart.series.map((s) => (isJson(s) ? String(s.name) : ''));
  if (new Set(names).size !== names.length) problems.push(`${at}: chart series names must be unique`);
  for (const [i, series] of chart.series.entries()) {
    const labels = isJson(series) && Array.isArray(series.data) ? series.data.map((d) => (isJson(d) ? String(d.label) : '')) : [];
    if (labels.length !== categories.length || labels.some((l) => !categories.includes(l)) || new Set(labels).size !== labels.length) {
      problems.push(`${at}: chart series ${i} must hold exactly one point per category`);
    }
  }
  return problems;
}

/** A table's rows and cells within Slack's limits, every row as wide as the header row. */
function tableProblems(block: Json, at: string): string[] {
  const rows = Array.isArray(block.rows) ? block.rows : [];
  const problems: string[] = [];
  if (rows.length > LIMITS.tableRows) problems.push(`${at}: a table holds at most ${LIMITS.tableRows} rows, got ${rows.length}`);
  const widths = rows.map((r) => (Array.isArray(r) ? r.length : 0));
  const widest = Math.max(0, ...widths);
  if (widest > LIMITS.tableCellsPerRow) problems.push(`${at}: a table row holds at most ${LIMITS.tableCellsPerRow} cells, got ${widest}`);
  if (new Set(widths).size > 1) problems.push(`${at}: every table row should hold as many cells as the header row`);
  const settings = Array.isArray(block.column_settings) ? block.column_settings.length : 0;
  if (settings > LIMITS.tableCellsPerRow) problems.push(`${at}: a table has at most ${LIMITS.tableCellsPerRow} column settings, got ${settings}`);
  return problems;
}

function problemsOfBlock(block: Json, at: string): string[] {
  const problems: string[] = block.type === 'data_visualization' ? chartProblems(block, at) : block.type === 'table' ? tableProblems(block, at) : [];
  if (block.type === 'data_visualization') {
    const title = typeof block.title === 'string' ? [...block.title].length : 0;
    if (title > LIMITS.chartTitle) problems.push(`${at}: chart title is ${title} characters, limit ${LIMITS.chartTitle}`);
    const chart = isJson(block.chart) ? block.chart : {};
    const series = Array.isArray(chart.series) ? chart.series.length : 0;
    if (series > LIMITS.chartSeries) problems.push(`${at}: a chart holds at most ${LIMITS.chartSeries} series, got ${series}`);
  }
  const text = textOf(block.text);
  if (block.type === 'section' && text !== undefined && text.length > LIMITS.sectionText) {
    problems.push(`${at}: section text is ${text.length} characters, limit ${LIMITS.sectionText}`);
  }
  if (block.type === 'header' && text !== undefined && text.length > LIMITS.headerText) {
    problems.push(`${at}: header text is ${text.length} characters, limit ${LIMITS.headerText}`);
  }
  const elements: [string, unknown][] = [
    ['accessory', block.accessory],
    ['element', block.element],
    ...(Array.isArray(block.elements) ? block.elements : []).map((e, i): [string, unknown] => [`elements/${i}`, e]),
  ];
  for (const [path, element] of elements) {
    if (isJson(element)) problems.push(...problemsOfElement(element, `${at}/${path}`));
  }
  return problems;
}

function problemsOfElement(element: Json, at: string): string[] {
  const problems: string[] = [];
  const text = textOf(element.text);
  if (element.type === 'button' && text !== undefined && text.length > LIMITS.buttonText) {
    problems.push(`${at}: button text is ${text.length} characters, limit ${LIMITS.buttonText}`);
  }
  for (const key of ['options', 'option_groups'] as const) {
    const list = element[key];
    if (Array.isArray(list) && list.length > LIMITS.selectOptions) {
      problems.push(`${at}: ${String(element.type)} has ${list.length} ${key}, limit ${LIMITS.selectOptions}`);
    }
  }
  return problems;
}

function textOf(value: unknown): string | undefined {
  return isJson(value) && typeof value.text === 'string' ? value.text : undefined;
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

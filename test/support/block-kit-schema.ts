/**
 * Block Kit validation against the community JSON Schema in the fixtures (test/fixtures/slack, copied from Slack's public sources; provenance and licence in its README)
 * (`test/fixtures/slack/block-kit`, draft 2020-12; see its README for what it does not hold).
 * Errors come back as short sentences naming the path, one block at a time, so that a bad block
 * reads as "blocks/3: unknown block type 'tabel'" rather than a page of oneOf branches.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const SCHEMA_URL = new URL('../fixtures/slack/block-kit/slack-block-kit.schema.json', import.meta.url);

export interface BlockKitSchema {
  /** Problems with the `blocks` of a message; empty when valid. */
  messageBlocks(blocks: unknown): string[];
  /** Problems with a modal view (`views.open/update/push`); empty when valid. */
  modalView(view: unknown): string[];
  /** Problems with a Home tab view (`views.publish`); empty when valid. */
  homeView(view: unknown): string[];
}

let cached: BlockKitSchema | undefined;

/** Compiles the schema once per test process. */
export function loadBlockKitSchema(): BlockKitSchema {
  cached ??= compile();
  return cached;
}

function compile(): BlockKitSchema {
  const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as { $id: string; $defs: Record<string, { properties?: { type?: { const?: unknown } } }> };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addSchema(schema);
  const get = (pointer: string): ValidateFunction => {
    const validate = ajv.getSchema(`${schema.$id}${pointer}`);
    if (!validate) throw new Error(`Block Kit schema has no ${pointer}`);
    return validate;
  };

  // Every block definition, by the `type` it fixes (section -> section_block, …).
  const blockValidators = new Map<string, ValidateFunction>();
  for (const [name, def] of Object.entries(schema.$defs)) {
    const type = def.properties?.type?.const;
    if (name.endsWith('_block') && typeof type === 'string') blockValidators.set(type, get(`#/$defs/${name}`));
  }
  const messageArray = get('');
  const modal = get('#/$defs/modal_view');
  const home = get('#/$defs/home_view');

  const blockProblems = (blocks: unknown, at: string): string[] => {
    if (!Array.isArray(blocks)) return [`${at}: must be an array of blocks`];
    if (blocks.length === 0) return [`${at}: must hold at least one block`];
    return blocks.flatMap((block: unknown, index) => {
      const type = typeof block === 'object' && block !== null ? (block as { type?: unknown }).type : undefined;
      const validate = typeof type === 'string' ? blockValidators.get(type) : undefined;
      if (!validate) return [`${at}/${index}: unknown block type ${JSON.stringify(type)}`];
      return validate(block) ? [] : describe(validate.errors, `${at}/${index}`);
    });
  };

  const viewProblems = (validate: ValidateFunction, view: unknown): string[] => {
    if (validate(view)) return [];
    const outsideBlocks = (validate.errors ?? []).filter((e) => !e.instancePath.startsWith('/blocks/'));
    const blocks = typeof view === 'object' && view !== null ? (view as { blocks?: unknown }).blocks : undefined;
    const inBlocks = (validate.errors ?? []).some((e) => e.instancePath.startsWith('/blocks/')) ? blockProblems(blocks, 'view/blocks') : [];
    return [...describe(outsideBlocks, 'view'), ...inBlocks];
  };

  return {
    homeView: (view) => viewProblems(home, view),
    messageBlocks(blocks) {
      if (messageArray(blocks)) return [];
      const problems = blockProblems(blocks, 'blocks');
      return problems.length > 0 ? problems : describe(messageArray.errors, 'blocks');
    },
    modalView(view) {
      if (modal(view)) return [];
      const outsideBlocks = (modal.errors ?? []).filter((e) => !e.instancePath.startsWith('/blocks/'));
      const blocks = typeof view === 'object' && view !== null ? (view as { blocks?: unknown }).blocks : undefined;
      const inBlocks = (modal.errors ?? []).some((e) => e.instancePath.startsWith('/blocks/')) ? blockProblems(blocks, 'view/blocks') : [];
      return [...describe(outsideBlocks, 'view'), ...inBlocks];
    },
  };
}

/** Ajv errors as `path: message` lines, without the `oneOf` summary lines that only repeat them. */
function describe(errors: ErrorObject[] | null | undefined, at: string): string[] {
  const lines = (errors ?? [])
    .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if')
    .map((e) => `${at}${e.instancePath}: ${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return [...new Set(lines)];
}

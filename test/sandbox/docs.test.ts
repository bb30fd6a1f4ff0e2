/**
 * The sandbox describes itself (spec 9): an OpenAPI 3.1 document generated from the zod schemas its
 * routes are validated and checked with, a readable page, and a control call that patches the
 * served document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { isServiceRoute, openApiPath } from '../../src/sandbox/docs/openapi.js';
import { errorCode, sandboxClient } from './client.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
  sandbox = await startSandbox();
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const jsonSchema = z.record(z.string(), z.unknown());
const media = z.record(z.string(), z.object({ schema: jsonSchema }));
const operationShape = z.object({
  operationId: z.string().min(1),
  summary: z.string().min(1),
  parameters: z.array(
    z.object({ name: z.string().min(1), in: z.enum(['path', 'query', 'header', 'cookie']), required: z.boolean(), schema: jsonSchema }),
  ),
  requestBody: z.object({ required: z.boolean(), content: media }).optional(),
  responses: z.record(z.string().regex(/^[1-5]\d\d$/), z.object({ description: z.string(), content: media.optional() })),
  security: z.array(z.record(z.string(), z.array(z.string()))),
});
const documentShape = z.object({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  jsonSchemaDialect: z.literal('https://json-schema.org/draft/2020-12/schema'),
  info: z.object({ title: z.string().min(1), version: z.string().min(1) }),
  paths: z.record(z.string().regex(/^\//), z.partialRecord(z.enum(['get', 'put', 'post', 'delete', 'patch']), operationShape)),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()), schemas: z.record(z.string(), jsonSchema) }),
});
type Doc = z.infer<typeof documentShape>;

async function served(): Promise<Doc> {
  const res = await api.anonymous<Doc>('GET', '/v1/docs/openapi.json');
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /v1/docs/openapi.json', () => {
  it('needs no key and is an OpenAPI 3.1 document in shape, with info.version set', async () => {
    const doc = await served();
    expect(() => documentShape.parse(doc)).not.toThrow();
    expect(doc.info.version).toMatch(/\S/);
  });

  it('every schema in it compiles as JSON Schema 2020-12', async () => {
    const doc = await served();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...doc.components.schemas.Error, $id: 'error' });
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const schemas = [
          ...op.parameters.map((p) => p.schema),
          ...Object.values(op.requestBody?.content ?? {}).map((m) => m.schema),
          ...Object.entries(op.responses)
            .filter(([status]) => status === '200')
            .flatMap(([, r]) => Object.values(r.content ?? {}).map((m) => m.schema)),
        ];
        for (const schema of schemas) expect(() => ajv.compile(schema), `${method} ${path}`).not.toThrow();
      }
    }
  });

  it('lists exactly the routes the sandbox serves (the control surface left out)', async () => {
    const doc = await served();
    const described = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const table = sandbox.routes.filter(isServiceRoute).map((r) => `${r.method} ${openApiPath(r.pattern)}`);
    expect(described.sort()).toEqual([...table].sort());
    expect(table.length).toBeGreaterThan(50);
    expect(described).toContain('GET /v1/projects/{projectId}/pricing');
    expect(described).toContain('POST /v1/tools/fetch-url');
    expect(described.some((d) => d.includes('__sandbox'))).toBe(false);
  });

  it('names query parameters, bodies, keys and the error statuses the core adds', async () => {
    const doc = await served();
    const list = doc.paths['/v1/projects/{projectId}/tickets']?.get;
    expect(list?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:projectId', 'query:status', 'query:closed', 'query:number']));
    expect(list?.parameters.find((p) => p.name === 'number')?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    const create = doc.paths['/v1/projects/{projectId}/tickets']?.post;
    expect(create?.requestBody?.content['application/json']?.schema).toMatchObject({ required: expect.arrayContaining(['title', 'status']) });
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(Object.keys(doc.paths['/v1/tools/fetch-url']?.post?.responses ?? {})).toContain('402');
    expect(doc.paths['/v1/health']?.get?.security).toEqual([]);
    const pricing = doc.paths['/v1/projects/{projectId}/pricing']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(JSON.stringify(pricing)).toContain('hasPriceGap');
  });
});

describe('the routes use their description', () => {
  it('refuses a query or body the schemas refuse with 400 invalid_parameters, after the key checks', async () => {
    const limit = await api.get('/v1/projects/prj_northwind/pricing/history?limit=500');
    expect([limit.status, errorCode(limit)]).toEqual([400, 'invalid_parameters']);
    const body = await api.post('/v1/projects/prj_northwind/tickets', { title: 7, status: 'todo' });
    expect([body.status, errorCode(body)]).toEqual([400, 'invalid_parameters']);
    const readOnly = await api.post('/v1/projects/prj_northwind/tickets', {}, sandbox.keys.readOnly);
    expect([readOnly.status, errorCode(readOnly)]).toEqual([403, 'insufficient_scope']);
    const noPlan = await api.post('/v1/tools/fetch-url', {}, sandbox.keys.noPlan);
    expect([noPlan.status, errorCode(noPlan)]).toEqual([402, 'subscription_required']);
    const plan = await api.post('/v1/tools/fetch-url', {});
    expect([plan.status, errorCode(plan)]).toEqual([400, 'invalid_parameters']);
    expect(sandbox.control.requests().filter((r) => r.method === 'POST' && r.status === 200)).toEqual([]);
  });
});

describe('GET /v1/docs', () => {
  it('is a readable page of the same document', async () => {
    const res = await fetch(`${sandbox.url}/v1/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const doc = await served();
    expect(html).toContain(doc.info.version);
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>${path.replace(/&/g, '&amp;')}</code>`);
  });
});

describe('patching the served document', () => {
  it('PUT /__sandbox/docs/openapi.json serves another document; DELETE and reset restore the generated one', async () => {
    const original = await served();
    const patched = structuredClone(original);
    delete patched.paths['/v1/projects/{projectId}/pricing'];
    patched.info.version = '9.9.9';
    expect((await api.anonymous('PUT', '/__sandbox/docs/openapi.json', patched)).status).toBe(200);
    const now = await served();
    expect(now.info.version).toBe('9.9.9');
    expect(now.paths['/v1/projects/{projectId}/pricing']).toBeUndefined();
    expect((await api.get('/v1/projects/prj_northwind/pricing')).status).toBe(200);
    expect((await api.anonymous('DELETE', '/__sandbox/docs/openapi.json')).status).toBe(200);
    expect((await served()).info.version).toBe(original.info.version);
    sandbox.control.setDescription(patched);
    sandbox.control.reset();
    expect((await served()).info.version).toBe(original.info.version);
  });
});

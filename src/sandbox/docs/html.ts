/** `GET /v1/docs`: the served OpenAPI document as a readable page (no scripts, no external assets). */

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function operationHtml(path: string, method: string, op: Record<string, unknown>): string {
  const params = (Array.isArray(op.parameters) ? op.parameters : []).map(obj);
  const rows = params
    .map((p) => `<tr><td><code>${escapeHtml(str(p.name))}</code></td><td>${escapeHtml(str(p.in))}</td><td>${p.required === true ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(obj(p.schema)))}</code></td></tr>`)
    .join('');
  const body = obj(obj(obj(op.requestBody).content)['application/json']).schema;
  const responses = Object.entries(obj(op.responses));
  const ok = obj(responses.find(([status]) => status === '200')?.[1]);
  const okSchema = Object.values(obj(ok.content)).map(obj)[0]?.schema;
  const errors = responses.filter(([status]) => status !== '200').map(([status]) => status);
  return [
    `<section id="${escapeHtml(`${method}-${path}`)}">`,
    `<h3><code>${escapeHtml(method.toUpperCase())}</code> <code>${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(str(op.summary))}${op.security && Array.isArray(op.security) && op.security.length === 0 ? ' <em>(no key required)</em>' : ''}</p>`,
    rows ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${rows}</table>` : '',
    body ? schemaBlock('Request body', body) : '',
    okSchema ? schemaBlock('200 answer', okSchema) : '',
    errors.length > 0 ? `<p>Errors: ${errors.map(escapeHtml).join(', ')} (envelope <code>{ error: { code, message, status } }</code>)</p>` : '',
    '</section>',
  ].join('\n');
}

/** Renders whatever document is served (also a patched one), so the page and the JSON never disagree. */
export function renderDocsPage(document: unknown): string {
  const doc = obj(document);
  const info = obj(doc.info);
  const sections = Object.entries(obj(doc.paths)).flatMap(([path, item]) =>
    Object.entries(obj(item)).map(([method, op]) => operationHtml(path, method, obj(op))),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(str(info.title))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}pre{background:#f6f6f6;padding:.5rem;overflow:auto}section{border-top:1px solid #ddd;margin-top:1rem}</style>
</head><body>
<h1>${escapeHtml(str(info.title))}</h1>
<p>Version <code>${escapeHtml(str(info.version))}</code>, OpenAPI <code>${escapeHtml(str(doc.openapi))}</code>. Machine-readable: <a href="/v1/docs/openapi.json">/v1/docs/openapi.json</a>. Every endpoint except these two and the health check needs the <code>SVC-API-Key</code> header.</p>
<p>${escapeHtml(str(info.description))}</p>
${sections.join('\n')}
</body></html>
`;
}

import { escapeHtml } from '#server/lib/email-templates.ts';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type Document = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/**
 * The reference page at /api/docs: plain HTML made once from the OpenAPI document, with no script
 * at all, so it costs the public pages nothing and works under the strict CSP.
 */
export function renderApiReference(document: Document): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const base = document.servers?.[0]?.url ?? '';
  const nav = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${anchor(method, path)}"><span class="m m-${method.toLowerCase()}">${method}</span> ${escapeHtml(path)}</a> ${escapeHtml(operation.summary ?? '')}</li>`,
    )
    .join('');
  const sections = operations.map(({ path, method, operation }) =>
    renderOperation(base, path, method, operation),
  );
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${renderFields(schema)}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1c1917;background:#fafaf9}
main{max-width:920px;margin:0 auto;padding:24px 16px 64px}
h1{font-size:1.8rem;margin:0 0 4px}h2{font-size:1.25rem;margin:40px 0 8px;word-break:break-all}h3{font-size:1.05rem;margin:24px 0 8px}
code,pre{font-family:ui-monospace,monospace;font-size:.9rem}
pre{background:#1c1917;color:#fafaf9;padding:12px;border-radius:8px;overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e7e5e4;vertical-align:top}
th{font-weight:600;background:#f5f5f4}td:first-child{white-space:nowrap}
.m{display:inline-block;min-width:4.2em;font:600 .8rem ui-monospace,monospace;padding:2px 6px;border-radius:4px;color:#fff;background:#44403c;text-align:center}
.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-put{background:#b45309}.m-patch{background:#7e22ce}.m-delete{background:#b91c1c}
nav ul{padding-left:18px}a{color:#1d4ed8}section.op{border-top:1px solid #e7e5e4;margin-top:32px}
.muted{color:#57534e}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)}</h1>
<p class="muted">Version ${escapeHtml(document.info.version)} · <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a></p>
${document.info.description ? `<p>${inline(document.info.description)}</p>` : ''}
<nav aria-label="Operations"><ul>${nav}</ul></nav>
${sections.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas}
</main>
</body>
</html>`;
}

function renderOperation(base: string, path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const example = [
    `curl -X ${method} '${base}${path.replace(/\{(\w+)\}/g, ':$1')}'`,
    `  -H 'Authorization: Bearer ll_…'`,
  ];
  if (body) example.push(`  -H 'content-type: application/json'`, `  -d @body.json`);
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return `<tr><td>${escapeHtml(status)}</td><td>${inline(response.description ?? '')}</td><td>${schema ? typeName(schema) : ''}</td></tr>`;
    })
    .join('');
  return `<section class="op" id="${anchor(method, path)}">
<h2><span class="m m-${method.toLowerCase()}">${method}</span> ${escapeHtml(path)}</h2>
<p><strong>${escapeHtml(operation.summary ?? '')}</strong>${operation.description ? ` ${inline(operation.description)}` : ''}</p>
<pre>${escapeHtml(example.join(' \\\n'))}</pre>
${
  parameters.length > 0
    ? `<h3>Parameters</h3><table><thead><tr><th>name</th><th>in</th><th>type</th><th>about</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' (required)' : ''}</td><td>${escapeHtml(p.in)}</td><td>${p.schema ? typeName(p.schema) : ''}</td><td>${inline(p.description ?? p.schema?.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${body ? `<h3>Body</h3>${renderFields(body)}` : ''}
<h3>Responses</h3><table><thead><tr><th>status</th><th>meaning</th><th>body</th></tr></thead><tbody>${responses}</tbody></table>
</section>`;
}

function renderFields(schema: Schema): string {
  if (schema.$ref) return `<p>${typeName(schema)}</p>`;
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return `<p>${typeName(schema)}</p>`;
  const required = new Set(schema.required ?? []);
  return `<table><thead><tr><th>field</th><th>type</th><th>about</th></tr></thead><tbody>${properties
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' (optional)'}</td><td>${typeName(field)}</td><td>${inline(field.description ?? '')}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function typeName(schema: Schema): string {
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeName).join(' or ');
  if (schema.enum)
    return schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['any'];
  return types
    .map((type) => {
      if (type === 'array') return `array of ${schema.items ? typeName(schema.items) : 'any'}`;
      return escapeHtml(schema.format ? `${type} (${schema.format})` : type);
    })
    .join(' or ');
}

/** Escapes, then shows `code` spans as code. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function anchor(method: string, path: string): string {
  return `${method.toLowerCase()}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
}

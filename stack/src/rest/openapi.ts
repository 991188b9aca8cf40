/** A small Swagger 2.0 description of the exposed relations and functions (`getOpenApiSpec()`). */
import type { SchemaSnapshot } from './schema-cache.ts';

export function openApiDoc(snapshot: SchemaSnapshot, schema: string, host: string): unknown {
  const paths: Record<string, unknown> = {
    '/': { get: { summary: 'OpenAPI description (this document)', responses: { '200': { description: 'OK' } } } },
  };
  const definitions: Record<string, unknown> = {};
  for (const rel of snapshot.relations.values()) {
    if (rel.schema !== schema) continue;
    const properties: Record<string, unknown> = {};
    for (const c of rel.columnList) properties[c.name] = { format: c.type, type: jsonType(c.type) };
    definitions[rel.name] = {
      type: 'object',
      properties,
      required: rel.columnList.filter((c) => !c.nullable && !c.hasDefault).map((c) => c.name),
    };
    const ref = { $ref: `#/definitions/${rel.name}` };
    const ok = { '200': { description: 'OK', schema: { type: 'array', items: ref } } };
    paths[`/${rel.name}`] =
      rel.kind === 'table'
        ? {
            get: { tags: [rel.name], responses: ok },
            post: { tags: [rel.name], responses: { '201': { description: 'Created' } } },
            patch: { tags: [rel.name], responses: { '204': { description: 'No Content' } } },
            delete: { tags: [rel.name], responses: { '204': { description: 'No Content' } } },
          }
        : { get: { tags: [rel.name], responses: ok } };
  }
  for (const list of snapshot.functions.values()) {
    const fn = list[0];
    if (!fn || fn.schema !== schema) continue;
    paths[`/rpc/${fn.name}`] = { post: { tags: ['(rpc) ' + fn.name], responses: { '200': { description: 'OK' } } } };
  }
  return {
    swagger: '2.0',
    info: { title: 'PostgREST API (local stack)', description: 'Standard public schema', version: '12.2.0' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
}

function jsonType(pgType: string): string {
  if (/^(smallint|integer|bigint)$/.test(pgType)) return 'integer';
  if (/^(numeric|real|double precision)/.test(pgType)) return 'number';
  if (pgType === 'boolean') return 'boolean';
  if (pgType.endsWith('[]')) return 'array';
  if (pgType === 'json' || pgType === 'jsonb') return 'object';
  return 'string';
}

import type { oas31 } from 'zod-openapi';

export type Schema = oas31.SchemaObject | oas31.ReferenceObject;
export type Doc = oas31.OpenAPIObject;

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

export type OperationEntry = { method: HttpMethod; path: string; op: oas31.OperationObject; anchor: string };
export type TagGroup = { tag: string; description?: string; anchor: string; operations: OperationEntry[] };

export const isRef = (v: unknown): v is oas31.ReferenceObject =>
  typeof v === 'object' && v !== null && '$ref' in v && typeof (v as { $ref: unknown }).$ref === 'string';

/** "#/components/schemas/Conversion" → "Conversion" */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const schemaAnchor = (name: string) => `schema-${slug(name)}`;

/** Operations grouped by their first tag, in document order; untagged ones last. */
export function groupByTag(doc: Doc): TagGroup[] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      const anchor = slug(op.operationId ?? `${method}-${path}`);
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op, anchor }]);
    }
  }
  const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  return [...groups].map(([tag, operations]) => ({
    tag,
    description: declared.get(tag),
    anchor: `tag-${slug(tag)}`,
    operations,
  }));
}

export function resolveParameter(
  doc: Doc,
  p: oas31.ParameterObject | oas31.ReferenceObject,
): oas31.ParameterObject | undefined {
  if (!isRef(p)) return p;
  const found = doc.components?.parameters?.[refName(p.$ref)];
  return found && !isRef(found) ? found : undefined;
}

export function resolveResponse(
  doc: Doc,
  r: oas31.ResponseObject | oas31.ReferenceObject,
): oas31.ResponseObject | undefined {
  if (!isRef(r)) return r;
  const found = doc.components?.responses?.[refName(r.$ref)];
  return found && !isRef(found) ? found : undefined;
}

export function resolveRequestBody(
  doc: Doc,
  b: oas31.RequestBodyObject | oas31.ReferenceObject | undefined,
): oas31.RequestBodyObject | undefined {
  if (!b) return undefined;
  if (!isRef(b)) return b;
  const found = doc.components?.requestBodies?.[refName(b.$ref)];
  return found && !isRef(found) ? found : undefined;
}

/** A short type label: "string (date-time)", "array of Conversion", "integer | null"… */
export function typeLabel(schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (isRef(schema)) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(' | ');
  if (schema.allOf) return schema.allOf.map(typeLabel).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types
    .map((t) => {
      if (t === 'array') return `array of ${typeLabel(schema.items)}`;
      return schema.format ? `${t} (${schema.format})` : t;
    })
    .join(' | ');
  return label || (schema.properties ? 'object' : 'any');
}

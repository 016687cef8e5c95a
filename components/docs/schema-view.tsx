import { InlineMarkdown } from './inline-markdown';
import { isRef, refName, schemaAnchor, typeLabel, type Schema } from './openapi-model';

export function TypeRef({ schema }: { schema: Schema | undefined }) {
  if (schema && isRef(schema)) {
    const name = refName(schema.$ref);
    return (
      <a
        href={`#${schemaAnchor(name)}`}
        className="font-mono text-xs text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200"
      >
        {name}
      </a>
    );
  }
  if (schema?.type === 'array' && schema.items && isRef(schema.items)) {
    return (
      <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
        array of <TypeRef schema={schema.items} />
      </span>
    );
  }
  return <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{typeLabel(schema)}</span>;
}

/** Enum values, bounds, pattern and example of a schema, as small print. */
export function SchemaFacts({ schema }: { schema: Schema | undefined }) {
  if (!schema || isRef(schema)) return null;
  const facts: string[] = [];
  if (schema.enum) facts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  // zod's integer() emits the safe-integer range as bounds: not worth printing.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) facts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) facts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) facts.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) facts.push(`max length ${schema.maxLength}`);
  if (schema.pattern) facts.push(`pattern ${schema.pattern}`);
  const example = schema.example ?? schema.examples?.[0];
  if (example !== undefined) facts.push(`example ${JSON.stringify(example)}`);
  if (!facts.length) return null;
  return <p className="font-mono text-[0.7rem] break-all text-zinc-500 dark:text-zinc-400">{facts.join(' · ')}</p>;
}

/** An object schema as a table of its properties (nested objects inline); anything else as its type. */
export function SchemaView({ schema, depth = 0 }: { schema: Schema | undefined; depth?: number }) {
  if (!schema || isRef(schema) || !schema.properties || depth > 3) {
    return (
      <div className="flex flex-col gap-1">
        <TypeRef schema={schema} />
        {schema && !isRef(schema) && <InlineMarkdown text={schema.description} />}
        <SchemaFacts schema={schema} />
      </div>
    );
  }
  const required = new Set(schema.required ?? []);
  const grid = 'sm:grid sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,5fr)] sm:items-baseline sm:gap-4';
  return (
    <div className="text-sm">
      <div
        className={`hidden pb-1.5 text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400 ${grid}`}
        aria-hidden="true"
      >
        <span>Field</span>
        <span>Type</span>
        <span>Description</span>
      </div>
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {Object.entries(schema.properties).map(([name, prop]) => (
          <div key={name} className={`flex flex-col gap-1 py-2 ${grid}`}>
            <dt className="flex flex-wrap items-baseline gap-x-1.5">
              <code className="font-mono text-xs font-semibold break-all text-zinc-900 dark:text-zinc-100">{name}</code>
              {required.has(name) && (
                <span className="text-[0.65rem] font-semibold text-red-600 uppercase dark:text-red-400">required</span>
              )}
            </dt>
            <dd>
              <TypeRef schema={prop} />
            </dd>
            <dd className="min-w-0">
              {!isRef(prop) && <InlineMarkdown text={prop.description} />}
              <SchemaFacts schema={prop} />
            </dd>
            {!isRef(prop) && prop.properties && (
              <dd className="mt-1 ml-1 border-l-2 border-zinc-200 pl-3 sm:col-span-3 dark:border-zinc-700">
                <SchemaView schema={prop} depth={depth + 1} />
              </dd>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}

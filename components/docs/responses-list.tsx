import type { oas31 } from 'zod-openapi';
import { InlineMarkdown } from './inline-markdown';
import { StatusBadge } from './method-badge';
import { isRef, resolveResponse, type Doc } from './openapi-model';
import { SchemaView, TypeRef } from './schema-view';

/** Status, description and content of each response; inline object schemas are expanded. */
export function ResponsesList({ doc, responses }: { doc: Doc; responses: oas31.ResponsesObject | undefined }) {
  const entries = Object.entries(responses ?? {}).flatMap(([status, r]) => {
    const resolved = resolveResponse(doc, r as oas31.ResponseObject | oas31.ReferenceObject);
    return resolved ? [[status, resolved] as const] : [];
  });
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {entries.map(([status, response]) => (
        <li key={status} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:gap-4">
          <div className="shrink-0">
            <StatusBadge status={status} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <InlineMarkdown text={response.description} />
            {Object.entries(response.content ?? {}).map(([type, media]) => (
              <div key={type} className="flex flex-col gap-1.5">
                <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                  <code className="font-mono">{type}</code>
                  {media.schema && (isRef(media.schema) || !media.schema.properties) && (
                    <TypeRef schema={media.schema} />
                  )}
                </p>
                {media.schema && !isRef(media.schema) && media.schema.properties && (
                  <div className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
                    <SchemaView schema={media.schema} />
                  </div>
                )}
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { Metadata } from 'next';
import { AuthOverview } from '@/components/docs/auth-overview';
import { DocsNav } from '@/components/docs/docs-nav';
import { InlineMarkdown } from '@/components/docs/inline-markdown';
import { groupByTag, isRef, schemaAnchor, type Doc } from '@/components/docs/openapi-model';
import { OperationCard } from '@/components/docs/operation-card';
import { SchemaView } from '@/components/docs/schema-view';
import { openApiDocument } from '@/lib/api/openapi';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'The Transmute HTTP API, generated from its OpenAPI document.',
};

export default function DocsPage() {
  // zod-openapi types its output with its OpenAPI 3.2 interfaces (a superset); the document is 3.1.0.
  const doc = openApiDocument() as unknown as Doc;
  const groups = groupByTag(doc);
  const schemas = Object.entries(doc.components?.schemas ?? {});

  return (
    <div className="flex flex-col gap-10 lg:flex-row lg:items-start">
      <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:w-64 lg:shrink-0 lg:overflow-y-auto">
        <details className="rounded-xl border border-zinc-200 bg-white p-3 lg:hidden dark:border-zinc-800 dark:bg-zinc-900/50">
          <summary className="cursor-pointer text-sm font-semibold">Contents</summary>
          <div className="mt-3">
            <DocsNav groups={groups} schemaNames={schemas.map(([n]) => n)} />
          </div>
        </details>
        <div className="hidden lg:block">
          <DocsNav groups={groups} schemaNames={schemas.map(([n]) => n)} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col gap-12">
        <header className="flex flex-col gap-3">
          <p className="text-sm font-medium text-brand-600 dark:text-brand-300">
            API reference · OpenAPI {doc.openapi}
          </p>
          <h1 className="text-3xl font-bold tracking-tight">
            {doc.info.title}{' '}
            <span className="align-middle font-mono text-base font-normal text-zinc-500 dark:text-zinc-400">
              v{doc.info.version}
            </span>
          </h1>
          <InlineMarkdown text={doc.info.description} className="max-w-3xl text-base" />
          <p className="text-sm">
            <a
              href="/api/v1/openapi.json"
              data-testid="openapi-json-link"
              className="inline-flex items-center gap-1.5 rounded-md font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300 dark:hover:text-brand-200"
            >
              Raw OpenAPI document (JSON)
            </a>
            <span className="text-zinc-500 dark:text-zinc-400"> · base URL {doc.servers?.[0]?.url ?? '/'}</span>
          </p>
        </header>

        <AuthOverview doc={doc} />

        {groups.map((g) => (
          <section
            key={g.tag}
            id={g.anchor}
            aria-labelledby={`${g.anchor}-heading`}
            className="scroll-mt-20 flex flex-col gap-4"
          >
            <h2 id={`${g.anchor}-heading`} className="text-xl font-semibold tracking-tight">
              {g.tag}
            </h2>
            <InlineMarkdown text={g.description} />
            {g.operations.map((entry) => (
              <OperationCard key={entry.anchor} doc={doc} entry={entry} />
            ))}
          </section>
        ))}

        {schemas.length > 0 && (
          <section id="schemas" aria-labelledby="schemas-heading" className="scroll-mt-20 flex flex-col gap-4">
            <h2 id="schemas-heading" className="text-xl font-semibold tracking-tight">
              Schemas
            </h2>
            {schemas.map(([name, schema]) => (
              <article
                key={name}
                id={schemaAnchor(name)}
                className="scroll-mt-20 flex flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/50"
              >
                <h3 className="font-mono text-base font-semibold">{name}</h3>
                {!isRef(schema) && schema.properties && <InlineMarkdown text={schema.description} />}
                <SchemaView schema={schema} />
              </article>
            ))}
          </section>
        )}
      </div>
    </div>
  );
}

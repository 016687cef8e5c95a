import type { ReactNode } from 'react';
import type { oas31 } from 'zod-openapi';
import { InlineMarkdown } from './inline-markdown';
import { MethodBadge } from './method-badge';
import { resolveParameter, resolveRequestBody, type Doc, type OperationEntry } from './openapi-model';
import { ResponsesList } from './responses-list';
import { SchemaFacts, SchemaView, TypeRef } from './schema-view';
import { authSummary } from './security-label';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h4>
      {children}
    </div>
  );
}

function AuthLine({ doc, op }: { doc: Doc; op: oas31.OperationObject }) {
  const auth = authSummary(doc, op.security);
  const chip = 'rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300';
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="auth">
      {auth.open ? (
        <span className={chip}>None — public endpoint</span>
      ) : (
        <>
          {auth.anonymous && <span className={chip}>Anonymous (guest cookie)</span>}
          {auth.options.map((o) => (
            <span key={o} className={chip}>
              {o}
            </span>
          ))}
        </>
      )}
    </div>
  );
}

function Parameters({ params }: { params: oas31.ParameterObject[] }) {
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {params.map((p) => (
        <li key={`${p.in}:${p.name}`} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:gap-4">
          <div className="flex shrink-0 items-baseline gap-2 sm:w-56">
            <code className="font-mono text-xs font-semibold">{p.name}</code>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">{p.in}</span>
            {p.required && (
              <span className="text-[0.65rem] font-semibold text-red-600 uppercase dark:text-red-400">required</span>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <TypeRef schema={p.schema} />
            <InlineMarkdown text={p.description} />
            <SchemaFacts schema={p.schema} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function OperationCard({ doc, entry }: { doc: Doc; entry: OperationEntry }) {
  const { op, method, path, anchor } = entry;
  const params = (op.parameters ?? [])
    .map((p) => resolveParameter(doc, p))
    .filter((p): p is oas31.ParameterObject => !!p);
  const body = resolveRequestBody(doc, op.requestBody);
  return (
    <article
      id={anchor}
      data-testid="operation"
      data-path={path}
      className="scroll-mt-20 rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900/50"
    >
      <header className="flex flex-col gap-2 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
        <div className="flex min-w-0 items-center gap-3">
          <MethodBadge method={method} />
          <code className="min-w-0 font-mono text-sm font-semibold break-all" data-testid="operation-path">
            {path}
          </code>
        </div>
        <h3 className="text-base font-semibold">
          <a href={`#${anchor}`} className="hover:underline focus-visible:underline focus-visible:outline-none">
            {op.summary ?? `${method.toUpperCase()} ${path}`}
          </a>
        </h3>
        {op.deprecated && <p className="text-xs font-semibold text-amber-700 dark:text-amber-400">Deprecated</p>}
      </header>
      <div className="flex flex-col gap-5 px-4 py-4 sm:px-5">
        <InlineMarkdown text={op.description} />
        <Section title="Authentication">
          <AuthLine doc={doc} op={op} />
        </Section>
        {params.length > 0 && (
          <Section title="Parameters">
            <Parameters params={params} />
          </Section>
        )}
        {body && (
          <Section title={`Request body${body.required ? ' (required)' : ''}`}>
            <InlineMarkdown text={body.description} />
            {Object.entries(body.content).map(([type, media]) => (
              <div
                key={type}
                className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
              >
                <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{type}</code>
                <SchemaView schema={media.schema} />
              </div>
            ))}
          </Section>
        )}
        <Section title="Responses">
          <ResponsesList doc={doc} responses={op.responses} />
        </Section>
      </div>
    </article>
  );
}

import { InlineMarkdown } from './inline-markdown';
import { isRef, type Doc } from './openapi-model';

/** The security schemes of the document, plus the guest cookie the API describes in prose. */
export function AuthOverview({ doc }: { doc: Doc }) {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  return (
    <section id="authentication" aria-labelledby="authentication-heading" className="scroll-mt-20 flex flex-col gap-3">
      <h2 id="authentication-heading" className="text-xl font-semibold tracking-tight">
        Authentication
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/50">
          <p className="text-sm font-semibold">Anonymous</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            No credentials: the server sets a signed guest identity in an HttpOnly cookie. Browsers send it on
            same-origin requests; free-plan limits apply.
          </p>
        </li>
        {schemes.map(([name, scheme]) =>
          isRef(scheme) ? null : (
            <li
              key={name}
              className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/50"
            >
              <p className="flex items-center gap-2 text-sm font-semibold">
                {name}
                <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-normal dark:bg-zinc-800">
                  {scheme.type === 'apiKey'
                    ? `${scheme.in}: ${scheme.name}`
                    : `${scheme.type} ${scheme.scheme ?? ''}`.trim()}
                </code>
              </p>
              <InlineMarkdown text={scheme.description} className="mt-1" />
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

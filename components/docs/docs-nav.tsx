import { MethodBadge } from './method-badge';
import type { TagGroup } from './openapi-model';

const link =
  'block rounded-md px-2 py-1 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-zinc-800';

/** Table of contents: tags with their operations, then the schemas. */
export function DocsNav({ groups, schemaNames }: { groups: TagGroup[]; schemaNames: string[] }) {
  return (
    <nav aria-label="API reference" className="text-sm">
      <ul className="flex flex-col gap-4">
        <li>
          <a href="#authentication" className={`${link} font-semibold`}>
            Authentication
          </a>
        </li>
        {groups.map((g) => (
          <li key={g.tag}>
            <a href={`#${g.anchor}`} className={`${link} font-semibold`}>
              {g.tag}
            </a>
            <ul className="mt-1 flex flex-col">
              {g.operations.map((o) => (
                <li key={o.anchor}>
                  <a
                    href={`#${o.anchor}`}
                    className={`${link} flex items-center gap-2 text-zinc-600 dark:text-zinc-400`}
                  >
                    <MethodBadge method={o.method} compact />
                    <span className="truncate font-mono text-xs" title={o.path}>
                      {o.path.replace(/^\/api\/v1/, '')}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {schemaNames.length > 0 && (
          <li>
            <a href="#schemas" className={`${link} font-semibold`}>
              Schemas
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

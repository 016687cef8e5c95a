import Link from 'next/link';

const LINK_CLASS =
  'inline-flex min-h-11 items-center rounded px-2 underline underline-offset-2 hover:text-zinc-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:text-zinc-200';

export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-200 px-4 py-4 text-center text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p className="mx-auto max-w-5xl text-pretty">
        Transmute — self-hosted file conversion. Files of anonymous visitors are deleted after 24 hours.
      </p>
      <nav aria-label="More" className="mt-1">
        <ul className="flex flex-wrap justify-center">
          <li>
            <Link href="/formats" className={LINK_CLASS}>
              Formats
            </Link>
          </li>
          <li>
            <Link href="/stats" className={LINK_CLASS}>
              Statistics
            </Link>
          </li>
          <li>
            <a href="/api/v1/openapi.json" className={LINK_CLASS}>
              OpenAPI
            </a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}

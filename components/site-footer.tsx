export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-200 py-6 text-center text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
      <p>
        Transmute — self-hosted file conversion. Files of anonymous visitors are deleted after 24 hours.{' '}
        <a
          href="/api/v1/openapi.json"
          className="rounded underline underline-offset-2 hover:text-zinc-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:text-zinc-200"
        >
          OpenAPI
        </a>
        {' · '}
        <a
          href="/stats"
          className="rounded underline underline-offset-2 hover:text-zinc-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:text-zinc-200"
        >
          Statistics
        </a>
      </p>
    </footer>
  );
}

import type { FormatEntry } from './types';

/** What the extension suggests; the server decides from the bytes. */
export function SourceHint({ source, extension }: { source: FormatEntry | undefined; extension: string }) {
  return (
    <p
      className="text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="source-format"
      data-format={source?.format ?? ''}
    >
      {source ? (
        <>
          Looks like a <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{source.label}</strong>{' '}
          <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">.{extension}</span>
          <span className="sr-only">.</span> The server confirms the format from the file&apos;s content.
        </>
      ) : (
        <>
          {extension ? (
            <>
              Unknown extension{' '}
              <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">.{extension}</span>
              .
            </>
          ) : (
            'No file extension.'
          )}{' '}
          The server detects the format from the content; every target is listed.
        </>
      )}
    </p>
  );
}

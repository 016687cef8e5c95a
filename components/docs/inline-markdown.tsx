import type { ReactNode } from 'react';

/** `code` spans only: the OpenAPI descriptions use nothing else inline. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/g).map((part, i) =>
    part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
      <code
        key={i}
        className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
      >
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

/** A tiny Markdown subset: paragraphs, "- " bullet lists and `code`. */
export function InlineMarkdown({ text, className = '' }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  const blocks: Array<{ list: boolean; lines: string[] }> = [];
  for (const line of text.split('\n')) {
    const isItem = /^\s*[-*] /.test(line);
    const last = blocks.at(-1);
    if (!line.trim()) continue;
    if (last && last.list === isItem && isItem) last.lines.push(line.replace(/^\s*[-*] /, ''));
    else blocks.push({ list: isItem, lines: [isItem ? line.replace(/^\s*[-*] /, '') : line] });
  }
  return (
    <div className={`flex flex-col gap-2 text-sm leading-relaxed text-zinc-700 dark:text-zinc-300 ${className}`}>
      {blocks.map((b, i) =>
        b.list ? (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {b.lines.map((l, j) => (
              <li key={j}>{inline(l)}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{inline(b.lines.join(' '))}</p>
        ),
      )}
    </div>
  );
}

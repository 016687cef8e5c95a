import { formatDateTime } from '@/components/ui/format-date';
import { smallButton } from './small-button';
import type { ApiKeyJson } from './types';

/** The account's keys: name, prefix, when created and last used; each with a Delete button. */
export function ApiKeyList({ keys, onDelete }: { keys: readonly ApiKeyJson[]; onDelete: (key: ApiKeyJson) => void }) {
  if (keys.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400"
        data-testid="api-keys-empty"
      >
        No API keys yet.
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      data-testid="api-key-list"
    >
      {keys.map((key) => (
        <li
          key={key.id}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="api-key-row"
          data-key-id={key.id}
        >
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium break-all" data-testid="api-key-name">
                {key.name}
              </span>
              <code
                className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
                data-testid="api-key-prefix"
                title="The first characters of the secret"
              >
                {key.prefix}…
              </code>
            </p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
              <div className="flex gap-1">
                <dt>Created</dt>
                <dd>
                  <time dateTime={key.created_at}>{formatDateTime(key.created_at)}</time>
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>Last used</dt>
                <dd data-testid="api-key-last-used">
                  {key.last_used_at ? (
                    <time dateTime={key.last_used_at}>{formatDateTime(key.last_used_at)}</time>
                  ) : (
                    'Never'
                  )}
                </dd>
              </div>
            </dl>
          </div>
          <div>
            <button
              type="button"
              onClick={() => onDelete(key)}
              className={smallButton.danger}
              data-testid="delete-key-button"
              aria-label={`Delete API key ${key.name}`}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

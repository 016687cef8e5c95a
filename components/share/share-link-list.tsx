'use client';

import { useState } from 'react';
import type { z } from 'zod';
import { api, attempt } from '@/components/api/browser-client';
import { buttonStyles } from '@/components/ui/button-styles';
import { formatDateTime } from '@/components/ui/format-date';
import type { ShareLink } from '@/lib/schemas/shares';

/** A share link as GET /conversions/{id}/shares lists it (type-only: the API's own schema, nothing bundled). */
export type ShareLinkJson = z.infer<typeof ShareLink>;

function accesses(link: ShareLinkJson) {
  const used = `${link.access_count} download${link.access_count === 1 ? '' : 's'}`;
  return link.access_limit === null ? used : `${used} of ${link.access_limit}`;
}

/** Every link of a conversion: what it allows, how often it was used, copy and revoke. */
export function ShareLinkList({
  conversionId,
  links,
  onRevoked,
}: {
  conversionId: number | string;
  links: ShareLinkJson[];
  onRevoked: (token: string) => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  async function revoke(link: ShareLinkJson) {
    const path = { id: String(conversionId), token: link.token };
    const result = await attempt(api.DELETE('/api/v1/conversions/{id}/shares/{token}', { params: { path } }));
    if (!result.ok && result.error.status !== 404) return setMessage(result.message);
    setMessage('Link revoked: it no longer opens.');
    onRevoked(link.token);
  }

  async function copy(link: ShareLinkJson) {
    await navigator.clipboard?.writeText(link.url);
    setCopied(link.token);
  }

  return (
    <div className="flex flex-col gap-2" data-testid="share-links">
      <p className="text-sm font-semibold">Links to this result</p>
      {links.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No links yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {links.map((link, index) => (
            <li
              key={link.token}
              data-testid="share-link"
              className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3 text-sm sm:flex-row sm:items-center dark:border-zinc-800"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                {/* Wraps anywhere so the whole token shows at any width; one click selects all of it for copying by hand. */}
                <code
                  data-testid="share-link-url"
                  className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 font-mono text-xs break-all select-all dark:border-zinc-700 dark:bg-zinc-900"
                >
                  {link.url}
                </code>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {link.has_password ? 'Password · ' : ''}
                  <span data-testid="share-link-accesses">{accesses(link)}</span> · expires{' '}
                  {formatDateTime(link.expires_at)}
                </span>
              </div>
              <div className="flex gap-2">
                <button type="button" className={buttonStyles.secondary} onClick={() => void copy(link)}>
                  {copied === link.token ? 'Copied' : 'Copy'}
                  <span className="sr-only"> link {index + 1}</span>
                </button>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => void revoke(link)}
                  data-testid="share-link-revoke"
                >
                  Revoke<span className="sr-only"> link {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {message}
      </p>
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { ShareForm } from './share-form';
import { ShareLinkList, type ShareLinkJson } from './share-link-list';

/**
 * The owner's sharing of one result: create a link (password, expiry, access limit) and manage
 * every link it has. Used by the converter's result and by the dashboard's conversions.
 */
export function ShareManager({
  conversionId,
  expiresAt,
  startOpen = false,
}: {
  conversionId: number | string;
  expiresAt: string;
  startOpen?: boolean;
}) {
  const [links, setLinks] = useState<ShareLinkJson[] | null>(null);
  const [error, setError] = useState('');

  // Bumped after a link is created, to list it with the others.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const params = { path: { id: String(conversionId) } };
    void attempt(api.GET('/api/v1/conversions/{id}/shares', { params })).then((r) => {
      setError(r.ok ? '' : r.message);
      if (r.ok) setLinks(r.data.shares);
    });
  }, [conversionId, version]);

  return (
    <div className="flex flex-col gap-4" data-testid="share-manager">
      <ShareForm
        conversionId={conversionId}
        expiresAt={expiresAt}
        startOpen={startOpen}
        onCreated={() => setVersion((v) => v + 1)}
      />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {links && links.length > 0 && (
        <ShareLinkList
          conversionId={conversionId}
          links={links}
          onRevoked={(token) => setLinks((all) => (all ?? []).filter((l) => l.token !== token))}
        />
      )}
    </div>
  );
}

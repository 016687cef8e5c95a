'use client';

import { useEffect, useRef, useState } from 'react';
import { smallButton } from './small-button';
import type { CreatedApiKeyJson } from './types';

/** The secret of a key just created, shown this once, with a copy button. */
export function NewKeySecret({ apiKey, onDone }: { apiKey: CreatedApiKeyJson; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [apiKey.id]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey.secret);
      setCopied('yes');
    } catch {
      // No clipboard API (plain http on another host): select the text for Ctrl+C instead.
      input.current?.focus();
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <section
      aria-labelledby="new-key-heading"
      data-testid="new-key"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800/70 dark:bg-amber-950/30"
    >
      <h2 id="new-key-heading" className="font-semibold text-amber-950 dark:text-amber-100">
        Copy the secret of “{apiKey.name}” now
      </h2>
      <p className="text-sm text-amber-900 dark:text-amber-200" data-testid="new-key-warning">
        This is the only time it is shown. Store it somewhere safe, like a password manager or your CI’s secrets; if you
        lose it, delete the key and create a new one.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="new-key-secret" className="sr-only">
          API key secret
        </label>
        <input
          ref={input}
          id="new-key-secret"
          readOnly
          value={apiKey.secret}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="new-key-secret"
          spellCheck={false}
          className="h-9 min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 font-mono text-sm focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none dark:border-amber-800 dark:bg-zinc-950"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className={smallButton.primary}
          data-testid="copy-secret-button"
        >
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p
        aria-live="polite"
        className={copied ? 'text-sm text-amber-900 dark:text-amber-200' : 'sr-only'}
        data-testid="copy-status"
      >
        {copied === 'yes' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'Copying is not available here: the secret is selected, press Ctrl+C (⌘C on a Mac).'}
      </p>
      <p className="text-sm text-amber-900 dark:text-amber-200">
        Send it as <code className="rounded bg-amber-100 px-1 font-mono dark:bg-amber-900/50">X-API-Key: …</code> or{' '}
        <code className="rounded bg-amber-100 px-1 font-mono dark:bg-amber-900/50">Authorization: Bearer …</code>.
      </p>
      <div>
        <button type="button" onClick={onDone} className={smallButton.secondary} data-testid="dismiss-secret-button">
          I have saved it
        </button>
      </div>
    </section>
  );
}

'use client';

import { useId } from 'react';
import { useModalDialog } from '../use-modal-dialog';
import { ShareManager } from '@/components/share/share-manager';
import { smallButton } from '../small-button';

type Props = { id: string; fileName: string; expiresAt: string; open: boolean; onClose: () => void };

/** A conversion's share links in a modal (native <dialog>: focus stays inside, Escape closes). */
export function ShareDialog({ id, fileName, expiresAt, open, onClose }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="share-dialog"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold tracking-tight break-all">
            Share {fileName}
          </h2>
          <button type="button" className={smallButton.secondary} onClick={onClose}>
            Close
          </button>
        </div>
        {open && <ShareManager conversionId={id} expiresAt={expiresAt} startOpen />}
      </div>
    </dialog>
  );
}

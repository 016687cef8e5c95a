'use client';

import { useEffect, useRef, useState } from 'react';
import { smallButton } from '@/components/dashboard/small-button';

/**
 * "Choose a folder": the browser's folder picker (every file inside it, every level down), shown
 * only where the browser has one (`webkitdirectory`; dropping a folder on the zone works there too).
 */
export function FolderPicker({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    if (!input.current || !('webkitdirectory' in input.current)) return;
    input.current.webkitdirectory = true;
    setSupported(true);
  }, []);
  return (
    <>
      {supported && (
        <div>
          <button
            type="button"
            className={smallButton.secondary.replace('h-9', 'h-11 sm:h-9')}
            onClick={() => input.current?.click()}
            data-testid="batch-folder-button"
          >
            Choose a folder
          </button>
        </div>
      )}
      <input
        ref={input}
        type="file"
        multiple
        tabIndex={-1}
        className="sr-only"
        aria-hidden="true"
        data-testid="batch-folder-input"
        onChange={(e) => {
          // Hidden files a folder carries (.DS_Store, .git…) are not the user's documents.
          const files = [...(e.currentTarget.files ?? [])].filter(
            (f) => !f.webkitRelativePath.split('/').some((part) => part.startsWith('.')),
          );
          if (files.length > 0) onFiles(files);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

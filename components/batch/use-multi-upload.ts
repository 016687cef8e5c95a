'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api, attempt } from '@/components/api/browser-client';
import { speedMeter } from '@/components/converter/speed-meter';
import { uploadFile, type UploadHandle } from '@/components/converter/upload-file';
import { watchConversion } from '@/components/converter/watch-conversion';
import type { OptionValues } from '@/components/converter/options-panel';
import type { Conversion, ErrorInfo } from '@/components/converter/types';

export type FileState =
  'ready' | 'queued' | 'uploading' | 'paused' | 'converting' | 'completed' | 'failed' | 'cancelled';

export type FileItem = {
  key: string;
  file: File;
  /** This file's own target; null: the one chosen for all when it can go there, else its default. */
  target: string | null;
  /** This file's own option values; null: the ones chosen for all. */
  options: OptionValues | null;
  /** The conversion options sent for it, settled when it is queued (a retry sends the same). */
  send: Record<string, unknown>;
  state: FileState;
  /** Upload percent while sending, the conversion's progress after. */
  percent: number;
  /** Bytes per second while sending. */
  speed: number;
  /** How many identical files (name, size, type, modification time) were chosen before this one. */
  copy: number;
  conversion?: Conversion;
  error?: ErrorInfo;
};

/** Uploads at once; the others wait their turn, so each still gets a useful share of the link. */
const PARALLEL_UPLOADS = 3;
const SENDING: readonly FileState[] = ['uploading', 'paused'];
export const FINISHED: readonly FileState[] = ['completed', 'failed', 'cancelled'];

/** The error code of a file the page refuses before sending it (over the plan's size). */
export const REFUSED_BEFORE_SENDING = 'file_too_large';

/** Whether sending the file again could help: it failed or was cancelled, not refused before sending. */
export const canRetry = (item: FileItem) =>
  (item.state === 'failed' || item.state === 'cancelled') && item.error?.code !== REFUSED_BEFORE_SENDING;

let nextKey = 0;

/**
 * Many files, each on its own: a resumable tus upload (pause, cancel, retry; a reload resumes it
 * when the same file is chosen again), then its conversion followed to the end.
 */
export function useMultiUpload() {
  const [items, setItems] = useState<FileItem[]>([]);
  // Conversions created here, each charged to today's allowance (a retry creates another).
  const [charged, setCharged] = useState(0);
  const uploads = useRef(new Map<string, UploadHandle>());
  const watchers = useRef(new Map<string, () => void>());

  const update = useCallback(
    (key: string, change: Partial<FileItem>) =>
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );

  const follow = useCallback(
    (key: string, conversion: Conversion) => {
      const stop = watchConversion(conversion.id, {
        onUpdate: (u) => {
          const done = u.status === 'completed' || u.status === 'failed' || u.status === 'cancelled';
          const state: FileState = u.status === 'pending' || u.status === 'processing' ? 'converting' : u.status;
          update(key, {
            state,
            percent: u.progress,
            conversion: { ...conversion, status: u.status, progress: u.progress },
            ...(u.status === 'failed' ? { error: { title: 'Conversion failed', message: u.error ?? '' } } : {}),
          });
          if (done) watchers.current.delete(key);
        },
        onLost: (message) => update(key, { state: 'failed', error: { title: 'Lost track', message } }),
      });
      watchers.current.set(key, stop);
    },
    [update],
  );

  // Files waiting for an upload slot, and how many slots are taken (outside React: no effect starts uploads).
  const queue = useRef<FileItem[]>([]);
  const running = useRef(0);

  // A visitor without an account gets their identity (a cookie) from their first upload's creation:
  // until one has been created, one upload at a time, or parallel ones would each get another.
  const identified = useRef(false);
  const identify = () => {
    if (identified.current) return;
    identified.current = true;
    pump();
  };

  function pump() {
    while (running.current < (identified.current ? PARALLEL_UPLOADS : 1) && queue.current.length > 0) {
      const item = queue.current.shift()!;
      running.current++;
      const speed = speedMeter();
      update(item.key, { state: 'uploading', percent: 0, speed: 0, error: undefined, conversion: undefined });
      const handle = uploadFile(
        item.file,
        item.target ?? '',
        ({ sent, total }) => {
          update(item.key, { percent: (100 * sent) / Math.max(1, total), speed: speed(sent) });
          identify(); // bytes are only sent once the upload exists
        },
        item.send,
        item.copy,
      );
      uploads.current.set(item.key, handle);
      void handle.done.then((outcome) => {
        uploads.current.delete(item.key);
        running.current--;
        identified.current = true;
        if (outcome.ok) {
          setCharged((n) => n + 1);
          update(item.key, { state: 'converting', percent: 0, conversion: outcome.conversion });
          follow(item.key, outcome.conversion);
        } else if ('aborted' in outcome) update(item.key, { state: 'cancelled' });
        else update(item.key, { state: 'failed', error: outcome.error });
        pump();
      });
    }
  }

  /** Queues files with their targets and options settled (each file's own, or those for all when they were queued). */
  const enqueue = (chosen: FileItem[]) => {
    const byKey = new Map(chosen.map((i) => [i.key, i]));
    setItems((all) =>
      all.map((i) => {
        const settled = byKey.get(i.key);
        return settled ? { ...i, target: settled.target, send: settled.send, state: 'queued', error: undefined } : i;
      }),
    );
    queue.current.push(...chosen);
    pump();
  };

  useEffect(() => {
    const current = { uploads: uploads.current, watchers: watchers.current };
    return () => {
      current.uploads.forEach((u) => u.pause());
      current.watchers.forEach((stop) => stop());
    };
  }, []);

  return {
    items,
    charged,
    add: (files: File[], refuse: (file: File) => ErrorInfo | null) =>
      setItems((all) => [
        ...all,
        ...files.map((file, i) => {
          const refused = refuse(file);
          const chosenBefore = [...all.map((item) => item.file), ...files.slice(0, i)];
          return {
            key: `file-${nextKey++}`,
            file,
            copy: chosenBefore.filter((other) => sameFile(other, file)).length,
            target: null,
            options: null,
            send: {},
            state: refused ? ('failed' as const) : ('ready' as const),
            percent: 0,
            speed: 0,
            ...(refused ? { error: refused } : {}),
          };
        }),
      ]),
    remove: (key: string) => setItems((all) => all.filter((i) => i.key !== key)),
    clear: () => setItems([]),
    setTarget: (key: string, target: string | null) => update(key, { target }),
    setOptions: (key: string, options: OptionValues | null) => update(key, { options }),
    startAll: (settle: (item: FileItem) => { target: string; send: Record<string, unknown> }) =>
      enqueue(items.filter((i) => i.state === 'ready').map((i) => ({ ...i, ...settle(i) }))),
    pause: (key: string, on: boolean) => {
      const handle = uploads.current.get(key);
      if (!handle) return;
      if (on) handle.pause();
      else handle.resume();
      update(key, { state: on ? 'paused' : 'uploading' });
    },
    cancel: (item: FileItem) => {
      if (item.state === 'queued') {
        queue.current = queue.current.filter((i) => i.key !== item.key);
        return update(item.key, { state: 'cancelled' });
      }
      if (SENDING.includes(item.state)) return uploads.current.get(item.key)?.cancel();
      if (item.state === 'converting' && item.conversion)
        void attempt(
          api.POST('/api/v1/conversions/{id}/cancel', { params: { path: { id: String(item.conversion.id) } } }),
        );
    },
    retry: (item: FileItem) => enqueue([item]),
    /** Sends every failed file again (not the cancelled ones, nor those refused before sending). */
    retryFailed: () => enqueue(items.filter((i) => i.state === 'failed' && canRetry(i))),
  };
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified;

'use client';

import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';

// The one-file converter and the many-files converter are siblings on the home page: several files
// dropped on the first belong to the second, which takes them through this channel.

type Receiver = (files: File[]) => void;
type Channel = { send: Receiver; listen: (receiver: Receiver | null) => void };

const HandOff = createContext<Channel | null>(null);

/** Lets the converters inside it pass many files from one to the other. */
export function ManyFilesHandOff({ children }: { children: ReactNode }) {
  const receiver = useRef<Receiver | null>(null);
  const channel = useMemo<Channel>(
    () => ({
      send: (files) => receiver.current?.(files),
      listen: (next) => {
        receiver.current = next;
      },
    }),
    [],
  );
  return <HandOff.Provider value={channel}>{children}</HandOff.Provider>;
}

/** Where many files go from a one-file drop zone; undefined outside a ManyFilesHandOff (the zone keeps the first). */
export function useSendManyFiles(): Receiver | undefined {
  return useContext(HandOff)?.send;
}

/** Takes the files handed over, calling the latest `receive`. */
export function useReceiveManyFiles(receive: Receiver) {
  const channel = useContext(HandOff);
  const latest = useRef(receive);
  useEffect(() => {
    latest.current = receive;
  });
  useEffect(() => {
    channel?.listen((files) => latest.current(files));
    return () => channel?.listen(null);
  }, [channel]);
}

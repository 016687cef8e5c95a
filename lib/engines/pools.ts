import { shutdownLibreOffice } from './libreoffice/pool';
import { shutdownOcr } from './ocr/pool';
import { shutdownSharp } from './sharp/pool';

// The warm engine processes of this process (LibreOffice, sharp and OCR workers), for its stop.
// They start on first use and stop after ENGINE_IDLE_SECONDS unused (warm/warm-pool.ts); their
// sandboxes die with this process.

export async function shutdownEngines(): Promise<void> {
  await Promise.all([shutdownLibreOffice(), shutdownSharp(), shutdownOcr()]);
}

import { shutdownLibreOffice } from './libreoffice/pool';
import { shutdownOcr } from './ocr/pool';
import { stopStandbys } from './sandbox/standby';
import { shutdownSharp } from './sharp/pool';

// The warm engine processes of this process (LibreOffice, sharp and OCR workers, and the programs
// started ahead: sandbox/standby.ts), for its stop. They start on first use and stop after
// ENGINE_IDLE_SECONDS unused (warm/warm-pool.ts); their sandboxes die with this process.

export async function shutdownEngines(): Promise<void> {
  stopStandbys();
  await Promise.all([shutdownLibreOffice(), shutdownSharp(), shutdownOcr()]);
}

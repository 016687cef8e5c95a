import { shutdownLibreOffice, warmUp as warmUpLibreOffice } from './libreoffice/pool';
import { shutdownOcr, warmUpOcr } from './ocr/pool';
import { shutdownSharp, warmUpSharp } from './sharp/pool';
import { sandboxRefusal } from './sandbox-status';

// The warm engine processes of this process (LibreOffice, sharp and OCR workers), for the worker's
// start and stop. Both also start on first use; their sandboxes die with this process.

export async function warmUpEngines(): Promise<void> {
  if (sandboxRefusal()) return; // said once at start (lib/engines/sandbox-status.ts); nothing can run
  await Promise.all([warmUpLibreOffice(), warmUpSharp(), warmUpOcr()]);
}

export async function shutdownEngines(): Promise<void> {
  await Promise.all([shutdownLibreOffice(), shutdownSharp(), shutdownOcr()]);
}

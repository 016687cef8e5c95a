import { shutdownLibreOffice, warmUp as warmUpLibreOffice } from './libreoffice/pool';
import { shutdownOcr, warmUpOcr } from './ocr/pool';
import { shutdownSharp, warmUpSharp } from './sharp/pool';

// The warm engine processes of this process (LibreOffice, sharp and OCR workers), for the worker's
// start and stop. Both also start on first use; their sandboxes die with this process.

export async function warmUpEngines(): Promise<void> {
  await Promise.all([warmUpLibreOffice(), warmUpSharp(), warmUpOcr()]);
}

export async function shutdownEngines(): Promise<void> {
  await Promise.all([shutdownLibreOffice(), shutdownSharp(), shutdownOcr()]);
}

import { shutdownLibreOffice, warmUp as warmUpLibreOffice } from './libreoffice/pool';
import { shutdownSharp, warmUpSharp } from './sharp/pool';

// The warm engine processes of this process (LibreOffice and sharp workers), for the worker's
// start and stop. Both also start on first use; their sandboxes die with this process.

export async function warmUpEngines(): Promise<void> {
  await Promise.all([warmUpLibreOffice(), warmUpSharp()]);
}

export async function shutdownEngines(): Promise<void> {
  await Promise.all([shutdownLibreOffice(), shutdownSharp()]);
}

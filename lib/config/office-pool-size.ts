import os from 'node:os';

// How many warm LibreOffice instances run by default (LIBREOFFICE_POOL_SIZE overrides). One
// instance converts one document at a time on one core, so the pool follows the cores, as long as
// memory holds them: an instance converting takes 200–400 MB resident (measured on the bench
// DOCX and a 40-page spreadsheet), budgeted at 1 GiB each within half the machine's memory (the
// rest is for sharp, ffmpeg, Node and the database). More instances than engine slots would idle.

/** Resident memory budgeted per LibreOffice instance. */
const OFFICE_INSTANCE_BUDGET_BYTES = 1024 ** 3;
/** Above this the gain flattens (document jobs are a share of all jobs) while memory keeps growing. */
const MAX_DEFAULT_POOL_SIZE = 8;

export function defaultOfficePoolSize(
  machine: { cores: number; memoryBytes: number; engineSlots: number } = {
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    engineSlots: os.availableParallelism(),
  },
): number {
  const byMemory = Math.floor(machine.memoryBytes / 2 / OFFICE_INSTANCE_BUDGET_BYTES);
  return Math.max(1, Math.min(machine.cores, byMemory, machine.engineSlots, MAX_DEFAULT_POOL_SIZE));
}

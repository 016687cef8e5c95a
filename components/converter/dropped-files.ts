// The files of a drop, folders opened: browsers that expose dropped folders (the File and Directory
// Entries API, `webkitGetAsEntry`) give their files, every level down; others give the files alone.

/** What the entries of one drop are read from; taken while the drop event runs (the list empties after). */
export function dropEntries(data: DataTransfer): FileSystemEntry[] | null {
  const items = [...data.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  // No folder among them (or no entry API): the plain file list says it all.
  if (!entries.some((entry) => entry?.isDirectory)) return null;
  return entries.filter((entry): entry is FileSystemEntry => entry !== null);
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** One folder's entries: `readEntries` answers in slices (100 in Chromium) until an empty one. */
async function childrenOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const slice = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (slice.length === 0) return all;
    all.push(...slice);
  }
}

/** The files under these entries, in the order given and each folder's files in name order; hidden ones (.DS_Store) left out. */
export async function filesOfEntries(entries: FileSystemEntry[]): Promise<File[]> {
  const files: File[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isFile) files.push(await fileOf(entry as FileSystemFileEntry));
    else if (entry.isDirectory) {
      const children = await childrenOf(entry as FileSystemDirectoryEntry);
      children.sort((a, b) => a.name.localeCompare(b.name));
      files.push(...(await filesOfEntries(children)));
    }
  }
  return files;
}

/**
 * Whether a hard link (or a rename) failed because its two names are on different filesystems, or
 * on one that has no hard links (EPERM): the caller copies instead.
 */
export const crossesFilesystems = (e: unknown): boolean =>
  ['EXDEV', 'EPERM'].includes((e as NodeJS.ErrnoException | null)?.code ?? '');

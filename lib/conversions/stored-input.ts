/** A file already in storage with its first bytes (for detection): what every way in hands to a conversion. */
export type StoredInput = { key: string; fileName: string; size: number; head: Buffer };

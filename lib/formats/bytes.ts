// Reading a file's head: the comparisons every signature makes.

/** `s` (latin1) at byte `at`. */
export const ascii = (head: Buffer, s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;

/** The bytes `hex` at byte `at`. */
export const hexAt = (head: Buffer, hex: string, at = 0) =>
  head.subarray(at, at + hex.length / 2).equals(Buffer.from(hex, 'hex'));

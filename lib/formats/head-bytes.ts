/** How many leading bytes detection looks at. */
export const HEAD_BYTES = 64 * 1024;

// How a tus 1.0 client writes its requests, for the tests that speak the protocol by hand.

/** The protocol version every tus request but OPTIONS carries. */
export const TUS_RESUMABLE = { 'Tus-Resumable': '1.0.0' };

/** `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** The headers of a PATCH that appends bytes at `offset`. */
export const tusPatchHeaders = (offset: number) => ({
  'Upload-Offset': String(offset),
  'Content-Type': 'application/offset+octet-stream',
});

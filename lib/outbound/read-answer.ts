import { AppError, isAppError } from '@/lib/errors';
import type { OutboundResponse } from '@/lib/outbound/client';

/**
 * The whole body of a service's answer to a request made with `maxBytes`. Past the cap the client
 * fails with its file-size 413 (the plan's limit, right for a download); for an API's answer (a
 * listing, tokens) it is the other service that misbehaved, so the refusal names its answer.
 */
export async function readAnswer(res: OutboundResponse, from: string, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of res.body) chunks.push(c as Buffer);
  } catch (e) {
    if (isAppError(e) && e.code === 'payload_too_large')
      throw new AppError('bad_request', `${from} answered with more than the ${maxBytes} bytes accepted`);
    throw e;
  }
  return Buffer.concat(chunks);
}

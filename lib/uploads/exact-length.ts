import { Transform } from 'node:stream';
import { AppError } from '@/lib/errors';

/**
 * Passes exactly `size` bytes: a chunk that would go past them fails the stream before it is
 * written anywhere, and an end before `size` fails it too. `violation` tells why, for the caller.
 */
export function exactLength(size: number, what: string): Transform & { violation?: AppError } {
  let received = 0;
  const stream: Transform & { violation?: AppError } = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > size) {
        stream.violation = new AppError('bad_request', `${what} is longer than its ${size} bytes`);
        return done(stream.violation);
      }
      done(null, chunk);
    },
    flush(done) {
      if (received === size) return done();
      stream.violation = new AppError('bad_request', `${what} has ${received} bytes; it must have exactly ${size}`);
      done(stream.violation);
    },
  });
  return stream;
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerOnEarlyAnswer } from '@/lib/http/linger-on-early-answer';

// What Next does with a body a handler refused unread: answer, then destroy the request stream.
function refuseEarly(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(413, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'File exceeds your plan', code: 'payload_too_large' }));
  req.destroy();
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(linger: boolean) {
  server = createServer((req, res) => {
    if (linger) lingerOnEarlyAnswer(req);
    refuseEarly(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw HTTP client that sends `size` bytes as fast as the socket takes them; resolves with what it read. */
function sendBody(port: number, size: number): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 1);
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      socket.end();
    };
    socket.on('connect', () => {
      socket.write(
        `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
      );
      pump();
    });
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ answer, error: e.code }));
    socket.on('close', () => resolve({ answer }));
  });
}

describe('an answer sent before the body is read', () => {
  it('reaches a client still sending 51 MB: a clean 413, never a reset', async () => {
    const port = await serve(true);
    const { answer, error } = await sendBody(port, 51_000_000);
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"payload_too_large"');
  });

  it('without it the connection is reset under the client', async () => {
    const port = await serve(false);
    const { error } = await sendBody(port, 51_000_000);
    expect(error).toMatch(/ECONNRESET|EPIPE/);
  });
});

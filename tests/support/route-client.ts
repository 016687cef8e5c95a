// Calls our Next route handlers in-process with real Requests (no server, no mocks): the whole
// stack below the handler (identity, validation, PostgreSQL, storage, engines) is real.
import { signedClientAddressHeaders } from '@/lib/identity/client-address';

type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export class RouteClient {
  private cookie: string | undefined;
  private readonly headers: Record<string, string>;
  /** Each client has its own network address, signed as scripts/server.ts signs it. */
  constructor(headers: Record<string, string> = {}) {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random().toString(36).slice(2, 8)}`;
    this.headers = { ...signedClientAddressHeaders(address), ...headers };
  }

  async call(
    handler: Handler,
    options: {
      method?: string;
      path: string;
      params?: Record<string, string>;
      body?: BodyInit;
      headers?: Record<string, string>;
    },
  ) {
    const headers = new Headers({ ...this.headers, ...options.headers });
    if (this.cookie) headers.set('cookie', this.cookie);
    let body = options.body;
    if (body instanceof FormData) {
      // Serialise up front: undici's FormData producer misbehaves when a handler stops reading early.
      const encoded = new Response(body);
      headers.set('content-type', encoded.headers.get('content-type')!);
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const request = new Request(`http://localhost:3000${options.path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    return response;
  }
}

export function uploadForm(file: Buffer | Uint8Array, fileName: string, targetFormat?: string): FormData {
  const form = new FormData();
  if (targetFormat !== undefined) form.append('target_format', targetFormat);
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  return form;
}

/** A JSON request body with its content type (and any other headers), to spread into `call` options. */
export const jsonBody = (value: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json', ...headers },
});

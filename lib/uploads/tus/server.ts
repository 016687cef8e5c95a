import { Server, type Upload } from '@tus/server';
import { isAppError } from '@/lib/errors';
import { isDatabaseUnavailable } from '@/lib/database/unavailable';
import type { Caller } from '@/lib/identity/caller';
import { parseOptionsText } from '@/lib/conversions/convert-options';
import { isOutOfSpace, outOfSpaceError } from '@/lib/storage/out-of-space';
import { finishUpload } from '@/lib/uploads/finish-upload';
import { PostgresLocker } from '@/lib/uploads/tus/locker';
import { readNodeBodies, rememberNodeBody } from '@/lib/uploads/tus/node-body';
import { discardTusUpload, tusStore } from '@/lib/uploads/tus/store';
import { CONVERSION_ID_HEADER, MAX_FILE_SIZE_BYTES, TUS_PATH } from '@/lib/domain/upload-rules';

/** What the route resolved for one request, for the hooks @tus/server calls with that request. */
export type TusCall = { caller: Caller; newId?: string };
const calls = new WeakMap<Request, TusCall>();

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const ID_PREFIX = 'inputs/';
/** The tus id (the storage key) of an upload token, and back. */
export const tusIdOf = (token: string) => `${ID_PREFIX}${token}`;
const tokenOf = (id: string) => id.slice(ID_PREFIX.length);

const errorBody = (error: string, code: string) => JSON.stringify({ error, code });
const tusCode = (status: number) =>
  status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'bad_request';

/** The last byte arrived: the conversion is created exactly as the parts API's complete does it. */
async function onUploadFinish(request: Request, upload: Upload) {
  const call = calls.get(request);
  if (!call) throw { status_code: 500, body: errorBody('Upload finished outside a request', 'internal_error') };
  try {
    const conversion = await finishUpload({
      caller: call.caller,
      token: tokenOf(upload.id),
      protocol: 'tus',
      convertOptions: parseOptionsText(upload.metadata?.options ?? undefined),
      assemble: async () => {}, // the store has the whole object already
    });
    return { headers: { [CONVERSION_ID_HEADER]: String(conversion.id) } };
  } catch (e) {
    // Refused (format, pair, allowance): the bytes are deleted, and the record goes with them.
    await discardTusUpload(upload.id);
    if (isAppError(e)) throw { status_code: e.status, body: errorBody(e.message, e.code) };
    throw e;
  }
}

function createServer(): Server {
  const server = new Server({
    path: TUS_PATH,
    datastore: tusStore().store,
    // Any web process may take any request of an upload: the lock lives in PostgreSQL.
    locker: new PostgresLocker(),
    maxSize: MAX_FILE_SIZE_BYTES,
    // A finished upload's bytes are a conversion's input: DELETE the conversion instead.
    disableTerminationForFinishedUploads: true,
    exposedHeaders: [CONVERSION_ID_HEADER],
    namingFunction: (req) => {
      const id = calls.get(req as unknown as Request)?.newId;
      if (!id) throw { status_code: 500, body: errorBody('No upload id was prepared', 'internal_error') };
      return id;
    },
    // Relative, so a proxy in front never gets a wrong host; clients resolve it against the endpoint.
    generateUrl: (_req, { path, id }) => `${path}/${tokenOf(id)}`,
    getFileIdFromRequest: (_req, last) => (last && TOKEN.test(last) ? tusIdOf(last) : undefined),
    onUploadFinish: (req, upload) => onUploadFinish(req as unknown as Request, upload),
    // tus's own refusals get the body every error of this API has.
    onResponseError: (_req, err) => {
      if (isOutOfSpace(err)) {
        const refused = outOfSpaceError(err);
        return { status_code: refused.status, body: errorBody(refused.message, refused.code) };
      }
      if (isAppError(err)) return { status_code: err.status, body: errorBody(err.message, err.code) };
      if (isDatabaseUnavailable(err)) {
        return {
          status_code: 503,
          body: errorBody('The database is busy or unreachable, please retry', 'service_unavailable'),
        };
      }
      if (err instanceof Error) return undefined;
      if (err.body.startsWith('{')) return err;
      return { status_code: err.status_code, body: errorBody(err.body.trim(), tusCode(err.status_code)) };
    },
  });
  readNodeBodies(server);
  return server;
}

const cache = globalThis as unknown as { tusServer?: Server };
const tusServer = () => (cache.tusServer ??= createServer());

/** Hands one request to @tus/server with what the route resolved for it. */
export function handleTus(request: Request, call: TusCall): Promise<Response> {
  calls.set(request, call);
  rememberNodeBody(request);
  return tusServer().handleWeb(request);
}

/** OPTIONS: @tus/server's discovery answer, which needs no caller (it touches no upload). */
export const tusDiscovery = (request: Request): Promise<Response> => tusServer().handleWeb(request);

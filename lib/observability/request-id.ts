import { randomUUID } from 'node:crypto';

// A request's id: the caller's or proxy's X-Request-Id when it is a plain token (so one id follows
// a request through a load balancer, our logs and the job it queues), else one of our own. Anything
// else (control characters, JSON, an overlong value) is not echoed into logs or headers.

export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

/** The given id when it is sane, else a new UUID. */
export function acceptedRequestId(given: string | null | undefined): string {
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The id of a request from its headers (a new one when it carries none, or none sane). */
export const requestIdOf = (headers: Headers): string => acceptedRequestId(headers.get(REQUEST_ID_HEADER));

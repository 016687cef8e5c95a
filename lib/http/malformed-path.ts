// Next's router decodes a request's path before any route or page sees it, and a percent-escape
// that does not decode (`%E0%A4%A`, `%C0`) made it answer a plain-text 500 on any URL. The web
// server (scripts/server.ts) answers such requests itself, before routing.

/** The message of the 400 a malformed path answers under /api/. */
export const MALFORMED_PATH_MESSAGE = 'The path holds a malformed percent-escape (not %XX of UTF-8)';

/** The page rendered, with status 400, for a malformed path outside /api/: Next's not-found page. */
export const NOT_FOUND_PAGE = '/_not-found';

/** True when the path of a request target (query aside) has a percent-escape that does not decode. */
export function hasMalformedPath(target: string): boolean {
  const end = target.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? target : target.slice(0, end));
    return false;
  } catch {
    return true;
  }
}

/** API paths answer JSON errors; every other path is a page. */
export const isApiPath = (target: string) => /^\/api(?:[/?#]|$)/.test(target);

// The rules of share links, once. Pure data (no database), so the share page imports it too.

/** Header that carries a link's password on download (never the URL: it would land in logs). */
export const SHARE_PASSWORD_HEADER = 'X-Share-Password';

export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;

/** Wrong passwords one network address may send to a link within the window; its next try answers 429. */
export const SHARE_PASSWORD_TRIES = 10;
/** Wrong passwords from all addresses together that lock a link for everyone within the window. */
export const SHARE_PASSWORD_LINK_TRIES = 100;
export const SHARE_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** The browser page of a link, on the one public origin (lib/http/public-origin.ts). */
export const sharePagePath = (token: string) => `/s/${encodeURIComponent(token)}`;

/** Formats the share page previews inline (images as <img>, PDF in the browser's viewer). */
export const PREVIEW_FORMATS = ['png', 'jpg', 'webp', 'avif', 'gif', 'pdf'] as const;

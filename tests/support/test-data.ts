// Account test data for every tier (no server imports, so the Playwright specs use it too).
import { randomBytes } from 'node:crypto';

/** A fresh address on the reserved .test domain; `kind` says in the database which test made it. */
export const randomEmail = (kind = 'user') => `${kind}-${randomBytes(6).toString('hex')}@example.test`;

export const PASSWORD = 'correct horse battery';

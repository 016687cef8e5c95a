import type { z } from 'zod';
import { resultFile } from '@/lib/conversions/file-names';
import type { ShareInfo } from '@/lib/schemas/shares';
import { getLiveShareOrThrow } from '@/lib/shares/get-live-share-or-throw';

/** What anyone holding the token may know: the file, not its owner and no ids. */
export async function resolveShareLink(token: string) {
  const share = await getLiveShareOrThrow(token);
  const { conversion } = share;
  return {
    file_name: resultFile(conversion).fileName,
    format: conversion.targetFormat,
    size: conversion.resultSize === null ? 0 : Number(conversion.resultSize),
    has_password: share.passwordHash !== null,
    expires_at: share.expiresAt.toISOString(),
    access_limit: share.accessLimit,
    remaining: share.accessLimit === null ? null : share.accessLimit - share.accessCount,
  } satisfies z.input<typeof ShareInfo>;
}

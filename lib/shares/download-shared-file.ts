import { AppError } from '@/lib/errors';
import { verifyPassword } from '@/lib/accounts/password';
import { db } from '@/lib/db';
import { resultFile } from '@/lib/conversions/file-names';
import { config } from '@/lib/config';
import { storage } from '@/lib/storage';
import { recordPasswordTry, settleTry } from '@/lib/shares/password-throttle';
import {
  getLiveShareOrThrow,
  type LiveShare,
  unknownLink,
  usedUpLink,
  expiredLink,
} from '@/lib/shares/get-live-share-or-throw';

/** 401 without the password or with a wrong one; every try goes through the throttle first. */
async function checkPassword(share: LiveShare, password: string | null, client: string): Promise<void> {
  if (share.passwordHash === null) return;
  if (!password) throw new AppError('password_required', 'This link needs its password (send it in X-Share-Password)');
  const tryId = await recordPasswordTry(share.token, client);
  let right = false;
  try {
    right = await verifyPassword(password, share.passwordHash);
  } finally {
    await settleTry(tryId, right);
  }
  if (!right) throw new AppError('wrong_password', 'Wrong password');
}

/**
 * Uses one access of the link, atomically: one conditional UPDATE counts it only while accesses
 * remain and the link has not expired, so k concurrent downloads of a k-access link all succeed
 * and the next one gets 410, whatever process serves it.
 */
async function takeAccess(token: string): Promise<void> {
  const now = new Date().toISOString();
  const rows = await db.$queryRaw<Array<{ access_count: number }>>`
    UPDATE share_links SET access_count = access_count + 1
    WHERE token = ${token} AND (access_limit IS NULL OR access_count < access_limit) AND expires_at > ${now}::timestamp
    RETURNING access_count`;
  if (rows.length > 0) return;
  const share = await db.shareLink.findUnique({ where: { token }, select: { expiresAt: true } });
  if (!share) throw unknownLink();
  throw share.expiresAt <= new Date() ? expiredLink() : usedUpLink();
}

type ShareAccess = { token: string; password: string | null; client: string };

/** A live link whose password (if any) is right, with one of its accesses used. */
async function spendShareAccess({ token, password, client }: ShareAccess) {
  const share = await getLiveShareOrThrow(token);
  await checkPassword(share, password, client);
  await takeAccess(token);
  return share;
}

/**
 * GET /share/{token}/download: the shared result, after the link's checks, as one access. `client`
 * is the caller's network address, by which wrong passwords are counted.
 */
export async function downloadSharedFile(access: ShareAccess) {
  const { conversion } = await spendShareAccess(access);
  return {
    stream: await storage().get(conversion.resultKey),
    size: conversion.resultSize === null ? null : Number(conversion.resultSize),
    ...resultFile(conversion),
  };
}

/**
 * POST /share/{token}/download-url: the same checks and access, answered with a short-lived direct
 * link, so a browser checks the password with a request and then lets its own download stream the file.
 */
export async function presignSharedFile({ baseUrl, ...access }: ShareAccess & { baseUrl: string }) {
  const share = await spendShareAccess(access);
  const { fileName, contentType } = resultFile(share.conversion);
  const lifetimeMs = Math.min(share.expiresAt.getTime(), share.conversion.expiresAt.getTime()) - Date.now();
  const ttl = Math.max(1, Math.min(config.presignedUrlTtlSeconds, Math.floor(lifetimeMs / 1000)));
  const url = await storage().presignedUrl(share.conversion.resultKey, {
    expiresInSeconds: ttl,
    fileName,
    contentType,
    baseUrl,
  });
  return { url, expires_at: new Date(Date.now() + ttl * 1000).toISOString() };
}

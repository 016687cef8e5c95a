import type { z } from 'zod';
import { expect } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import type { Conversion } from '@/lib/schemas/conversion';
import { makePng } from '@/tests/support/fixtures';
import { type RouteClient, uploadForm } from '@/tests/support/route-client';

/** Uploads a small PNG through POST /convert/upload (expects 201) and returns the Conversion. */
export async function createPngConversion(client: RouteClient, target = 'webp', name = 'photo.png') {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), name, target),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as z.output<typeof Conversion>;
}

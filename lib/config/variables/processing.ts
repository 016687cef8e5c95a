import { FORMAT_FAMILIES, isFormatName } from '@/lib/formats/catalog';
import { choice, defineSettings, flag, httpUrl, integer, nameList, port, seconds, text } from '../setting-types';

// How jobs reach the workers, how engines run, and what the processes report.

export const processingSettings = defineSettings({
  INNGEST_EVENT_KEY: {
    group: 'Jobs',
    schema: text().optional(),
    secret: true,
    description: 'With `INNGEST_SIGNING_KEY`, jobs run on Inngest instead of the embedded queue in PostgreSQL',
  },
  INNGEST_SIGNING_KEY: {
    group: 'Jobs',
    schema: text().optional(),
    secret: true,
    description: 'Signs the calls between Inngest and the service (`/api/inngest`, workers over `inngest/connect`)',
  },
  INNGEST_BASE_URL: {
    group: 'Jobs',
    schema: httpUrl().optional(),
    defaultText: 'Inngest Cloud',
    description: 'A self-hosted Inngest server',
    example: 'http://inngest:8288',
  },
  INNGEST_DEV: {
    group: 'Jobs',
    schema: flag().default(false),
    description: 'Run jobs on a local Inngest dev server (no keys)',
  },
  ENGINE_CONCURRENCY: {
    group: 'Engines',
    schema: integer({ min: 1 }).optional(),
    defaultText: 'number of cores',
    description: "Engine runs at once per worker (with Inngest also one caller's limit across workers)",
  },
  ENGINE_TIMEOUT_SECONDS: {
    group: 'Engines',
    schema: seconds({ positive: true }).default(300),
    description: 'Time limit of one engine run (a run stopped at it fails at once, not retried)',
  },
  ENGINE_MAX_ATTEMPTS: {
    group: 'Engines',
    schema: integer({ min: 1 }).default(3),
    description: 'Attempts before a conversion whose engine crashes fails for good',
  },
  JOB_LEASE_SECONDS: {
    group: 'Jobs',
    schema: seconds({ positive: true }).default(30),
    description:
      'A conversion the all-in-one process started itself is queued again by any worker once that process has not renewed it for this long (it died)',
  },
  ENGINE_IDLE_SECONDS: {
    group: 'Engines',
    schema: seconds().default(600),
    description:
      'Warm engines (LibreOffice, sharp, OCR workers, ffmpeg started ahead with the 64 MiB of heap it readies) stop once unused this long; 0 keeps them running',
  },
  ENGINE_SANDBOX: {
    group: 'Engines',
    schema: choice(['off']).optional(),
    defaultText: 'required',
    description:
      '`off` runs engines without their bubblewrap sandbox (warned at every start); otherwise nothing converts while the sandbox cannot be set up',
  },
  FORMATS_DISABLED: {
    group: 'Engines',
    // A name the catalog does not know stops the process at start: a typo must not leave a format on.
    schema: nameList('format or family names, comma-separated', {
      test: (name) => isFormatName(name) || (FORMAT_FAMILIES as readonly string[]).includes(name),
      what: 'format (as GET /api/v1/formats writes it) or family',
    }),
    defaultText: 'empty',
    description:
      'Formats (`heic`, as `GET /api/v1/formats` names them) or families (`video`, `audio`, `ebook`…) this server neither reads nor writes: gone from `GET /api/v1/formats` and the converter, a request for one is a 400',
    example: 'heic,video',
  },
  ENGINES_DISABLED: {
    group: 'Engines',
    // Checked against the registered engines when read (lib/engines/format-policy.ts): the engines
    // load after the configuration, so an unknown name is a warning of `GET /api/v1/health`.
    schema: nameList('engine names, comma-separated'),
    defaultText: 'empty',
    description:
      'Engines (`calibre`, `libreoffice`, `ffmpeg`…) that never run: the pairs only they convert are gone; an unknown name is a warning of `GET /api/v1/health`',
    example: 'calibre',
  },
  LIBREOFFICE_POOL_SIZE: {
    group: 'Engines',
    schema: integer({ min: 1 }).optional(),
    defaultText: 'one per core within half the memory at 1 GiB each (at most `ENGINE_CONCURRENCY`, at most 8)',
    description: 'Warm LibreOffice instances',
  },
  LIBREOFFICE_MAX_CONVERSIONS: {
    group: 'Engines',
    schema: integer({ min: 1 }).default(200),
    description: 'Conversions after which a LibreOffice instance is replaced',
  },
  LIBREOFFICE_BRIDGE_PATH: {
    group: 'Engines',
    schema: text().optional(),
    defaultText: '`lib/engines/libreoffice/bridge.py`',
    description: 'The LibreOffice bridge script, for deployments that do not run from the repository root',
  },
  OCR_TESSDATA_DIR: {
    group: 'Engines',
    schema: text().default('/usr/share/tesseract-ocr/5/tessdata'),
    description: "Tesseract's language models (Debian's `tesseract-ocr-<lang>` packages)",
  },
  METRICS_PORT: {
    group: 'Observability',
    schema: port().optional(),
    defaultText: 'unset (no listener)',
    description: "Port of the process's private listener: Prometheus metrics at `/metrics`, liveness at `/health/live`",
    example: '9464',
  },
  METRICS_HOST: {
    group: 'Observability',
    schema: text().optional(),
    defaultText: '`HOST`',
    description:
      "Address the metrics listener binds, like the web server's `HOST` (so a loopback web process keeps its metrics private too)",
    example: '127.0.0.1',
  },
  METRICS_TOKEN: {
    group: 'Observability',
    schema: text().optional(),
    secret: true,
    defaultText: 'unset (metrics open to all)',
    description:
      'A scrape of `/metrics` (on the web port and the metrics listener) must carry `Authorization: Bearer <token>`',
  },
  LOG_FORMAT: {
    group: 'Observability',
    schema: choice(['text', 'json']).default('text'),
    description: '`json`: one JSON line per event (`level`, `time`, `msg`, and `requestId` or `conversionId`)',
  },
  LOG_LEVEL: {
    group: 'Observability',
    schema: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    description: '`debug` adds a line per API request (operation, status, time)',
  },
  STATS_CACHE_SECONDS: {
    group: 'Observability',
    schema: integer({ max: 60 }).default(60),
    description: 'How long `/api/v1/stats` reuses its figures (0: computed on every request)',
  },
});

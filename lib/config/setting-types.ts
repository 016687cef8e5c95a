import { z } from 'zod';

// The parts every variable is made of: how its text becomes a value, and what the documentation
// says about it (each parser describes its type for the tables). An unset variable and an empty one are the same (compose writes `VAR: ${VAR:-}` as
// an empty string), so a default applies to both.

/** The sections of the configuration tables and of `.env.example`, in their order. */
export const SETTING_GROUPS = [
  'Server',
  'Accounts',
  'Single sign-on',
  'Database',
  'Storage',
  'Jobs',
  'Engines',
  'Observability',
  'Email',
  'Billing',
  'Cloud import',
  'URL import and webhooks',
  'Plan limit overrides',
] as const;
type SettingGroup = (typeof SETTING_GROUPS)[number];

export type Setting = {
  group: SettingGroup;
  /** Parses the variable's text (undefined when unset) into the value the service uses. */
  schema: z.ZodType;
  description: string;
  /** The default as the tables show it, where the schema's own default is not the whole story. */
  defaultText?: string;
  /** Never printed, also not in an error message. */
  secret?: boolean;
  /** The value `.env.example` shows. */
  example?: string;
  /** Variables documented as one row and one example line, e.g. `PLAN_<PLAN>_<LIMIT>`. */
  family?: string;
};

export const defineSettings = <T extends Record<string, Setting>>(settings: T): T => settings;

export const text = () => z.string().trim().min(1).describe('text');

/** A whole number within the bounds. */
export const integer = ({ min = 0, max }: { min?: number; max?: number } = {}) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && (max === undefined || n <= max), {
      error: max === undefined ? `must be at least ${min}` : `must be between ${min} and ${max}`,
    })
    .describe(max === undefined ? `whole number, ${min} or more` : `whole number, ${min} to ${max}`);

/** A duration in seconds; fractions allowed (tests use a few milliseconds). */
export const seconds = ({ positive = false }: { positive?: boolean } = {}) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: 'must be a number of seconds' })
    .transform(Number)
    .refine((n) => !positive || n > 0, { error: 'must be more than 0' })
    .describe(positive ? 'seconds, more than 0' : 'seconds');

export const port = () => integer({ min: 0, max: 65_535 });

/** `true` or `false` (also `1` or `0`). */
export const flag = () =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .describe('`true` or `false`');

export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).describe('http(s) URL');

export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` }).describe(values.map((v) => `\`${v}\``).join(' or '));

/**
 * A comma-separated list (`type` as the tables say it): entries trimmed, lower-cased and passed
 * through `normalize`, empty ones dropped, each checked by `entry`; empty by default.
 */
export const commaList = (type: string, entry: z.ZodType<string, string> = z.string(), normalize = (s: string) => s) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => normalize(s.trim().toLowerCase()))
        .filter(Boolean),
    )
    .pipe(z.array(entry))
    .describe(type)
    .default([]);

/** Comma-separated names; with `known`, each must pass it. */
export const nameList = (type: string, known?: { test: (name: string) => boolean; what: string }) =>
  commaList(
    type,
    z.string().refine((name) => !known || known.test(name), {
      error: (issue) => `names no ${known?.what}: "${String(issue.input)}"`,
    }),
  );

/** The type of a variable as the tables say it (the description its parser carries). */
export function typeOf(setting: Setting): string | undefined {
  let schema: z.ZodType | undefined = setting.schema;
  while (schema && !schema.description) {
    const inner: unknown = (schema._zod.def as { innerType?: unknown }).innerType;
    schema = inner as z.ZodType | undefined;
  }
  return schema?.description;
}

'use client';

import { useId, type ReactNode } from 'react';
import { SAMPLE_RATES } from '@/lib/engines/ffmpeg/options';
import { MAX_MARGIN_MM, PAGE_SIZES } from '@/lib/engines/image-pdf/options';
import { DEFAULT_WEBP_EFFORT, FITS, MAX_WEBP_EFFORT } from '@/lib/engines/sharp/options';
import type { FormatEntry } from './types';

// The conversion options that apply to the chosen pair (GET /api/v1/formats lists them, from the
// engine that converts it), collapsed by default. Empty fields are not sent: the server's defaults apply.

/** What the user typed, by option name (text of number fields, or a checkbox's state). */
export type OptionValues = Record<string, string | boolean>;

type Field =
  | { kind: 'number'; label: string; min: number; max: number; step?: number; hint?: string }
  | { kind: 'select'; label: string; choices: readonly (string | number)[] }
  | { kind: 'check'; label: string; default: boolean }
  | { kind: 'text'; label: string; placeholder: string; hint?: string };

const FIELDS: Record<string, Field> = {
  quality: { kind: 'number', label: 'Quality', min: 1, max: 100, hint: '1–100' },
  effort: {
    kind: 'number',
    label: 'Effort',
    min: 0,
    max: MAX_WEBP_EFFORT,
    hint: `0–${MAX_WEBP_EFFORT}, default ${DEFAULT_WEBP_EFFORT}; higher is slower and smaller`,
  },
  width: { kind: 'number', label: 'Width (px)', min: 1, max: 16_384 },
  height: { kind: 'number', label: 'Height (px)', min: 1, max: 16_384 },
  fit: { kind: 'select', label: 'Fit', choices: FITS },
  dpi: { kind: 'number', label: 'DPI', min: 1, max: 2400 },
  strip_metadata: { kind: 'check', label: 'Remove metadata (EXIF, GPS)', default: true },
  background: { kind: 'text', label: 'Background', placeholder: '#ffffff', hint: 'for transparent areas' },
  pages: { kind: 'text', label: 'Pages', placeholder: '1-3,5', hint: 'default all' },
  pdfa: { kind: 'check', label: 'PDF/A-2b (archival)', default: false },
  page_size: { kind: 'select', label: 'Page size', choices: PAGE_SIZES },
  margin: { kind: 'number', label: 'Margin (mm)', min: 0, max: MAX_MARGIN_MM, hint: `0–${MAX_MARGIN_MM}` },
  sheet: { kind: 'text', label: 'Sheet', placeholder: 'Sheet1', hint: "a sheet's name; default every sheet (a ZIP)" },
  audio_bitrate: { kind: 'number', label: 'Audio bitrate (kbit/s)', min: 8, max: 512 },
  video_bitrate: { kind: 'number', label: 'Video bitrate (kbit/s)', min: 50, max: 100_000 },
  crf: { kind: 'number', label: 'Quality (CRF, lower is better)', min: 0, max: 51 },
  fps: { kind: 'number', label: 'Frames per second', min: 1, max: 120 },
  start: { kind: 'number', label: 'Start at (s)', min: 0, max: 86_400, step: 0.1 },
  duration: { kind: 'number', label: 'Duration (s)', min: 0.1, max: 86_400, step: 0.1 },
  audio_channels: { kind: 'number', label: 'Audio channels', min: 1, max: 8 },
  sample_rate: { kind: 'select', label: 'Sample rate (Hz)', choices: SAMPLE_RATES },
  remove_audio: { kind: 'check', label: 'Remove audio', default: false },
};

/** The option names shown for this pair (none when the source is unknown or the pair takes none). */
export function optionNames(source: FormatEntry | undefined, target: string): string[] {
  if (source?.format === target) return [];
  return (source?.target_options[target]?.names ?? []).filter((n) => n in FIELDS);
}

/** A format to itself (PDF → PDF) is offered only with its one option on (`pdfa`): always sent, never shown. */
export function requiredOptions(source: FormatEntry | undefined, target: string): Record<string, true> {
  if (source?.format !== target) return {};
  return Object.fromEntries((source.target_options[target]?.names ?? []).map((n) => [n, true]));
}

/** The `options` object to send: typed values only, numbers as numbers, checkboxes when changed. */
export function optionsToSend(names: readonly string[], values: OptionValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const field = FIELDS[name];
    const value = values[name];
    if (field.kind === 'check') {
      if (typeof value === 'boolean' && value !== field.default) out[name] = value;
    } else if (typeof value === 'string' && value.trim() !== '') {
      const numeric = field.kind === 'number' || (field.kind === 'select' && typeof field.choices[0] === 'number');
      out[name] = numeric ? Number(value) : value.trim();
    }
  }
  return out;
}

type Props = {
  names: readonly string[];
  values: OptionValues;
  onChange: (values: OptionValues) => void;
  /** The disclosure's text ('Options' by default): says whose options these are when there are several panels. */
  summary?: ReactNode;
  testId?: string;
};

export function OptionsPanel({ names, values, onChange, summary = 'Options', testId = 'options-panel' }: Props) {
  const id = useId();
  if (names.length === 0) return null;
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  const input =
    'h-11 sm:h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-sm focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/30 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900';
  return (
    <details data-testid={testId} className="rounded-lg border border-zinc-200 px-3 dark:border-zinc-800">
      {/* py-3: a 44 px row to tap, the text's height plus the padding. */}
      <summary className="cursor-pointer py-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{summary}</summary>
      <div className="mb-3 grid gap-3 sm:grid-cols-2">
        {names.map((name) => {
          const field = FIELDS[name];
          const fieldId = `${id}-${name}`;
          if (field.kind === 'check') {
            const checked = typeof values[name] === 'boolean' ? (values[name] as boolean) : field.default;
            return (
              <label key={name} htmlFor={fieldId} className="flex items-center gap-2 text-sm sm:col-span-2">
                <input
                  id={fieldId}
                  type="checkbox"
                  data-testid={`option-${name}`}
                  checked={checked}
                  onChange={(e) => set(name, e.target.checked)}
                />
                {field.label}
              </label>
            );
          }
          const value = typeof values[name] === 'string' ? (values[name] as string) : '';
          return (
            <div key={name} className="flex flex-col gap-1">
              <label htmlFor={fieldId} className="text-sm text-zinc-700 dark:text-zinc-300">
                {field.label}
                {'hint' in field && field.hint ? (
                  <span className="text-zinc-600 dark:text-zinc-400"> ({field.hint})</span>
                ) : null}
              </label>
              {field.kind === 'select' ? (
                <select
                  id={fieldId}
                  data-testid={`option-${name}`}
                  value={value}
                  onChange={(e) => set(name, e.target.value)}
                  className={input}
                >
                  <option value="">Default</option>
                  {field.choices.map((c) => (
                    <option key={c} value={String(c)}>
                      {c}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={fieldId}
                  data-testid={`option-${name}`}
                  type={field.kind === 'number' ? 'number' : 'text'}
                  inputMode={field.kind === 'number' ? 'decimal' : undefined}
                  min={field.kind === 'number' ? field.min : undefined}
                  max={field.kind === 'number' ? field.max : undefined}
                  step={field.kind === 'number' ? (field.step ?? 1) : undefined}
                  placeholder={field.kind === 'text' ? field.placeholder : 'Default'}
                  value={value}
                  onChange={(e) => set(name, e.target.value)}
                  className={input}
                />
              )}
            </div>
          );
        })}
      </div>
    </details>
  );
}

'use client';

import { useState } from 'react';
import { ErrorAlert } from '@/components/converter/error-alert';
import { OCR_OUTPUTS, type OcrOutput } from '@/lib/domain/tools';
import { fieldStyles } from './field-styles';
import { OcrResult } from './ocr-result';
import { ToolCard } from './tool-card';
import { useOcrLanguages } from './use-ocr-languages';
import { useToolJob } from './use-tool-job';

/** Most languages one recognition takes (the API's limit). */
const MAX_LANGUAGES = 8;
const OUTPUT_LABELS: Record<OcrOutput, string> = {
  txt: 'Plain text (.txt)',
  pdf: 'Searchable PDF (original pages, invisible text layer)',
};

/** The /ocr page: a scan or photo in, its text (or a searchable PDF) out. */
export function OcrTool() {
  const job = useToolJob('/api/v1/tools/ocr');
  const { languages, loading, error } = useOcrLanguages();
  const [chosen, setChosen] = useState<string[]>(['eng']);
  const [output, setOutput] = useState<OcrOutput>('txt');

  const toggle = (code: string, on: boolean) =>
    setChosen((list) => (on ? [...list, code].slice(0, MAX_LANGUAGES) : list.filter((c) => c !== code)));

  const options = (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className={`${fieldStyles.label} mb-1.5`}>
          Languages in the document <span className="font-normal text-zinc-500">(up to {MAX_LANGUAGES})</span>
        </legend>
        {loading && <p className="animate-pulse text-sm text-zinc-500">Loading languages…</p>}
        <div className="flex flex-wrap gap-2" data-testid="languages">
          {languages.map((l) => (
            <label
              key={l.code}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 dark:border-zinc-700 dark:has-checked:bg-brand-900/30"
            >
              <input
                type="checkbox"
                value={l.code}
                checked={chosen.includes(l.code)}
                disabled={!chosen.includes(l.code) && chosen.length >= MAX_LANGUAGES}
                onChange={(e) => toggle(l.code, e.target.checked)}
              />
              {l.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className={`${fieldStyles.label} mb-1.5`}>Output</legend>
        {OCR_OUTPUTS.map((o) => (
          <label key={o} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="ocr-output"
              value={o}
              data-testid={`output-${o}`}
              checked={output === o}
              onChange={() => setOutput(o)}
            />
            {OUTPUT_LABELS[o]}
          </label>
        ))}
      </fieldset>
      {error && <ErrorAlert error={error} />}
    </div>
  );

  return (
    <ToolCard
      label="Text recognition"
      dropHint="PNG, JPEG, TIFF (several pages too), WebP, BMP or PDF scans and photos"
      job={job}
      options={options}
      submitLabel={output === 'pdf' ? 'Make a searchable PDF' : 'Read the text'}
      canSubmit={chosen.length > 0 && !loading}
      onSubmit={() => void job.start({ language: chosen.join('+'), output }, output)}
      result={(conversion) => <OcrResult conversion={conversion} />}
      againLabel="Read another file"
    />
  );
}

'use client';

import { useId, useState } from 'react';
import { extensionOf } from '@/components/converter/format-utils';
import { COMPRESS_LEVELS, type CompressLevel } from '@/lib/domain/tools';
import { CompressResult } from './compress-result';
import { ToolCard } from './tool-card';
import { useToolJob } from './use-tool-job';
import { fieldStyles } from './field-styles';

const LEVEL_LABELS: Record<CompressLevel, string> = {
  low: 'Low: best quality',
  medium: 'Medium: balanced',
  high: 'High: smallest file',
};

/** The /compress page: a file in, the same format out, smaller (or the original when it cannot be). */
export function CompressTool() {
  const job = useToolJob('/api/v1/compress/upload');
  const [level, setLevel] = useState<CompressLevel>('medium');
  const [targetKb, setTargetKb] = useState('');
  const levelId = useId();
  const targetId = useId();
  const target = targetKb.trim() === '' ? undefined : Math.round(Number(targetKb) * 1000);
  const targetValid = target === undefined || (Number.isFinite(target) && target > 0);
  const file = job.state.file;
  const own = file ? extensionOf(file.name) || 'file' : '';

  const options = (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={levelId} className={fieldStyles.label}>
          Level
        </label>
        <select
          id={levelId}
          data-testid="level-select"
          value={level}
          onChange={(e) => setLevel(e.target.value as CompressLevel)}
          className={fieldStyles.input}
        >
          {COMPRESS_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={targetId} className={fieldStyles.label}>
          Target size in KB <span className="font-normal text-zinc-500">(optional, JPEG and PDF)</span>
        </label>
        <input
          id={targetId}
          data-testid="target-size"
          type="number"
          min="1"
          step="any"
          inputMode="decimal"
          value={targetKb}
          onChange={(e) => setTargetKb(e.target.value)}
          aria-invalid={!targetValid || undefined}
          className={fieldStyles.input}
        />
      </div>
    </div>
  );

  return (
    <ToolCard
      label="Compressor"
      dropHint="JPEG, PNG, WebP, AVIF, GIF, PDF, MP4, MOV, MKV, WebM, MP3, M4A, OGG, DOCX, XLSX, PPTX, ODT · same format out"
      job={job}
      options={options}
      submitLabel={`Compress ${own.toUpperCase()}`}
      canSubmit={targetValid}
      onSubmit={() => void job.start({ level, ...(target !== undefined ? { target_size: String(target) } : {}) }, own)}
      result={(conversion) => <CompressResult conversion={conversion} source={file} />}
      againLabel="Compress another file"
    />
  );
}

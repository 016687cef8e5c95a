'use client';

import { useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { extensionOf, guessSource, targetsFor } from './format-utils';
import { type OptionValues, OptionsPanel, optionNames, optionsToSend, requiredOptions } from './options-panel';
import { type ChosenPair, preferredTarget } from './popular-targets';
import { SourceHint } from './source-hint';
import { TargetCombobox } from './target-combobox';
import type { FormatEntry } from './types';

type Props = {
  file: File;
  /** The target chosen before (kept across files when it fits). */
  chosen: string;
  pair: ChosenPair;
  formats: readonly FormatEntry[];
  loading: boolean;
  onTarget: (target: string) => void;
  onConvert: (target: string, options: Record<string, unknown>) => void;
};

/** One file chosen: what it looks like, its target (a default already picked) and its options. */
export function SingleFileForm({ file, chosen, pair, formats, loading, onTarget, onConvert }: Props) {
  const [optionValues, setOptionValues] = useState<OptionValues>({});
  const source = guessSource(file.name, formats);
  const targets = targetsFor(source, formats);
  const target = chosen && targets.includes(chosen) ? chosen : preferredTarget(source, targets, pair);
  const names = optionNames(source, target);
  const options = { ...optionsToSend(names, optionValues), ...requiredOptions(source, target) };
  return (
    <form
      className="flex flex-col gap-4"
      data-testid="single-file-form"
      onSubmit={(e) => {
        e.preventDefault();
        onConvert(target, options);
      }}
    >
      <SourceHint source={source} extension={extensionOf(file.name)} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TargetCombobox
            label="Convert to"
            targets={targets}
            value={target}
            formats={formats}
            family={source?.family}
            disabled={loading}
            onChange={onTarget}
          />
        </div>
        <button
          type="submit"
          data-testid="convert-button"
          disabled={!target || loading}
          className={`${buttonStyles.primary} sm:w-44`}
        >
          Convert{target ? ` to ${target.toUpperCase()}` : ''}
        </button>
      </div>
      <OptionsPanel names={names} values={optionValues} onChange={setOptionValues} />
    </form>
  );
}

'use client';

import { useState } from 'react';
import { useSendManyFiles } from '@/components/batch/many-files-hand-off';
import { buttonStyles } from '@/components/ui/button-styles';
import { DropZone } from './drop-zone';
import { ErrorAlert } from './error-alert';
import { extensionOf, guessSource, pickTarget, targetsFor } from './format-utils';
import { CancelButton, JobCard, JobView, ResetButton } from './job-card';
import { type OptionValues, OptionsPanel, optionNames, optionsToSend, requiredOptions } from './options-panel';
import { ResultPanel } from './result-panel';
import { SourceHint } from './source-hint';
import { SupportedFormats } from './supported-formats';
import { TargetSelect } from './target-select';
import { useConverter } from './use-converter';
import { useFormats } from './use-formats';
import { UrlImport } from './url-import';
import { CloudImport } from './cloud-import';

/** The home page converter: pick a file and a target, upload, follow, download. */
export function Converter() {
  const { formats, loading, error: formatsError } = useFormats();
  const { state, chooseFile, chooseTarget, convert, cancel, pauseUpload, reset, showError } = useConverter();
  const { file, phase, error } = state;

  const source = file ? guessSource(file.name, formats) : undefined;
  const targets = file ? targetsFor(source, formats) : [];
  const target = pickTarget(targets, state.target);
  const shownError = error ?? formatsError;
  const [inputMode, setInputMode] = useState<'file' | 'url'>('file');
  const [optionValues, setOptionValues] = useState<OptionValues>({});
  const names = optionNames(source, target);
  const options = { ...optionsToSend(names, optionValues), ...requiredOptions(source, target) };
  const sendManyFiles = useSendManyFiles();

  return (
    <div className="flex flex-col gap-8">
      <JobCard label="Converter" jobView={phase.kind !== 'idle'}>
        {phase.kind === 'idle' && (
          <div role="tablist" aria-label="Where the file comes from" className="flex gap-2">
            {(['file', 'url'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={inputMode === tab}
                data-testid={`tab-${tab}`}
                onClick={() => setInputMode(tab)}
                className={inputMode === tab ? buttonStyles.primary : buttonStyles.secondary}
              >
                {tab === 'file' ? 'Upload a file' : 'From URL'}
              </button>
            ))}
          </div>
        )}
        {phase.kind === 'idle' && inputMode === 'url' ? (
          <UrlImport formats={formats} loading={loading} />
        ) : phase.kind === 'idle' ? (
          <>
            <DropZone file={file} onFile={chooseFile} onManyFiles={sendManyFiles} />
            {file && (
              <form
                className="flex flex-col gap-4"
                onSubmit={(e) => {
                  e.preventDefault();
                  void convert(target, options);
                }}
              >
                <SourceHint source={source} extension={extensionOf(file.name)} />
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="flex-1">
                    <TargetSelect
                      targets={targets}
                      value={target}
                      formats={formats}
                      grouped={!source}
                      disabled={loading}
                      onChange={chooseTarget}
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
            )}
          </>
        ) : (
          <JobView state={state} result={(conversion) => <ResultPanel conversion={conversion} />}>
            {phase.kind === 'uploading' && phase.percent < 100 && (
              <button
                type="button"
                data-testid="pause-button"
                onClick={() => pauseUpload(!phase.paused)}
                className={buttonStyles.secondary}
              >
                {phase.paused ? 'Resume upload' : 'Pause upload'}
              </button>
            )}
            <CancelButton phase={phase} onCancel={cancel} />
            {phase.kind === 'failed' && (
              <button
                type="button"
                data-testid="retry-button"
                onClick={() => void convert(state.target, options)}
                className={buttonStyles.secondary}
              >
                Try again
              </button>
            )}
            <ResetButton phase={phase} onReset={reset} label="Convert another file" />
          </JobView>
        )}
        {shownError && <ErrorAlert error={shownError} onDismiss={error ? () => showError(null) : undefined} />}
        {phase.kind === 'idle' && <CloudImport formats={formats} loading={loading} />}
      </JobCard>
      <SupportedFormats formats={formats} loading={loading} />
    </div>
  );
}

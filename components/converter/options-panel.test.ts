import { describe, expect, it } from 'vitest';
import { optionNames, optionsToSend, requiredOptions } from './options-panel';
import type { FormatEntry } from './types';

const entry = (format: string, target_options: FormatEntry['target_options']) =>
  ({
    format,
    family: 'document',
    mime: '',
    label: '',
    targets: Object.keys(target_options),
    target_options,
    compress: false,
    ocr: false,
  }) as FormatEntry;

describe('options of a pair', () => {
  const pdf = entry('pdf', { pdf: { schema: 'PdfOutputOptions', names: ['pdfa'] } });
  const docx = entry('docx', { pdf: { schema: 'DocumentOptions', names: ['pages', 'dpi', 'pdfa'] } });

  it('PDF → PDF shows no option and always sends the one it needs', () => {
    expect(optionNames(pdf, 'pdf')).toEqual([]);
    expect({ ...optionsToSend(optionNames(pdf, 'pdf'), {}), ...requiredOptions(pdf, 'pdf') }).toEqual({ pdfa: true });
  });

  it('another pair shows its options and needs none', () => {
    expect(optionNames(docx, 'pdf')).toEqual(['pages', 'dpi', 'pdfa']);
    expect(requiredOptions(docx, 'pdf')).toEqual({});
    expect(optionsToSend(optionNames(docx, 'pdf'), { pdfa: true, pages: ' 1-2 ' })).toEqual({
      pdfa: true,
      pages: '1-2',
    });
  });
});

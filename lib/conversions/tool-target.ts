import { AppError } from '@/lib/errors';
import { findEngine, inputFormats } from '@/lib/engines/registry';
import { disabledPairMessage } from '@/lib/engines/format-policy';
import type { FormatName } from '@/lib/formats/catalog';
import type { ToolJob } from '@/lib/domain/tools';

/** A compression or OCR request: the tool and its parsed options (a merge has its own way in, lib/merges). */
export type ToolRequest = Extract<ToolJob, { name: 'compress' | 'ocr' }>;

/**
 * The result format of a tool run on a file of `source` format: its own format for compression,
 * the chosen output for OCR. A format the tool does not take is a 400 naming those it does.
 */
export function toolTarget(tool: ToolRequest, source: FormatName): FormatName {
  const target = tool.name === 'compress' ? source : tool.options.output;
  if (findEngine(source, target, tool.name)) return target;
  const disabled = disabledPairMessage(source, target);
  if (disabled) throw new AppError('unsupported_format', disabled);
  const formats = inputFormats(tool.name).join(', ');
  throw new AppError(
    'unsupported_format',
    tool.name === 'compress'
      ? `${source.toUpperCase()} files do not compress here; formats that compress: ${formats}`
      : `OCR does not read ${source.toUpperCase()} files; it reads: ${formats}`,
  );
}

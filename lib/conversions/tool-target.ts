import { AppError } from '@/lib/api/errors';
import { findEngine, inputFormats } from '@/lib/engines/registry';
import type { FormatName } from '@/lib/formats/catalog';
import type { OperationJob } from '@/lib/conversions/operations';

/** A compression or OCR request: the tool and its parsed options. */
export type ToolRequest = Exclude<OperationJob, { operation: 'convert' }>;

/**
 * The result format of a tool run on a file of `source` format: its own format for compression,
 * the chosen output for OCR. A format the tool does not take is a 400 naming those it does.
 */
export function toolTarget(tool: ToolRequest, source: FormatName): FormatName {
  const target = tool.operation === 'compress' ? source : tool.options.output;
  if (findEngine(source, target, tool.operation)) return target;
  const formats = inputFormats(tool.operation).join(', ');
  throw new AppError(
    'unsupported_format',
    tool.operation === 'compress'
      ? `${source.toUpperCase()} files do not compress here; formats that compress: ${formats}`
      : `OCR does not read ${source.toUpperCase()} files; it reads: ${formats}`,
  );
}

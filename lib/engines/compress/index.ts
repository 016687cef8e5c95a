import { compressor } from './compressor';
import { imageFamily } from './images';
import { mediaFamily } from './media';
import { officeFamily } from './office';
import { pdfFamily } from './pdf';

/** The engines of the `compress` tool, one per family (registered in ../registry.ts). */
export const COMPRESSORS = [imageFamily, pdfFamily, mediaFamily, officeFamily].map(compressor);

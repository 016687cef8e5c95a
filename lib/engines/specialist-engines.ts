import { animationVideoEngine } from './animation-video-engine';
import { archiveEngine } from './archive-engine';
import { calibreEngine } from './calibre-engine';
import { comicEngine } from './comic-engine';
import { dataEngine } from './data-engine';
import { dicomEngine } from './dicom-engine';
import { djvuEngine } from './djvu-engine';
import { ffmpegImageEngine } from './ffmpeg-image-engine';
import { fontEngine } from './font-engine';
import { imagePdfEngine } from './image-pdf-engine';
import { imagemagickEngine } from './imagemagick-engine';
import { jxlEngine } from './jxl-engine';
import { mediaEngine } from './media-engine';
import { midiEngine } from './midi-engine';
import { netpbmEngine } from './netpbm-engine';
import { pandocEngine } from './pandoc-engine';
import { ghostscriptEngine, popplerEngine } from './pdf-engine';
import { pdfaEngine } from './pdfa-engine';
import { rawEngine } from './raw-engine';
import { subtitleEngine } from './subtitle-engine';
import { svgEngine } from './svg-engine';
import { traceEngine } from './trace-engine';

/**
 * Engines for the formats the main ones (sharp, ffmpeg, LibreOffice) leave out, each around the
 * programs it runs and offered only where they are installed. ./registry.ts puts them after the main
 * ones, so a pair both claim stays with a main engine.
 */
export const SPECIALIST_ENGINES = [
  // First: pictures → PDF are pages with the picture, never a traced outline (trace-engine.ts).
  imagePdfEngine,
  popplerEngine,
  ghostscriptEngine,
  pdfaEngine,
  svgEngine,
  jxlEngine,
  imagemagickEngine,
  pandocEngine,
  archiveEngine,
  fontEngine,
  mediaEngine,
  animationVideoEngine,
  rawEngine,
  ffmpegImageEngine,
  dicomEngine,
  netpbmEngine,
  subtitleEngine,
  midiEngine,
  dataEngine,
  traceEngine,
  comicEngine,
  calibreEngine,
  djvuEngine,
];

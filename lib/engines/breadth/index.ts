import { archiveEngine } from './archive-engine';
import { calibreEngine } from './calibre-engine';
import { comicEngine } from './comic-engine';
import { dataEngine } from './data-engine';
import { dicomEngine } from './dicom-engine';
import { djvuEngine } from './djvu-engine';
import { ffmpegImageEngine } from './ffmpeg-image-engine';
import { fontEngine } from './font-engine';
import { imagemagickEngine } from './imagemagick-engine';
import { jxlEngine } from './jxl-engine';
import { mediaEngine } from './media-engine';
import { midiEngine } from './midi-engine';
import { netpbmEngine } from './netpbm-engine';
import { pandocEngine } from './pandoc-engine';
import { ghostscriptEngine, popplerEngine } from './pdf-engine';
import { rawEngine } from './raw-engine';
import { subtitleEngine } from './subtitle-engine';
import { svgEngine } from './svg-engine';
import { traceEngine } from './trace-engine';

/** Engines for the long tail (issue 13), after the main ones in ../registry.ts: each is offered only if installed. */
export const BREADTH_ENGINES = [
  popplerEngine,
  ghostscriptEngine,
  svgEngine,
  jxlEngine,
  imagemagickEngine,
  pandocEngine,
  archiveEngine,
  fontEngine,
  mediaEngine,
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

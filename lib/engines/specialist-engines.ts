import { animationVideoEngine } from './ffmpeg/animation-video-engine';
import { archiveEngine } from './archive/archive-engine';
import { calibreEngine } from './ebook/calibre-engine';
import { comicEngine } from './ebook/comic-engine';
import { dataEngine } from './data/data-engine';
import { dicomEngine } from './raster/dicom-engine';
import { djvuEngine } from './ebook/djvu-engine';
import { ffmpegImageEngine } from './ffmpeg/ffmpeg-image-engine';
import { fontEngine } from './font/font-engine';
import { imagePdfEngine } from './image-pdf/image-pdf-engine';
import { imagemagickEngine } from './imagemagick/imagemagick-engine';
import { jxlEngine } from './raster/jxl-engine';
import { mediaEngine } from './media/media-engine';
import { midiEngine } from './media/midi-engine';
import { netpbmEngine } from './raster/netpbm-engine';
import { pandocEngine } from './pandoc/pandoc-engine';
import { ghostscriptEngine, popplerEngine } from './pdf/pdf-engine';
import { pdfaEngine } from './pdf/pdfa-engine';
import { rawEngine } from './raster/raw-engine';
import { subtitleEngine } from './ffmpeg/subtitle-engine';
import { svgEngine } from './svg/svg-engine';
import { traceEngine } from './svg/trace-engine';

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

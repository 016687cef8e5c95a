import type { FormatInfo } from './catalog';
import { familyEntry } from './family-entry';

// More formats (issue 13): raster images (ImageMagick's long tail, camera RAW). Spread into FORMATS by ./catalog.ts; listed in
// GET /api/v1/formats only when an installed engine converts them (lib/engines/registry.ts).

const img = familyEntry('image');

export const RASTER_TAIL = {
  // ImageMagick reads and writes these
  j2k: img('image/x-jp2-codestream', 'JPEG 2000 codestream', 'j2k'),
  psb: img('image/vnd.adobe.photoshop', 'Photoshop large document', 'psb'),
  pict: img('image/x-pict', 'Apple PICT image', 'pct'),
  palmdb: img('application/vnd.palm', 'Palm database image', 'pdb'),
  palm: img('image/x-palm-bitmap', 'Palm bitmap', 'palm'),
  vicar: img('image/x-vicar', 'VICAR image', 'vic'),
  vips: img('image/x-vips', 'VIPS image', 'v'),
  sixel: img('image/x-sixel', 'DEC SIXEL graphics', 'six'),
  pgx: img('image/x-pgx', 'JPEG 2000 PGX image', 'pgx'),
  pfm: img('image/x-portable-floatmap', 'Portable float map', 'pfm'),
  dcx: img('image/x-dcx', 'Multi-page PCX (DCX)', 'dcx'),
  ipl: img('image/x-ipl', 'IPLab image', 'ipl'),
  cals: img('image/x-cals', 'CALS raster (type 1)', 'cal'),
  pcd: img('image/x-photo-cd', 'Kodak Photo CD image', 'pcd'),
  jbig: img('image/x-jbig', 'JBIG bi-level image', 'jbg'),
  otb: img('image/x-otb', 'Nokia over-the-air bitmap', 'otb'),
  wbmp: img('image/vnd.wap.wbmp', 'Wireless bitmap (WBMP)', 'wbmp'),
  mtv: img('image/x-mtv', 'MTV ray-tracer image', 'mtv'),
  // ImageMagick reads only
  dcm: img('application/dicom', 'DICOM medical image', 'dcm'),
  tim: img('image/x-psx-tim', 'PlayStation TIM image', 'tim'),
  // ffmpeg reads and writes these
  qoi: img('image/x-qoi', 'QOI image', 'qoi'),
  jls: img('image/jls', 'JPEG-LS image', 'jls'),
  pix: img('image/x-alias-pix', 'Alias PIX image', 'pix'),
  exr: img('image/x-exr', 'OpenEXR image', 'exr'),
  phm: img('image/x-portable-halfmap', 'Portable half-float map', 'phm'),
  vbn: img('image/x-vbn', 'Vizrt binary image', 'vbn'),
  // ffmpeg reads only
  msp: img('image/x-msp', 'Microsoft Paint image', 'msp'),
  // Netpbm reads and writes these
  ilbm: img('image/x-ilbm', 'Amiga IFF ILBM image', 'iff'),
  rle: img('image/x-utah-rle', 'Utah RLE image', 'rle'),
  mgr: img('image/x-mgr', 'MGR bitmap', 'mgr'),
  cmuwm: img('image/x-cmu-wm', 'CMU window manager bitmap', 'cmu'),
  lispm: img('image/x-lispm', 'Lisp Machine bitmap', 'lispm'),
  sunicon: img('image/x-sun-icon', 'Sun icon', 'icon'),
  atk: img('image/x-atk-raster', 'Andrew Toolkit raster', 'atk'),
  leaf: img('image/x-interleaf', 'Interleaf image', 'leaf'),
  srf: img('image/x-garmin-srf', 'Garmin vehicle icon (SRF)', 'srf'),
  mda: img('image/x-microdesign', 'MicroDesign area', 'mda'),
  pi1: img('image/x-degas', 'Atari Degas image (low resolution)', 'pi1'),
  pi3: img('image/x-degas', 'Atari Degas image (high resolution)', 'pi3'),
  neo: img('image/x-neochrome', 'Atari NEOchrome image', 'neo'),
  ybm: img('image/x-ybm', 'Bennet Yee face', 'ybm'),
  sbig: img('image/x-sbig', 'SBIG CCD camera image', 'sbig'),
  fs: img('image/x-facesaver', 'Usenix FaceSaver image', 'fs'),
  gem: img('image/x-gem', 'GEM bit image', 'img'),
  xvmini: img('image/x-xv-thumbnail', 'XV thumbnail', 'xv'),
  // Netpbm reads only
  biorad: img('image/x-bio-rad', 'Bio-Rad confocal image', 'pic'),
} as const satisfies Record<string, FormatInfo>;

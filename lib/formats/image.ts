import { ascii, hexAt } from './bytes';
import { recordsOf } from './format-record';
import * as h from './image-headers';

// Raster images. Detection asks the signatures in the records' order; the headers without a magic
// number (PCX, Targa, and the raw and bi-level ones at the end) take a file only when every field
// holds a legal value.

const image = recordsOf('image');
const withAlpha = { alpha: true } as const;

export const IMAGE = {
  png: image('image/png', 'PNG image', 'png', { ...withAlpha, detect: { fileType: ['png', 'apng'] } }),
  jpg: image('image/jpeg', 'JPEG image', 'jpg', { aliases: ['jpeg', 'jpe', 'jfif'], detect: { fileType: ['jpg'] } }),
  webp: image('image/webp', 'WebP image', 'webp', { ...withAlpha, detect: { fileType: ['webp'] } }),
  avif: image('image/avif', 'AVIF image', 'avif', { ...withAlpha, detect: { fileType: ['avif'], container: 'heif' } }),
  // file-type follows a TIFF's first IFD, which libtiff writes after the first page's data: past
  // the head in most scans. The byte-order mark and 42 still prove a TIFF (the decoder checks the rest).
  tiff: image('image/tiff', 'TIFF image', 'tiff', {
    ...withAlpha,
    aliases: ['tif'],
    detect: { fileType: ['tif'], signature: (b) => hexAt(b, '49492a00') || hexAt(b, '4d4d002a') },
  }),
  gif: image('image/gif', 'GIF image', 'gif', { ...withAlpha, detect: { fileType: ['gif'] } }),
  heic: image('image/heic', 'HEIC image', 'heic', { ...withAlpha, aliases: ['heif'], detect: { container: 'heif' } }),
  bmp: image('image/bmp', 'BMP image', 'bmp', { ...withAlpha, detect: { fileType: ['bmp'] } }),
  psd: image('image/vnd.adobe.photoshop', 'Photoshop image', 'psd', { ...withAlpha, detect: { fileType: ['psd'] } }),
  psb: image('image/vnd.adobe.photoshop', 'Photoshop large document', 'psb', {
    ...withAlpha,
    detect: { refines: { fileType: ['psd'], when: (b) => b.readUInt16BE(4) === 2 } }, // '8BPS' version 2
  }),
  xcf: image('image/x-xcf', 'GIMP image', 'xcf', { ...withAlpha, detect: { fileType: ['xcf'] } }),
  ico: image('image/vnd.microsoft.icon', 'Windows icon', 'ico', {
    ...withAlpha,
    aliases: ['icon'],
    detect: { refines: { fileType: ['ico'], when: h.isIconDirectory } },
  }),
  cur: image('image/x-win-bitmap', 'Windows cursor', 'cur', {
    ...withAlpha,
    detect: { refines: { fileType: ['cur'], when: h.isIconDirectory } },
  }),
  jp2: image('image/jp2', 'JPEG 2000 image', 'jp2', { ...withAlpha, aliases: ['jpf'], detect: { fileType: ['jp2'] } }),
  jxl: image('image/jxl', 'JPEG XL image', 'jxl', { ...withAlpha, detect: { fileType: ['jxl'] } }),
  mng: image('video/x-mng', 'MNG animation', 'mng', {
    ...withAlpha,
    detect: { signature: (b) => ascii(b, '\x8aMNG\r\n\x1a\n') },
  }),
  jng: image('image/x-jng', 'JPEG Network Graphics', 'jng', {
    ...withAlpha,
    detect: { signature: (b) => ascii(b, '\x8bJNG\r\n\x1a\n') },
  }),
  xwd: image('image/x-xwindowdump', 'X window dump', 'xwd', { detect: { signature: h.isXwd } }),
  dds: image('image/vnd-ms.dds', 'DirectDraw surface', 'dds', {
    ...withAlpha,
    detect: { signature: (b) => ascii(b, 'DDS |') },
  }),
  fits: image('image/fits', 'FITS image', 'fits', { detect: { signature: (b) => ascii(b, 'SIMPLE  =') } }),
  hdr: image('image/vnd.radiance', 'Radiance HDR image', 'hdr', {
    detect: { signature: (b) => ascii(b, '#?RADIANCE') || ascii(b, '#?RGBE') },
  }),
  dpx: image('image/x-dpx', 'DPX image', 'dpx', { detect: { signature: (b) => ascii(b, 'SDPX') || ascii(b, 'XPDS') } }),
  miff: image('image/x-miff', 'ImageMagick MIFF image', 'miff', {
    ...withAlpha,
    detect: { signature: (b) => ascii(b, 'id=ImageMagick') },
  }),
  ras: image('image/x-sun-raster', 'Sun raster image', 'ras', { detect: { signature: (b) => hexAt(b, '59a66a95') } }),
  cin: image('image/x-cineon', 'Cineon image', 'cin', { detect: { signature: (b) => hexAt(b, '802a5fd7') } }),
  viff: image('image/x-viff', 'Khoros VIFF image', 'viff', { detect: { signature: (b) => hexAt(b, 'ab01') } }),
  sgi: image('image/x-sgi', 'SGI image', 'sgi', { ...withAlpha, detect: { signature: h.isSgi } }),
  ppm: image('image/x-portable-pixmap', 'Portable pixmap', 'ppm', {
    aliases: ['pnm'],
    detect: { signature: h.binaryPnm('6'), text: (t) => h.plainPnm('3')(t.raw) },
  }),
  pgm: image('image/x-portable-graymap', 'Portable graymap', 'pgm', {
    detect: { signature: h.binaryPnm('5'), text: (t) => h.plainPnm('2')(t.raw) },
  }),
  pbm: image('image/x-portable-bitmap', 'Portable bitmap', 'pbm', {
    detect: { signature: h.binaryPnm('4'), text: (t) => h.plainPnm('1')(t.raw) },
  }),
  pam: image('image/x-portable-arbitrarymap', 'Portable arbitrary map', 'pam', {
    ...withAlpha,
    detect: { signature: h.binaryPnm('7') },
  }),
  pcx: image('image/x-pcx', 'PCX image', 'pcx', { detect: { signature: h.isPcx } }),
  tga: image('image/x-tga', 'Targa image', 'tga', { ...withAlpha, detect: { signature: h.isTga } }),
  xbm: image('image/x-xbitmap', 'X bitmap', 'xbm', {
    detect: { text: (t) => /^#define\s+\w+_width\s+\d+/.test(t.start) },
  }),
  xpm: image('image/x-xpixmap', 'X pixmap', 'xpm', {
    ...withAlpha,
    detect: { text: (t) => t.start.startsWith('/* xpm */') },
  }),
  // camera RAW: DNG is proven inside a TIFF; the others are not detected (no sample can be made here)
  cr2: image('image/x-canon-cr2', 'Canon RAW (CR2)', 'cr2'),
  nef: image('image/x-nikon-nef', 'Nikon RAW (NEF)', 'nef'),
  arw: image('image/x-sony-arw', 'Sony RAW (ARW)', 'arw'),
  dng: image('image/x-adobe-dng', 'Adobe DNG', 'dng', {
    detect: { refines: { fileType: ['tif', 'dng'], when: h.isDng } },
  }),
  orf: image('image/x-olympus-orf', 'Olympus RAW (ORF)', 'orf'),
  rw2: image('image/x-panasonic-rw2', 'Panasonic RAW (RW2)', 'rw2'),
  raf: image('image/x-fuji-raf', 'Fujifilm RAW (RAF)', 'raf'),
  jls: image('image/jls', 'JPEG-LS image', 'jls', {
    // A JPEG-LS frame (SOF55) in a JPEG stream: no JPEG decoder reads it.
    detect: { fileType: ['jls'], refines: { fileType: ['jpg'], when: h.isJpegLs } },
  }),
  dcm: image('application/dicom', 'DICOM medical image', 'dcm', {
    detect: { fileType: ['dcm'], signature: (b) => ascii(b, 'DICM', 128) },
  }),
  qoi: image('image/x-qoi', 'QOI image', 'qoi', { ...withAlpha, detect: { signature: (b) => ascii(b, 'qoif') } }),
  exr: image('image/x-exr', 'OpenEXR image', 'exr', {
    ...withAlpha,
    detect: { fileType: ['exr'], signature: (b) => hexAt(b, '762f3101') },
  }),
  vbn: image('image/x-vbn', 'Vizrt binary image', 'vbn', { detect: { signature: (b) => hexAt(b, '1ef10d90') } }),
  msp: image('image/x-msp', 'Microsoft Paint image', 'msp', { detect: { signature: h.isMsp } }),
  tim: image('image/x-psx-tim', 'PlayStation TIM image', 'tim', { detect: { signature: h.isTim } }),
  biorad: image('image/x-bio-rad', 'Bio-Rad confocal image', 'pic', { detect: { signature: h.isBiorad } }),
  j2k: image('image/x-jp2-codestream', 'JPEG 2000 codestream', 'j2k', {
    ...withAlpha,
    aliases: ['j2c'],
    detect: { fileType: ['j2c'], signature: (b) => hexAt(b, 'ff4fff51') },
  }),
  dcx: image('image/x-dcx', 'Multi-page PCX (DCX)', 'dcx', {
    ...withAlpha,
    detect: { signature: (b) => hexAt(b, 'b168de3a') },
  }),
  vips: image('image/x-vips', 'VIPS image', 'v', {
    ...withAlpha,
    detect: { signature: (b) => hexAt(b, '08f2a6b6') || hexAt(b, 'b6a6f208') },
  }),
  vicar: image('image/x-vicar', 'VICAR image', 'vic', { detect: { signature: (b) => ascii(b, 'LBLSIZE=') } }),
  pcd: image('image/x-photo-cd', 'Kodak Photo CD image', 'pcd', {
    detect: { signature: (b) => ascii(b, 'PCD_IPI', 2048) },
  }),
  palmdb: image('application/vnd.palm', 'Palm database image', 'pdb', {
    detect: { signature: (b) => ascii(b, 'vIMGView', 60) },
  }),
  ipl: image('image/x-ipl', 'IPLab image', 'ipl', {
    detect: { signature: (b) => (ascii(b, 'iiii') || ascii(b, 'mmmm')) && ascii(b, 'data', 12) },
  }),
  sixel: image('image/x-sixel', 'DEC SIXEL graphics', 'six', {
    detect: { signature: (b) => /^\x1bP[0-9;]*q/.test(b.subarray(0, 32).toString('latin1')) },
  }),
  pfm: image('image/x-portable-floatmap', 'Portable float map', 'pfm', {
    detect: { signature: (b) => /^P[Ff]\s+\d+\s+\d+\s+-?\d+(\.\d+)?\s/.test(h.textStart(b)) },
  }),
  phm: image('image/x-portable-halfmap', 'Portable half-float map', 'phm', {
    detect: { signature: (b) => /^P[Hh]\s+\d+\s+\d+\s+-?\d+(\.\d+)?\s/.test(h.textStart(b)) },
  }),
  pgx: image('image/x-pgx', 'JPEG 2000 PGX image', 'pgx', {
    detect: { signature: (b) => /^PG (ML|LM) ?[+-]? ?\d+ \d+ \d+\s/.test(h.textStart(b)) },
  }),
  ilbm: image('image/x-ilbm', 'Amiga IFF ILBM image', 'iff', {
    // an IFF file, as AIFF is
    detect: { refines: { fileType: ['aif'], when: h.isIlbm }, signature: h.isIlbm },
  }),
  xvmini: image('image/x-xv-thumbnail', 'XV thumbnail', 'xv', { detect: { signature: (b) => ascii(b, 'P7 332\n') } }),
  cmuwm: image('image/x-cmu-wm', 'CMU window manager bitmap', 'cmu', {
    detect: { signature: (b) => hexAt(b, 'f10040bb') },
  }),
  lispm: image('image/x-lispm', 'Lisp Machine bitmap', 'lispm', {
    detect: { signature: (b) => ascii(b, 'This is a BitMap file') },
  }),
  leaf: image('image/x-interleaf', 'Interleaf image', 'leaf', { detect: { signature: (b) => ascii(b, '\x89OPS') } }),
  srf: image('image/x-garmin-srf', 'Garmin vehicle icon (SRF)', 'srf', {
    detect: { signature: (b) => ascii(b, 'GARMIN BITMAP') },
  }),
  mda: image('image/x-microdesign', 'MicroDesign area', 'mda', {
    detect: { signature: (b) => /^\.MD[AP]MicroDesign/.test(h.textStart(b)) },
  }),
  sbig: image('image/x-sbig', 'SBIG CCD camera image', 'sbig', {
    detect: {
      signature: (b) =>
        /^ST-\S+ (Compressed )?Image\r?\n/.test(h.textStart(b)) &&
        /Width=\d+/.test(b.subarray(0, 2048).toString('latin1')),
    },
  }),
  rle: image('image/x-utah-rle', 'Utah RLE image', 'rle', { detect: { signature: h.isUtahRle } }),
  mgr: image('image/x-mgr', 'MGR bitmap', 'mgr', { detect: { signature: h.isMgr } }),
  gem: image('image/x-gem', 'GEM bit image', 'img', { detect: { signature: h.isGem } }),
  pi1: image('image/x-degas', 'Atari Degas image (low resolution)', 'pi1', { detect: { signature: h.isDegas(0) } }),
  pi3: image('image/x-degas', 'Atari Degas image (high resolution)', 'pi3', { detect: { signature: h.isDegas(2) } }),
  neo: image('image/x-neochrome', 'Atari NEOchrome image', 'neo', { detect: { signature: h.isNeochrome } }),
  ybm: image('image/x-ybm', 'Bennet Yee face', 'ybm', { detect: { signature: h.isYbm } }),
  cals: image('image/x-cals', 'CALS raster (type 1)', 'cal', { detect: { signature: h.isCals } }),
  pict: image('image/x-pict', 'Apple PICT image', 'pct', { detect: { signature: h.isPict } }),
  palm: image('image/x-palm-bitmap', 'Palm bitmap', 'palm', { detect: { signature: h.isPalm } }),
  jbig: image('image/x-jbig', 'JBIG bi-level image', 'jbg', { detect: { signature: h.isJbig } }),
  otb: image('image/x-otb', 'Nokia over-the-air bitmap', 'otb', { detect: { signature: h.isOtb } }),
  wbmp: image('image/vnd.wap.wbmp', 'Wireless bitmap (WBMP)', 'wbmp', { detect: { signature: h.isWbmp } }),
  // No magic at all: the header must be legal and the name must say so (the bytes allow little else).
  mtv: image('image/x-mtv', 'MTV ray-tracer image', 'mtv', {
    detect: { signature: (b, ext) => ext === 'mtv' && /^[1-9]\d{0,4} [1-9]\d{0,4}\n/.test(h.textStart(b)) },
  }),
  pix: image('image/x-alias-pix', 'Alias PIX image', 'pix', {
    detect: { signature: (b, ext) => ext === 'pix' && h.isAliasPix(b) },
  }),
  sunicon: image('image/x-sun-icon', 'Sun icon', 'icon', {
    detect: { text: (t) => t.start.startsWith('/* format_version=1,') },
  }),
  atk: image('image/x-atk-raster', 'Andrew Toolkit raster', 'atk', {
    detect: { text: (t) => t.start.startsWith('\\begindata{raster,') },
  }),
  fs: image('image/x-facesaver', 'Usenix FaceSaver image', 'fs', {
    detect: { text: (t) => t.start.startsWith('firstname:') && /\npicdata:\s*\d+\s+\d+\s+\d+/.test(t.start) },
  }),
} as const;

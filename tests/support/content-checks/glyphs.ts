import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// A font result's glyph count, by fontTools (Debian's python3) for every kind it reads — TrueType,
// OpenType, WOFF, WOFF2, TTX, Type 1 and the TrueType inside an EOT — and FontForge's own SFD by its
// `StartChar` records. The glyphs a format's writer adds or leaves out by itself are not counted:
// .notdef, and the .null and carriage return glyphs TrueType writers add.

const exec = promisify(execFile);

const SCRIPT = `
import sys
from fontTools.ttLib import TTFont
path, kind = sys.argv[1], sys.argv[2]
if kind == 'sfd':
    names = [line.split(':', 1)[1].strip() for line in open(path, encoding='latin1') if line.startswith('StartChar:')]
elif kind == 'pfb':
    from fontTools.t1Lib import T1Font
    font = T1Font(path)
    font.parse()
    names = list(font['CharStrings'].keys())
elif kind == 'ttx':
    font = TTFont()
    font.importXML(path)
    names = font.getGlyphOrder()
else:
    if kind == 'eot':
        import io
        data = open(path, 'rb').read()
        size = int.from_bytes(data[4:8], 'little')
        path = io.BytesIO(data[-size:])
    names = TTFont(path).getGlyphOrder()
print(len([n for n in names if n not in ('.notdef', '.null', 'nonmarkingreturn', 'uni0000', 'uni000D')]))
`;

export async function glyphCount(file: string, format: string): Promise<number> {
  const { stdout } = await exec('/usr/bin/python3', ['-c', SCRIPT, file, format]);
  return Number(stdout.trim());
}

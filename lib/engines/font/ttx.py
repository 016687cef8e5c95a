"""TTX, fontTools' XML dump of a font (run by ../font-engine.ts inside the sandbox).

Usage: python3 -I ttx.py dump FONT OUT.ttx | compile IN.ttx OUT

A TTX is XML: before fontTools reads one, defusedxml refuses any DTD or entity declaration
(billion laughs, external entities), exit code 2 with a "REFUSED: why" line on stderr.
"""

import sys

from fontTools.ttLib import TTFont


def main():
    action, src, dst = sys.argv[1:4]
    if action == "dump":
        font = TTFont(src)
        font.saveXML(dst)
        return 0
    import defusedxml.ElementTree as DET

    try:
        with open(src, "rb") as f:
            DET.parse(f, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (DET.DTDForbidden, DET.EntitiesForbidden, DET.ExternalReferenceForbidden):
        print("REFUSED: TTX with a DTD or entity declarations is not accepted", file=sys.stderr)
        return 2
    except DET.ParseError as e:
        print(f"REFUSED: not a valid TTX file ({e})", file=sys.stderr)
        return 2
    font = TTFont()
    font.importXML(src)
    font.save(dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Converts one structured data file to another (run by ../data-engine.ts inside the sandbox).

Usage: python3 -I convert.py FROM TO INPUT OUTPUT

Everything is read into plain Python values (dict, list, str, int, float, bool, None), checked,
then written. Hostile input is refused with exit code 2 and a "REFUSED: why" line on stderr:
XML with a DTD or entities (billion laughs, external entities: nothing is ever fetched or read),
YAML aliases (or binary plist references) that expand past MAX_UNITS (alias bombs) or refer to themselves, and values nested
deeper than MAX_DEPTH. Any other parse error is exit code 2 too (the file is not what it claims).
"""

import base64
import configparser
import csv
import datetime
import io
import json
import plistlib
import sys

MAX_UNITS = 64_000_000  # values plus characters of text, as written out
MAX_DEPTH = 200


class Refused(Exception):
    pass


# ---------------------------------------------------------------- readers


def read_text(path):
    with open(path, encoding="utf-8-sig") as f:
        return f.read()


def load_yaml(path):
    import yaml

    # SafeLoader builds plain values only (no Python objects); aliases share one node, so their
    # expansion is measured by check_size before anything is written out. libyaml's loader is
    # four times faster but composes recursively in C, so deep nesting would crash it: it is
    # used only when the text cannot nest deeply (each block level takes a column of a line, each
    # flow level a bracket); otherwise the pure-Python loader stops at Python's recursion limit.
    text = read_text(path)
    bound = text.count("[") + text.count("{") + max((len(line) for line in text.splitlines()), default=0)
    fast = getattr(yaml, "CSafeLoader", None)
    return yaml.load(text, Loader=fast if fast and bound < 2000 else yaml.SafeLoader)


def load_xml(path):
    import defusedxml.ElementTree as DET
    import xmltodict

    data = open(path, "rb").read()
    try:
        DET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (DET.DTDForbidden, DET.EntitiesForbidden, DET.ExternalReferenceForbidden) as e:
        raise Refused("XML with a DTD or entity declarations is not accepted") from e
    return xmltodict.parse(data, disable_entities=True)


def load_table(path, delimiter):
    rows = list(csv.reader(io.StringIO(read_text(path)), delimiter=delimiter))
    rows = [r for r in rows if r]
    if not rows:
        return []
    header = [h or f"column{i + 1}" for i, h in enumerate(rows[0])]
    return [{header[i] if i < len(header) else f"column{i + 1}": v for i, v in enumerate(r)} for r in rows[1:]]


def load_ini(path):
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # keep the keys' case
    parser.read_string(read_text(path))
    out = {k: v for k, v in parser.defaults().items()}
    for section in parser.sections():
        out[section] = {k: v for k, v in parser.items(section) if k not in parser.defaults()}
    return out


def load_ndjson(path):
    return [json.loads(line) for line in read_text(path).splitlines() if line.strip()]


def load_toml(path):
    import tomllib

    with open(path, "rb") as f:
        return tomllib.load(f)


def load_plist(path):
    with open(path, "rb") as f:
        return plistlib.load(f)


READERS = {
    "json": lambda p: json.loads(read_text(p)),
    "geojson": lambda p: json.loads(read_text(p)),
    "ndjson": load_ndjson,
    "yaml": load_yaml,
    "toml": load_toml,
    "xml": load_xml,
    "plist": load_plist,
    "bplist": load_plist,
    "csv": lambda p: load_table(p, ","),
    "tsv": lambda p: load_table(p, "\t"),
    "ini": load_ini,
}

# ---------------------------------------------------------------- checks


def check_size(value):
    """Measures the value as written out (shared aliases counted each time), iteratively."""
    sizes = {}
    stack = [(value, False)]
    on_path = set()
    while stack:
        v, done = stack.pop()
        if not isinstance(v, (dict, list)):
            continue
        key = id(v)
        children = list(v.values()) if isinstance(v, dict) else v
        if done:
            on_path.discard(key)
            sizes[key] = 1 + sum(sizes[id(c)] if isinstance(c, (dict, list)) else weight(c) for c in children)
            if sizes[key] > MAX_UNITS:
                raise Refused(f"the data expands to more than {MAX_UNITS:,} values and characters")
            continue
        if key in sizes:
            continue
        if key in on_path:
            raise Refused("the data refers to itself")
        on_path.add(key)
        stack.append((v, True))
        stack.extend((c, False) for c in children)
    check_depth(value)


def weight(scalar):
    return 1 + len(scalar) if isinstance(scalar, (str, bytes)) else 1


def check_depth(value):
    stack = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Refused(f"the data is nested deeper than {MAX_DEPTH} levels")
        if isinstance(v, dict):
            stack.extend((c, depth + 1) for c in v.values())
        elif isinstance(v, list):
            stack.extend((c, depth + 1) for c in v)


def plain(v):
    """Values every writer takes: dates as ISO text, bytes as base64, keys as text."""
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, (bytes, bytearray)):
        return base64.b64encode(v).decode("ascii")
    if isinstance(v, plistlib.UID):
        return v.data
    return v


# ---------------------------------------------------------------- writers


def without_nulls(v):
    """TOML and plists have no null: keys whose value is null are left out, list items become ''."""
    if isinstance(v, dict):
        return {k: without_nulls(x) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [without_nulls(x) if x is not None else "" for x in v]
    return v


def as_table(v, name="items"):
    """A top-level mapping (TOML, INI, plist roots that must be one)."""
    return v if isinstance(v, dict) else {name: v}


def records(v):
    """The rows of a table: the first list found under single-key mappings, each row flattened."""
    while isinstance(v, dict) and len(v) == 1:
        v = next(iter(v.values()))
    rows = v if isinstance(v, list) else [v]
    return [flatten(r) if isinstance(r, dict) else {"value": cell(r)} for r in rows]


def flatten(d, prefix=""):
    out = {}
    for k, x in d.items():
        name = f"{prefix}{k}"
        if isinstance(x, dict):
            out.update(flatten(x, name + "."))
        else:
            out[name] = cell(x)
    return out


def cell(x):
    if x is None:
        return ""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, (list, dict)):
        return json.dumps(x, ensure_ascii=False)
    return str(x)


def write_table(v, f, delimiter):
    rows = records(v)
    header = []
    for r in rows:
        header.extend(k for k in r if k not in header)
    w = csv.DictWriter(f, fieldnames=header, delimiter=delimiter, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)


def write_ini(v, f):
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    top = {k: x for k, x in as_table(v).items() if not isinstance(x, dict)}
    if top:
        parser["root"] = {k: cell(x) for k, x in top.items()}
    for k, x in as_table(v).items():
        if isinstance(x, dict):
            parser[k] = flatten(x)
    parser.write(f)


def xml_name(k):
    name = "".join(c if c.isalnum() or c in "_-." else "_" for c in k) or "_"
    return name if name[0].isalpha() or name[0] == "_" else "_" + name


def xml_ready(v):
    if isinstance(v, dict):
        return {k if k.startswith(("@", "#")) else xml_name(k): xml_ready(x) for k, x in v.items()}
    if isinstance(v, list):
        return [xml_ready(x) for x in v]
    if isinstance(v, bool):
        return "true" if v else "false"
    return v


def write_xml(v, f):
    import xmltodict

    v = xml_ready(v)
    if isinstance(v, list):
        v = {"root": {"item": v}}
    elif not isinstance(v, dict):
        v = {"root": v}
    elif len(v) != 1 or isinstance(next(iter(v.values())), list) or next(iter(v))[0] in "@#":
        v = {"root": v}
    f.write(xmltodict.unparse(v, pretty=True, indent="  "))
    f.write("\n")


def write_yaml(v, f):
    import yaml

    yaml.safe_dump(v, f, sort_keys=False, allow_unicode=True, default_flow_style=False)


def write_toml(v, f):
    import tomli_w

    f.write(tomli_w.dumps(without_nulls(as_table(v))))


def write_ndjson(v, f):
    for item in v if isinstance(v, list) else [v]:
        f.write(json.dumps(item, ensure_ascii=False) + "\n")


def write_json(v, f):
    json.dump(v, f, ensure_ascii=False, indent=2)
    f.write("\n")


TEXT_WRITERS = {
    "json": write_json,
    "ndjson": write_ndjson,
    "yaml": write_yaml,
    "toml": write_toml,
    "xml": write_xml,
    "csv": lambda v, f: write_table(v, f, ","),
    "tsv": lambda v, f: write_table(v, f, "\t"),
    "ini": write_ini,
}
PLISTS = {"plist": plistlib.FMT_XML, "bplist": plistlib.FMT_BINARY}


def main():
    src, dst, inp, out = sys.argv[1:5]
    try:
        value = READERS[src](inp)
        check_size(value)
        value = plain(value)
    except Refused as e:
        print(f"REFUSED: {e}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"REFUSED: the data is nested deeper than {MAX_DEPTH} levels", file=sys.stderr)
        return 2
    except MemoryError:
        print("REFUSED: the data is too large to convert", file=sys.stderr)
        return 2
    except Exception as e:  # the file is not the format its bytes looked like
        print(f"REFUSED: not a valid {src} file ({type(e).__name__}: {str(e)[:200]})", file=sys.stderr)
        return 2
    if dst in PLISTS:
        with open(out, "wb") as f:
            plistlib.dump(without_nulls(as_table(value)), f, fmt=PLISTS[dst], sort_keys=False)
    else:
        with open(out, "w", encoding="utf-8", newline="") as f:
            TEXT_WRITERS[dst](value, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())

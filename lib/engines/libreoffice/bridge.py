"""Resident UNO bridge: starts one soffice as its child and converts files on request.

Runs inside the engine's bubblewrap sandbox together with soffice (no network, only its
instance folder writable). Protocol, one JSON object per line:
  stdin : {"id": 1, "in": "/abs/in.docx", "out": "/abs/out.pdf", "inFilter": "MS Word 2007 XML",
           "inOptions": "", "filter": "writer_pdf_Export", "options": ""}
  stdout: {"ready": true} once, then {"id": 1, "ok": true} or {"id": 1, "ok": false, "error": "..."}
A workbook exported sheet by sheet adds "sheets" to the request: {"all": true}, {"name": "Sales"}
or {"number": 2} (from 1). Sheet n is written to <out's stem>-<n><out's extension>, and the reply
names every sheet in order and the numbers written: {"id": 1, "ok": true, "sheets": ["Sales", ...],
"written": [2]} (none written: the sheet asked for does not exist).
Anything else (soffice chatter, tracebacks) goes to stderr, so stdout stays parseable.
"""
import json
import os
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

NEVER_EXECUTE = 0  # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
NO_UPDATE = 0  # com.sun.star.document.UpdateDocMode.NO_UPDATE


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


class OfficeRestart(Exception):
    pass


def start_office(instance_dir, pipe_name):
    profile = "file://" + os.path.join(instance_dir, "profile")
    cmd = [
        "/usr/lib/libreoffice/program/soffice.bin",
        "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
        "--nolockcheck",
        "--accept=pipe,name=%s;urp;" % pipe_name,
        "-env:UserInstallation=" + profile,
    ]
    return subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=sys.stderr, stderr=sys.stderr)


def connect(office, pipe_name, timeout_s=60):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name
    deadline = time.monotonic() + timeout_s
    while True:
        # One reading: an exit between two polls would make the restart code (81) look like a failure.
        code = office.poll()
        if code == 81:
            raise OfficeRestart()
        if code is not None:
            raise RuntimeError("soffice exited with %s during start" % code)
        try:
            ctx = resolver.resolve(url)
            break
        except Exception:  # NoConnectException until soffice listens
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def convert(desktop, req):
    load = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", NEVER_EXECUTE),
        prop("UpdateDocMode", NO_UPDATE),
        prop("RepairPackage", False),
        prop("Silent", True),
    ]
    if req.get("inFilter"):
        # Forced import filter: the document is read as the format we checked, never re-detected.
        load.append(prop("FilterName", req["inFilter"]))
        if req.get("inOptions"):
            load.append(prop("FilterOptions", req["inOptions"]))
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["in"]), "_blank", 0, tuple(load))
    if doc is None:
        raise RuntimeError("document could not be loaded")
    try:
        if req.get("sheets"):
            return export_sheets(doc, req)
        store(doc, req["out"], req["filter"], req.get("options"))
        return {}
    finally:
        try:
            doc.close(True)
        except Exception:
            doc.dispose()


def store(doc, path, filter_name, options):
    props = [prop("FilterName", filter_name), prop("Overwrite", True)]
    if options:
        props.append(prop("FilterOptions", options))
    doc.storeToURL(uno.systemPathToFileUrl(path), tuple(props))


CSV_FILTER = "Text - txt - csv (StarCalc)"


def export_sheets(doc, req):
    """Writes the chosen sheets one file each (see the protocol above)."""
    sheets = doc.getSheets()
    names = list(sheets.getElementNames())
    pick = req["sheets"]
    if "name" in pick:
        # Calc's sheet names are unique ignoring case, so "sales" finds "Sales" and nothing else.
        exact = [i + 1 for i, name in enumerate(names) if name == pick["name"]]
        chosen = exact or [i + 1 for i, name in enumerate(names) if name.casefold() == pick["name"].casefold()][:1]
    elif "number" in pick:
        chosen = [pick["number"]] if 1 <= pick["number"] <= len(names) else []
    else:
        chosen = list(range(1, len(names) + 1))
    stem, ext = os.path.splitext(req["out"])
    for n in chosen:
        target = "%s-%d%s" % (stem, n, ext)  # no dot: dBase names its table after the file
        if req["filter"] == CSV_FILTER and export_csv_sheet(doc, req, n, target):
            continue
        # DIF, SYLK and dBase write the first sheet of a document loaded without a view, and so
        # does the CSV filter without its sheet option: the sheet is moved first.
        sheets.moveByName(names[n - 1], 0)
        store(doc, target, req["filter"], req.get("options"))
    return {"sheets": names, "written": chosen}


def export_csv_sheet(doc, req, n, target):
    """The CSV filter picks sheet n itself (its 12th option), leaving the document as it is.

    It then names the file after the sheet (<base>-<sheet name>.csv), so it writes into a folder of
    its own and the one file found there is renamed: a sheet's name never has to be parsed back.
    False when it wrote nothing (a name too long for a file name): the caller moves the sheet instead.
    """
    tokens = (req.get("options") or "").split(",")[:11]
    tokens += [""] * (11 - len(tokens))
    folder = target + ".d"
    os.mkdir(folder)
    store(doc, os.path.join(folder, "sheet" + os.path.splitext(target)[1]), req["filter"], ",".join(tokens + [str(n)]))
    written = os.listdir(folder)
    if len(written) > 1:
        raise RuntimeError("the CSV export of sheet %d wrote %d files" % (n, len(written)))
    if written:
        os.rename(os.path.join(folder, written[0]), target)
    os.rmdir(folder)
    return bool(written)


def prime(desktop):
    """Loads the Writer and PDF export code once, so the first real job is as fast as the rest."""
    try:
        doc = desktop.loadComponentFromURL("private:factory/swriter", "_blank", 0, (prop("Hidden", True),))
        doc.getText().setString("warm-up")
        doc.storeToURL("file:///tmp/warm-up.pdf", (prop("FilterName", "writer_pdf_Export"),))
        doc.close(True)
        os.remove("/tmp/warm-up.pdf")
    except Exception as e:  # noqa: BLE001 - priming is an optimisation only
        sys.stderr.write("warm-up failed: %s\n" % e)


def main():
    instance_dir, pipe_name = sys.argv[1], sys.argv[2]
    office = start_office(instance_dir, pipe_name)
    try:
        try:
            desktop = connect(office, pipe_name)
        except OfficeRestart:
            # First start on a fresh profile: soffice.bin initialises it and exits 81 asking
            # for a restart (the soffice shell wrapper normally does this).
            office = start_office(instance_dir, pipe_name)
            desktop = connect(office, pipe_name)
    except Exception as e:  # noqa: BLE001 - report any start failure to the engine
        send({"ready": False, "error": str(e)})
        office.kill()
        return 1
    prime(desktop)
    send({"ready": True})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        try:
            result = convert(desktop, req)
            send(dict(result, id=req.get("id"), ok=True))
        except Exception as e:  # noqa: BLE001 - one failed document must not end the bridge
            send({"id": req.get("id"), "ok": False, "error": "%s: %s" % (type(e).__name__, getattr(e, "Message", None) or e)})
    try:
        desktop.terminate()
    except Exception:
        pass
    office.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())

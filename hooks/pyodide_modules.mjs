// Build-time helper for hooks/runtime.py: the smaller python_stdlib.zip the browser downloads,
// holding only the stdlib modules the site needs, compiled.
//   node pyodide_modules.mjs <pyodide dir> <engine wheel> <output zip>
// The modules kept are every stdlib module loaded while Pyodide starts, installs the engine's wheel
// the way the browser does (loadPackage), imports every engine module and also every module the
// engine's code names in an import statement anywhere (a lazy import inside a function too), and
// what a scorer and an advice call load on first use.
// Each is stored as bytecode compiled by this Pyodide's own Python (docstrings and asserts left
// out, as `python -OO` would), not as source: a first visit otherwise compiles all of them while
// Python starts, about 1.7 s of a phone's CPU, for 0.35 MB more on the wire. Stored uncompressed,
// so the server's brotli packs the archive well.
import { writeFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, outPath] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(path.resolve(wheelPath), { messageCallback: () => {} });
const kept = pyodide.runPython(`
import ast, importlib, json, pkgutil, sys
import cribbage

def try_import(name):
    try:
        importlib.import_module(name)
    except Exception:  # a module this Pyodide lacks, or a name that is not a module
        pass

for info in pkgutil.walk_packages(cribbage.__path__, "cribbage."):
    if info.name.endswith("__main__"):
        continue  # runs the command line
    module = importlib.import_module(info.name)
    for node in ast.walk(ast.parse(open(module.__file__).read())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                try_import(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            try_import(node.module)
            for alias in node.names:  # from importlib import resources: a submodule
                try_import(node.module + "." + alias.name)
# And run a few calls the pages make, for imports done by the stdlib itself on first use.
from cribbage.backend import api
for method, params in (("score_cards", {"cards": "5H 5S 5C JD 5D", "crib": False}),
                       ("advice", {"cards": "5H 5S 6C 7D JD KC", "dealer": True})):
    api.call(method, json.dumps(params))
stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
found = set()
for module in list(sys.modules.values()):
    where = getattr(module, "__file__", None) or ""
    if where.startswith(stdlib + "/"):
        found.add(where[len(stdlib) + 1:])

import importlib._bootstrap_external as bootstrap, zipfile
with zipfile.ZipFile(stdlib) as full, zipfile.ZipFile("/tmp/small.zip", "w", zipfile.ZIP_STORED) as small:
    for info in full.infolist():
        if info.filename not in found:
            continue
        data = full.read(info)
        name = info.filename
        if name.endswith(".py"):  # zipimport loads a .pyc that has no source beside it as it is
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            data = bytes(bootstrap._code_to_timestamp_pyc(code, 0, len(data)))
            name += "c"
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.external_attr = info.external_attr
        small.writestr(entry, data)
len(found)
`);
if (!kept) throw new Error("no standard-library module was found");
await writeFile(outPath, pyodide.FS.readFile("/tmp/small.zip"));

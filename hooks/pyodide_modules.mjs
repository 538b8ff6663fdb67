// Build-time helper for hooks/runtime.py: which files of Pyodide's python_stdlib.zip the site
// needs, so the browser can download a smaller one.
//   node pyodide_modules.mjs <pyodide dir> <engine wheel>   -> JSON list of paths in the zip
// The answer is every stdlib module loaded while Pyodide starts, installs the engine's wheel the
// way the browser does (loadPackage), imports every engine module and also every module the
// engine's code names in an import statement anywhere (a lazy import inside a function too).
import path from "node:path";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(path.resolve(wheelPath), { messageCallback: () => {} });
const files = pyodide.runPython(`
import importlib, json, pkgutil, re, sys
import cribbage
IMPORT = re.compile(r"^\\s*(?:from\\s+([\\w.]+)\\s+import|import\\s+([\\w.]+(?:\\s*,\\s*[\\w.]+)*))", re.M)
for info in pkgutil.walk_packages(cribbage.__path__, "cribbage."):
    if info.name.endswith("__main__"):
        continue  # runs the command line
    module = importlib.import_module(info.name)
    source = open(module.__file__).read()
    for start, listed in IMPORT.findall(source):
        for name in [start] if start else listed.split(","):
            name = name.strip()
            if name and not name.startswith(("cribbage", ".")):
                try:
                    importlib.import_module(name)
                except Exception:  # a module this Pyodide lacks: the engine cannot need it here
                    pass
stdlib = "/lib/python%d%d.zip/" % sys.version_info[:2]
found = set()
for module in list(sys.modules.values()):
    where = getattr(module, "__file__", None) or ""
    if where.startswith(stdlib):
        found.add(where[len(stdlib):])
json.dumps(sorted(found))
`);
process.stdout.write(files);

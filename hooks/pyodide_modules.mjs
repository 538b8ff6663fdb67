// Build-time helper for hooks/runtime.py: which files of Pyodide's python_stdlib.zip the site
// needs, so the browser can download a smaller one.
//   node pyodide_modules.mjs <pyodide dir> <engine wheel>   -> JSON list of paths in the zip
// The answer is every stdlib module loaded while Pyodide starts, installs the engine's wheel the
// way the browser does (loadPackage), imports every engine module and also every module the
// engine's code names in an import statement anywhere (a lazy import inside a function too), and
// what a scorer and an advice call load on first use.
import path from "node:path";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(path.resolve(wheelPath), { messageCallback: () => {} });
const files = pyodide.runPython(`
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
stdlib = "/lib/python%d%d.zip/" % sys.version_info[:2]
found = set()
for module in list(sys.modules.values()):
    where = getattr(module, "__file__", None) or ""
    if where.startswith(stdlib):
        found.add(where[len(stdlib):])
json.dumps(sorted(found))
`);
process.stdout.write(files);

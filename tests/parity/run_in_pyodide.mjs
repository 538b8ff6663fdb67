// Runs engine calls under Pyodide in Node and prints the answers as JSON.
//   node run_in_pyodide.mjs <pyodide dir> <engine wheel> <cases.json>
// cases.json: [[method, params_json], ...]; output: [answer_json, ...] in the same order.
import { readFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, casesPath] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel");
pyodide.globals.set("cases_json", await readFile(casesPath, "utf8"));
const answers = pyodide.runPython(`
import json, sys
from cribbage.api import call
json.dumps({"python": sys.version.split()[0],
            "answers": [call(method, params) for method, params in json.loads(cases_json)]})
`);
process.stdout.write(answers);

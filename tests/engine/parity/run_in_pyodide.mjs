// Runs engine calls under Pyodide in Node and prints the answers as JSON.
//   node run_in_pyodide.mjs <pyodide dir> <engine wheel> <cases.json> [memory snapshot|""] [stdlib zip]
// cases.json: [[method, params_json], ...]; output: {python, answers: [answer_json, ...]}.
// With a snapshot, Python is restored from it (as the browser does) instead of started; with a
// stdlib zip (the site's small one), Python has only those modules, as in the browser.
import { readFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, casesPath, snapshotPath, stdLibURL] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
// The site keeps its lock file beside the engine's wheel (pyodide/engine-<hash>/).
const options = { indexURL, lockFileURL: path.resolve(path.dirname(wheelPath), "pyodide-lock.json") };
if (stdLibURL) options.stdLibURL = path.resolve(stdLibURL);
if (snapshotPath) options._loadSnapshot = new Uint8Array(await readFile(snapshotPath));
const pyodide = await loadPyodide(options);
// Install where loadPackage installs in the browser, so module paths agree with the wheel's files.
const sitePackages = pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.globals.set("cases_json", await readFile(casesPath, "utf8"));
const answers = pyodide.runPython(`
import json, sys
from cribbage.backend.api import call
json.dumps({"python": sys.version.split()[0],
            "answers": [call(method, params) for method, params in json.loads(cases_json)]})
`);
process.stdout.write(answers);

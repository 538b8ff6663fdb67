// Build-time helper for hooks/runtime.py: a Pyodide memory snapshot taken after Python has
// started and imported the engine, so the browser can skip both.
//   node pyodide_snapshot.mjs <pyodide dir> <engine wheel> <output file> [<python_stdlib.zip>]
// The browser must mount the same stdlib zip when it restores the snapshot (zipimport's
// directory of the archive lives in the snapshot's memory).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, outPath, stdLibURL] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
// Install where loadPackage installs in the browser, so module paths agree with the wheel's files.
const sitePackages = pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
// What the scorer needs on its first call; anything else is imported from the wheel later.
pyodide.runPython("import cribbage.backend.api, cribbage.show, cribbage.play, cribbage.cards, cribbage.advice");
await writeFile(outPath, pyodide.makeMemorySnapshot());

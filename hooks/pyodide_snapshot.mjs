// Build-time helper for hooks/runtime.py: a Pyodide memory snapshot taken after Python has
// started and imported the engine, so the browser can skip both.
//   node pyodide_snapshot.mjs <pyodide dir> <engine wheel> <output file>
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, outPath] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
// Install where loadPackage installs in the browser, so module paths agree with the wheel's files.
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
// What the scorer needs on its first call; anything else is imported from the wheel later.
pyodide.runPython("import cribbage.api, cribbage.show, cribbage.play, cribbage.cards, cribbage.advice");
await writeFile(outPath, pyodide.makeMemorySnapshot());

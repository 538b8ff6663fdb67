// The expert's decision times in Pyodide under Node (bench/bench_expert.py --pyodide N runs it).
//   node bench/expert_pyodide.mjs <pyodide dir> <engine wheel> <bench/expert_timing.py> <games>
// Prints {"n", "median", "p90", "max"} in milliseconds of the clock Pyodide's Python sees
// (wall time: on a shared machine it counts the other jobs too).
import { readFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, timingPath, games] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL });
const sitePackages = pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.FS.writeFile(`${sitePackages}/expert_timing.py`, await readFile(timingPath, "utf8"));
pyodide.globals.set("games", Number(games));
process.stdout.write(pyodide.runPython(`
import json, statistics, time
from expert_timing import move_times

samples = move_times(games, time.perf_counter)
json.dumps({"n": len(samples), "median": statistics.median(samples),
            "p90": statistics.quantiles(samples, n=10)[-1], "max": max(samples)})
`));

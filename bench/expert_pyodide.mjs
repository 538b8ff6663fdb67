// The expert's decision times in Pyodide under Node (bench/bench_expert.py --pyodide N runs it).
//   node bench/expert_pyodide.mjs <pyodide dir> <engine wheel> <games>
// Prints {"n", "median", "p90", "max"} in milliseconds of the clock Pyodide's Python sees
// (wall time: on a shared machine it counts the other jobs too).
import { readFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, wheelPath, games] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL });
const sitePackages = pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
pyodide.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.globals.set("games", Number(games));
process.stdout.write(pyodide.runPython(`
import json, statistics, time
from cribbage import Game
from cribbage.expert.player import expert_player
from cribbage.players import computer_player, play_game

samples = []
for seed in range(games):
    expert = expert_player(f"t{seed}")

    def timed(game, actions, expert=expert):
        if actions[0].kind not in ("discard", "play") or len(actions) == 1:
            return expert(game, actions)
        start = time.perf_counter()
        action = expert(game, actions)
        samples.append((time.perf_counter() - start) * 1000)
        return action

    strong = computer_player("strong", f"s{seed}")
    play_game(Game(seed=f"expert-times/{seed}"), (timed, strong) if seed % 2 else (strong, timed))
json.dumps({"n": len(samples), "median": statistics.median(samples),
            "p90": statistics.quantiles(samples, n=10)[-1], "max": max(samples)})
`));

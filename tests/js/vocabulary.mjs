// The engine's vocabulary for Node tests, asked of the engine itself (the build writes the same
// JSON into assets/js/vocabulary.js), so no rule number is typed twice, not even in a test.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const venv = join(root, ".venv", "bin", "python");
const python = existsSync(venv) ? venv : "python3";
const source = "import json; from cribbage.backend import vocabulary; print(json.dumps(vocabulary.as_json()))";

const words = JSON.parse(execFileSync(python, ["-c", source], {
  env: { ...process.env, PYTHONPATH: join(root, "engine") }, encoding: "utf8",
}));

export default words;
export const rules = words.rules;

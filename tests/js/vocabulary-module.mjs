// Lets a page module's `import words from "../vocabulary.js"` load under Node. The build writes
// that module into the site; here it is answered with the same words, asked of the engine
// (vocabulary.mjs). Import this first, then the page modules with `await import(...)`: a static
// import is resolved before this module has run.
import { register } from "node:module";

import words from "./vocabulary.mjs";

const HOOKS = `let url;
export function initialize(data) { url = data.url; }
export async function resolve(specifier, context, next) {
  if (specifier.endsWith("/vocabulary.js") && context.parentURL?.includes("/docs/assets/js/")) return { url, shortCircuit: true };
  return next(specifier, context);
}`;
const module = `export default ${JSON.stringify(words)};`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, {
  data: { url: `data:text/javascript,${encodeURIComponent(module)}` },
});

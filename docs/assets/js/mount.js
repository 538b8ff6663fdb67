// Page modules run their setup on every view of their page and tear it down when the reader
// leaves. Material's instant navigation swaps the page content without reloading scripts and
// announces each new page on `document$`; this module subscribes to it once for all pages, so a
// page never keeps listeners (engine status, window events) from an earlier visit.
//   mountPage("[data-scorer-page]", (root, signal) => { ... })
// `signal` (an AbortSignal) aborts when the reader leaves the page: every listener is added with
// { signal }, and a reply that arrives after it is dropped (`latestReply`). A setup may still
// return a function for what a signal cannot end (a subscription, a picker's own listeners).
import { engine } from "./engine.js";
import { showProgress } from "./progress.js";
import { onEveryPage } from "./common/pages.js";

/** @typedef {import("./engine.js").Method} Method @typedef {import("./engine.js").Params} Params */
/** @typedef {import("./engine.js").Reply} Reply @typedef {import("./engine.js").Status} Status */
/** @typedef {import("./engine.js").EngineState} EngineState */

/**
 * @typedef {(root: HTMLElement, signal: AbortSignal) => (void | (() => void))} Setup  may return its teardown
 * @typedef {{selector: string, setup: Setup, root: HTMLElement | null, teardown: void | (() => void) | null,
 *   controller: AbortController | null}} MountedPage
 */
/** @type {MountedPage[]} */
const pages = [];
let subscribed = false;

function onPageView() {
  for (const page of pages) {
    const root = /** @type {HTMLElement | null} */ (document.querySelector(page.selector));
    if (root === page.root) continue; // the same view: document$ replays its last page
    if (page.root) {
      page.controller?.abort();
      if (typeof page.teardown === "function") page.teardown();
      page.root = null;
      page.teardown = null;
    }
    if (root) {
      page.root = root;
      const controller = new AbortController();
      page.controller = controller;
      // at once, in the task that announced the page: a frame drawn before the setup would show the
      // page as built, and the setup's changes (the status line, the filled choices) would move it
      try {
        page.teardown = page.setup(root, controller.signal);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

// `fn` in a task of its own, soon, unless the reader has left the page by then: work split so that
// no one task holds a phone's main thread long (a tap waits for the task it comes in).
/** @param {() => void} fn @param {AbortSignal} signal */
export function nextTask(fn, signal) {
  setTimeout(() => {
    if (!signal.aborted) fn();
  });
}

// Resolves once what the page has just drawn is on screen: after the next frame, in a task of its
// own. A request sent now would start the engine's next piece of work beside the style and layout
// of this one, and on a phone with few cores the two share them. A hidden tab draws no frames: it
// goes on at once (one hidden later goes on when it is shown, when its reader can see the result).
/** @returns {Promise<void>} */
export function afterNextPaint() {
  return new Promise((resolve) => {
    if (document.hidden) resolve();
    else requestAnimationFrame(() => setTimeout(resolve));
  });
}

/** @param {string} selector @param {Setup} setup */
export function mountPage(selector, setup) {
  pages.push({ selector, setup, root: null, teardown: null, controller: null });
  if (subscribed) {
    onPageView();
    return;
  }
  subscribed = true;
  onEveryPage(onPageView);
}

// Work of one purpose (read the boxes, count the hand): each new run supersedes the one before,
// and leaving the page ends them all. `run(work)` resolves to what `work()` gives, or to null
// when it is no longer wanted, so a late reply never reaches the page; `run.drop()` drops the
// pending one without starting another (the box was emptied).
/**
 * @param {AbortSignal} signal
 * @returns {(<T>(work: () => Promise<T> | T) => Promise<T | null>) & {drop(): void}}
 */
export function latestRun(signal) {
  let current = 0;
  /** @type {<T>(work: () => Promise<T> | T) => Promise<T | null>} */
  const run = async (work) => {
    const mine = ++current;
    const outcome = await work();
    return signal.aborted || mine !== current ? null : outcome;
  };
  return Object.assign(run, { drop: () => { current += 1; } });
}

// The same for one engine request: `ask(method, params)` is engine.call through latestRun.
/**
 * @param {AbortSignal} signal
 * @returns {((method: Method, params: Params) => Promise<Reply | null>) & {drop(): void}}
 */
export function latestReply(signal) {
  const run = latestRun(signal);
  const ask = (/** @type {Method} */ method, /** @type {Params} */ params) => run(() => engine.call(method, params));
  return Object.assign(ask, { drop: run.drop });
}

// `fn` after `ms` of quiet: each call restarts the wait; `.cancel()` or leaving the page ends it.
/**
 * @template {unknown[]} A
 * @param {number} ms @param {(...args: A) => void} fn @param {AbortSignal} signal
 * @returns {((...args: A) => void) & {cancel(): void}}
 */
export function afterQuiet(ms, fn, signal) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const cancel = () => clearTimeout(timer);
  signal.addEventListener("abort", cancel, { once: true });
  const later = (/** @type {A} */ ...args) => {
    cancel();
    if (!signal.aborted) timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(later, { cancel });
}

// Offline, a failed start means the engine's files are not on this device yet (engine.js says so
// in the detail): not the browser's fault. What to do meanwhile, unless the page says otherwise.
const OFFLINE_FAILURE = "Open this page once with a connection: from then on it works offline too. "
  + "Everything else on this site still works.";

/** @typedef {(state: EngineState, detail: string) => string} StatusWords */

/** @param {Status} status @param {StatusWords} text @param {string} offline */
function statusText(status, text, offline) {
  if (status.state === "failed" && status.offline) return `${status.detail} ${offline}`;
  return text(status.state, status.detail);
}

// The page's engine status line ([data-engine-status] inside root): `text(state, detail)` says
// what to show for each state, and `offline` what to do when the engine is not on this device and
// the network is gone. Returns the unsubscribe function for the page's teardown.
// Inside the line, progress.js draws the start-up progress bar (and "Try again" after a failure).
/** @param {HTMLElement} root @param {StatusWords} text @param {string} [offline] @returns {() => void} */
export function showEngineStatus(root, text, offline = OFFLINE_FAILURE) {
  const line = /** @type {HTMLElement} */ (root.querySelector("[data-engine-status]"));
  line.id ||= `engine-status-${pages.findIndex((page) => page.root === root)}`;
  const words = document.createElement("span");
  words.className = "engine-status__text";
  line.replaceChildren(words);
  const progress = showProgress(line, engine);
  let shown = engine.status;
  const say = () => { words.textContent = statusText(shown, text, offline) + waiting.kept(); };
  const waiting = waitingControls(root, line, say);
  const unsubscribe = engine.onStatus((status) => {
    shown = status;
    progress.update(status);
    waiting.update(status.state);
    say();
    line.dataset.state = status.state;
    root.dataset.engineState = status.state;
  });
  return () => {
    unsubscribe();
    waiting.remove();
    progress.remove();
  };
}

// Controls that need the engine ([data-needs-engine]) say so while it starts: the build writes
// "(engine loading)" into each ([data-engine-wait], `{{ engine_wait }}` in a page), so nothing moves at first paint, and it goes
// once the engine is ready, the button keeping its width so nothing beside it moves either.
// A click meanwhile is kept (engine.call queues it), and the status line says so.
const KEPT = " Your request is kept: it is answered as soon as the engine is ready.";

/** @param {HTMLElement} root @param {HTMLElement} line @param {() => void} say */
function waitingControls(root, line, say) {
  let state = engine.status.state;
  let clickedEarly = false;
  const controls = () => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-needs-engine]"));
  for (const control of controls()) control.setAttribute("aria-describedby", line.id);
  const onUse = (/** @type {Event} */ event) => {
    if (state === "ready" || !(event.target instanceof Element) || !event.target.closest("[data-needs-engine]")) return;
    clickedEarly = true;
    say();
  };
  root.addEventListener("click", onUse, true);
  return {
    /** @param {EngineState} next */
    update(next) {
      state = next;
      if (state === "failed" || state === "ready") clickedEarly = false;
      const waiting = [...controls()].map((control) => ({ control, width: 0,
        label: /** @type {HTMLElement | null} */ (control.querySelector("[data-engine-wait]")) }));
      // every width read before any label goes: one layout, not one per control
      if (state === "ready") {
        for (const each of waiting) each.width = each.label ? each.control.getBoundingClientRect().width : 0;
      }
      for (const { control, label, width } of waiting) {
        if (!label) continue;
        if (state === "ready") {
          control.style.boxSizing = "border-box";
          control.style.minWidth = `${width}px`;
          label.remove();
          control.removeAttribute("aria-describedby");
        } else {
          label.dataset.loading ||= label.textContent; // the build's words (hooks/render.py ENGINE_WAIT)
          label.textContent = state === "failed" || state === "unsupported" ? " (engine not started)" : label.dataset.loading;
        }
      }
    },
    kept: () => (clickedEarly ? KEPT : ""),
    remove: () => root.removeEventListener("click", onUse, true),
  };
}

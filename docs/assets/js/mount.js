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

const pages = []; // {selector, setup, root, teardown, controller}
let subscribed = false;

function onPageView() {
  for (const page of pages) {
    const root = document.querySelector(page.selector);
    if (root === page.root) continue; // the same view: document$ replays its last page
    if (page.root) {
      page.controller.abort();
      if (typeof page.teardown === "function") page.teardown();
      page.root = null;
      page.teardown = null;
    }
    if (root) {
      page.root = root;
      page.controller = new AbortController();
      try {
        page.teardown = page.setup(root, page.controller.signal);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

export function mountPage(selector, setup) {
  pages.push({ selector, setup, root: null, teardown: null, controller: null });
  if (subscribed) {
    onPageView();
    return;
  }
  subscribed = true;
  // Material's bundle (a classic script) has run before any module; without it, one page view.
  if (window.document$) window.document$.subscribe(onPageView);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPageView);
  else onPageView();
}

// Work of one purpose (read the boxes, count the hand): each new run supersedes the one before,
// and leaving the page ends them all. `run(work)` resolves to what `work()` gives, or to null
// when it is no longer wanted, so a late reply never reaches the page; `run.drop()` drops the
// pending one without starting another (the box was emptied).
export function latestRun(signal) {
  let current = 0;
  const run = async (work) => {
    const mine = ++current;
    const outcome = await work();
    return signal.aborted || mine !== current ? null : outcome;
  };
  run.drop = () => { current += 1; };
  return run;
}

// The same for one engine request: `ask(method, params)` is engine.call through latestRun.
export function latestReply(signal) {
  const run = latestRun(signal);
  const ask = (method, params) => run(() => engine.call(method, params));
  ask.drop = run.drop;
  return ask;
}

// `fn` after `ms` of quiet: each call restarts the wait; `.cancel()` or leaving the page ends it.
export function afterQuiet(ms, fn, signal) {
  let timer = null;
  const cancel = () => clearTimeout(timer);
  signal.addEventListener("abort", cancel, { once: true });
  const later = (...args) => {
    cancel();
    if (!signal.aborted) timer = setTimeout(() => fn(...args), ms);
  };
  later.cancel = cancel;
  return later;
}

// Offline, a failed start means the engine's files are not on this device yet: not the browser's fault.
const OFFLINE_FAILURE = "You are offline, and the engine is not saved on this device yet. Open this page "
  + "once with a connection: from then on it works offline too. Everything else on this site still works.";

function statusText(status, text) {
  if (status.state === "failed" && navigator.onLine === false) return OFFLINE_FAILURE;
  return text(status.state, status.detail);
}

// The page's engine status line ([data-engine-status] inside root): `text(state, detail)` says
// what to show for each state. Returns the unsubscribe function for the page's teardown.
// Inside the line, progress.js draws the start-up progress bar (and "Try again" after a failure).
export function showEngineStatus(root, text) {
  const line = root.querySelector("[data-engine-status]");
  line.id ||= `engine-status-${pages.findIndex((page) => page.root === root)}`;
  const words = document.createElement("span");
  words.className = "engine-status__text";
  line.replaceChildren(words);
  const progress = showProgress(line, engine);
  let shown = engine.status;
  const say = () => { words.textContent = statusText(shown, text) + waiting.kept(); };
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

function waitingControls(root, line, say) {
  let state = engine.status.state;
  let clickedEarly = false;
  const controls = () => root.querySelectorAll("[data-needs-engine]");
  for (const control of controls()) control.setAttribute("aria-describedby", line.id);
  const onUse = (event) => {
    if (state === "ready" || !event.target.closest("[data-needs-engine]")) return;
    clickedEarly = true;
    say();
  };
  root.addEventListener("click", onUse, true);
  return {
    update(next) {
      state = next;
      if (state === "failed" || state === "ready") clickedEarly = false;
      for (const control of controls()) {
        const label = control.querySelector("[data-engine-wait]");
        if (!label) continue;
        if (state === "ready") {
          control.style.boxSizing = "border-box";
          control.style.minWidth = `${control.getBoundingClientRect().width}px`;
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

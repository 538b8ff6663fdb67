// Page modules run their setup on every view of their page and tear it down when the reader
// leaves. Material's instant navigation swaps the page content without reloading scripts and
// announces each new page on `document$`; this module subscribes to it once for all pages, so a
// page never keeps listeners (engine status, window events) from an earlier visit.
//   mountPage("[data-scorer-page]", (root) => { ...; return () => { /* teardown */ }; })
import { engine } from "./engine.js";
import { showProgress } from "./progress.js";

const pages = []; // {selector, setup, root, teardown}
let subscribed = false;

function onPageView() {
  for (const page of pages) {
    const root = document.querySelector(page.selector);
    if (root === page.root) continue; // the same view: document$ replays its last page
    if (page.root) {
      if (typeof page.teardown === "function") page.teardown();
      page.root = null;
      page.teardown = null;
    }
    if (root) {
      page.root = root;
      try {
        page.teardown = page.setup(root);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

export function mountPage(selector, setup) {
  pages.push({ selector, setup, root: null, teardown: null });
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

// The page's engine status line ([data-engine-status] inside root): `text(state, detail)` says
// what to show for each state. Returns the unsubscribe function for the page's teardown.
// Inside the line, progress.js draws the start-up progress bar (and "Try again" after a failure).
export function showEngineStatus(root, text) {
  const line = root.querySelector("[data-engine-status]");
  const words = document.createElement("span");
  words.className = "engine-status__text";
  line.replaceChildren(words);
  const progress = showProgress(line, engine);
  const unsubscribe = engine.onStatus((status) => {
    const { state, detail } = status;
    progress.update(status);
    words.textContent = text(state, detail);
    line.dataset.state = state;
    root.dataset.engineState = state;
  });
  return () => {
    unsubscribe();
    progress.remove();
  };
}

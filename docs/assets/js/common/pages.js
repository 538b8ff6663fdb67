// Each page the reader sees: the one loaded, and each one Material's instant navigation swaps in
// after it, which Material announces on `document$`. Its bundle is a deferred script (hooks/site.py
// deferred_theme_bundle): a module of the page runs before it, while the document is already
// "interactive", so only DOMContentLoaded says that it has run. Without it (another theme, a
// bundle that failed), the loaded page alone.

/** @param {() => void} fn */
export function onEveryPage(fn) {
  if (window.document$) {
    window.document$.subscribe(() => fn());
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    if (window.document$) window.document$.subscribe(() => fn());
    else fn();
  };
  if (document.readyState === "complete") once();
  else {
    document.addEventListener("DOMContentLoaded", once, { once: true });
    window.addEventListener("load", once, { once: true }); // in case it has already fired
  }
}

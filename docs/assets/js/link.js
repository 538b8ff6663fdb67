// One way for every page to read the link it was opened with. The fragment is decoded once, here:
// decodeURIComponent throws on a malformed %-escape ("#%", "#deal=%ZZ", a UTF-8 sequence cut
// short), so no page calls it itself. A link that names nothing the
// page can show gets one wording on every page (badLinkMessage). Nothing read here is ever
// inserted as HTML: pages put it in text nodes.

// The fragment without its "#", decoded; `ok` is false when it cannot be decoded (then `text` is
// the raw fragment, to be shown as text or ignored, never used).
export function readFragment(hash = window.location.hash) {
  const raw = String(hash).replace(/^#/, "");
  try {
    return { ok: true, text: decodeURIComponent(raw) };
  } catch (error) {
    return { ok: false, text: raw };
  }
}

// "key=value&key=value" as a Map, keys trimmed and in lower case (as the engine reads them:
// cribbage.backend.vocabulary.parse_fragment); the values as written.
/** @param {string} text @returns {Map<string, string>} */
export function fragmentFields(text) {
  return new Map([...new URLSearchParams(text)].map(([key, value]) => [key.trim().toLowerCase(), value]));
}

// A fragment that names an element on the page is an anchor (a heading, a section), not a link
// to a page's state, and never a bad link.
export const isAnchor = (/** @type {string} */ text) => text !== "" && document.getElementById(text) !== null;

// The page's fragment: "none" (empty, or an anchor on the page), "bad" (it cannot be decoded), or
// "state" with the decoded text for the page to read; text a page cannot read is a bad link too.
export function pageFragment(hash = window.location.hash) {
  const { ok, text } = readFragment(hash);
  if (!ok) return { kind: "bad", text };
  if (text === "" || isAnchor(text)) return { kind: "none", text };
  return { kind: "state", text };
}

// The one message for a link that names nothing: what the page expected, and what it did instead.
/** @param {string} what @param {string} outcome */
export const badLinkMessage = (what, outcome) => `This link does not describe ${what}, so ${outcome}.`;

// The page's address with `text` as its fragment ("" for none), in place of the current entry.
/** @param {string} text */
export function writeFragment(text) {
  const url = new URL(location.href);
  url.hash = text;
  replaceAddress(url);
}

// `url` as the page's address, in place of the current entry (the history state kept as it is).
/** @param {URL | string} url */
export function replaceAddress(url) {
  history.replaceState(history.state, "", url);
}

/** The address without its fragment, so a link read once is not followed again on reload. */
export const dropFragment = () => replaceAddress(location.pathname + location.search);

/** The address without its query (`?seed=`), the fragment kept. */
export const dropQuery = () => replaceAddress(location.pathname + location.hash);

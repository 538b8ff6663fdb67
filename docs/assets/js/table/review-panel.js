// The reviews and the game record at the table, wired to the page: the review bar under the
// moves (a deal once its show is over, the game once it is over), the panel (a dialog, so opening
// it moves nothing on the page) and the finished game's record to copy, download or replay. The
// engine refuses to review a deal before its show; the bar never offers one.
import { KEYS, readSaved, writeSaved } from "../storage.js";
import { el } from "../common/ui.js";
import { possessive } from "../common/words.js";
import { handOverRecord } from "../common/game-record.js";
import { dealModel, gameModel, reviewBar, reviewWords } from "../common/review-model.js";
import { drawDealReview, drawGameReview, drawTrend } from "../common/review-view.js";
import { addToTrend, emptyTrend, trendModel, validTrend } from "./review-trend.js";

/**
 * @typedef {import("./types.js").Page} Page @typedef {import("./types.js").View} View
 * @typedef {import("../common/review-model.js").DealReply} DealReply
 * @typedef {import("../common/review-model.js").GameReply} GameReply
 * @typedef {ReturnType<typeof reviewWords>} Words
 * @typedef {<R>(method: import("../engine.js").Method, params: Record<string, unknown>, onError: (error: string) => void)
 *   => Promise<R | null>} Call  the engine, as the page asks it (its result, or null after onError)
 * @typedef {{seat: number, name: string}} Person
 * @typedef {{page: Page, call: Call, blob: string | null, reviewed: Record<number, {id: string, reply: GameReply}> | null,
 *   trendNotice: string, box: HTMLElement, bar: HTMLElement, records: HTMLElement, dialog: HTMLDialogElement,
 *   view: View | null, record: string | null, recordFor: string | null, opener: HTMLElement | null, back: Person}} Panel
 */

const TREND_UNREADABLE = "Your earlier figures could not be read, so a new series has started (the old data is kept aside).";
const SLOW = 1000; // ms: a review that takes longer shows a progress bar
const NOTE = "Differences under 0.05 points are called equal. Reviews cover the standard game only.";

/** @param {string} label @param {string} data @param {string} [className] */
function button(label, data, className = "md-button") {
  const node = el("button", label, className);
  node.type = "button";
  node.dataset[data] = "";
  return node;
}

function dialogNode() {
  const dialog = el("dialog", undefined, "table__dialog review__dialog");
  dialog.dataset.reviewDialog = "";
  dialog.setAttribute("aria-labelledby", "review-title");
  const head = el("div", undefined, "review__head");
  const title = el("h2", "Review");
  title.id = "review-title";
  title.dataset.reviewTitle = "";
  head.append(title, button("Close", "reviewClose"));
  const status = el("p", "", "review__status");
  status.setAttribute("role", "status");
  status.dataset.reviewStatus = "";
  const body = el("div", undefined, "review__body");
  body.dataset.reviewBody = "";
  const back = button("Back to the game review", "reviewBack");
  back.hidden = true;
  const note = el("p", undefined, "review__note");
  const seen = el("span", reviewWords().note, undefined);
  note.append(seen, ` ${NOTE}`);
  seen.dataset.reviewSeen = ""; // whose sight, said for the person reviewed (showPanel)
  dialog.append(head, note, status, back, body);
  return dialog;
}

// -> {update(view)}: call after every reply the table draws. `call(method, params, onError)`
// asks the engine (the result, or null after onError); the page's state (its sealed game, the
// seat of the person holding the phone, its kinds and names) and its cards are read when needed,
// as they change with every move. With several people each review is one person's: a deal's is of the
// person holding the phone, and at the end each person has their own game review and trend.
/** @param {Page} page @param {Call} call @returns {{update(view: View | null): void}} */
export function mountReview(page, call) {
  const box = page.$("[data-review]");
  const bar = el("div", undefined, "review__bar");
  const records = el("div", undefined, "review__record");
  records.hidden = true;
  const dialog = dialogNode();
  box.replaceChildren(bar, records, dialog);
  /** @type {Panel} */
  const panel = { page, call, blob: null, reviewed: null, trendNotice: "", box, bar, records, dialog, view: null, record: null,
    recordFor: null, opener: null, back: { seat: 0, name: "" } };
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
  $("[data-review-close]").addEventListener("click", () => dialog.close());
  $("[data-review-back]").addEventListener("click", () => openGame(panel, panel.back));
  dialog.addEventListener("close", () => { if (panel.opener?.isConnected) panel.opener.focus(); });
  return { update: (view) => update(panel, view) };
}

// The people's seats and the name each is kept under in the trend ("" for one person without a
// name: the figures kept before names were).
/** @param {Page} page @returns {Person[]} */
function people(page) {
  const { kinds: known, names } = page.state;
  const kinds = known || ["human"];
  return kinds.flatMap((kind, seat) => (kind === "human" ? [{ seat, name: names?.[seat] || "" }] : []));
}

// The review's words for the person at `seat`: among several people, by name and about the other players.
/** @param {Panel} panel @param {number} seat */
function wordsFor(panel, seat) {
  const persons = people(panel.page);
  return persons.length > 1 ? reviewWords(true, persons.find((person) => person.seat === seat)?.name) : reviewWords();
}

/** @param {Panel} panel @param {View | null} view */
function update(panel, view) {
  panel.view = view;
  // cleared at a hand-over
  if (!panel.bar.isConnected) panel.box.replaceChildren(panel.bar, panel.records, panel.dialog);
  const offer = reviewBar(view);
  const parts = [];
  if (!offer.standard) parts.push(el("p", "Reviews cover the standard game only.", "review__idle"));
  else if (offer.deal === null) parts.push(el("p", "Each deal can be reviewed here once its show is over.", "review__idle"));
  else {
    const number = offer.deal;
    const deal = button(`Review deal ${number + 1}`, "reviewDeal");
    deal.addEventListener("click", () => openDeal(panel, number));
    parts.push(deal);
  }
  const persons = people(panel.page);
  for (const person of offer.game ? persons : []) {
    const label = persons.length > 1 ? `Review ${possessive(person.name)} game` : "Review this game";
    const game = button(label, "reviewGame", "md-button md-button--primary");
    game.dataset.reviewSeat = String(person.seat);
    game.addEventListener("click", () => openGame(panel, person));
    parts.push(game);
  }
  panel.bar.replaceChildren(...parts);
  if (view && view.result && panel.recordFor !== view.id) finished(panel, view.id);
  if (!view || !view.result) panel.records.hidden = true;
}

// Open the dialog at once (from the click), titled, its body empty until the review is drawn.
/** @param {Panel} panel @param {string} title @param {Words} words */
function showPanel(panel, title, words) {
  const { dialog } = panel;
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (dialog.querySelector(selector));
  if (!dialog.open) {
    panel.opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  }
  $("[data-review-title]").textContent = title;
  $("[data-review-seen]").textContent = words.note;
  $("[data-review-body]").replaceChildren();
  $("[data-review-close]").focus();
}

// Ask the engine for a review, saying so (and after a second, with a progress bar).
/**
 * @param {Panel} panel @param {string} what @param {import("../engine.js").Method} method
 * @param {Record<string, unknown>} params @param {number} [seat]
 */
async function ask(panel, what, method, params, seat = panel.page.state.seat) {
  const status = bodyPart(panel, "[data-review-status]");
  status.textContent = `Working out the review of ${what}…`;
  const slow = setTimeout(() => status.append(" ", progressBar()), SLOW);
  const reply = await panel.call(method, { sealed: panel.page.state.sealed, seat, ...params }, (error) => {
    status.textContent = error;
  });
  clearTimeout(slow);
  if (reply) status.textContent = "";
  return reply;
}

// A part of the dialog, which dialogNode always draws.
const bodyPart = (/** @type {Panel} */ panel, /** @type {string} */ selector) =>
  /** @type {HTMLElement} */ (panel.dialog.querySelector(selector));

function progressBar() {
  const bar = el("progress");
  bar.setAttribute("aria-label", "Working out the review");
  return bar;
}

/** @param {Panel} panel @param {number} deal @param {number} [seat] */
async function openDeal(panel, deal, seat = panel.page.state.seat) {
  const words = wordsFor(panel, seat);
  showPanel(panel, `Deal ${deal + 1}`, words);
  /** @type {DealReply | null} */
  const reply = await ask(panel, `deal ${deal + 1}`, "review_deal", { deal }, seat);
  bodyPart(panel, "[data-review-back]").hidden = !(panel.view && panel.view.result);
  if (reply) drawDealReview(bodyPart(panel, "[data-review-body]"), dealModel(reply), panel.page.cards ?? {}, words);
}

/** @param {Panel} panel @param {Person} [person] */
async function openGame(panel, person = people(panel.page)[0]) {
  const id = panel.view ? panel.view.id : null;
  const kept = panel.reviewed?.[person.seat]?.id === id ? panel.reviewed[person.seat].reply : null;
  showPanel(panel, person.name && people(panel.page).length > 1 ? `${possessive(person.name)} game` : "The whole game", wordsFor(panel, person.seat));
  panel.back = person;
  /** @type {GameReply | null} */
  const reply = kept || await ask(panel, "the whole game", "review_game", {}, person.seat);
  bodyPart(panel, "[data-review-back]").hidden = true;
  if (!reply || id === null) return;
  if (!kept && panel.view?.result) keepFigure(panel, id, reply, person);
  const body = bodyPart(panel, "[data-review-body]");
  drawGameReview(body, gameModel(reply), { deal: (n) => openDeal(panel, n, person.seat) });
  drawTrend(body, trendModel(loadTrend(panel).trend, id, person.name), panel.trendNotice);
}

// --- a finished game: its figure kept for the trend, its record to copy, download or replay ------

/** @param {Panel} panel */
function loadTrend(panel) {
  const { value, unreadable } = readSaved(KEYS.reviewTrend, validTrend, KEYS.reviewTrendUnreadable);
  if (unreadable !== undefined) panel.trendNotice = TREND_UNREADABLE;
  return { trend: value || emptyTrend(), unreadable };
}

// The record's controls are drawn at once, with the game's end (so nothing moves when the
// engine's answer comes); they work once the record has come.
/** @param {Panel} panel @param {string} id */
async function finished(panel, id) {
  panel.recordFor = id;
  panel.record = null;
  const download = drawRecordBox(panel);
  const { state } = panel.page;
  const sealed = { sealed: state.sealed };
  // a linked guest holds no sealed game: its host sent the record
  /** @type {{over: boolean, text: string} | null} */
  const record = state.sealed ? await panel.call("record", { ...sealed, names: state.names }, () => {}) : state.linkedRecord;
  if (!record || !record.over || panel.recordFor !== id) return;
  panel.record = record.text;
  if (panel.blob) URL.revokeObjectURL(panel.blob);
  panel.blob = URL.createObjectURL(new Blob([panel.record], { type: "text/plain" }));
  download.href = panel.blob;
  if (panel.view?.variant && panel.view.variant !== "standard") return;
  for (const person of people(panel.page)) {
    /** @type {GameReply | null} */
    const review = await panel.call("review_game", { ...sealed, seat: person.seat }, () => {});
    if (!review || panel.recordFor !== id) return;
    keepFigure(panel, id, review, person);
  }
}

// A person's game review, kept for this visit and its figure added to their trend (once per game).
/** @param {Panel} panel @param {string} id @param {GameReply} review @param {Person} person */
function keepFigure(panel, id, review, person) {
  panel.reviewed = { ...panel.reviewed, [person.seat]: { id, reply: review } };
  const { trend } = loadTrend(panel); // an unreadable trend is kept aside (storage.js) before this replaces it
  const grown = addToTrend(trend, id, review, person.name);
  if (grown !== trend) writeSaved(KEYS.reviewTrend, grown);
}

/** @param {Panel} panel */
function drawRecordBox(panel) {
  const copy = button("Copy the game record", "copyRecord");
  const status = el("span", "", "review__copied");
  status.setAttribute("role", "status");
  status.dataset.recordStatus = "";
  // The record once it has come; before, the click is held back and said so.
  const ready = (/** @type {Event} */ event) => {
    if (panel.record !== null) return panel.record;
    event.preventDefault();
    status.textContent = "The record is still being written: try again in a moment.";
    return null;
  };
  copy.addEventListener("click", (event) => {
    const text = ready(event);
    if (text !== null) copyRecord(text, status);
  });
  const download = el("a", "Download it (.txt)", "md-button");
  download.dataset.downloadRecord = "";
  download.href = "#"; // the file's address once the record has come
  download.download = `cribbage-game-${new Date().toISOString().slice(0, 10)}.txt`;
  download.addEventListener("click", ready);
  const replay = el("a", "Replay it move by move", "md-button");
  replay.dataset.replayRecord = "";
  replay.href = "../replay/";
  replay.addEventListener("click", (event) => {
    const text = ready(event);
    if (text !== null) handOverRecord(text);
  });
  panel.records.replaceChildren(el("p", "The game record: every move and every score, as text to keep or share."),
    copy, download, replay, status);
  panel.records.hidden = false;
  return download;
}

/** @param {string} text @param {HTMLElement} status */
async function copyRecord(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = "Copied.";
  } catch {
    status.textContent = "This browser did not allow copying: download the record instead.";
  }
}

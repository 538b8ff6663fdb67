// The reviews and the game record at the table, wired to the page: the review bar under the
// moves (a deal once its show is over, the game once it is over), the panel (a dialog, so opening
// it moves nothing on the page) and the finished game's record to copy, download or replay. The
// engine refuses to review a deal before its show; the bar never offers one.
import { el } from "../ui.js";
import { saveReplayText } from "../replay/store.js";
import { dealModel, gameModel, reviewBar } from "./review-model.js";
import { drawDealReview, drawGameReview } from "./review.js";

const SLOW = 1000; // ms: a review that takes longer shows a progress bar
const NOTE = "Each figure is worked out from what you could see at the time, never from the computer's hidden cards. "
  + "Differences under 0.05 points are called equal. Reviews cover the standard game only.";

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
  dialog.append(head, el("p", NOTE, "review__note"), status, back, body);
  return dialog;
}

// -> {update(view)}: call after every reply the table draws. `call(method, params, onError)`
// asks the engine (the result, or null after onError); `page.sealed` and `page.cards` are read
// when needed, as they change with every move.
export function mountReview(page, call) {
  const box = page.$("[data-review]");
  const bar = el("div", undefined, "review__bar");
  const records = el("div", undefined, "review__record");
  records.hidden = true;
  const dialog = dialogNode();
  box.replaceChildren(bar, records, dialog);
  const panel = { page, call, blob: null, box, bar, records, dialog, view: null, record: null, recordFor: null, opener: null };
  const $ = (selector) => dialog.querySelector(selector);
  $("[data-review-close]").addEventListener("click", () => dialog.close());
  $("[data-review-back]").addEventListener("click", () => openGame(panel));
  dialog.addEventListener("close", () => { if (panel.opener?.isConnected) panel.opener.focus(); });
  return { update: (view) => update(panel, view) };
}

function update(panel, view) {
  panel.view = view;
  const offer = reviewBar(view);
  const parts = [];
  if (!offer.standard) parts.push(el("p", "Reviews cover the standard game only.", "review__idle"));
  else if (offer.deal === null) parts.push(el("p", "Each deal can be reviewed here once its show is over.", "review__idle"));
  else {
    const deal = button(`Review deal ${offer.deal + 1}`, "reviewDeal");
    deal.addEventListener("click", () => openDeal(panel, offer.deal));
    parts.push(deal);
  }
  if (offer.game) {
    const game = button("Review this game", "reviewGame", "md-button md-button--primary");
    game.addEventListener("click", () => openGame(panel));
    parts.push(game);
  }
  panel.bar.replaceChildren(...parts);
  if (view && view.result && panel.recordFor !== view.id) fetchRecord(panel, view.id);
  if (!view || !view.result) panel.records.hidden = true;
}

// Open the dialog at once (from the click), then fill it when the engine answers.
async function opened(panel, title, method, params) {
  const { dialog } = panel;
  const $ = (selector) => dialog.querySelector(selector);
  if (!dialog.open) {
    panel.opener = document.activeElement;
    dialog.showModal();
  }
  $("[data-review-title]").textContent = title;
  $("[data-review-body]").replaceChildren();
  const status = $("[data-review-status]");
  status.textContent = `Working out the review of ${title.toLowerCase().replace(/^review of /, "")}…`;
  const slow = setTimeout(() => status.append(" ", progressBar()), SLOW);
  const reply = await panel.call(method, { sealed: panel.page.sealed, ...params }, (error) => {
    status.textContent = error;
  });
  clearTimeout(slow);
  if (reply) status.textContent = "";
  $("[data-review-close]").focus();
  return reply;
}

function progressBar() {
  const bar = el("progress");
  bar.setAttribute("aria-label", "Working out the review");
  return bar;
}

async function openDeal(panel, deal) {
  const reply = await opened(panel, `Deal ${deal + 1}`, "review_deal", { deal });
  panel.dialog.querySelector("[data-review-back]").hidden = !(panel.view && panel.view.result);
  if (reply) drawDealReview(panel.dialog.querySelector("[data-review-body]"), dealModel(reply), panel.page.cards);
}

async function openGame(panel) {
  const reply = await opened(panel, "The whole game", "review_game", {});
  panel.dialog.querySelector("[data-review-back]").hidden = true;
  if (!reply) return;
  drawGameReview(panel.dialog.querySelector("[data-review-body]"), gameModel(reply), { deal: (n) => openDeal(panel, n) });
}

// --- the finished game's record: copy, download, open in the replay viewer ----------------------

async function fetchRecord(panel, id) {
  panel.recordFor = id;
  const reply = await panel.call("record", { sealed: panel.page.sealed }, () => {});
  if (!reply || !reply.over || panel.recordFor !== id) return;
  panel.record = reply.text;
  drawRecordBox(panel);
}

function drawRecordBox(panel) {
  const copy = button("Copy the game record", "copyRecord");
  const status = el("span", "", "review__copied");
  status.setAttribute("role", "status");
  status.dataset.recordStatus = "";
  copy.addEventListener("click", () => copyRecord(panel.record, status));
  const download = el("a", "Download it (.txt)", "md-button");
  download.dataset.downloadRecord = "";
  if (panel.blob) URL.revokeObjectURL(panel.blob);
  panel.blob = URL.createObjectURL(new Blob([panel.record], { type: "text/plain" }));
  download.href = panel.blob;
  download.download = `cribbage-game-${new Date().toISOString().slice(0, 10)}.txt`;
  const replay = el("a", "Replay it move by move", "md-button");
  replay.dataset.replayRecord = "";
  replay.href = "../replay/";
  replay.addEventListener("click", () => saveReplayText(panel.record));
  panel.records.replaceChildren(el("p", "The game record: every move and every score, as text to keep or share."),
    copy, download, replay, status);
  panel.records.hidden = false;
}

async function copyRecord(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = "Copied.";
  } catch {
    status.textContent = "This browser did not allow copying: download the record instead.";
  }
}

// "Count a hand": the scorer's card picker (its keyboard grid too) in a dialog; the engine counts
// the four cards and the starter, the breakdown is shown, and one tap pegs the total, or the
// player's own claim with a note of the difference (the engine's count settles it; muggins only
// when the players chose it). The only part of the board that needs the engine: the dialog's
// status line says so, with the progress bar, while it loads.
import { engine } from "../engine.js";
import { showEngineStatus } from "../mount.js";
import { cardFace, cardFromPicker } from "../common/cards.js";
import { bindPicker, drawSlots } from "../picker.js";
import { el, itemsTable } from "../common/ui.js";
import { claimChoices, possessive } from "./words.js";

const STATUS = {
  idle: "Counting a hand needs the engine; it starts when this opens.",
  loading: "Loading the engine. Pegging works meanwhile, and the count comes as soon as it is ready.",
  ready: "",
  failed: "The engine could not start in this browser: count the hand yourself and peg with the buttons.",
  unsupported: "This browser cannot run the engine (it needs WebAssembly): count the hand yourself and peg with the buttons.",
};

const OFFLINE = "Count the hand yourself and peg with the buttons; once this has counted a hand with a connection, it counts offline too.";

function faces(root, codes) {
  return Object.fromEntries(codes.map((code) => [code, cardFromPicker(root, code) || { code, label: code, name: code, red: false }]));
}

// The dialog's state lives in `c`: {dialog, size, onPeg, picker, context, hand, starter, ...}.
const $ = (c, selector) => c.dialog.querySelector(selector);
const isCrib = (c) => $(c, 'input[name="count-kind"]:checked').value === "crib";
const complete = (c) => c.hand.length === c.size && Boolean(c.starter);

function error(c, text) {
  $(c, "[data-count-error]").textContent = text || "";
  $(c, "[data-count-error]").hidden = !text;
}

function note(c, text) {
  $(c, "[data-count-note]").textContent = text || "";
}

function drawChosen(c) {
  const token = (code) => ({ token: code, card: code });
  drawSlots($(c, "[data-count-chosen]"), [
    { label: isCrib(c) ? "Crib" : "Hand", size: c.size, tokens: c.hand.map(token) },
    { label: "Starter", size: 1, tokens: c.starter ? [token(c.starter)] : [] },
  ], (code) => cardFace(faces(c.dialog, [code])[code], "face"));
  c.picker.show(c.starter ? [...c.hand, c.starter] : c.hand);
}

function clearResult(c) {
  c.serial += 1; // a count still on its way is for cards no longer chosen
  c.total = null;
  $(c, "[data-count-result]").replaceChildren();
  $(c, "[data-count-actions]").hidden = true;
}

function drawResult(c, result) {
  const block = el("div", undefined, "breakdown");
  const head = el("p", undefined, "breakdown__head");
  head.append(el("span", result.crib ? "Crib" : "Hand", "breakdown__tag"), el("span", "Total", "breakdown__title"),
    el("span", String(result.total), "breakdown__total"));
  block.append(head, result.items.length ? itemsTable(faces(c.dialog, [...c.hand, c.starter]), result.items)
    : el("p", "Nothing scores: the total is 0.", "breakdown__nothing"));
  $(c, "[data-count-result]").replaceChildren(block);
  $(c, "[data-count-peg]").textContent = `Peg ${result.total} for ${c.context.name}`;
  $(c, "[data-count-claim]").value = "";
  $(c, "[data-count-claim-label]").textContent = `Or ${possessive(c.context.name)} own count `;
  drawClaims(c);
  $(c, "[data-count-actions]").hidden = false;
  $(c, "[data-count-actions]").scrollIntoView({ block: "nearest" });
}

async function count(c) {
  clearResult(c);
  const mine = c.serial;
  $(c, "[data-count-result]").replaceChildren(el("p", engine.state === "ready" ? "Counting…"
    : "Counting as soon as the engine is ready (see the bar above)…", "scoreboard__counting"));
  const reply = await engine.call("score", { hand: c.hand.join(" "), starter: c.starter, crib: isCrib(c) });
  if (mine !== c.serial || !c.context) return;
  if (!reply.ok) {
    $(c, "[data-count-result]").replaceChildren();
    error(c, reply.error);
    return;
  }
  c.total = reply.result.total;
  drawResult(c, reply.result);
}

function drawClaims(c) {
  const text = $(c, "[data-count-claim]").value.trim();
  const claim = text === "" ? NaN : Number(text);
  const choices = c.total === null ? [] : claimChoices(c.total, claim, c.context.name, c.context.opponents, c.context.muggins);
  $(c, "[data-count-claims]").replaceChildren(...choices.map((choice, i) => {
    const node = el("button", choice.text, "md-button");
    node.type = "button";
    node.dataset.claimChoice = String(i);
    node.addEventListener("click", () => finish(c, choice));
    return node;
  }));
}

function finish(c, choice) {
  const done = c.context;
  c.draft = null; // pegged: the next count starts with no cards (the close event comes later)
  c.context = null;
  c.dialog.close();
  c.onPeg({ side: done.side, points: choice.points, note: choice.note || "", muggins: choice.muggins || null,
    crib: isCrib(c) });
}

// A card pressed: the first four are the hand, the fifth the starter; a chosen card comes back.
function pick(c, event) {
  const code = event.target.closest("button[data-card]")?.dataset.card;
  if (!code) return;
  error(c, "");
  note(c, "");
  const taken = c.takenStarter;
  c.takenStarter = null;
  if (c.hand.includes(code)) c.hand = c.hand.filter((other) => other !== code);
  else if (c.starter === code) {
    // the starter stays chosen all deal, so taking it back is said, with the way to undo it
    c.starter = null;
    c.takenStarter = code;
    note(c, `The starter, ${faces(c.dialog, [code])[code].name}, is taken back: press it again to put it back, or pick another.`);
  } else if (code === taken && !c.starter) c.starter = code;
  else if (c.hand.length < c.size) c.hand = [...c.hand, code];
  else if (!c.starter) c.starter = code;
  else return error(c, "The cards and the starter are chosen: press one of them to take it back.");
  drawChosen(c);
  if (complete(c)) count(c);
  else clearResult(c);
}

function listen(c) {
  const onPick = (event) => pick(c, event);
  $(c, "[data-count-picker]").addEventListener("click", onPick);
  $(c, "[data-count-claim]").addEventListener("input", () => drawClaims(c));
  $(c, "[data-count-peg]").addEventListener("click", () => c.total !== null && finish(c, { points: c.total }));
  $(c, "[data-count-clear]").addEventListener("click", () => {
    c.hand = [];
    c.starter = null;
    error(c, "");
    note(c, "");
    drawChosen(c);
    clearResult(c);
  });
  $(c, "[data-count-close]").addEventListener("click", () => c.dialog.close());
  c.dialog.querySelectorAll('input[name="count-kind"]').forEach((radio) => radio.addEventListener("change", () => {
    drawChosen(c);
    if (complete(c)) count(c);
  }));
  c.dialog.addEventListener("close", () => {
    if (c.context) c.draft = c.hand.length ? { id: draftOf(c.context), hand: c.hand } : null;
    c.context = null;
    clearResult(c);
  });
  return () => $(c, "[data-count-picker]").removeEventListener("click", onPick);
}

// The starter stays chosen for the rest of the deal (`next.key` names the deal). A dialog closed
// without pegging (Escape, Close) keeps its cards for when the same count is opened again.
const draftOf = (next) => `${next.key}|${next.side}|${next.crib ? "crib" : "hand"}`;

function open(c, next) {
  engine.start();
  c.context = next;
  c.hand = c.draft?.id === draftOf(next) ? c.draft.hand : [];
  if (c.starterKey !== next.key) c.starter = null;
  c.starterKey = next.key;
  $(c, "[data-count-title]").textContent = `Count ${possessive(next.name)} ${next.crib ? "crib" : "hand"}`;
  $(c, `input[name="count-kind"][value="${next.crib ? "crib" : "hand"}"]`).checked = true;
  error(c, "");
  note(c, "");
  clearResult(c);
  drawChosen(c);
  c.dialog.showModal();
  if (complete(c)) count(c);
}

export function countDialog(dialog, { size, onPeg }) {
  const c = { dialog, size, onPeg, picker: bindPicker(dialog.querySelector("[data-count-picker]")),
    context: null, hand: [], starter: null, takenStarter: null, starterKey: null, serial: 0, total: null,
    draft: null };
  const stopStatus = showEngineStatus(dialog, (state) => STATUS[state] ?? "", OFFLINE);
  const stopListening = listen(c);
  return {
    open: (next) => open(c, next),
    destroy() {
      if (dialog.open) dialog.close();
      stopListening();
      c.picker.destroy();
      stopStatus();
    },
  };
}

// "Count a hand": the scorer's card picker (its keyboard grid too) in a dialog; the engine counts
// the four cards and the starter, the breakdown is shown, and one tap pegs the total, or the
// player's own claim with a note of the difference (the engine's count settles it; muggins only
// when the players chose it). The only part of the board that needs the engine: the dialog's
// status line says so, with the progress bar, while it loads.
import { engine } from "../engine.js";
import { showEngineStatus } from "../mount.js";
import { cardFace, cardFromPicker } from "../cards.js";
import { bindPicker, drawSlots } from "../picker.js";
import { el, itemsTable } from "../ui.js";
import { claimChoices, possessive } from "./words.js";

const STATUS = {
  idle: "Counting a hand needs the engine; it starts when this opens.",
  loading: "Loading the engine. Pegging works meanwhile, and the count comes as soon as it is ready.",
  ready: "",
  failed: "The engine could not start in this browser: count the hand yourself and peg with the buttons.",
  unsupported: "This browser cannot run the engine (it needs WebAssembly): count the hand yourself and peg with the buttons.",
};

function faces(root, codes) {
  return Object.fromEntries(codes.map((code) => [code, cardFromPicker(root, code) || { code, label: code, name: code, red: false }]));
}

export function countDialog(dialog, { size, onPeg }) {
  const $ = (selector) => dialog.querySelector(selector);
  const picker = bindPicker($("[data-count-picker]"));
  const stopStatus = showEngineStatus(dialog, (state) => STATUS[state] ?? "");
  let context = null; // {side, name, crib, opponents, muggins, key}
  let hand = [], starter = null, starterKey = null, serial = 0, total = null;

  const isCrib = () => $('input[name="count-kind"]:checked').value === "crib";
  const error = (text) => { $("[data-count-error]").textContent = text || ""; $("[data-count-error]").hidden = !text; };

  function drawChosen() {
    const token = (code) => ({ token: code, card: code });
    drawSlots($("[data-count-chosen]"), [
      { label: isCrib() ? "Crib" : "Hand", size, tokens: hand.map(token) },
      { label: "Starter", size: 1, tokens: starter ? [token(starter)] : [] },
    ], (code) => cardFace(faces(dialog, [code])[code]));
    picker.show(starter ? [...hand, starter] : hand);
  }

  function clearResult() {
    serial += 1;
    total = null;
    $("[data-count-result]").replaceChildren();
    $("[data-count-actions]").hidden = true;
  }

  function drawResult(result) {
    const block = el("div", undefined, "breakdown");
    const head = el("p", undefined, "breakdown__head");
    head.append(el("span", result.crib ? "Crib" : "Hand", "breakdown__tag"), el("span", "Total", "breakdown__title"),
      el("span", String(result.total), "breakdown__total"));
    block.append(head, result.items.length ? itemsTable(faces(dialog, [...hand, starter]), result.items)
      : el("p", "Nothing scores: the total is 0.", "breakdown__nothing"));
    $("[data-count-result]").replaceChildren(block);
    $("[data-count-peg]").textContent = `Peg ${result.total} for ${context.name}`;
    $("[data-count-claim]").value = "";
    $("[data-count-claim-label]").textContent = `Or ${context.name}'s own count `;
    drawClaims();
    $("[data-count-actions]").hidden = false;
    $("[data-count-actions]").scrollIntoView({ block: "nearest" });
  }

  async function count() {
    clearResult();
    const mine = serial;
    $("[data-count-result]").replaceChildren(el("p", engine.state === "ready" ? "Counting…"
      : "Counting as soon as the engine is ready (see the bar above)…", "scoreboard__counting"));
    const reply = await engine.call("score", { hand: hand.join(" "), starter, crib: isCrib() });
    if (mine !== serial || !context) return;
    if (!reply.ok) {
      $("[data-count-result]").replaceChildren();
      error(reply.error);
      return;
    }
    total = reply.result.total;
    drawResult(reply.result);
  }

  function drawClaims() {
    const claimText = $("[data-count-claim]").value.trim();
    const claim = claimText === "" ? NaN : Number(claimText);
    const choices = total === null ? [] : claimChoices(total, claim, context.name, context.opponents, context.muggins);
    $("[data-count-claims]").replaceChildren(...choices.map((choice, i) => {
      const node = el("button", choice.text, "md-button");
      node.type = "button";
      node.dataset.claimChoice = String(i);
      node.addEventListener("click", () => finish(choice));
      return node;
    }));
  }

  function finish(choice) {
    const done = context;
    dialog.close();
    onPeg({ side: done.side, points: choice.points, note: choice.note || "", muggins: choice.muggins || null,
      crib: isCrib() });
  }

  function pick(event) {
    const code = event.target.closest("button[data-card]")?.dataset.card;
    if (!code) return;
    error("");
    if (hand.includes(code)) hand = hand.filter((c) => c !== code);
    else if (starter === code) starter = null;
    else if (hand.length < size) hand = [...hand, code];
    else if (!starter) starter = code;
    else return error("The cards and the starter are chosen: press one of them to take it back.");
    drawChosen();
    if (hand.length === size && starter) count();
    else clearResult();
  }

  const pickerNode = $("[data-count-picker]");
  pickerNode.addEventListener("click", pick);
  $("[data-count-claim]").addEventListener("input", drawClaims);
  $("[data-count-peg]").addEventListener("click", () => total !== null && finish({ points: total }));
  $("[data-count-clear]").addEventListener("click", () => { hand = []; starter = null; error(""); drawChosen(); clearResult(); });
  $("[data-count-close]").addEventListener("click", () => dialog.close());
  dialog.querySelectorAll('input[name="count-kind"]').forEach((radio) => radio.addEventListener("change", () => {
    drawChosen();
    if (hand.length === size && starter) count();
  }));
  dialog.addEventListener("close", () => { context = null; clearResult(); });

  return {
    // The starter stays chosen for the rest of the deal (`key` names the deal).
    open(next) {
      engine.start();
      context = next;
      hand = [];
      if (starterKey !== next.key) starter = null;
      starterKey = next.key;
      $("[data-count-title]").textContent = `Count ${possessive(next.name)} ${next.crib ? "crib" : "hand"}`;
      $(`input[name="count-kind"][value="${next.crib ? "crib" : "hand"}"]`).checked = true;
      error("");
      clearResult();
      drawChosen();
      dialog.showModal();
    },
    starter: () => starter,
    destroy() {
      if (dialog.open) dialog.close();
      pickerNode.removeEventListener("click", pick);
      picker.destroy();
      stopStatus();
    },
  };
}

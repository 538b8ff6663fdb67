// The play scorer's effects: the sequence typed, picked or pressed (Go, Undo), scored by the
// engine step by step, the fragment kept in step, every listener and reply ended by the page's
// signal. State: state.js; drawing: view.js.
import { latestReply } from "../mount.js";
import { bindPicker, keepFocus } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { landOnResult } from "../landing.js";
import { writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { countLine, playFragment, playRefusal, tokensOf } from "./state.js";
import { playStep } from "./view.js";

function playParts(root) {
  const $ = (selector) => root.querySelector(selector);
  return { form: $("[data-play-form]"), input: $("#play-cards"), list: $("[data-play-steps]"), countLine: $("[data-play-count]"),
    totals: $("[data-play-totals]"), pickerNode: $("[data-play-picker]"), go: $("[data-play-go]"), undo: $("[data-play-undo]"),
    clear: $("[data-play-clear]"),
    // A refusal is said where the player acted: under the typed sequence, or beside Go and Undo for
    // a card picked or a button pressed (on a phone the picker stands a screen tall between them).
    boxes: { typed: $("[data-play-error]"), pressed: $("[data-play-action-error]") } };
}

export function playScorer(root, signal) {
  const ui = playParts(root);
  const picker = bindPicker(ui.pickerNode);
  let steps = [];
  const askPlay = latestReply(signal); // a newer sequence, or leaving the page, drops a reply

  const showError = (message, where = "typed") => sayRefusal(ui.boxes, playRefusal(message, steps.length > 0), message, where);

  const drawTotals = (points) => ui.totals.querySelectorAll("[data-player-total]").forEach((cell) => {
    cell.textContent = String(points[cell.dataset.playerTotal === "pone" ? 0 : 1]);
  });

  function draw(result) {
    keepFocus(ui.list, () => ui.list.replaceChildren(...result.steps.map((step, i) => playStep(root, step, i))));
    ui.countLine.textContent = countLine(result, words.players);
    drawTotals(result.totals);
    picker.show(steps);
  }

  function reset() {
    steps = [];
    ui.list.replaceChildren();
    ui.countLine.textContent = "Count: 0. The pone lays first.";
    drawTotals([0, 0]);
    picker.show([]);
  }

  async function run(candidate, fromLink, where = "typed") {
    if (!candidate.length) {
      askPlay.drop();
      reset();
      ui.input.value = "";
      showError("");
      if (!fromLink) writeFragment("");
      return;
    }
    const reply = await askPlay("play", { steps: candidate.join(" ") });
    if (!reply) return;
    if (!reply.ok) {
      showError(reply.error, where);
      ui.input.value = candidate.join(" ");
      return;
    }
    showError("");
    steps = reply.result.steps.map((s) => (s.go ? "go" : s.card));
    ui.input.value = steps.join(" ");
    draw(reply.result);
    root.dataset.lastMs = String(reply.ms);
    if (fromLink) landOnResult();
    else writeFragment(playFragment(words.link, steps));
  }

  listenToPlay(ui, signal, { run, steps: () => steps });
  reset();
  return { load: (state) => run(state.steps, true), showError, destroy: () => picker.destroy() };
}

// A refusal is said where the player acted, the other box emptied.
function sayRefusal(boxes, text, message, where) {
  Object.entries(boxes).forEach(([name, box]) => {
    box.textContent = name === where ? text : "";
    box.hidden = name !== where || !message;
  });
  if (message) bringIntoView(boxes[where]);
}

function listenToPlay(ui, signal, play) {
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    play.run(tokensOf(ui.input.value), false);
  }, { signal });
  ui.pickerNode.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button && !play.steps().includes(button.dataset.card)) play.run([...play.steps(), button.dataset.card], false, "pressed");
  }, { signal });
  ui.go.addEventListener("click", () => play.run([...play.steps(), "go"], false, "pressed"), { signal });
  ui.undo.addEventListener("click", () => play.run(play.steps().slice(0, -1), false, "pressed"), { signal });
  ui.clear.addEventListener("click", () => play.run([], false), { signal });
}


// The play scorer's effects: the sequence typed, picked or pressed (Go, Undo), scored by the
// engine step by step for the chosen variant's players (two, three, or four in partnerships), the
// fragment kept in step, every listener and reply ended by the page's signal. State: state.js;
// drawing: view.js.
import { latestReply } from "../mount.js";
import { bindPicker, keepFocus } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { landOnResult } from "../landing.js";
import { writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { countLine, leadLine, playFragment, playRefusal, refusedTail, STANDARD, teamNames, tokensOf, variantFragment } from "./state.js";
import { playStep, playTotals, unscoredStep } from "./view.js";

function playParts(root) {
  const $ = (selector) => root.querySelector(selector);
  return { form: $("[data-play-form]"), input: $("#play-cards"), list: $("[data-play-steps]"), countLine: $("[data-play-count]"),
    totals: $("[data-play-totals]"), pickerNode: $("[data-play-picker]"), go: $("[data-play-go]"), undo: $("[data-play-undo]"),
    clear: $("[data-play-clear]"),
    // A refusal is said where the player acted: under the typed sequence, or beside Go and Undo for
    // a card picked or a button pressed (on a phone the picker stands a screen tall between them).
    boxes: { typed: $("[data-play-error]"), pressed: $("[data-play-action-error]") } };
}

const variantParam = (variant) => (variant.name === STANDARD ? {} : { variant: variant.name }); // none: the standard game
// A typed sequence the engine refused is listed as typed, the refused card marked; a refused press
// (Go, a picked card) leaves the list as it was, the reason said beside the buttons.
const listsAsTyped = (reply, where) => where === "typed" && Number.isInteger(reply.at) && Array.isArray(reply.steps);
const tokensOfSteps = (steps) => steps.map((s) => (s.go ? "go" : s.card));

const seatsOf = (variant) => words.play_seats[String(variant.players)]; // the engine's names, the leader first

// Each player's points (cells named by the player), and each partnership's, in playTotals' tables.
function drawTotals(box, result, seats) {
  box.querySelectorAll("td").forEach((cell) => {
    const { playerTotal, teamTotal } = cell.dataset;
    const points = playerTotal !== undefined ? (result.totals || [])[seats.indexOf(playerTotal)] : (result.team_totals || [])[teamTotal];
    cell.textContent = String(points ?? 0);
  });
}

// The play drawn for `variant`: the totals' tables for its players (and partnerships), the steps
// and the lines, or all of it emptied.
function playDrawing(root, ui, picker) {
  return {
    game(variant) {
      const seats = seatsOf(variant);
      ui.totals.replaceChildren(...playTotals(variant, seats, teamNames(words.players, seats, variant.teams)));
      root.dataset.players = String(variant.players);
    },
    steps(result, steps, variant) {
      keepFocus(ui.list, () => ui.list.replaceChildren(...result.steps.map((step, i) => playStep(root, step, i))));
      ui.countLine.textContent = countLine(result, words.players, variant);
      drawTotals(ui.totals, result, seatsOf(variant));
      picker.show(steps);
    },
    // A refused sequence as typed: what the engine scored before the refused token, then the rest marked.
    refused(reply, typed, variant) {
      const scored = reply.steps.map((step, i) => playStep(root, step, i));
      const rest = refusedTail(typed, reply.at).map((token, i) => unscoredStep(root, token, i));
      keepFocus(ui.list, () => ui.list.replaceChildren(...scored, ...rest));
      ui.countLine.textContent = countLine(reply, words.players, variant);
      drawTotals(ui.totals, reply, seatsOf(variant));
      const scoredTokens = tokensOfSteps(reply.steps);
      picker.show(scoredTokens);
      return scoredTokens;
    },
    empty(variant) {
      ui.list.replaceChildren();
      ui.countLine.textContent = leadLine(words.players, seatsOf(variant));
      drawTotals(ui.totals, {}, seatsOf(variant));
      picker.show([]);
    },
  };
}

export function playScorer(root, signal, initialVariant) {
  const ui = playParts(root);
  const picker = bindPicker(ui.pickerNode);
  const drawing = playDrawing(root, ui, picker);
  let steps = [];
  let variant = initialVariant;
  const askPlay = latestReply(signal); // a newer sequence, or leaving the page, drops a reply

  const showError = (message, where = "typed", marked = false) =>
    sayRefusal(ui.boxes, playRefusal(message, steps.length > 0, marked), message, where);
  const reset = () => { steps = []; drawing.empty(variant); };

  // Another variant: the steps and totals were another game's, so they are cleared and the cards
  // stay in the box. When the address holds the play (`owner`), they are scored again for the new
  // players; a sequence the engine then refuses stays in the box with the reason, and in the address.
  async function setVariant(next, owner) {
    const kept = steps;
    variant = next;
    drawing.game(variant);
    reset();
    showError("");
    if (owner && kept.length && (await run(kept, false, "typed")) === false) {
      writeFragment(playFragment(words.link, kept, variant.name));
    }
  }

  // The sequence scored: true once drawn, false if refused, null if a newer run took over.
  async function run(candidate, fromLink, where = "typed") {
    if (!candidate.length) {
      askPlay.drop();
      reset();
      ui.input.value = "";
      showError("");
      if (!fromLink) writeFragment(variantFragment(words.link, variant.name)); // the game stays chosen
      return null;
    }
    const reply = await askPlay("play", { steps: candidate.join(" "), ...variantParam(variant) });
    if (!reply) return null;
    if (!reply.ok) {
      const marked = listsAsTyped(reply, where);
      if (marked) steps = drawing.refused(reply, candidate, variant); // picking, Go and Undo go on from the scored part
      showError(reply.error, where, marked);
      ui.input.value = candidate.join(" ");
      return false;
    }
    showError("");
    steps = tokensOfSteps(reply.result.steps);
    ui.input.value = steps.join(" ");
    drawing.steps(reply.result, steps, variant);
    root.dataset.lastMs = String(reply.ms);
    if (fromLink) landOnResult();
    else writeFragment(playFragment(words.link, steps, variant.name));
    return true;
  }

  listenToPlay(ui, signal, { run, steps: () => steps });
  drawing.game(variant);
  reset();
  return { load: (state) => run(state.steps, true), setVariant, showError, destroy: () => picker.destroy() };
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


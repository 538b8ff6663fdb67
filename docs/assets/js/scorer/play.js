// The play scorer: the sequence typed, picked or pressed (Go, Undo), scored by the engine step by
// step for the chosen variant's players (two, three, or four in partnerships). One state
// (play-state.js: the changes are pure functions), drawn by one `commit` (view.js for the steps and
// totals); the engine calls, the fragment and the landing are the effects at the edge, and every
// listener and reply ends with the page's signal.
import { latestReply } from "../mount.js";
import { bindPicker, keepFocus, pressedCard } from "../picker.js";
import { bringIntoView } from "../scroll.js";
import { landOnResult } from "../landing.js";
import { writeFragment } from "../link.js";
import words from "../vocabulary.js";
import { countLine, leadLine, playFragment, playRefusal, refusedTail, STANDARD, teamNames, tokensOf, variantFragment }
  from "./state.js";
import { playCleared, playRefused, playScored, playStart, playTyped, playVariant } from "./play-state.js";
import { playStep, playTotals, unscoredStep } from "./view.js";

/** @typedef {import("./state.js").Variant} Variant @typedef {import("./state.js").PlayResult} PlayResult */
/** @typedef {import("./play-state.js").PlayState} PlayState @typedef {import("./play-state.js").Where} Where */
/** @typedef {import("./play-state.js").Refused} Refused */

/** @param {HTMLElement} root */
function playParts(root) {
  const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
  return { form: $("[data-play-form]"), input: /** @type {HTMLInputElement} */ ($("#play-cards")),
    list: $("[data-play-steps]"),
    countLine: $("[data-play-count]"), totals: $("[data-play-totals]"), pickerNode: $("[data-play-picker]"),
    go: $("[data-play-go]"), undo: $("[data-play-undo]"), clear: $("[data-play-clear]"),
    // A refusal is said where the player acted: under the typed sequence, or beside Go and Undo for
    // a card picked or a button pressed (on a phone the picker stands a screen tall between them).
    boxes: { typed: $("[data-play-error]"), pressed: $("[data-play-action-error]") } };
}
/** @typedef {ReturnType<typeof playParts>} PlayParts */

// The engine's parameter for the variant: none for the standard game.
/** @param {Variant} variant */
const variantParam = (variant) => (variant.name === STANDARD ? {} : { variant: variant.name });
/** @param {Variant} variant @returns {string[]} */
const seatsOf = (variant) => words.play_seats[String(variant.players)]; // the engine's names, the leader first

// Each player's points (cells named by the player), and each partnership's, in playTotals' tables.
/** @param {HTMLElement} box @param {PlayResult} result @param {string[]} seats */
function drawTotals(box, result, seats) {
  box.querySelectorAll("td").forEach((cell) => {
    const { playerTotal, teamTotal } = cell.dataset;
    const points = playerTotal !== undefined ? (result.totals || [])[seats.indexOf(playerTotal)]
      : (result.team_totals || [])[Number(teamTotal)];
    cell.textContent = String(points ?? 0);
  });
}

// The list, the count line and the totals from what is drawn: the steps scored, a refused sequence
// as typed (what the engine scored before the refused token, then the rest marked), or nothing.
/** @param {HTMLElement} root @param {PlayParts} ui @param {PlayState} state */
function drawSteps(root, ui, { drawn, steps, variant }) {
  const seats = seatsOf(variant);
  if (!drawn) {
    ui.list.replaceChildren();
    ui.countLine.textContent = leadLine(words.players, seats);
  } else {
    const scored = (drawn.result.steps ?? []).map((step, i) => playStep(root, step, i));
    const rest = drawn.typed ? refusedTail(drawn.typed, Number(/** @type {Refused} */ (drawn.result).at))
      .map((token, i) => unscoredStep(root, token, i)) : [];
    keepFocus(ui.list, () => ui.list.replaceChildren(...scored, ...rest));
    ui.countLine.textContent = countLine(drawn.result, words.players, variant);
  }
  drawTotals(ui.totals, drawn ? drawn.result : {}, seats);
}

// A refusal is said where the player acted, the other box emptied; a new one is brought into view.
/** @param {PlayParts["boxes"]} boxes @param {PlayState} state @param {boolean} announce */
function sayRefusal(boxes, { refusal, steps }, announce) {
  const { message, where, marked } = refusal;
  const text = playRefusal(message, steps.length > 0, marked);
  Object.entries(boxes).forEach(([name, box]) => {
    box.textContent = name === where ? text : "";
    box.hidden = name !== where || !message;
  });
  if (message && announce) bringIntoView(boxes[where]);
}

// The page drawn from the state: the totals' tables for the variant's players (and partnerships),
// the steps and lines, the picker, the box and the refusal. Returns `commit(next)`.
/**
 * @param {HTMLElement} root @param {PlayParts} ui @param {import("../picker.js").Picker} picker
 * @param {Variant} variant
 */
function committer(root, ui, picker, variant) {
  let state = playTyped(playStart(variant), ui.input.value); // the box as the browser left it
  /** @param {PlayState} next @param {PlayState | null} before */
  function draw(next, before) {
    if (next.variant !== before?.variant) {
      const seats = seatsOf(next.variant);
      const teams = teamNames(words.players, seats, next.variant.teams);
      ui.totals.replaceChildren(...playTotals(next.variant, seats, teams));
      root.dataset.players = String(next.variant.players);
    }
    if (!before || next.drawn !== before.drawn || next.variant !== before.variant) drawSteps(root, ui, next);
    picker.show(next.steps);
    if (ui.input.value !== next.input) ui.input.value = next.input;
    sayRefusal(ui.boxes, next, next.refusal !== before?.refusal);
    if (next.ms !== null && next.drawn !== before?.drawn) root.dataset.lastMs = String(next.ms);
  }
  draw(state, null);
  return {
    /** @param {PlayState} next */
    commit(next) {
      const before = state;
      state = next;
      draw(next, before);
    },
    now: () => state,
  };
}

/** @param {HTMLElement} root @param {AbortSignal} signal @param {Variant} initialVariant */
export function playScorer(root, signal, initialVariant) {
  const ui = playParts(root);
  const picker = bindPicker(ui.pickerNode, signal);
  const { commit, now } = committer(root, ui, picker, initialVariant);
  const askPlay = latestReply(signal); // a newer sequence, or leaving the page, drops a reply

  // The sequence scored: true once drawn, false if refused, null if a newer run took over.
  /** @param {string[]} candidate @param {boolean} fromLink @param {Where} [where] */
  async function run(candidate, fromLink, where = "typed") {
    const { variant } = now();
    if (!candidate.length) {
      askPlay.drop();
      commit(playCleared(now()));
      if (!fromLink) writeFragment(variantFragment(words.link, variant.name)); // the game stays chosen
      return null;
    }
    const reply = await askPlay("play", { steps: candidate.join(" "), ...variantParam(variant) });
    if (!reply) return null;
    if (!reply.ok) {
      commit(playRefused(now(), /** @type {Refused} */ (reply), candidate, where));
      return false;
    }
    commit(playScored(now(), reply.result, reply.ms ?? null));
    if (fromLink) landOnResult();
    else writeFragment(playFragment(words.link, now().steps, variant.name));
    return true;
  }

  // Another variant: the steps and totals were another game's, so they are cleared and the cards
  // stay in the box. When the address holds the play (`owner`), they are scored again for the new
  // players; a sequence the engine then refuses stays in the box with the reason, and in the address.
  /** @param {Variant} next @param {boolean} owner */
  async function setVariant(next, owner) {
    const kept = now().steps;
    commit(playVariant(now(), next));
    if (owner && kept.length && (await run(kept, false, "typed")) === false) {
      writeFragment(playFragment(words.link, kept, next.name));
    }
  }

  listenToPlay(ui, signal, { run, steps: () => now().steps, typed: () => commit(playTyped(now(), ui.input.value)) });
  const load = (/** @type {{steps: string[]}} */ link) => run(link.steps, true);
  return { load, setVariant };

}

/**
 * @param {PlayParts} ui @param {AbortSignal} signal
 * @param {{run: (candidate: string[], fromLink: boolean, where?: Where) => Promise<boolean | null>,
 *   steps: () => string[], typed: () => void}} play
 */
function listenToPlay(ui, signal, play) {
  ui.input.addEventListener("input", play.typed, { signal });
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    play.run(tokensOf(ui.input.value), false);
  }, { signal });
  ui.pickerNode.addEventListener("click", (event) => {
    const card = pressedCard(event);
    if (card && !play.steps().includes(card)) play.run([...play.steps(), card], false, "pressed");
  }, { signal });
  ui.go.addEventListener("click", () => play.run([...play.steps(), "go"], false, "pressed"), { signal });
  ui.undo.addEventListener("click", () => play.run(play.steps().slice(0, -1), false, "pressed"), { signal });
  ui.clear.addEventListener("click", () => play.run([], false), { signal });
}

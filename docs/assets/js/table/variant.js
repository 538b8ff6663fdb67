// The game the table plays, at the edge: the variant chosen at New game (a radio group written
// from the vocabulary), the one a link asks for (/table/#variant=five-card, read by state.js),
// the levels open to it, and the board it is pegged on. The variants and their numbers are the
// engine's (vocabulary.js `variants`); nothing here spells a rule again.
import { drawBoard, holdRoom, skunkLines } from "../common/board-drawing.js";
import { el } from "../common/ui.js";
import { dropFragment } from "../link.js";
import { linkedVariant, unknownVariantText } from "./choice.js";
import { STANDARD, trackNames } from "./state.js";

/**
 * @typedef {import("./types.js").Variant} Variant @typedef {import("./types.js").Level} Level
 * @typedef {import("./types.js").Board} Board
 * @typedef {{chosen(): string, early(): string | null, set(name: string): void}} Choices  the variant radio group
 */

// The board for a variant: a track per side, its game hole and its skunk lines (none at 0).
/** @param {Variant} variant */
export const boardOptions = (variant) => ({
  names: trackNames(variant),
  hole: variant.game_hole,
  lines: skunkLines(variant.skunk_line, variant.double_skunk_line),
});

// The radio group's effects: which variant is chosen, choosing one, and the levels it allows.
/** @param {HTMLElement} box @param {HTMLSelectElement} levelSelect @returns {Choices} */
export function variantChoices(box, levelSelect) {
  const radios = () => [.../** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input[type="radio"]'))];
  return {
    chosen: () => radios().find((radio) => radio.checked)?.value ?? STANDARD,
    // The game a reader chose before the page was set up: a radio moved from the build's choice
    // (the browser restores none: autocomplete="off"), or null.
    early: () => radios().find((radio) => radio.checked && !radio.defaultChecked)?.value ?? null,
    set(name) {
      for (const radio of radios()) radio.checked = radio.value === name;
      for (const option of levelSelect.options) { // a level that plays only the standard game is shut
        option.disabled = name !== STANDARD && option.dataset.standardOnly === "true";
      }
    },
  };
}

// The engine's levels, in the page's words; one that plays only the standard game says so.
/** @param {HTMLSelectElement} select @param {Level[]} levels */
export function fillLevels(select, levels) {
  select.replaceChildren(...levels.map((level) => {
    const option = el("option", level.label);
    option.value = level.id;
    option.selected = level.default;
    option.title = level.description;
    option.dataset.standardOnly = String(Boolean(level.standard_only));
    return option;
  }));
}

// A link's variant, followed once: `choose(name)` for one the table plays that is not the game on
// screen, a notice for one it does not. The fragment is cleared, so a reload does not ask again.
/**
 * @template T
 * @param {{link: {variant: string}, variants: Variant[]}} words @param {string} current
 * @param {(name: string) => T} choose @param {(text: string) => void} notice @returns {T | null}
 */
export function followLink(words, current, choose, notice) {
  const linked = linkedVariant(location.hash, words.link.variant, words.variants);
  if (!linked.name && !linked.unknown) return null;
  dropFragment();
  if (linked.unknown !== undefined) notice(unknownVariantText(linked.unknown, words.variants));
  return linked.name && linked.name !== current ? choose(linked.name) : null;
}

const boardBox = (/** @type {HTMLElement} */ root) => /** @type {HTMLElement} */ (root.querySelector("[data-board]"));

// The felt's seats (table.css) and the room the variant's board takes, at once: the board itself
// may be drawn a task later (redraw.js).
/** @param {HTMLElement} root @param {Variant} variant @param {Record<string, number>} rules */
export function seatVariant(root, variant, rules) {
  root.dataset.seats = String(variant.players);
  holdRoom(boardBox(root), rules, boardOptions(variant));
}

// The board for the game's variant (commit.js draws it again only when the variant changes).
/** @param {HTMLElement} root @param {Variant} variant @param {Record<string, number>} rules @returns {Board} */
export function drawVariant(root, variant, rules) {
  root.dataset.seats = String(variant.players);
  return drawBoard(boardBox(root), rules, boardOptions(variant));
}

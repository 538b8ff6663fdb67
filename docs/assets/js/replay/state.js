// The replay viewer's state as pure functions: the record as typed, the engine's reading of it
// (every move's position, or the line that is wrong), the step shown, and the model the view
// draws. Nothing here touches the page; each function returns a new state. The seats are named
// as the table names them (common/seat-words.js: you, the left player, your partner...).
import { dealAgainLink } from "../common/deal-link.js";
import { countModel, playModel, reviewWords, throwModel } from "../common/review-model.js";
import { seatName, sideName, trackNames, whose } from "../common/seat-words.js";
import { possessive, toGo } from "../common/words.js";

/**
 * @typedef {import("./store.js").Game} Game @typedef {import("./store.js").Step} Step
 * @typedef {import("./store.js").RecordError} RecordError @typedef {import("./store.js").Replayed} Replayed
 * @typedef {"first" | "prev" | "next" | "last"} Move
 * @typedef {{text: string, step: number, game: Game | null, error: RecordError | null, failed: string,
 *   prompt: string, read: boolean, busy: boolean, notice: string}} ReplayState  read: the engine has answered
 *   for this text; busy: it is reading it; notice: what the page says above the box (a save it could not read)
 * @typedef {{phase: string, where: string, throw?: any, play?: any, count?: any}
 *   | {note: string, phase?: undefined}} ReviewModel  a decision's review, or why there is none
 * @typedef {{name: string, cards: {code: string, laid: boolean}[]}} SeatModel
 * @typedef {{step: number, total: number, line: number, label: string, deal: string, scores: number[],
 *   previous: number[], sides: string[], standing: string[], scored: string[], seats: SeatModel[], crib: string[],
 *   starter: string | null, count: number, pile: string[], lines: string[], words: string[], result: any,
 *   review: ReviewModel, others: ReturnType<typeof reviewWords>}} PositionModel  what the view draws for the step
 *   shown; standing: each side's score and the points it has to go; scored: the standing of each side whose
 *   score this step changed
 */

/** @type {Readonly<Record<Move, Move>>} */
export const MOVES = { first: "first", prev: "prev", next: "next", last: "last" };
// The keys that step through a game: Left and Right, Home and End anywhere on the page; Up and
// Down too with the focus in the viewer (elsewhere they scroll the page).
/** @type {Readonly<Record<string, Move>>} */
export const KEY_MOVES = { ArrowLeft: "prev", ArrowUp: "prev", ArrowRight: "next", ArrowDown: "next", Home: "first",
  End: "last" };
const PAGE_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
export const EMPTY = "Paste a game record in the box above (or open the file you downloaded), then choose "
  + "“Replay this record”.";

// The move a key asks for, or null: never with a modifier, never while typing in a text field
// (`typing`), and Up and Down only in the viewer (`inViewer`).
/**
 * @param {{key: string, altKey: boolean, ctrlKey: boolean, metaKey: boolean, shiftKey: boolean}} event
 * @param {{typing: boolean, inViewer: boolean}} where
 * @returns {Move | null}
 */
export function keyMove({ key, altKey, ctrlKey, metaKey, shiftKey }, { typing, inViewer }) {
  if (altKey || ctrlKey || metaKey || shiftKey || typing) return null;
  if (!PAGE_KEYS.has(key) && !inViewer) return null;
  return KEY_MOVES[key] ?? null;
}

/** @param {{text?: string, step?: number}} [saved] {text, step} from storage @returns {ReplayState} */
export function initial(saved = {}) {
  return { text: saved.text || "", step: saved.step || 0, game: null, error: null, failed: "", prompt: "", read: false,
    busy: false, notice: "" };
}

/** @param {ReplayState} state @param {string} notice @returns {ReplayState} */
export const withNotice = (state, notice) => ({ ...state, notice });

// The engine is reading the text (a second or so): the page says so where the game will be.
/** @param {ReplayState} state @returns {ReplayState} */
export const reading = (state) => ({ ...state, busy: true });

/** @param {ReplayState} state @param {string} text @returns {ReplayState} */
export const withText = (state, text) => ({ ...state, text });

// Nothing to read: the box is empty, so the page asks for a record (no line to blame).
/** @param {ReplayState} state @returns {ReplayState} */
export const withNothing = (state) => ({ ...state, game: null, error: null, failed: "", prompt: EMPTY, read: true,
  busy: false });

// The engine's reply: the game, or {error: {line, problem, hint}}, or {failed: message}. The text
// is never touched: a bad record is shown with its error and kept as typed.
/** @param {ReplayState} state @param {Replayed} reply @returns {ReplayState} */
export function withReply(state, reply) {
  const read = { ...state, prompt: "", read: true, busy: false };
  if ("failed" in reply) return { ...read, game: null, error: null, failed: reply.failed };
  if ("error" in reply) return { ...read, game: null, error: reply.error, failed: "" };
  const step = Math.min(Math.max(0, state.step), reply.steps.length - 1);
  return { ...read, game: reply, error: null, failed: "", step };
}

// A new record read from the start.
/** @param {ReplayState} state @returns {ReplayState} */
export const fromStart = (state) => ({ ...state, step: 0 });

/** @param {ReplayState} state @param {string} move a Move; anything else moves nothing @returns {ReplayState} */
export function go(state, move) {
  if (!state.game) return state;
  const last = state.game.steps.length - 1;
  /** @type {Record<string, number>} */
  const targets = { first: 0, prev: state.step - 1, next: state.step + 1, last };
  const to = targets[move];
  return to === undefined ? state : { ...state, step: Math.min(Math.max(0, to), last) };
}

// "line 12: 'play 0 ZZ count 5' is not readable (play SEAT CARD count N, ...)": shown as text.
/** @param {RecordError | null} error */
export function errorText(error) {
  if (!error) return "";
  return `line ${error.line}: ${error.problem}${error.hint ? ` (${error.hint})` : ""}`;
}

// What the error box says: the engine's failure, the prompt, or the faulty line.
/** @param {ReplayState} state */
export const messageText = (state) => state.failed || state.prompt || errorText(state.error);

// Where line `line` (counted from 1, as the engine names them) starts in `text`: the offset of its
// first character (the end of the text past the last line).
/** @param {string} text @param {number} line */
export function lineStart(text, line) {
  let at = 0;
  for (let n = 1; n < line; n += 1) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return at;
}

// Which buttons can move: {first, prev, next, last} true when that move goes somewhere.
/** @param {ReplayState} state @returns {Record<Move, boolean>} */
export function movesOpen(state) {
  if (!state.game) return { first: false, prev: false, next: false, last: false };
  const last = state.game.steps.length - 1;
  return { first: state.step > 0, prev: state.step > 0, next: state.step < last, last: state.step < last };
}

// The seats named by the record's players line (the engine's `names`: {kind, name} by seat): a
// person by their name ("Player 2" without one when several played, "You" alone), a computer by
// its level ("Computer (strong)", with its seat when there are several), and plainly "Computer" in
// a game of one person against one computer, as the table names it; null without the line.
/** @param {Game} game @returns {string[] | null} */
export function recordNames(game) {
  const named = Array.isArray(game.names) && game.names.length === game.players ? game.names : null;
  if (!named) return null;
  const people = named.filter((player) => player.kind === "human").length;
  const computers = game.players - people;
  return named.map(({ kind, name }, seat) => {
    if (kind === "human") return name || (people > 1 ? `Player ${seat + 1}` : "You");
    if (people === 1 && computers === 1) return "Computer";
    return `Computer${computers > 1 ? ` ${seat + 1}` : ""} (${kind})`;
  });
}

// Who each score on the board belongs to: the seats, or with partners the two sides.
/** @param {Game} game @returns {string[]} */
function sideNames(game) {
  const sides = game.sides || game.players;
  const named = recordNames(game);
  return Array.from({ length: sides }, (_, side) => {
    if (!named) return sideName(side, game.players, sides);
    return sides < game.players ? `${named[side]} and ${named[side + sides]}` : named[side];
  });
}

// The board's tracks, named as the table names them ("you", "left player", "the other side"), or
// by the record's names.
/** @param {Game} game @returns {string[]} */
export const boardNames = (game) => (recordNames(game) ? sideNames(game)
  : trackNames({ players: game.players, sides: game.sides || game.players }));

// What a screen reader hears after a step: where it is, what the move did and the new score of
// whoever scored (with the points they have to go), said once.
/** @param {PositionModel | null} model */
export function announcement(model) {
  if (!model) return "";
  return [`${model.label}.`, ...model.words, ...model.scored.map((text) => `${text}.`)].join(" ");
}

// What is said after a change: the step's announcement when the same game moved to another step
// (a button or a key), else nothing (a record read is shown, not read out).
/** @param {ReplayState} before @param {ReplayState} next */
export const saidAfter = (before, next) => (next.game && next.game === before.game && next.step !== before.step
  ? announcement(positionModel(next)) : "");

// A move the record labels as made after one of the table's hints (`hint SEAT throw|card`).
export const AFTER_A_HINT = { throw: "This throw came after a suggestion (Suggest a throw).",
  card: "This card came after a suggestion (Suggest a card)." };

// The step's heading: before the first move, or which move of how many.
/** @param {number} step @param {number} total */
const stepLabel = (step, total) => (step === 0 ? `Before the first move (of ${total})` : `Move ${step} of ${total}`);

// A side's score and what it has to go: "you 109 (12 to go)", or "you 121" at the game hole.
/** @param {string} name @param {number} score @param {number} hole */
export function standingText(name, score, hole) {
  const left = toGo(score, hole);
  return `${name} ${score}${left ? ` (${left})` : ""}`;
}

// What the view draws for the step shown.
/** @param {ReplayState} state @returns {PositionModel | null} */
export function positionModel(state) {
  const { game, step } = state;
  if (!game) return null;
  const at = game.steps[step];
  const total = game.steps.length - 1;
  const named = recordNames(game);
  const names = named || Array.from({ length: game.players }, (_, i) => seatName(i, game.players));
  const sides = sideNames(game);
  const whoseCrib = (/** @type {number} */ seat) => (named ? possessive(named[seat]) : whose(seat, game.players));
  const standing = sides.map((name, i) => standingText(name, at.scores[i], game.board.hole));
  const before = step > 0 ? game.steps[step - 1].scores : at.scores;
  return {
    step, total, line: at.line, label: stepLabel(step, total),
    deal: at.dealer === null ? "" : `Deal ${at.deal + 1}, ${whoseCrib(at.dealer)} crib`,
    scores: at.scores, previous: at.previous_scores, sides, standing,
    scored: standing.filter((_, i) => at.scores[i] !== before[i]),
    seats: at.seats.map((seat, i) => ({ name: names[i],
      cards: seat.cards.map((code) => ({ code, laid: seat.laid.includes(code) })) })),
    crib: at.crib, starter: at.starter, count: at.count, pile: at.pile, lines: at.lines,
    words: at.hint ? [...at.words, AFTER_A_HINT[at.hint]] : at.words,
    result: game.result, review: reviewModel(game, at), others: gameWords(game),
  };
}

export const NOT_YOURS = "No decision of yours at this move: the review shows your throws, the cards you laid with a "
  + "choice of rank and your counts by hand.";

// The review beside a step: of the player's decision there, as the table's review panel words it
// (common/review-model.js), or a note saying why there is none.
/** @param {{review_note?: string | null}} game @param {{review?: Step["review"]}} at @returns {ReviewModel} */
export function reviewModel(game, at) {
  if (game.review_note) return { note: game.review_note };
  const decision = at.review;
  if (!decision) return { note: NOT_YOURS };
  const phase = decision.phase;
  if (phase === "throw") return { phase, where: decision.where, throw: throwModel(decision) };
  if (phase === "pegging") return { phase, where: decision.where, play: playModel(decision) };
  return { phase, where: decision.where, count: countModel(decision) };
}

// The table's address dealing this record's cards again, or "" when the seed is not one the
// table takes (a whole number: the table's own games have one), seating the record's players.
/** @param {{seed: string, variant: string, names?: {kind: string}[] | null} | null} game @param {import("../common/deal-link.js").LinkWords} link */
export const againLink = (game, link) => (game ? dealAgainLink(game.seed, game.variant, link, game.names?.map((player) => player.kind)) : "");

// The words about the other players' cards and moves: the computer's, or with several people theirs.
/** @param {Game | null} game */
export const gameWords = (game) => reviewWords((game?.names?.filter((player) => player.kind === "human").length ?? 0) > 1);

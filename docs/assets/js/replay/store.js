// The replay viewer's one engine call: a record read and replayed by the engine in the worker
// (`replay_record`). Where the record is kept is common/game-record.js (the table hands its
// finished games over there too).
import { engine } from "../engine.js";

const MAX_TEXT = 200000; // the engine reads records up to this many characters

/**
 * @typedef {{line: number, problem: string, hint?: string}} RecordError  the engine's RecordError
 * @typedef {{phase: "throw" | "pegging" | "counting", where: string, review: any, index?: number,
 *   lost?: number}} Decision  the player's decision at a step, reviewed
 * @typedef {{cards: string[], laid: string[]}} StepSeat
 * @typedef {{line: number, deal: number, dealer: number | null, scores: number[], previous_scores: number[],
 *   seats: StepSeat[], crib: string[], starter: string | null, count: number, pile: string[], lines: string[],
 *   words: string[], hint?: "throw" | "card" | null, review?: Decision | null}} Step  one move's position
 * @typedef {{kind: string, name?: string}} RecordName  a seat of the record's players line
 * @typedef {{hole: number, skunk: number, double_skunk: number}} BoardShape
 * @typedef {{steps: Step[], players: number, sides?: number, names?: RecordName[] | null, board: BoardShape,
 *   result: any, seed: string, variant: string, review_note?: string | null}} Game  a record replayed
 * @typedef {Game | {error: RecordError} | {failed: string}} Replayed
 */

// The record replayed by the engine: the game, or {error: {line, problem, hint}} for the line that
// is wrong, or {failed: message} when the engine could not answer at all.
/** @param {string} text @returns {Promise<Replayed>} */
export async function replayRecord(text) {
  if (text.length > MAX_TEXT) return { failed: `The record is too long (at most ${MAX_TEXT} characters).` };
  const reply = await engine.call("replay_record", { text });
  return reply.ok ? reply.result : { failed: reply.error };
}

// assets/js/vocabulary.js, which the build writes from cribbage.backend.vocabulary.as_json(): the
// engine's words, levels, rule numbers and link format. The fields the checked modules read are
// typed here; the rest stay open until their pages are checked.
interface Vocabulary {
  /** Each scoring kind's words: an item's label ("His nobs"), a heading ("Fifteens"), a phrase ("a pair"). */
  kinds: Record<string, { label: string; heading: string; phrase: string }>;
  /** Each variant the engine plays, the standard game first: its seats, sides, cards and holes. */
  variants: VocabularyVariant[];
  /** The computer's levels (`table`) and the practice's (`practice`), in order. */
  levels: Record<string, VocabularyLevel[]>;
  /** The rule numbers: THIRTY_ONE, GAME_HOLE, MAX_SHOW... */
  rules: Record<string, number>;
  /** The link format: each fragment key, the separator and the limits. */
  link: VocabularyLink;
  [field: string]: any;
}
interface VocabularyVariant {
  name: string; label: string; players: number; sides: number; dealt: number; to_crib: number; throws: number;
  hand_size: number; crib_size: number; game_hole: number; skunk_line: number; double_skunk_line: number;
  play_after_go: boolean; last_bonus: number; hand_flush: number; crib_flush: number; teams: number[][];
}
interface VocabularyLevel { id: string; label: string; description: string; default: boolean; standard_only: boolean }
interface VocabularyLink {
  hand: string; starter: string; crib: string; crib_on: string; play: string; go: string; separator: string;
  max_length: number; variant: string; seats: string; computer_seat: string; card_pattern: string; max_seed: number;
  examples: { show: string; play: string };
}
declare const words: Vocabulary;
export default words;

// assets/js/vocabulary.js, which the build writes from cribbage.backend.vocabulary.as_json(): the
// engine's words, levels, rule numbers and link format. The fields the checked modules read are
// typed here; the rest stay open until their pages are checked.
interface Vocabulary {
  /** Each scoring kind's words: an item's label ("His nobs"), a heading ("Fifteens"), a phrase ("a pair"). */
  kinds: Record<string, { label: string; heading: string; phrase: string }>;
  [field: string]: any;
}
declare const words: Vocabulary;
export default words;

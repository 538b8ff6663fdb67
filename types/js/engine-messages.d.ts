// The worker API's messages, in one place for both ends: engine.js (the page) posts ToWorker and
// reads FromWorker; engine-worker.mjs does the opposite. Both import these types, so a message
// changed on one side and not the other fails the type check. cribbage.backend.api answers the calls.
// Types only: no script of this name is served, which is why they live here and not in assets/js.

/** cribbage.backend.api.METHODS */
export type Method =
  | "score" | "score_cards" | "peg" | "play" | "advice" | "analyse" | "starters" | "read_cards" | "deck"
  | "quiz" | "answer" | "vocabulary" | "link" | "table_new" | "table_act" | "table_view" | "table_hint"
  | "table_release" | "review_deal" | "review_game" | "record" | "replay_record" | "deal_check";

/** A method's parameters, checked by the engine. */
export type Params = Record<string, unknown>;

/** What the page passes the worker in its URL (?config=<JSON>): absolute URLs, and each file's size. */
export interface WorkerConfig {
  index: string;
  lock: string;
  stdlib: string;
  snapshot: string;
  sizes: Record<string, number>;
}

// --- page -> worker ------------------------------------------------------------------------------

export interface CallMessage {
  type: "call";
  id: number;
  method: Method;
  params: Params;
}

/** Sent once the engine is ready and the browser idle: store the snapshot for the next visit. */
export interface PrefetchMessage {
  type: "prefetch-snapshot";
}

export type ToWorker = CallMessage | PrefetchMessage;

// --- worker -> page ------------------------------------------------------------------------------

export type Phase = "download" | "python" | "engine";

/** How the start goes. snapshot: "restored", or why not (for diagnosis: "none stored yet", …). */
export interface StatusMessage {
  type: "status";
  state: "loading" | "ready" | "failed";
  detail: string;
  restored: boolean;
  snapshot: string;
}

/** Bytes of the start-up's files so far, while they download. */
export interface ProgressMessage {
  type: "progress";
  phase: Phase;
  received: number;
  total: number;
  detail: string;
}

/**
 * A call's answer. The result's shape is each method's own (cribbage.backend.api documents them);
 * it stays open here until the callers are typed per method.
 */
export type Reply = { ok: true; result: any; ms?: number } | { ok: false; error: string; ms?: number };

/** bug: an internal error's text, for the tab's console (a shared worker's own console is not the page's). */
export type ResultMessage = { type: "result"; id: number; bug?: string } & Reply;

export type FromWorker = StatusMessage | ProgressMessage | ResultMessage;

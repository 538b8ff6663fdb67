// The table's types, in one place: the engine's view of one seat (backend/table.py `table_view`),
// the table's game state (data only, changed by page-state.js and stored by page.js's one commit),
// and the page (its fixed parts and the current state). The narrow interfaces at the end are what
// the linked-table modules (link.js, link-hooks.js) may use of the page, rather than all of it.
// Types only: nothing is exported at run time.

/**
 * @typedef {import("../common/cards.js").Card} Card
 * @typedef {Record<string, Card>} Cards  the engine's deck, by code
 * @typedef {import("../common/board-drawing.js").Board} Board
 * @typedef {import("./pace.js").Pacer} Pacer
 * @typedef {import("./pace.js").Paces} Paces
 * @typedef {import("./record.js").GameRecord} GameRecord
 * @typedef {import("./store.js").Settings} Settings
 * @typedef {import("./variant.js").Choices} Choices
 */

/**
 * @typedef {{name: string, label: string, players: number, sides: number, dealt: number, to_crib: number,
 *   throws: number, hand_size: number, crib_size: number, game_hole: number, skunk_line: number,
 *   double_skunk_line: number, teams: number[][]}} Variant  the vocabulary's entry for a variant
 * @typedef {{id: string, label: string, description: string, default: boolean, standard_only: boolean}} Level
 * @typedef {"human" | string} SeatKind  "human", or the level a computer seat plays at
 * @typedef {"pone" | "dealer" | "crib"} ShowPart
 * @typedef {"cut" | "deal" | "discard" | "starter" | "play" | "go" | "count"} ActionKind
 * @typedef {{kind: ActionKind, player: number, cards?: string[], claim?: {total: number}}} Action
 * @typedef {{kind: string, cards: string[], points: number}} Item  one combination counted
 * @typedef {{hand: string[], starter: string, items: Item[], total: number, spoken: string}} Breakdown
 * @typedef {{claim: {total: number}, actual: number, missed: Item[], missed_points: number,
 *   overcount: number}} Verdict  a count by hand, checked
 * @typedef {{winner: number, scores: number[], skunk: boolean, double_skunk: boolean}} Result
 * @typedef {{type: string, player: number, text?: string, cards?: string[], count?: number,
 *   scores?: number[], part?: ShowPart, breakdown?: Breakdown, verdict?: Verdict | null, result?: Result,
 *   hand?: number}} TableEvent  an event as one seat may know it, with its sentence (`text`)
 * @typedef {Record<string, number>} SidePoints  one side's points by source (pegging, hand, crib...)
 * @typedef {{deals: number, points: SidePoints[], cribs: number[], result: Result | null}} Summary
 */

/**
 * What one seat may know (backend/table.py `table_view`); `log` comes with a view asked for again
 * (a reload, a hand-over), `names` with a linked host's view.
 * @typedef {{id: string, level: string, seat: number, seat_kinds: SeatKind[], to_act: number | null,
 *   commitment: string, phase: string, dealer: number | null, hand_number: number, scores: number[],
 *   previous_scores: number[], hand: string[], kept: string[], computer_cards: number, cards_held: number[],
 *   crib_cards: number, starter: string | null, crib: string[] | null, count: number, show_part: ShowPart | null,
 *   count_by_hand: boolean, muggins: boolean, legal: Action[], events: TableEvent[], result: Result | null,
 *   variant?: string, seats?: number, sides?: number, summary?: Summary, seed?: number, hints?: boolean,
 *   log?: TableEvent[], names?: (string | null)[], events_seen?: number}} View
 * @typedef {{view: View, sealed: string | null}} Reply  the engine's answer to a move: the view and the game sealed
 */

/**
 * The felt: what lies on the table, folded from the events (state.js).
 * @typedef {{card: string, player: number, go?: undefined} | {go: true, player: number, card?: undefined}} Laid
 * @typedef {{event: TableEvent & {breakdown: Breakdown, part: ShowPart}, done: boolean, lit: number | null}} Shown
 * @typedef {{seats: number, sides: number, scores: number[], previous: number[], dealer: number | null,
 *   held: number[], dealt: number, throws: number, toCrib: number, cribCards: number, starter: string | null,
 *   cuts: {card: string, player: number}[], pile: Laid[], pileClosed: boolean, count: number,
 *   lastLaid: (string | null)[], show: Shown[], showIsPast: boolean, result: Result | null}} Felt
 */

/**
 * The table's game state: data only, a new object for every change (page-state.js).
 * @typedef {object} TableState
 * @property {Variant} variant  the game's variant (the one chosen until a game has one)
 * @property {View | null} view  the engine's view of the seat shown, turned so that seat is seat 0
 * @property {string | null} sealed  the game as the worker sealed it: stored, never read here
 * @property {Felt} felt
 * @property {string[]} selected  the cards pressed in your hand
 * @property {boolean} busy  an engine call is on its way
 * @property {boolean} moved  a move has been made here (until then focus stays where the browser put it)
 * @property {number | null} turn  the seat to move: a computer while its card is awaited, you once asked
 * @property {GameRecord} record  wins, losses and points by level
 * @property {number} seat  whose view is on screen (the engine's seat number)
 * @property {SeatKind[] | null} kinds  the game's seats
 * @property {(string | null)[] | null} names  the people's names, by seat
 * @property {number | null} handOver  the seat the phone is being passed to
 * @property {string | null} commitment  the SHA-256 of the seed, as shown before the first cut
 * @property {{over: boolean, text: string} | null} linkedRecord  on a linked guest, the host's record
 * @property {boolean} seedTaken  the link's seed has dealt a game (or was refused by keeping one)
 */

/**
 * The phones linked at this table (link.js), as the page uses them.
 * @typedef {object} Link
 * @property {() => boolean} linked  this phone is in a linked game
 * @property {() => boolean} guest  this phone is a guest (its host's phone runs the engine)
 * @property {() => void} changed  the host sends every linked phone the view of its own seat
 * @property {(action: Action) => void} act  a guest's move, sent to the host
 * @property {(players: number, level: string) => Promise<false | LinkedStart | null | undefined>} prepare
 *   the linked phones asked for their seats and a seed from each: false when refused, null with none linked
 * @property {() => void} close
 */

/**
 * What link.js may do with the page's game: the engine, the game, a guest's move applied on the
 * host's phone, the host's view drawn on a guest's (page.js `linkedGame`).
 * @typedef {object} LinkedGame
 * @property {<R>(method: import("../engine.js").Method, params: Record<string, unknown>) => Promise<R | null>} call
 * @property {() => string | null} sealed
 * @property {() => boolean} over
 * @property {() => number | undefined} seed
 * @property {(text: string) => void} notice
 * @property {(seat: number) => string} name
 * @property {(action: Action) => Promise<string>} actFor  "" once applied, or the engine's reason
 * @property {(question: import("../common/confirm.js").Question) => Promise<boolean>} ask  the link's own question
 * @property {(seat: number) => Promise<SeatKind[] | null>} release  a seat handed to the computer: the kinds after
 * @property {(seat: number, name: string) => void} rename  a guest's phone gave its name
 * @property {(text: string) => void} keepRecord
 * @property {() => void} joined  this phone joined a host's table: no commitment shown until the host's
 * @property {(on: boolean) => void} guesting  linked as a guest: the choices only the host's phone uses disabled
 * @property {(view: View) => Promise<void>} show
 */

/**
 * What link-hooks.js uses of the page: where the panel is, the page's signal, and the link it sets.
 * @typedef {{$: (selector: string) => HTMLElement, signal: AbortSignal, link: Link | null}} LinkHost
 * @typedef {{seats: SeatKind[], seed?: number, names?: Record<string, string>}} LinkedStart  a new linked game's
 *   seats, seed and the guests' names, by seat
 */

/**
 * The page: its fixed parts (the elements, the signal, the pacer, the review panel, the link, the
 * board drawn for the variant, the deck once read) and the current state, which only page.js's
 * commit replaces.
 * @typedef {object} Page
 * @property {HTMLElement} root
 * @property {(selector: string) => HTMLElement} $  an element the table's markup always has
 * @property {AbortSignal} signal
 * @property {Settings} settings  the set-up's choices, kept by store.js as they change
 * @property {Paces} paces
 * @property {Level[]} levels
 * @property {HTMLSelectElement} levelSelect
 * @property {Choices} choices
 * @property {Pacer} pace
 * @property {{update(view: View | null): void}} review
 * @property {Link | null} link
 * @property {Board | null} board  the board drawn for state.variant
 * @property {Cards | null} cards
 * @property {[string, DOMRect | undefined][]} flying  cards on their way: where they land, the rect they leave
 * @property {() => import("./controls.js").ControlActions} controls  what your cards and moves do, bound to the view
 *   drawn
 * @property {TableState} state
 */

export {};

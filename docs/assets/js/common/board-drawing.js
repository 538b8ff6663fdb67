// The pegging board: for each track (a player, or a team) one continuous street of holes that
// snakes back and forth, from the start holes to the game hole at its end, in groups of five with
// a mark between groups, and the skunk lines. Two, three (or more) tracks side by side; a game to
// 121 or once around to 61. Each track has two pegs, front and back: the gap is the last score.
// Two drawings: 4 rows of 30 for a wide column, 6 rows of 20 for a phone (CSS shows one), so the
// pegs stay at least 10 px across. A peg's data-hole is the score it stands on.
//   const board = drawBoard(box, rules, { names, hole, lines });
//   board.place(scores, previousScores)      the table: back peg = the score before the last
//                                            (a third argument names the tracks anew)
//   board.placePegs([[front, back], ...])    any board: both pegs given
const NS = "http://www.w3.org/2000/svg";
/**
 * @typedef {{columns: number, pitch: number, gap: number, lane: number, row: number, left: number, top: number,
 *   peg: number}} Layout
 * @typedef {Layout & {tracks: number, gameHole: number, rows: number, rowHeight: number, width: number,
 *   height: number}} Shape  one drawing's shape
 * @typedef {{hole: number, kind: string, label: string}} Line  a skunk line
 * @typedef {{names?: string[], hole?: number, lines?: Line[]}} Options
 * @typedef {{place(scores: number[], previous: number[], named?: string[]): void,
 *   placePegs(pegs: number[][], named?: string[]): void,
 *   drawings: {name: string, layout: Shape, svg: SVGSVGElement}[]}} Board
 */
/** @type {Record<string, Layout>} */
export const LAYOUTS = {
  wide: { columns: 30, pitch: 20, gap: 7, lane: 14, row: 48, left: 46, top: 26, peg: 6.5 },
  narrow: { columns: 20, pitch: 16, gap: 6, lane: 15, row: 48, left: 40, top: 26, peg: 7.5 },
};
const PLAYER_NAMES = ["you", "computer"];

// The board's accessible name says the scores (it is an image to assistive technology).
/** @param {string[]} names @param {number[][]} pegs */
function boardName(names, pegs) {
  return `Pegging board: ${names.map((name, p) => {
    const [front, back] = pegs[p];
    return `${name} ${front}${back && back !== front ? ` (back peg ${back})` : ""}`;
  }).join(", ")}`;
}

/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag @param {Record<string, string | number>} attributes @param {Element} [parent]
 * @returns {SVGElementTagNameMap[K]}
 */
function svgElement(tag, attributes, parent) {
  const node = /** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(NS, tag));
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (parent) parent.append(node);
  return node;
}

// One drawing's shape: the layout, how many tracks, and the game hole.
/** @param {Layout} layout @param {number} [tracks] @param {number} [gameHole] @returns {Shape} */
export function geometry(layout, tracks = 2, gameHole = 121) {
  const rows = (gameHole - 1) / layout.columns;
  const rowHeight = layout.row + (tracks - 2) * layout.lane; // more tracks, taller rows
  const width = layout.left + layout.columns * layout.pitch + 4 * layout.gap + 26;
  const height = layout.top + (rows - 1) * rowHeight + layout.lane * (tracks - 1) + 18;
  return { ...layout, tracks, gameHole, rows, rowHeight, width, height };
}

// Where a track's peg stands for a score: 0 = start hole, 1..hole-1 along the street, hole = game.
/** @param {Shape} shape @param {number} player @param {number} score @returns {{x: number, y: number}} */
export function holePosition(shape, player, score) {
  const { columns, pitch, gap, lane, left, top, rows, rowHeight, tracks, gameHole } = shape;
  if (score <= 0) return { x: left - pitch * 1.6, y: top + player * lane };
  if (score >= gameHole) return { x: left - pitch * 1.6, y: top + (rows - 1) * rowHeight + (lane * (tracks - 1)) / 2 };
  const r = Math.floor((score - 1) / columns);
  const i = (score - 1) % columns;
  const along = r % 2 === 0 ? i : columns - 1 - i; // rows run back and forth: one street
  const laneIndex = r % 2 === 0 ? player : tracks - 1 - player; // at each turn the outer lane stays outer
  return { x: left + along * pitch + Math.floor(along / 5) * gap, y: top + r * rowHeight + laneIndex * lane };
}

/** @param {Shape} shape @param {number} player */
function trackPath(shape, player) {
  const points = [];
  for (let score = 0; score <= shape.gameHole; score++) points.push(holePosition(shape, player, score));
  let d = `M${points[0].x},${points[0].y}`;
  for (let n = 1; n < points.length; n++) {
    const a = points[n - 1], b = points[n];
    if (a.y === b.y || n === points.length - 1) {
      d += ` L${b.x},${b.y}`;
    } else { // a turn to the next row: a half loop outward
      const side = a.x > shape.left + 100 ? 1 : -1;
      const reach = side * (shape.pitch + Math.abs(b.y - a.y) / 2);
      d += ` C${a.x + reach},${a.y} ${b.x + reach},${b.y} ${b.x},${b.y}`;
    }
  }
  return d;
}

const lanes = (/** @type {Shape} */ shape) => [...Array(shape.tracks).keys()];

// The line a peg crosses on its way into `hole`, across every lane.
/** @param {Shape} shape @param {number} hole */
function lineBefore(shape, hole) {
  const here = lanes(shape).map((p) => holePosition(shape, p, hole));
  const before = holePosition(shape, 0, hole - 1);
  const sameRow = Math.abs(before.y - here[0].y) < shape.lane * shape.tracks;
  const turn = (Math.floor((hole - 1) / shape.columns) % 2 ? 1 : -1) * shape.pitch * 0.6;
  const x = sameRow ? (here[0].x + before.x) / 2 : here[0].x + turn;
  const ys = here.map((p) => p.y);
  return { x, y1: Math.min(...ys) - 8, y2: Math.max(...ys) + 8 };
}

/** @param {SVGSVGElement} svg @param {Shape} shape @param {Line[]} lines */
function drawLines(svg, shape, lines) {
  for (const { hole, kind, label } of lines) {
    if (!(hole > 1 && hole < shape.gameHole)) continue; // a line at 0 is no line (no double skunk)
    const { x, y1, y2 } = lineBefore(shape, hole);
    const line = svgElement("line", { x1: x, x2: x, y1, y2, class: `board__line board__line--${kind}` }, svg);
    line.dataset.line = kind;
    line.dataset.hole = String(hole);
    // below the lanes: above them stand the hole numbers (90 beside the 91 line)
    svgElement("text", { x, y: y2 + 7, class: "board__line-label", "text-anchor": "middle" }, svg).textContent = label;
  }
}

/** @param {SVGSVGElement} svg @param {Shape} shape */
function drawMarks(svg, shape) {
  const outer = (/** @type {number} */ score) => lanes(shape).map((p) => holePosition(shape, p, score).y);
  for (let score = 1; score < shape.gameHole; score++) {
    const ys = outer(score);
    if (score % 5 === 0 && score % shape.columns !== 0) { // a mark between groups of five
      const x = (holePosition(shape, 0, score).x + holePosition(shape, 0, score + 1).x) / 2;
      svgElement("line", { x1: x, x2: x, y1: Math.min(...ys) - 4, y2: Math.max(...ys) + 4, class: "board__mark" }, svg);
    }
    if (score % 10 === 0 || score === 1) {
      const label = svgElement("text", { x: holePosition(shape, 0, score).x, y: Math.min(...ys) - 6,
        class: "board__number", "text-anchor": "middle" }, svg);
      label.textContent = String(score);
    }
  }
}

/** @param {SVGSVGElement} svg @param {Shape} shape */
function drawHoles(svg, shape) {
  for (const player of lanes(shape)) {
    for (let score = 0; score <= shape.gameHole; score++) {
      if (score === shape.gameHole && player > 0) continue; // one game hole for all
      const { x, y } = holePosition(shape, player, score);
      const kind = score === 0 ? "start" : score === shape.gameHole ? "game" : "hole";
      const hole = svgElement("circle", { cx: x, cy: y, r: kind === "game" ? 6 : score % 5 === 0 && score ? 3 : 2.4,
        class: `board__hole board__hole--${kind} board__hole--p${player}` }, svg);
      hole.dataset.hole = String(score);
      hole.dataset.player = score === shape.gameHole ? "both" : String(player);
    }
  }
  const start = holePosition(shape, 0, 0);
  svgElement("text", { x: start.x, y: start.y - 8, class: "board__number", "text-anchor": "middle" }, svg)
    .textContent = "start";
  const finish = holePosition(shape, 0, shape.gameHole);
  svgElement("text", { x: finish.x, y: finish.y + 16, class: "board__number", "text-anchor": "middle" }, svg)
    .textContent = String(shape.gameHole);
}

/** @param {string} name @param {Shape} shape @param {{names: string[], lines: Line[]}} options */
function drawLayout(name, shape, options) {
  const svg = svgElement("svg", { viewBox: `0 0 ${shape.width} ${shape.height}`,
    class: `board__svg board__svg--${name}`,
    role: "img", "aria-label": boardName(options.names, options.names.map(() => [0, 0])) });
  svg.dataset.layout = name;
  for (const player of lanes(shape)) {
    svgElement("path", { d: trackPath(shape, player), class: `board__track board__track--p${player}` }, svg);
  }
  drawLines(svg, shape, options.lines);
  drawMarks(svg, shape);
  drawHoles(svg, shape);
  for (const player of lanes(shape)) {
    for (const which of ["back", "front"]) {
      const peg = svgElement("circle", { r: shape.peg, cx: 0, cy: 0,
        class: `board__peg board__peg--p${player} board__peg--${which}` }, svg);
      peg.dataset.player = String(player);
      peg.dataset.peg = which;
    }
  }
  return svg;
}

// The skunk lines as the board draws them, from the engine's numbers.
/** @param {number} skunk @param {number} doubleSkunk @returns {Line[]} */
export function skunkLines(skunk, doubleSkunk) {
  return [{ hole: doubleSkunk, kind: "double-skunk", label: `${doubleSkunk} double skunk` },
    { hole: skunk, kind: "skunk", label: `${skunk} skunk` }];
}

// The room each drawing takes, held in the box's CSS (board.css) before anything is drawn, so that
// a board drawn a task later moves nothing: the shapes, by layout name.
/** @param {HTMLElement} box @param {Record<string, number>} rules @param {Options} [options] */
export function holdRoom(box, rules, options = {}) {
  const players = (options.names || PLAYER_NAMES).length;
  return Object.entries(LAYOUTS).map(([name, layout]) => {
    const shape = geometry(layout, players, options.hole || rules.GAME_HOLE);
    box.style.setProperty(`--board-${name}`, `${shape.width} / ${shape.height}`);
    return { name, shape };
  });
}

/** @param {HTMLElement} box @param {Record<string, number>} rules @param {Options} [options] @returns {Board} */
export function drawBoard(box, rules, options = {}) {
  const names = options.names || PLAYER_NAMES;
  const hole = options.hole || rules.GAME_HOLE;
  const lines = options.lines || skunkLines(rules.SKUNK_LINE, rules.DOUBLE_SKUNK_LINE);
  const drawings = holdRoom(box, rules, options).map(({ name, shape }) => (
    { name, layout: shape, svg: drawLayout(name, shape, { names, lines }) }));
  box.replaceChildren(...drawings.map((d) => d.svg));

  // `named`: the tracks' names for the accessible name, when they change with the game (the table's people)
  /** @param {number[][]} pegs @param {string[]} [named] */
  function placePegs(pegs, named = names) {
    for (const { layout, svg } of drawings) {
      pegs.forEach((spots, player) => {
        spots.forEach((score, index) => {
          const which = `[data-player="${player}"][data-peg="${index ? "back" : "front"}"]`;
          const peg = /** @type {SVGCircleElement} */ (svg.querySelector(`.board__peg${which}`));
          const { x, y } = holePosition(layout, player, Math.min(score, hole));
          peg.style.transform = `translate(${x}px, ${y}px)`;
          peg.dataset.hole = String(score);
        });
      });
      svg.setAttribute("aria-label", boardName(named, pegs));
    }
  }
  // The table's call: the back peg is the score before the last, or the start after none.
  const place = (/** @type {number[]} */ scores, /** @type {number[]} */ previous, /** @type {string[]} */ named = names) =>
    placePegs(scores.map((front, p) => [front, previous[p] === front ? 0 : previous[p]]), named);
  return { place, placePegs, drawings };
}

// The board of a page whose game can change shape: drawn again only when what it shows changes
// (the tracks' names, the game hole, the lines), else the same drawing, whose pegs then move.
//   const boardFor = boardDrawer(box, rules);   boardFor({ names, hole, lines }).placePegs(...)
/** @param {HTMLElement} box @param {Record<string, number>} rules @returns {(options: Options) => Board} */
export function boardDrawer(box, rules) {
  let key = "";
  /** @type {Board | null} */
  let board = null;
  return (options) => {
    const wanted = JSON.stringify(options);
    if (!board || wanted !== key) {
      board = drawBoard(box, rules, options);
      key = wanted;
    }
    return board;
  };
}

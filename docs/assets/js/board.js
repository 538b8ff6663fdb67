// The pegging board: for each player one continuous track of 120 holes that snakes back and
// forth, from the start holes to the game hole at its end, in groups of five with a mark
// between groups, the double-skunk line before hole 61 and the skunk line before hole 91.
// Two drawings: 4 rows of 30 for a wide column, 6 rows of 20 for a phone (CSS shows one), so
// the pegs stay at least 10 px across. A peg's data-hole is the score it stands on.
//   const board = drawBoard(box, rules); board.place(scores, previousScores)
const NS = "http://www.w3.org/2000/svg";
export const LAYOUTS = {
  wide: { columns: 30, pitch: 20, gap: 7, lane: 14, row: 48, left: 46, top: 26, peg: 6.5 },
  narrow: { columns: 20, pitch: 16, gap: 6, lane: 15, row: 48, left: 40, top: 26, peg: 7.5 },
};
const PLAYER_NAMES = ["you", "computer"];

// The board's accessible name says the scores (it is an image to assistive technology).
function boardName(scores, previous = [0, 0]) {
  return `Pegging board: ${PLAYER_NAMES.map((name, p) =>
    `${name} ${scores[p]}${previous[p] && previous[p] !== scores[p] ? ` (back peg ${previous[p]})` : ""}`).join(", ")}`;
}

function svgElement(tag, attributes, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (parent) parent.append(node);
  return node;
}

// Where a player's peg stands for a score: 0 = start hole, 1..120 along the track, 121 = game.
export function holePosition(layout, player, score, gameHole = 121) {
  const { columns, pitch, gap, lane, row, left, top } = layout;
  const rows = (gameHole - 1) / columns;
  if (score <= 0) return { x: left - pitch * 1.6, y: top + player * lane };
  if (score >= gameHole) return { x: left - pitch * 1.6, y: top + (rows - 1) * row + lane / 2 };
  const r = Math.floor((score - 1) / columns);
  const i = (score - 1) % columns;
  const along = r % 2 === 0 ? i : columns - 1 - i; // rows run back and forth: one track
  const laneIndex = r % 2 === 0 ? player : 1 - player; // at each turn the outer lane stays outer
  return { x: left + along * pitch + Math.floor(along / 5) * gap, y: top + r * row + laneIndex * lane };
}

function trackPath(layout, player, gameHole) {
  const points = [];
  for (let score = 0; score <= gameHole; score++) points.push(holePosition(layout, player, score, gameHole));
  let d = `M${points[0].x},${points[0].y}`;
  for (let n = 1; n < points.length; n++) {
    const a = points[n - 1], b = points[n];
    if (a.y === b.y || n === points.length - 1) {
      d += ` L${b.x},${b.y}`;
    } else { // a turn to the next row: a half loop outward
      const side = a.x > layout.left + 100 ? 1 : -1;
      const reach = side * (layout.pitch + Math.abs(b.y - a.y) / 2);
      d += ` C${a.x + reach},${a.y} ${b.x + reach},${b.y} ${b.x},${b.y}`;
    }
  }
  return d;
}

// The line a peg crosses on its way into `hole`, across both lanes.
function lineBefore(layout, hole, gameHole) {
  const here = [holePosition(layout, 0, hole, gameHole), holePosition(layout, 1, hole, gameHole)];
  const before = holePosition(layout, 0, hole - 1, gameHole);
  const sameRow = Math.abs(before.y - here[0].y) < layout.lane * 2;
  const direction = Math.sign(here[0].x - before.x) || 1;
  const x = sameRow ? (here[0].x + before.x) / 2 : here[0].x + (Math.floor((hole - 1) / layout.columns) % 2 ? 1 : -1) * layout.pitch * 0.6;
  const ys = here.map((p) => p.y);
  return { x: sameRow ? x : x, y1: Math.min(...ys) - 8, y2: Math.max(...ys) + 8, direction };
}

function drawLayout(name, layout, rules) {
  const gameHole = rules.GAME_HOLE;
  const rows = (gameHole - 1) / layout.columns;
  const width = layout.left + layout.columns * layout.pitch + 4 * layout.gap + 26;
  const height = layout.top + (rows - 1) * layout.row + layout.lane + 18;
  const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, class: `board__svg board__svg--${name}`, role: "img",
    "aria-label": boardName([0, 0]) });
  svg.dataset.layout = name;
  for (const player of [0, 1]) {
    svgElement("path", { d: trackPath(layout, player, gameHole), class: `board__track board__track--p${player}` }, svg);
  }
  for (const [hole, kind, label] of [[rules.DOUBLE_SKUNK_LINE, "double-skunk", `${rules.DOUBLE_SKUNK_LINE} double skunk`],
    [rules.SKUNK_LINE, "skunk", `${rules.SKUNK_LINE} skunk`]]) {
    const { x, y1, y2 } = lineBefore(layout, hole, gameHole);
    const line = svgElement("line", { x1: x, x2: x, y1, y2, class: `board__line board__line--${kind}` }, svg);
    line.dataset.line = kind;
    line.dataset.hole = String(hole);
    const text = svgElement("text", { x, y: y1 - 2, class: "board__line-label", "text-anchor": "middle" }, svg);
    text.textContent = label;
  }
  for (let score = 1; score < gameHole; score++) {
    if (score % 5 === 0 && score % layout.columns !== 0) { // a mark between groups of five
      const a = holePosition(layout, 0, score, gameHole), b = holePosition(layout, 0, score + 1, gameHole);
      const c = holePosition(layout, 1, score, gameHole);
      const x = (a.x + b.x) / 2;
      svgElement("line", { x1: x, x2: x, y1: Math.min(a.y, c.y) - 4, y2: Math.max(a.y, c.y) + 4, class: "board__mark" }, svg);
    }
    if (score % 10 === 0 || score === 1) {
      const a = holePosition(layout, 0, score, gameHole), c = holePosition(layout, 1, score, gameHole);
      const label = svgElement("text", { x: a.x, y: Math.min(a.y, c.y) - 6, class: "board__number", "text-anchor": "middle" }, svg);
      label.textContent = String(score);
    }
  }
  for (const player of [0, 1]) {
    for (let score = 0; score <= gameHole; score++) {
      if (score === gameHole && player === 1) continue; // one game hole for both
      const { x, y } = holePosition(layout, player, score, gameHole);
      const kind = score === 0 ? "start" : score === gameHole ? "game" : "hole";
      const hole = svgElement("circle", { cx: x, cy: y, r: kind === "game" ? 6 : score % 5 === 0 && score ? 3 : 2.4,
        class: `board__hole board__hole--${kind} board__hole--p${player}` }, svg);
      hole.dataset.hole = String(score);
      hole.dataset.player = score === gameHole ? "both" : String(player);
    }
  }
  const start = holePosition(layout, 0, 0, gameHole);
  svgElement("text", { x: start.x, y: start.y - 8, class: "board__number", "text-anchor": "middle" }, svg).textContent = "start";
  const finish = holePosition(layout, 0, gameHole, gameHole);
  svgElement("text", { x: finish.x, y: finish.y + 16, class: "board__number", "text-anchor": "middle" }, svg).textContent = String(gameHole);
  for (const player of [0, 1]) {
    for (const which of ["back", "front"]) {
      const peg = svgElement("circle", { r: layout.peg, cx: 0, cy: 0,
        class: `board__peg board__peg--p${player} board__peg--${which}` }, svg);
      peg.dataset.player = String(player);
      peg.dataset.peg = which;
    }
  }
  return svg;
}

export function drawBoard(box, rules) {
  const drawings = Object.entries(LAYOUTS).map(([name, layout]) => ({ name, layout, svg: drawLayout(name, layout, rules) }));
  box.replaceChildren(...drawings.map((d) => d.svg));

  function place(scores, previous) {
    for (const { layout, svg } of drawings) {
      for (const player of [0, 1]) {
        const front = scores[player];
        const back = previous[player] === front ? 0 : previous[player];
        for (const [which, score] of [["front", front], ["back", back]]) {
          const peg = svg.querySelector(`.board__peg[data-player="${player}"][data-peg="${which}"]`);
          const { x, y } = holePosition(layout, player, score, rules.GAME_HOLE);
          peg.style.transform = `translate(${x}px, ${y}px)`;
          peg.dataset.hole = String(score);
        }
      }
      svg.setAttribute("aria-label", boardName(scores, previous));
    }
  }
  return { place, drawings };
}

// The practice page: three engine-driven quizzes (count the show, count the play, choose the
// discard), a rules quiz rendered at build time, and progress kept in localStorage.
// Problems come from the engine by (kind, level, seed); the URL fragment names the problem
// (#show/expert/123, #play/55, #discard/77), so a link reproduces it exactly.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardButton, cardFaces as faces, deck as cardInfo } from "./cards.js";
import { el, itemsTable, itemLabel } from "./ui.js";
import { KEYS } from "./storage.js";
import { badLinkMessage, pageFragment } from "./link.js";
import words from "./vocabulary.js";

const STORE = KEYS.practice;
const SESSIONS_KEPT = 12;

const newSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];
const wholeNumber = (text) => (/^\s*\d{1,3}\s*$/.test(text) ? Number(text) : null);

// --- progress -------------------------------------------------------------------------------

function emptyProgress() {
  return { version: 1, streak: 0, best: 0, quizzes: {}, categories: {}, sessions: [] };
}

function isProgress(data) {
  return data && data.version === 1 && Number.isInteger(data.streak) && Number.isInteger(data.best)
    && typeof data.quizzes === "object" && typeof data.categories === "object" && Array.isArray(data.sessions)
    && data.sessions.every((s) => typeof s.day === "string" && Number.isInteger(s.right) && Number.isInteger(s.total));
}

function loadProgress(notice) {
  let raw = null;
  try {
    raw = localStorage.getItem(STORE);
    if (raw === null) return emptyProgress();
    const data = JSON.parse(raw);
    if (isProgress(data)) return data;
  } catch (error) {
    if (raw === null) return emptyProgress(); // storage itself is unavailable: keep going
  }
  notice("Your saved progress could not be read (it may come from an older version of this page), so it starts again from zero.");
  saveProgress(emptyProgress());
  return emptyProgress();
}

function saveProgress(progress) {
  try {
    localStorage.setItem(STORE, JSON.stringify(progress));
  } catch (error) { /* private mode or full storage: progress lasts for this visit only */ }
}

// The problem each quiz shows, as its link fragment ("show/standard/42"), so a reload keeps it.
const CURRENT = KEYS.practiceCurrent;

function loadCurrent() {
  try {
    const data = JSON.parse(localStorage.getItem(CURRENT) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (error) {
    return {}; // unreadable: fresh problems, nothing else lost
  }
}

function saveCurrent(kind, fragment) {
  try {
    localStorage.setItem(CURRENT, JSON.stringify({ ...loadCurrent(), [kind]: fragment }));
  } catch (error) { /* storage unavailable: the problem lasts for this visit only */ }
}

// What may stand between a quiz's name and its seed: the show's level, the weak spot's category.
const LEVELS = words.levels.practice.map((level) => level.id);
const CATEGORIES = ["fifteen", "pair", "run", "flush", "nobs", "go", "thirty-one"];
const NAMED = { show: LEVELS, adaptive: CATEGORIES, play: [], discard: [] };

// "show/standard/42" -> { kind: "show", seed: 42, level: "standard" }; null when it names nothing
// (an unknown quiz, level or category, or no seed): a link or a saved problem is read the same way.
function parseProblem(text) {
  const [kind, ...rest] = String(text).split("/");
  const seed = Number(rest.at(-1));
  if (!Object.hasOwn(NAMED, kind) || rest.length < 1 || rest.length > 2) return null;
  if (!/^\d+$/.test(rest.at(-1)) || !Number.isSafeInteger(seed)) return null;
  if (rest.length === 2 && !NAMED[kind].includes(rest[0])) return null;
  return { kind, seed, level: rest.length === 2 ? rest[0] : undefined };
}
const BAD_LINK = badLinkMessage("a practice problem", "here are fresh ones");

function tally(table, key, correct) {
  const entry = (table[key] ??= { right: 0, total: 0 });
  entry.total += 1;
  if (correct) entry.right += 1;
}

function record(progress, quiz, correct, categories = {}) {
  tally(progress.quizzes, quiz, correct);
  Object.entries(categories).forEach(([kind, right]) => tally(progress.categories, kind, right));
  progress.streak = correct ? progress.streak + 1 : 0;
  progress.best = Math.max(progress.best, progress.streak);
  const day = new Date().toISOString().slice(0, 10);
  let session = progress.sessions.at(-1);
  if (!session || session.day !== day) {
    session = { day, right: 0, total: 0 };
    progress.sessions.push(session);
  }
  session.total += 1;
  if (correct) session.right += 1;
  progress.sessions = progress.sessions.slice(-SESSIONS_KEPT);
  saveProgress(progress);
}

const share = ({ right, total }) => `${right} of ${total} (${Math.round((100 * right) / total)}%)`;

const CATEGORY_NAMES = { fifteen: "Fifteens", pair: "Pairs", run: "Runs", flush: "Flush", nobs: "His nobs",
  go: "Go", "thirty-one": "Thirty-one" };

function drawProgress(root, progress) {
  const box = root.querySelector("[data-progress]");
  const answered = Object.values(progress.quizzes).some((entry) => entry.total);
  box.hidden = !answered;
  root.querySelector("[data-progress-empty]").hidden = answered;
  if (!answered) {
    box.replaceChildren();
    return;
  }
  const lines = el("ul", undefined, "progress__lines");
  lines.append(el("li", `Streak: ${progress.streak} right in a row (best ${progress.best}).`));
  const names = { show: "Count the show", play: "Count the play", discard: "Choose the discard", adaptive: "Weak spots", rules: "Rules quiz" };
  Object.entries(names).forEach(([key, name]) => {
    if (progress.quizzes[key]) lines.append(el("li", `${name}: ${share(progress.quizzes[key])}`));
  });
  Object.entries(progress.categories).forEach(([kind, entry]) => {
    lines.append(el("li", `${CATEGORY_NAMES[kind] || itemLabel(kind)}: ${share(entry)}`));
  });
  box.replaceChildren(lines, chart(progress.sessions));
}

// Accuracy per day of practice: bars on a 0-100% axis, the day under each bar and the
// percentage over it; the same figures are the chart's text alternative.
function chart(sessions) {
  const ns = "http://www.w3.org/2000/svg";
  const add = (parent, tag, attributes, text) => {
    const node = document.createElementNS(ns, tag);
    Object.entries(attributes).forEach(([k, v]) => node.setAttribute(k, String(v)));
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  };
  const [left, top, plotWidth, plotHeight] = [34, 14, 250, 90];
  const slot = plotWidth / Math.max(sessions.length, 6);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${left + plotWidth + 6} ${top + plotHeight + 28}`);
  svg.setAttribute("class", "progress__chart");
  svg.setAttribute("role", "img");
  const percent = (s) => Math.round((100 * s.right) / s.total);
  svg.setAttribute("aria-label", "Share of answers right, by day: " + sessions.map((s) => `${s.day} ${percent(s)}% (${s.right} of ${s.total})`).join(", "));
  [0, 50, 100].forEach((value) => {
    const y = top + plotHeight - (plotHeight * value) / 100;
    add(svg, "line", { x1: left, x2: left + plotWidth, y1: y, y2: y, class: value ? "progress__grid" : "progress__axis" });
    add(svg, "text", { x: left - 4, y: y + 3, class: "progress__label progress__label--y" }, `${value}%`);
  });
  add(svg, "line", { x1: left, x2: left, y1: top, y2: top + plotHeight, class: "progress__axis" });
  sessions.forEach((session, i) => {
    const height = Math.max(1, (plotHeight * session.right) / session.total);
    const x = left + i * slot + slot * 0.2;
    const centre = x + slot * 0.3;
    add(svg, "rect", { x, y: top + plotHeight - height, width: slot * 0.6, height, class: "progress__bar" });
    add(svg, "text", { x: centre, y: top + plotHeight - height - 3, class: "progress__label" }, `${percent(session)}%`);
    add(svg, "text", { x: centre, y: top + plotHeight + 12, class: "progress__label" }, session.day.slice(5));
  });
  add(svg, "text", { x: left + plotWidth / 2, y: top + plotHeight + 26, class: "progress__label" }, "Day (month-day)");
  return svg;
}

// --- shared quiz plumbing -------------------------------------------------------------------

const RANK_ORDER = "A23456789TJQK";
const SUIT_ORDER = "SHCD";
// Cards in a steady order (rank, then suit) so kept hands are easy to compare row to row.
const sortCards = (codes) => [...codes].sort((a, b) =>
  RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]) || SUIT_ORDER.indexOf(a.at(-1)) - SUIT_ORDER.indexOf(b.at(-1)));

function analyserLink(problem) {
  const line = el("p", undefined, "try-it");
  const link = el("a", "Try this deal in the discard analyser");
  link.href = new URL(`../analyser/#deal=${problem.cards.join(",")}&dealer=${problem.dealer ? 1 : 0}`, location.href).href;
  line.append(link);
  return line;
}

// The categories the adaptive quiz weighs, with what the player has got right in each.
const PLAY_CATEGORY = { "pair royal": "pair", "double pair royal": "pair" };
const categoryRecord = (progress) => Object.fromEntries(CATEGORIES.filter((c) => progress.categories[c])
  .map((c) => [c, { right: progress.categories[c].right, total: progress.categories[c].total }]));

function drawWeights(box, weights, chosen) {
  const list = el("ul", undefined, "weights");
  Object.entries(weights).sort((a, b) => b[1] - a[1]).forEach(([category, weight]) => {
    const item = el("li", undefined, "weights__item" + (category === chosen ? " weights__item--chosen" : ""));
    item.dataset.category = category;
    const percent = Math.round(weight * 100);
    const bar = el("span", undefined, "weights__bar");
    bar.style.width = `${Math.max(2, percent)}%`;
    const track = el("span", undefined, "weights__track");
    track.append(bar);
    item.append(el("span", CATEGORY_NAMES[category], "weights__name"), track, el("span", `${percent}%`, "weights__value"));
    list.append(item);
  });
  box.replaceChildren(list, el("p", `This problem practises: ${CATEGORY_NAMES[chosen].toLowerCase()}.`, "weights__chosen"));
}

// A problem counts as answered at its first answer: a right answer after a miss says so, and the
// progress keeps the miss.
const MISSED = "✓ Right, but this one counts as missed: the first answer was not.";
const verdictWords = (correct, missedFirst) => (!correct ? "✗ Not quite." : missedFirst ? MISSED : "✓ Right.");
const verdictClass = (correct, missedFirst) => (!correct ? "verdict--wrong" : missedFirst ? "verdict--late" : "verdict--right");

function feedbackBlock(correct, verdict, notes, missedFirst = false) {
  const block = el("div", undefined, `verdict ${verdictClass(correct, missedFirst)}`);
  block.append(el("p", `${verdictWords(correct, missedFirst)} ${verdict}`, "verdict__line"));
  if (notes.length) {
    const list = el("ul", undefined, "verdict__notes");
    notes.forEach((note) => list.append(el("li", note)));
    block.append(list);
  }
  return block;
}

// --- the three engine quizzes ---------------------------------------------------------------

function makeQuiz(section, kind, page) {
  const problemBox = section.querySelector("[data-problem]");
  const feedback = section.querySelector("[data-feedback]");
  const form = section.querySelector("[data-answer-form]");
  const next = section.querySelector("[data-next]");
  const permalink = section.querySelector("[data-permalink]");
  const level = section.querySelector("[data-show-level]");
  const detailed = section.querySelector("[data-show-detailed]");
  const weightsBox = section.querySelector("[data-weights]");
  const state = { seed: null, problem: null, answered: false, firstRight: null, category: null };

  const fragment = () => (kind === "show" ? `${kind}/${level.value}/${state.seed}`
    : kind === "adaptive" ? `${kind}/${state.category}/${state.seed}` : `${kind}/${state.seed}`);
  const shape = () => (kind === "adaptive" ? state.problem.kind : kind); // how the problem looks

  async function load(seed, levelName) {
    if (levelName && level) level.value = levelName;
    const params = kind === "adaptive"
      ? { kind, seed, record: categoryRecord(page.progress), ...(CATEGORIES.includes(levelName) ? { category: levelName } : {}) }
      : { kind, seed, level: level ? level.value : undefined };
    const reply = await engine.call("quiz", params);
    if (!reply.ok) {
      feedback.replaceChildren(el("p", reply.error, "scorer__error"));
      return;
    }
    const info = await cardInfo();
    state.seed = seed;
    if (kind === "adaptive") {
      state.category = reply.result.category;
      drawWeights(weightsBox, reply.result.weights, state.category);
      section.dataset.category = state.category;
    }
    state.problem = kind === "adaptive" ? reply.result.problem : reply.result;
    state.answered = false;
    state.firstRight = null;
    feedback.replaceChildren();
    form.querySelectorAll("input").forEach((input) => { input.value = ""; });
    drawProblem(info, state.problem);
    permalink.href = "#" + fragment();
    performance.mark("cribbage:problem"); // for bench/bench_browser.py
    section.dataset.seed = String(seed);
    saveCurrent(kind, fragment());
  }

  function drawProblem(info, problem) {
    if (kind === "adaptive") {
      const label = form.querySelector("label[for=adaptive-total]");
      label.textContent = problem.kind === "show" ? `Points in this ${problem.crib ? "crib" : "hand"}` : "Points for the next card";
    }
    if (shape() === "show") {
      const line = el("p", undefined, "quiz__cards");
      line.append(el("span", problem.crib ? "Crib" : "Hand", "breakdown__tag"), " ", faces(info, problem.hand),
        el("span", "starter", "breakdown__starter-label"), faces(info, [problem.starter]));
      problemBox.replaceChildren(line);
    } else if (shape() === "play") {
      const list = el("ol", undefined, "play-sequence");
      list.setAttribute("aria-label", "Cards laid in this count");
      problem.previous.forEach((code) => {
        const item = el("li");
        item.append(faces(info, [code]));
        list.append(item);
      });
      const nextLine = el("p", undefined, "quiz__next-card");
      nextLine.append(`The count is ${problem.count}. The next card laid is `, faces(info, [problem.card]), ".");
      problemBox.replaceChildren(list, nextLine);
      if (problem.last_card) problemBox.append(el("p", "Neither player can lay another card after it.", "quiz__hint"));
    } else {
      const group = el("div", undefined, "quiz__six");
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", "Your six cards");
      problem.cards.forEach((code) => {
        const button = cardButton(info[code]);
        button.setAttribute("aria-pressed", "false");
        button.addEventListener("click", () => {
          const on = button.getAttribute("aria-pressed") !== "true";
          button.setAttribute("aria-pressed", on ? "true" : "false");
        });
        group.append(button);
      });
      problemBox.replaceChildren(el("p", problem.dealer ? "You deal: the crib is yours." : "Your opponent deals: the crib is theirs.", "quiz__hint"), group);
    }
  }

  function gatherAnswer() {
    if (kind === "discard") {
      const chosen = [...problemBox.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.dataset.card);
      return chosen.length === 2 ? { discard: chosen.join(" ") } : { error: `Pick exactly two cards to throw (you picked ${chosen.length}).` };
    }
    if (kind === "show" && detailed.checked) {
      const byKind = {};
      let typed = 0;
      for (const input of form.querySelectorAll("[data-kind]")) {
        if (input.value.trim() === "") { byKind[input.dataset.kind] = 0; continue; }
        const value = wholeNumber(input.value);
        if (value === null) return { error: `${input.parentElement.textContent.trim()}: type a whole number, such as 4.` };
        byKind[input.dataset.kind] = value;
        typed += 1;
      }
      return typed ? { by_kind: byKind } : { error: "Type your points for at least one category (empty boxes count as 0)." };
    }
    const input = form.querySelector("[data-total]");
    if (input.value.trim() === "") return { error: "Type your answer first: a whole number." };
    const value = wholeNumber(input.value);
    if (value === null) return { error: `“${input.value.trim().slice(0, 20)}” is not a whole number: type the points, such as 6.` };
    return shape() === "show" ? { total: value } : { points: value };
  }

  async function check(event) {
    event.preventDefault();
    if (!state.problem) return;
    const answer = gatherAnswer();
    if (answer.error) {
      feedback.replaceChildren(el("p", answer.error, "scorer__error"));
      return;
    }
    const reply = await engine.call("answer", { kind, seed: state.seed, level: level ? level.value : undefined,
      ...(kind === "adaptive" ? { category: state.category } : {}), ...answer });
    if (!reply.ok) {
      feedback.replaceChildren(el("p", reply.error, "scorer__error"));
      return;
    }
    const info = await cardInfo();
    const result = reply.result;
    if (!state.answered) {
      const categories = kind === "show" && answer.by_kind
        ? Object.fromEntries(Object.keys(answer.by_kind).filter((k) => result.breakdown.by_kind[k] || answer.by_kind[k])
            .map((k) => [k, answer.by_kind[k] === result.breakdown.by_kind[k]]))
        : {};
      if (kind === "adaptive") categories[state.category] = result.correct;
      if (kind === "play") {
        result.items.forEach((item) => { categories[PLAY_CATEGORY[item.kind] || item.kind] = result.correct; });
      }
      record(page.progress, kind, result.correct, categories);
      drawProgress(page.root, page.progress);
      page.progressChanged();
      state.answered = true;
      state.firstRight = result.correct;
    }
    feedback.replaceChildren(...explain(info, result, !state.firstRight));
    if (kind === "discard") problemBox.querySelectorAll('button[aria-pressed="true"]').forEach((b) => b.setAttribute("aria-pressed", "false"));
    next.focus();
  }

  function explain(info, result, missedFirst) {
    if (shape() === "show") {
      const parts = [feedbackBlock(result.correct, `The count is ${result.breakdown.total}${result.correct ? "." : `; you said ${result.answer}.`}`, result.notes, missedFirst)];
      if (result.breakdown.items.length) parts.push(itemsTable(info, result.breakdown.items));
      parts.push(el("p", "Said aloud: “" + result.breakdown.spoken + "”", "breakdown__spoken"));
      return parts;
    }
    if (shape() === "play") {
      return [feedbackBlock(result.correct, `The card scores ${result.points}${result.correct ? "." : `; you said ${result.answer}.`}`, result.notes, missedFirst),
        ...(result.items.length ? [itemsTable(info, result.items)] : [])];
    }
    const mine = result.throws[result.rank - 1];
    const verdict = result.rank === 1 ? "That is the best throw."
      : result.correct ? `Your throw ranks ${result.rank} of 15, ${result.cost.toFixed(2)} points a deal behind the best: within ${result.tolerance.toFixed(2)}, so it counts as right.`
        : `Your throw ranks ${result.rank} of 15 and loses ${result.cost.toFixed(2)} points a deal against the best.`;
    const table = el("table", undefined, "throws");
    table.append(el("caption", "All fifteen throws, best first (hand over the 46 starters, crib over every throw your opponent could make)"));
    const head = el("tr");
    ["#", "Keep", "Throw", "Hand", state.problem.dealer ? "Crib" : "Their crib", "Value", "Lost"].forEach((text) => {
      const th = el("th", text);
      th.scope = "col";
      head.append(th);
    });
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    const best = result.throws[0].value;
    result.throws.forEach((t, i) => {
      const row = el("tr", undefined, t === mine ? "throws__mine" : "");
      const keep = el("td");
      keep.append(faces(info, sortCards(t.keep)));
      const thrown = el("td");
      thrown.append(faces(info, sortCards(t.discard)));
      if (t === mine) thrown.append(el("span", " (yours)", "throws__yours"));
      row.append(el("td", String(i + 1)), keep, thrown, el("td", t.hand_value.toFixed(2)),
        el("td", (state.problem.dealer ? "+" : "−") + t.crib_value.toFixed(2)), el("td", t.value.toFixed(2)),
        el("td", (best - t.value).toFixed(2)));
      body.append(row);
    });
    table.append(body);
    const wrap = el("div", undefined, "throws__wrap");
    wrap.tabIndex = 0; // it may scroll sideways on a phone: reachable by keyboard
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", "All fifteen throws");
    wrap.append(table);
    const rule = `Throws within ${result.tolerance.toFixed(2)} points a deal of the best count as right: below that, which is better depends on how your opponent really throws.`;
    return [feedbackBlock(result.correct, verdict, [result.explanation, rule], missedFirst), wrap, analyserLink(state.problem)];
  }

  form.addEventListener("submit", check);
  next.addEventListener("click", () => {
    load(newSeed()).then(() => history.replaceState(history.state, "", "#" + fragment()));
    section.querySelector("input:not([type=checkbox])")?.focus();
  });
  if (level) level.addEventListener("change", () => next.click());
  if (detailed) detailed.addEventListener("change", () => {
    section.querySelector("[data-total-entry]").hidden = detailed.checked;
    section.querySelector("[data-detailed-entry]").hidden = !detailed.checked;
  });
  permalink.addEventListener("click", (event) => {
    event.preventDefault();
    history.replaceState(history.state, "", "#" + fragment());
  });
  // The weak-spot bars follow every answer that counts towards them (the play quiz's too), not
  // only the next problem drawn here. The problem depends only on (category, seed): it stays.
  async function reweigh() {
    if (kind !== "adaptive" || state.seed === null) return;
    const reply = await engine.call("quiz", { kind, seed: state.seed, record: categoryRecord(page.progress), category: state.category });
    if (reply.ok) drawWeights(weightsBox, reply.result.weights, state.category);
  }

  return { load, section, get answered() { return state.answered; }, next, reweigh };
}

// --- the rules quiz (questions and rulings are rendered from the catalog at build time) -----

const RULES_ROUND = 5;

// The rules quiz: the questions in a shuffled order, five at a time. The order, the round and the
// answers given are kept with the current problems, so a reload shows the same questions answered.
// "More questions" brings the next five.
function bindRulesQuiz(page) {
  const list = page.root.querySelector("[data-rules-list]");
  const more = page.root.querySelector("[data-rules-more]");
  const count = page.root.querySelector("[data-rules-count]");
  const items = [...list.querySelectorAll("[data-rules-question]")];
  const byId = new Map(items.map((item) => [item.dataset.rulesQuestion, item]));
  const saved = loadCurrent().rules;
  // A build with other questions, or data that is not ours: a fresh shuffle.
  const kept = saved && typeof saved === "object" && Array.isArray(saved.order) && saved.order.length === items.length
    && new Set(saved.order).size === items.length && saved.order.every((id) => byId.has(id)) ? saved : null;
  let shuffled;
  if (kept) shuffled = kept.order.map((id) => byId.get(id));
  else {
    const order = crypto.getRandomValues(new Uint32Array(items.length));
    shuffled = items.map((item, i) => [order[i], item]).sort((a, b) => a[0] - b[0]).map(([, item]) => item);
  }
  shuffled.forEach((item) => list.append(item));
  let start = kept && Number.isSafeInteger(kept.start) && kept.start >= 0 && kept.start < items.length ? kept.start : 0;
  const answers = {};
  const keep = () => saveCurrent("rules", { order: shuffled.map((item) => item.dataset.rulesQuestion), start, answers });

  function showRound() {
    shuffled.forEach((item, i) => { item.hidden = i < start || i >= start + RULES_ROUND; });
    count.textContent = `Questions ${start + 1} to ${Math.min(start + RULES_ROUND, shuffled.length)} of ${shuffled.length}.`;
  }
  // `first` is the choice that counted (the first one), `choice` the one shown now.
  function reveal(item, choice, first = choice) {
    const correct = choice === item.dataset.answer;
    const missedFirst = first !== item.dataset.answer;
    const box = item.querySelector(".rules-quiz__feedback");
    box.hidden = false;
    box.querySelector(".rules-quiz__verdict").textContent = verdictWords(correct, missedFirst);
    ["verdict--right", "verdict--wrong", "verdict--late"].forEach((name) => box.classList.remove(name));
    box.classList.add(verdictClass(correct, missedFirst));
    item.dataset.answered = "true";
    answers[item.dataset.rulesQuestion] = { first, last: choice };
    return correct;
  }

  more.addEventListener("click", () => {
    start = start + RULES_ROUND >= shuffled.length ? 0 : start + RULES_ROUND;
    showRound();
    keep();
    shuffled[start].querySelector("[data-choice]").focus();
  });
  if (kept && kept.answers && typeof kept.answers === "object") {
    const isChoice = (choice) => choice === "yes" || choice === "no";
    for (const [id, saved] of Object.entries(kept.answers)) {
      // {first, last}; a plain choice is what earlier versions kept (the first and the last)
      const { first, last } = typeof saved === "string" ? { first: saved, last: saved } : saved || {};
      if (byId.has(id) && isChoice(first) && isChoice(last)) reveal(byId.get(id), last, first); // tallied already
    }
  }
  showRound();
  keep();
  shuffled.forEach((item) => {
    item.querySelectorAll("[data-choice]").forEach((button) => button.addEventListener("click", () => {
      const first = !item.dataset.answered;
      const counted = first ? button.dataset.choice : answers[item.dataset.rulesQuestion].first;
      const correct = reveal(item, button.dataset.choice, counted);
      keep();
      if (first) {
        record(page.progress, "rules", correct);
        drawProgress(page.root, page.progress);
      }
    }));
  });
}

// --- page wiring ----------------------------------------------------------------------------

function setup(root) {
  engine.start();
  const unsubscribe = showEngineStatus(root, (state) => (state === "ready" ? "Ready." : state === "loading" ? "Loading the engine…"
    : state === "idle" ? "" : "Practice could not start in this browser. Everything else on this site still works."));
  const notice = (text) => {
    const box = root.querySelector("[data-practice-notice]");
    box.textContent = text;
    box.hidden = false;
  };
  const page = { root, progress: loadProgress(notice), progressChanged: () => quizzes.adaptive.reweigh() };
  drawProgress(root, page.progress);
  const quizzes = Object.fromEntries(["show", "play", "discard", "adaptive"].map((kind) =>
    [kind, makeQuiz(root.querySelector(`[data-quiz="${kind}"]`), kind, page)]));
  bindRulesQuiz(page);
  bindReset(root, page);

  // A link names one problem; the other quizzes show the problem they showed last (a reload
  // loses nothing), or a fresh one.
  const linked = linkedProblem(notice);
  const current = loadCurrent();
  Object.entries(quizzes).forEach(([name, quiz]) => {
    if (linked && name === linked.kind) {
      quiz.load(linked.seed, linked.level).then(() => quiz.section.scrollIntoView());
      return;
    }
    const saved = typeof current[name] === "string" ? parseProblem(current[name]) : null;
    if (saved && saved.kind === name) quiz.load(saved.seed, saved.level);
    else quiz.load(newSeed());
  });
  // A link followed on the page (or typed into the address bar) shows its problem too.
  const onHashChange = () => {
    const named = linkedProblem(notice);
    if (named) quizzes[named.kind].load(named.seed, named.level).then(() => quizzes[named.kind].section.scrollIntoView());
  };
  window.addEventListener("hashchange", onHashChange);

  // N (outside a text box) or Enter after an answer: the next problem in the quiz in use.
  root.addEventListener("keydown", (event) => {
    const quiz = Object.values(quizzes).find((q) => q.section.contains(event.target));
    if (!quiz) return;
    const typing = event.target.matches("input:not([type=checkbox]), select");
    if ((event.key === "n" || event.key === "N") && !typing) {
      event.preventDefault();
      quiz.next.click();
    }
  });
  return () => {
    window.removeEventListener("hashchange", onHashChange);
    unsubscribe();
  };
}

// Resetting loses data: ask first, on the page (no browser dialog).
function bindReset(root, page) {
  const confirmBox = root.querySelector("[data-reset-confirm]");
  root.querySelector("[data-reset-progress]").addEventListener("click", () => {
    confirmBox.hidden = false;
    confirmBox.querySelector("[data-reset-no]").focus();
  });
  confirmBox.querySelector("[data-reset-no]").addEventListener("click", () => {
    confirmBox.hidden = true;
    root.querySelector("[data-reset-progress]").focus();
  });
  confirmBox.querySelector("[data-reset-yes]").addEventListener("click", () => {
    page.progress = emptyProgress();
    saveProgress(page.progress);
    drawProgress(root, page.progress);
    page.progressChanged();
    confirmBox.hidden = true;
    root.querySelector("[data-reset-progress]").focus();
  });
}

// The problem the address names, or null; a link that names none is said once, in the notice.
function linkedProblem(notice) {
  const fragment = pageFragment();
  const named = fragment.kind === "state" ? parseProblem(fragment.text) : null;
  if (!named && fragment.kind !== "none") notice(BAD_LINK);
  return named;
}

mountPage("[data-practice-page]", setup);

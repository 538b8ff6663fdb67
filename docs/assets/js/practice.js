// The practice page: three engine-driven quizzes (count the show, count the play, choose the
// discard), a rules quiz rendered at build time, and progress kept in localStorage.
// Problems come from the engine by (kind, level, seed); the URL fragment names the problem
// (#show/expert/123, #play/55, #discard/77), so a link reproduces it exactly.
import { engine } from "./engine.js";
import { mountPage, showEngineStatus } from "./mount.js";
import { cardButton, cardFaces as faces, deck as cardInfo } from "./cards.js";
import { el, itemsTable, itemLabel } from "./ui.js";

const STORE = "cribbage.practice.v1";
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

function drawProgress(root, progress) {
  const box = root.querySelector("[data-progress]");
  const lines = el("ul", undefined, "progress__lines");
  lines.append(el("li", `Streak: ${progress.streak} right in a row (best ${progress.best}).`));
  const names = { show: "Count the show", play: "Count the play", discard: "Choose the discard", rules: "Rules quiz" };
  Object.entries(names).forEach(([key, name]) => {
    if (progress.quizzes[key]) lines.append(el("li", `${name}: ${share(progress.quizzes[key])}`));
  });
  Object.entries(progress.categories).forEach(([kind, entry]) => {
    lines.append(el("li", `${itemLabel(kind)} (points per category): ${share(entry)}`));
  });
  box.replaceChildren(lines, chart(progress.sessions));
}

// Accuracy per session (a day of practice), as a small bar chart with a text alternative.
function chart(sessions) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 240 80");
  svg.setAttribute("class", "progress__chart");
  svg.setAttribute("role", "img");
  const summary = sessions.length
    ? "Accuracy by day: " + sessions.map((s) => `${s.day} ${Math.round((100 * s.right) / s.total)}%`).join(", ")
    : "No answers yet";
  svg.setAttribute("aria-label", summary);
  sessions.forEach((session, i) => {
    const height = Math.max(2, (70 * session.right) / session.total);
    const bar = document.createElementNS(ns, "rect");
    bar.setAttribute("x", String(4 + i * 19));
    bar.setAttribute("y", String(75 - height));
    bar.setAttribute("width", "15");
    bar.setAttribute("height", String(height));
    bar.setAttribute("class", "progress__bar");
    const title = document.createElementNS(ns, "title");
    title.textContent = `${session.day}: ${share(session)}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg;
}

// --- shared quiz plumbing -------------------------------------------------------------------

function feedbackBlock(correct, verdict, notes) {
  const block = el("div", undefined, correct ? "verdict verdict--right" : "verdict verdict--wrong");
  block.append(el("p", (correct ? "✓ Right. " : "✗ Not quite. ") + verdict, "verdict__line"));
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
  const state = { seed: null, problem: null, answered: false };

  const fragment = () => (kind === "show" ? `${kind}/${level.value}/${state.seed}` : `${kind}/${state.seed}`);

  async function load(seed, levelName) {
    if (levelName && level) level.value = levelName;
    const reply = await engine.call("quiz", { kind, seed, level: level ? level.value : undefined });
    if (!reply.ok) {
      feedback.replaceChildren(el("p", reply.error, "scorer__error"));
      return;
    }
    const info = await cardInfo();
    state.seed = seed;
    state.problem = reply.result;
    state.answered = false;
    feedback.replaceChildren();
    form.querySelectorAll("input").forEach((input) => { input.value = ""; });
    drawProblem(info, reply.result);
    permalink.href = "#" + fragment();
    performance.mark("cribbage:problem"); // for bench/bench_browser.py
    section.dataset.seed = String(seed);
  }

  function drawProblem(info, problem) {
    if (kind === "show") {
      const line = el("p", undefined, "quiz__cards");
      line.append(el("span", problem.crib ? "Crib" : "Hand", "breakdown__tag"), " ", faces(info, problem.hand),
        el("span", "starter", "breakdown__starter-label"), faces(info, [problem.starter]));
      problemBox.replaceChildren(line);
    } else if (kind === "play") {
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
    return kind === "show" ? { total: value } : { points: value };
  }

  async function check(event) {
    event.preventDefault();
    if (!state.problem) return;
    const answer = gatherAnswer();
    if (answer.error) {
      feedback.replaceChildren(el("p", answer.error, "scorer__error"));
      return;
    }
    const reply = await engine.call("answer", { kind, seed: state.seed, level: level ? level.value : undefined, ...answer });
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
      record(page.progress, kind, result.correct, categories);
      drawProgress(page.root, page.progress);
      state.answered = true;
    }
    feedback.replaceChildren(...explain(info, result, answer));
    next.focus();
  }

  function explain(info, result, answer) {
    if (kind === "show") {
      const parts = [feedbackBlock(result.correct, `The count is ${result.breakdown.total}${result.correct ? "." : `; you said ${result.answer}.`}`, result.notes)];
      if (result.breakdown.items.length) parts.push(itemsTable(info, result.breakdown.items));
      parts.push(el("p", "Said aloud: “" + result.breakdown.spoken + "”", "breakdown__spoken"));
      return parts;
    }
    if (kind === "play") {
      return [feedbackBlock(result.correct, `The card scores ${result.points}${result.correct ? "." : `; you said ${result.answer}.`}`, result.notes),
        ...(result.items.length ? [itemsTable(info, result.items)] : [])];
    }
    const verdict = result.correct ? "That is the best throw." : `Your throw ranks ${result.rank} of 15 and costs ${result.cost.toFixed(2)} points a deal on average.`;
    const table = el("table", undefined, "throws");
    const head = el("tr");
    ["", "Keep", "Throw", "Hand", "Crib", "Value"].forEach((text) => head.append(el("th", text)));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    result.throws.forEach((t, i) => {
      const row = el("tr", undefined, i + 1 === result.rank ? "throws__mine" : "");
      const keep = el("td");
      keep.append(faces(info, t.keep));
      const thrown = el("td");
      thrown.append(faces(info, t.discard));
      row.append(el("td", String(i + 1)), keep, thrown, el("td", t.hand_value.toFixed(2)),
        el("td", (state.problem.dealer ? "+" : "−") + t.crib_value.toFixed(2)), el("td", t.value.toFixed(2)));
      body.append(row);
    });
    table.append(body);
    return [feedbackBlock(result.correct, verdict, [result.explanation]), table];
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
  return { load, section, get answered() { return state.answered; }, next };
}

// --- the rules quiz (questions and rulings are rendered from the catalog at build time) -----

function bindRulesQuiz(page) {
  page.root.querySelectorAll("[data-rules-question]").forEach((item) => {
    item.querySelectorAll("[data-choice]").forEach((button) => button.addEventListener("click", () => {
      const correct = button.dataset.choice === item.dataset.answer;
      const box = item.querySelector(".rules-quiz__feedback");
      box.hidden = false;
      box.querySelector(".rules-quiz__verdict").textContent = correct ? "✓ Right." : "✗ Not quite.";
      box.classList.toggle("verdict--right", correct);
      box.classList.toggle("verdict--wrong", !correct);
      if (!item.dataset.answered) {
        item.dataset.answered = "true";
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
  const page = { root, progress: loadProgress(notice) };
  drawProgress(root, page.progress);
  const quizzes = Object.fromEntries(["show", "play", "discard"].map((kind) =>
    [kind, makeQuiz(root.querySelector(`[data-quiz="${kind}"]`), kind, page)]));
  bindRulesQuiz(page);
  root.querySelector("[data-reset-progress]").addEventListener("click", () => {
    page.progress = emptyProgress();
    saveProgress(page.progress);
    drawProgress(root, page.progress);
  });

  // A link names one problem; the other quizzes start with fresh ones.
  const [kind, ...rest] = decodeURIComponent(location.hash.slice(1)).split("/");
  const seed = Number(rest.at(-1));
  const linked = quizzes[kind] && Number.isSafeInteger(seed) && seed >= 0 ? kind : null;
  Object.entries(quizzes).forEach(([name, quiz]) => {
    if (name === linked) quiz.load(seed, kind === "show" ? rest[0] : undefined).then(() => quiz.section.scrollIntoView());
    else quiz.load(newSeed());
  });
  if (location.hash.length > 1 && !linked && !["count-the-show", "count-the-play", "choose-the-discard", "rules-quiz", "your-progress"].includes(kind)) {
    notice("That link does not name a practice problem, so here are fresh ones.");
  }

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
  return unsubscribe;
}

mountPage("[data-practice-page]", setup);

// The engine's start-up progress, shown under a page's status line (mount.js): a bar of the
// bytes received of those expected, the percent, and the phase (downloading, starting Python,
// loading the engine). Screen readers hear the phase and every quarter, not every percent.
// On failure it offers "Try again" (engine.retry()). Its box keeps its height once the engine is
// ready, so nothing below it moves.
//   const view = showProgress(line, engine); view.update(status) on each status; view.remove()
/** @typedef {import("./engine.js").Status} Status */

/** @type {Record<string, string>} */
const PHASES = {
  download: "Downloading the engine",
  python: "Starting Python",
  engine: "Loading the cribbage engine",
};

/** @param {number} bytes */
function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** @param {Status} status */
export function describe(status) {
  const phase = PHASES[status.phase] || PHASES.download;
  if (status.phase === "download" && status.total) {
    return `${phase}: ${status.percent}% (${megabytes(status.received)} of ${megabytes(status.total)} MB)`;
  }
  return `${phase}…`;
}

/** @param {Element} line */
function build(line) {
  // Inside the status line (a <p>, so only phrasing elements): its CSS reserves the room.
  const box = document.createElement("span");
  box.className = "engine-progress";
  box.dataset.engineProgress = "";
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-label", "Engine start-up");
  const text = document.createElement("span");
  text.className = "engine-progress__text";
  text.setAttribute("aria-hidden", "true"); // every percent would be read out: `announce` says less
  const announce = document.createElement("span");
  announce.className = "visually-hidden";
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "md-button engine-progress__retry";
  retry.textContent = "Try again";
  retry.hidden = true;
  box.append(bar, text, announce, retry);
  line.append(box);
  return { box, bar, text, announce, retry };
}

/**
 * @param {Element} line
 * @param {{retry(): void}} engine
 * @returns {{update(status: Status): void, remove(): void}}
 */
export function showProgress(line, engine) {
  const { box, bar, text, announce, retry } = build(line);
  let spoken = "";
  retry.addEventListener("click", () => engine.retry());
  // Called with each engine status by the page's one status listener (mount.js). Each write is
  // made only when it changes something: a write of the same value still makes the browser restyle
  // or lay out the line again, and a download sends a status for every percent.
  /** @param {Status} status */
  function update(status) {
    if (box.dataset.state !== status.state) box.dataset.state = status.state;
    retry.hidden = status.state !== "failed";
    if (status.state === "loading") {
      const percent = status.phase === "download" ? status.percent : 100;
      const said = describe(status);
      if (bar.value !== percent) bar.value = percent;
      if (text.textContent !== said) {
        bar.setAttribute("aria-valuetext", said);
        text.textContent = said;
      }
      // Announce the phase and each quarter of the download, not every percent.
      const milestone = `${status.phase}:${Math.floor(percent / 25)}`;
      if (milestone !== spoken) {
        spoken = milestone;
        announce.textContent = status.phase === "download" ? `${PHASES.download}: ${percent}%` : PHASES[status.phase];
      }
    } else if (status.state === "failed" && status.offline) {
      text.textContent = ""; // the status line above says why, and what to do meanwhile
      announce.textContent = "";
    } else if (status.state === "failed") {
      text.textContent = `The engine could not start: ${status.detail}. Check the connection and try again.`;
      announce.textContent = text.textContent;
    } else if (status.state === "unsupported") {
      text.textContent = status.detail;
      announce.textContent = status.detail;
    } else if (status.state === "ready") {
      bar.value = 100;
      text.textContent = "";
      announce.textContent = spoken ? "The engine is ready." : "";
    }
  }
  return { update, remove: () => box.remove() };
}

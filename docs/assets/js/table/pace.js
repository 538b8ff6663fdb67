// Pacing: the pauses before the computer's cards and between the show's combinations. Each
// stretch of paced work runs under a cancel token: any action of the player's (or Skip, or
// leaving the page) cancels it, and every pause still to come then ends at once, so what is being
// shown finishes instantly and input is never held back.
//
// The pauses are written once, in the Pace options of the table's markup
// (overrides/partials/widgets/table.html: data-lay and data-show on each option, in ms).

// A token: `cancel()` ends every pause at once; `pause(ms)` resolves when the time is up or the
// token is cancelled; `cancelled` says which. Aborting `signal` (leaving the page) cancels it too.
/**
 * @typedef {{cancel(): void, pause(ms: number): Promise<void>, readonly cancelled: boolean}} Token
 * @typedef {Record<string, {lay: number, show: number}>} Paces  each pace's pauses, in ms
 * @typedef {{finish(): Promise<void>, begin(): Promise<Token>, run(work: (token: Token) => unknown): Promise<unknown>,
 *   skip(): void, readonly token: Token}} Pacer
 */

/** @param {AbortSignal} [signal] @returns {Token} */
export function cancelToken(signal) {
  let cancelled = false;
  /** @type {Set<() => void>} */
  const pending = new Set();
  const cancel = () => {
    cancelled = true;
    for (const finish of pending) finish();
    pending.clear();
  };
  if (signal) signal.addEventListener("abort", cancel, { once: true });
  if (signal?.aborted) cancel();
  /** @param {number} ms @returns {Promise<void>} */
  const pause = (ms) => new Promise((resolve) => {
    if (cancelled || !ms) return resolve();
    const finish = () => {
      clearTimeout(timer);
      pending.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    pending.add(finish);
    return undefined;
  });
  return { cancel, pause, get cancelled() { return cancelled; } };
}

// The pauses of each pace, read from the Pace <select>: {instant: {lay: 0, show: 0}, ...}.
/** @param {HTMLSelectElement} select @returns {Paces} */
export function pacesFrom(select) {
  return Object.fromEntries([...select.options].map((option) => [option.value, {
    lay: Number(option.dataset.lay) || 0, show: Number(option.dataset.show) || 0,
  }]));
}

// One stretch of paced work at a time: `begin()` cancels the one before, waits for it to finish
// and gives the new token; `run(work)` keeps `work(token)` as what is being shown; `finish()`
// cancels what is shown and waits for it (before an action, so nothing shown is cut off half-way).
/** @param {AbortSignal} signal @returns {Pacer} */
export function pacer(signal) {
  let token = cancelToken(signal);
  /** @type {Promise<unknown>} */
  let shown = Promise.resolve();
  const finish = async () => {
    token.cancel();
    await shown;
  };
  return {
    finish,
    async begin() {
      await finish();
      token = cancelToken(signal);
      return token;
    },
    run(work) {
      const mine = token;
      shown = shown.then(() => work(mine));
      return shown;
    },
    skip: () => token.cancel(),
    get token() { return token; },
  };
}

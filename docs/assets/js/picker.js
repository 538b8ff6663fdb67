// The card picker the build renders (52 toggle buttons, a row per suit; a column per suit on
// phones) as one keyboard stop: the arrow keys move to the nearest card in that direction on
// screen, so they follow whichever layout the CSS chose; Home and End go to the first and last
// card of the suit. Only the focused card is in the tab order (a roving tabindex).

/**
 * @typedef {{token: string, card?: string | null, error?: string | null}} Token
 *   a typed token, as `read_cards` reads it
 */
/** @typedef {{label: string, size: number, tokens: Token[]}} SlotGroup */
/** @typedef {{show(codes: string[]): void, destroy(): void}} Picker */

/** @type {Record<string, [number, number]>} */
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** @param {Element} node */
function centre(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// The nearest button in direction [dx, dy]: ahead along that axis, least off to the side.
/** @param {HTMLButtonElement[]} buttons @param {HTMLButtonElement} from @param {[number, number]} direction */
function nearest(buttons, from, [dx, dy]) {
  const start = centre(from);
  /** @type {HTMLButtonElement | null} */
  let best = null;
  let bestScore = Infinity;
  buttons.forEach((button) => {
    if (button === from) return;
    const here = centre(button);
    const ahead = (here.x - start.x) * dx + (here.y - start.y) * dy;
    if (ahead < 1) return;
    const aside = Math.abs((here.x - start.x) * dy) + Math.abs((here.y - start.y) * dx);
    const score = ahead + 3 * aside;
    if (score < bestScore) {
      best = button;
      bestScore = score;
    }
  });
  return best;
}

// The card button an event happened on, if any.
const cardButton = (/** @type {Event} */ event) => (event.target instanceof Element
  ? /** @type {HTMLButtonElement | null} */ (event.target.closest("button[data-card]")) : null);

/** The code of the card a click in a picker pressed ("5H"), or "" when it missed every card. */
export const pressedCard = (/** @type {Event} */ event) => cardButton(event)?.dataset.card ?? "";

// `signal`, when given, ends the picker's listeners with the page; `destroy()` ends them too.
// A button's attribute written only when its value changes: the browser restyles the button's
// whole card on any write, of the same value too, and writing all 52 on every commit was most of
// the page's style work after its first paint.
/** @param {HTMLButtonElement} button @param {string} name @param {string} value */
function writeAttribute(button, name, value) {
  if (button.getAttribute(name) !== value) button.setAttribute(name, value);
}

/** @param {HTMLElement} picker @param {AbortSignal} [signal] @returns {Picker} */
export function bindPicker(picker, signal) {
  const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (picker.querySelectorAll("button[data-card]"))];
  const setStop = (/** @type {HTMLButtonElement | null | undefined} */ target) => buttons.forEach((button) => {
    writeAttribute(button, "tabindex", button === target ? "0" : "-1");
  });
  setStop(buttons[0]);

  function onKey(/** @type {KeyboardEvent} */ event) {
    const button = cardButton(event);
    if (!button) return;
    /** @type {HTMLButtonElement | null | undefined} */
    let target = null;
    if (KEYS[event.key]) target = nearest(buttons, button, KEYS[event.key]);
    else if (event.key === "Home" || event.key === "End") {
      const cards = button.parentElement?.querySelectorAll("button[data-card]") ?? [];
      const row = [.../** @type {Iterable<HTMLButtonElement>} */ (cards)];
      target = event.key === "Home" ? row[0] : row.at(-1);
    } else return;
    event.preventDefault();
    if (target) {
      setStop(target);
      target.focus();
    }
  }
  const onFocus = (/** @type {FocusEvent} */ event) => {
    const button = cardButton(event);
    if (button) setStop(button);
  };
  picker.addEventListener("keydown", onKey, { signal });
  picker.addEventListener("focusin", onFocus, { signal });


  return {
    // Pressed state from a list of codes: the picker always shows what the input says.
    show(codes) {
      const chosen = new Set(codes);
      buttons.forEach((button) => {
        writeAttribute(button, "aria-pressed", chosen.has(button.dataset.card ?? "") ? "true" : "false");
      });
    },
    destroy() {
      picker.removeEventListener("keydown", onKey);
      picker.removeEventListener("focusin", onFocus);
    },
  };
}

// Slots under an input: one per card the input should hold, each showing the card the input
// names there, the typed text marked as not a card, or nothing yet. `groups` is
// [{label, size, tokens: [{token, card, error}]}]; `face(code)` draws a card.
/** @param {Element} container @param {SlotGroup[]} groups @param {(code: string) => Node} face */
export function drawSlots(container, groups, face) {
  /** @type {HTMLElement[]} */
  const parts = [];
  groups.forEach(({ label, size, tokens }) => {
    const group = document.createElement("span");
    group.className = "slots__group";
    const name = document.createElement("span");
    name.className = "slot__label";
    name.textContent = label;
    group.append(name);
    for (let i = 0; i < Math.max(size, tokens.length); i++) {
      const slot = document.createElement("span");
      const token = tokens[i];
      slot.className = "slot" + (i >= size ? " slot--extra" : "");
      if (token && token.card) slot.append(face(token.card));
      else if (token) {
        slot.classList.add("slot--bad");
        const bad = document.createElement("span");
        bad.className = "slot__bad";
        bad.textContent = token.token.slice(0, 12);
        slot.title = token.error || "";
        slot.append(bad);
      } else {
        const empty = document.createElement("span");
        empty.className = "slot__empty";
        empty.textContent = size === 1 ? "—" : String(i + 1);
        slot.append(empty);
      }
      group.append(slot);
    }
    parts.push(group);
  });
  container.replaceChildren(...parts);
}

// Re-draw `container` with `render()` and put the keyboard focus back where it was: on the
// element with the same data-focus-key, else on the container itself.
/** @param {HTMLElement} container @param {() => void} render */
export function keepFocus(container, render) {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const key = active && container.contains(active) ? active.dataset.focusKey : undefined;
  const hadFocus = active && container.contains(active);
  render();
  if (!hadFocus) return;
  const again = key
    && /** @type {HTMLElement | null} */ (container.querySelector(`[data-focus-key="${CSS.escape(key)}"]`));
  if (again) again.focus();

  else {
    if (!container.hasAttribute("tabindex")) container.tabIndex = -1;
    container.focus();
  }
}

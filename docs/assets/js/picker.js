// The card picker the build renders (52 toggle buttons, a row per suit; a column per suit on
// phones) as one keyboard stop: the arrow keys move to the nearest card in that direction on
// screen, so they follow whichever layout the CSS chose; Home and End go to the first and last
// card of the suit. Only the focused card is in the tab order (a roving tabindex).

const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function centre(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// The nearest button in direction [dx, dy]: ahead along that axis, least off to the side.
function nearest(buttons, from, [dx, dy]) {
  const start = centre(from);
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

export function bindPicker(picker) {
  const buttons = [...picker.querySelectorAll("button[data-card]")];
  const setStop = (target) => buttons.forEach((button) => { button.tabIndex = button === target ? 0 : -1; });
  setStop(buttons[0]);

  function onKey(event) {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    let target = null;
    if (KEYS[event.key]) target = nearest(buttons, button, KEYS[event.key]);
    else if (event.key === "Home" || event.key === "End") {
      const row = [...button.parentElement.querySelectorAll("button[data-card]")];
      target = event.key === "Home" ? row[0] : row.at(-1);
    } else return;
    event.preventDefault();
    if (target) {
      setStop(target);
      target.focus();
    }
  }
  const onFocus = (event) => {
    const button = event.target.closest("button[data-card]");
    if (button) setStop(button);
  };
  picker.addEventListener("keydown", onKey);
  picker.addEventListener("focusin", onFocus);

  return {
    // Pressed state from a list of codes: the picker always shows what the input says.
    show(codes) {
      const chosen = new Set(codes);
      buttons.forEach((button) => button.setAttribute("aria-pressed", chosen.has(button.dataset.card) ? "true" : "false"));
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
export function drawSlots(container, groups, face) {
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
export function keepFocus(container, render) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.focusKey : undefined;
  const hadFocus = active && container.contains(active);
  render();
  if (!hadFocus) return;
  const again = key && container.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
  else {
    if (!container.hasAttribute("tabindex")) container.tabIndex = -1;
    container.focus();
  }
}

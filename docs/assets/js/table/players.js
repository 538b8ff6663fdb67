// The set-up's players at the edge: who plays each seat (you at seat 1, each other seat a
// person, the computer at the game's level, or the computer at a level of its own) and the names, shown from the settings, kept as they change, and said
// as the seating ("Round the table to the left: Ann, Computer, Ben, Computer. Partners: …").
// They take effect from the next game, as the counting options do.
import { cleanName, COMPUTER, HUMAN, personNames, seatingLine, seatKinds } from "./seats.js";

const rows = (root) => [...root.querySelectorAll("[data-player-row]")];

// `label(id)`: a level's label, for the seating line.
export function showPlayers(root, settings, players, label) {
  rows(root).forEach((row, seat) => {
    row.hidden = seat >= players;
    const kind = row.querySelector("[data-player-kind]");
    if (kind) kind.value = settings.players[seat];
    const name = row.querySelector("[data-player-name]");
    name.value = settings.names[seat];
    name.closest("label").hidden = settings.players[seat] !== HUMAN; // a computer's seat has no name to ask
  });
  root.querySelector("[data-seating]").textContent = seatingLine(seatKinds(settings.players, players, COMPUTER), settings.names, label);
}

// `changed()` after each change is kept in the settings.
export function listenPlayers(root, settings, players, changed, signal, label) {
  rows(root).forEach((row, seat) => {
    const kind = row.querySelector("[data-player-kind]");
    const name = row.querySelector("[data-player-name]");
    kind?.addEventListener("change", () => {
      settings.players[seat] = kind.value; // one of the select's own options
      settings.names = personNames(settings.players, settings.names);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
    name.addEventListener("change", () => {
      settings.names[seat] = cleanName(name.value);
      showPlayers(root, settings, players(), label);
      changed();
    }, { signal });
  });
}

// Small DOM helpers shared by the scorer and practice pages. Text is always set with
// textContent: nothing from a URL or the engine is ever parsed as HTML.
(function () {
  if (window.cribbageUI) return;

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // One card face: glyph and colour carry the suit, the accessible name says it in words.
  function face(card) {
    const node = el("span", undefined, "card card--" + card.name.split(" ").pop() + (card.red ? " card--red" : ""));
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", card.name);
    node.dataset.card = card.code;
    node.append(el("span", card.label, undefined));
    node.firstChild.setAttribute("aria-hidden", "true");
    return node;
  }

  let deck = null;
  // code -> {code, label, name, red}, from the engine (the one place cards are named)
  async function cardInfo() {
    if (!deck) {
      const reply = await window.cribbageEngine.call("deck", {});
      if (!reply.ok) throw new Error(reply.error);
      deck = Object.fromEntries(reply.result.cards.map((card) => [card.code, card]));
    }
    return deck;
  }

  function faces(info, codes) {
    const group = el("span", undefined, "cards");
    codes.forEach((code) => group.append(face(info[code])));
    return group;
  }

  // What each scoring item is called in a breakdown table.
  const ITEM_LABELS = {
    fifteen: "Fifteen", pair: "Pair", run: "Run", flush: "Flush", nobs: "His nobs",
    "thirty-one": "Thirty-one", "pair royal": "Pair royal", "double pair royal": "Double pair royal",
    go: "Go (last card)",
  };

  // A breakdown: one focusable row per item, naming the cards it uses (data-cards for highlighting).
  function itemsTable(info, items) {
    const table = el("table", undefined, "breakdown__items");
    const header = el("tr");
    ["Score", "Cards", "Points"].forEach((text) => header.append(el("th", text)));
    table.append(el("thead"));
    table.tHead.append(header);
    const body = el("tbody");
    items.forEach((item) => {
      const row = el("tr", undefined, "item item--" + item.kind.replace(/ /g, "-"));
      row.tabIndex = 0;
      row.dataset.cards = item.cards.join(" ");
      const cards = el("td");
      cards.append(faces(info, item.cards));
      row.append(el("td", ITEM_LABELS[item.kind] || item.kind), cards, el("td", String(item.points)));
      body.append(row);
    });
    table.append(body);
    return table;
  }

  window.cribbageUI = { el, face, faces, cardInfo, itemsTable, ITEM_LABELS };
})();

// The last move on the board: the squares, cells or castles its action
// names are marked (`last-move`), so a person coming back to the tab sees
// what changed.

/** Every string in an action's JSON (`{"place": {"at": "c3"}}` → c3);
 * a palisade's side (`c3e`) names its square. */
function places(value, out = new Set()) {
  if (typeof value === "string") {
    out.add(value);
    if (/^[a-z][0-9]+[es]$/.test(value)) out.add(value.slice(0, -1));
  } else if (Array.isArray(value)) {
    for (const v of value) places(v, out);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) places(v, out);
  }
  return out;
}

/** Marks on `board` the places the last seat's action among `entries`
 * names; `body.dataset.lastMove` lists them. */
export function markLastMove(board, entries) {
  const last = entries.findLast((e) => "player" in e);
  const names = last ? places(last.action) : new Set();
  const marked = [];
  for (const e of board.querySelectorAll("[data-square], [data-cell], [data-castle]")) {
    const name = e.dataset.square ?? e.dataset.cell ?? e.dataset.castle;
    if (names.has(name)) {
      e.classList.add("last-move");
      marked.push(name);
    }
  }
  document.body.dataset.lastMove = marked.join(" ");
}

// Keyboard focus across redraws, and one tab stop per group of buttons.
//
// The pages redraw their board and lists after every update; an element
// the person had focused is found again by its `data-key` and focused, so
// focus stays where it was. A group (the moves, the board) is one tab
// stop: the arrow keys move within it (a roving tabindex), Home and End
// go to its ends, and the item last focused is the group's tab stop.

/** The key of the focused element: its `data-key`, or its id. */
export function focusedKey() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  if (a.dataset?.key) return "key:" + a.dataset.key;
  if (a.id) return "id:" + a.id;
  return null;
}

/** Focuses the element `key` names again, if it is still there; answers
 * whether it did. Nothing scrolls. */
export function refocus(key) {
  if (!key || document.activeElement?.dataset?.key && "key:" + document.activeElement.dataset.key === key) return true;
  const [kind, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const target = kind === "key"
    ? document.querySelector(`[data-key="${CSS.escape(name)}"]`)
    : document.getElementById(name);
  if (!target || target.disabled || target.closest("[hidden]")) return false;
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

/** The group's last focused item, by key. */
const current = new Map();

function place(item) {
  return { row: Number(item.dataset.row), col: Number(item.dataset.col) };
}

/** The item after `from` in direction `key`: in a grid (items with
 * `data-row` and `data-col`), the nearest one that way; else the next or
 * previous in order. */
function step(items, from, key) {
  const i = items.indexOf(from);
  const grid = items.every((x) => x.dataset.row !== undefined && x.dataset.col !== undefined);
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  if (!grid || key === "ArrowLeft" || key === "ArrowRight") {
    const forward = key === "ArrowRight" || key === "ArrowDown";
    return items[Math.min(items.length - 1, Math.max(0, i + (forward ? 1 : -1)))];
  }
  const at = place(from);
  const down = key === "ArrowDown";
  let best = from;
  let bestScore = Infinity;
  for (const item of items) {
    const p = place(item);
    const rows = down ? p.row - at.row : at.row - p.row;
    if (rows <= 0) continue;
    const score = rows * 100 + Math.abs(p.col - at.col);
    if (score < bestScore) { best = item; bestScore = score; }
  }
  return best;
}

/** Makes the items `selector` finds in `container` (named `group`) one
 * tab stop with a roving tabindex. Call again after each redraw. */
export function rove(container, selector, group) {
  const items = [...container.querySelectorAll(selector)].filter((x) => !x.disabled);
  if (!items.length) return;
  const keep = items.find((x) => x.dataset.key === current.get(group)) ?? items[0];
  for (const item of items) item.tabIndex = item === keep ? 0 : -1;
  container.onfocusin = (event) => {
    const item = event.target.closest(selector);
    if (!item || !container.contains(item)) return;
    current.set(group, item.dataset.key);
    for (const x of container.querySelectorAll(selector)) x.tabIndex = x === item ? 0 : -1;
  };
  container.onkeydown = (event) => {
    if (!["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const all = [...container.querySelectorAll(selector)].filter((x) => !x.disabled);
    const from = event.target.closest(selector);
    if (!from || !all.includes(from)) return;
    const to = step(all, from, event.key);
    event.preventDefault();
    to.focus();
  };
}

/** The first item of a group to focus from a shortcut key: its tab stop. */
export function focusGroup(container) {
  const stop = container.querySelector("[tabindex='0']") ?? container.querySelector("button:not([disabled])");
  stop?.focus();
  return Boolean(stop);
}

// Small helpers shared by the pages and the games' drawings: who a seat
// is, in words, and JSON as words.
import { el } from "/web/dom.js";
import { t, wordsFor } from "/web/i18n.js";

export { el };

/** The name a seat's player gave, else "player N" (`capital` for the
 * start of a sentence or a label), "(you)" after the viewer's own: every
 * sentence speaks of a seat in the third person. */
export function seatName(seat, ctx, capital = false) {
  const base = ctx.names?.[seat] || t(capital ? "Player" : "player", seat);
  return isYou(seat, ctx) ? `${base} (${t("you")})` : base;
}

/** Whether `seat` is the person looking at the page (not in a replay,
 * which looks through a seat's eyes). */
export function isYou(seat, ctx) {
  return seat === ctx.seat && ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
}

/** A seat's colour, as a small swatch next to its name (the same colour
 * for the seat on every page and board). */
export function chip(seat) {
  return el("span", { className: `chip owner-${seat}`, ariaHidden: "true" });
}

/** A value of the JSON as words: `{"fill": {"castle": "edo", "line": 2}}`
 * → "fill castle edo line 2". */
export function describe(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.replace(/_/g, " ");
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map(describe).join(", ");
  return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, " ")} ${describe(v)}`.trim()).join(", ");
}

/** The engine's narration with each "player N" named as on this page. */
export function named(text, ctx) {
  return String(text).replace(/\bplayer (\d+)\b/g, (_, n) => seatName(Number(n), ctx));
}

/** A button that plays `id`, or does nothing when the move is not legal;
 * `key` names it across redraws (focus stays on it). */
export function actionButton(ctx, id, label, className, key) {
  const b = el("button", { type: "button", className, textContent: label });
  if (key) b.dataset.key = key;
  if (id === undefined) {
    b.disabled = true;
  } else {
    b.dataset.action = id;
    b.onclick = () => ctx.act(id);
  }
  return b;
}

/** A square of a board: when `playable`, a button (class `playable`,
 * named `key` across redraws) that chooses `name` among the moves `pred`
 * picks; else a `tag`. `props` and the data attributes `dataset` are the
 * element's either way. */
export function boardSquare(ctx, { playable, tag, props, dataset, key, pred, name }, ...children) {
  const cell = el(playable ? "button" : tag, props, ...children);
  Object.assign(cell.dataset, dataset);
  if (playable) {
    cell.type = "button";
    cell.dataset.key = key;
    cell.classList.add("playable");
    cell.onclick = () => ctx.choose(pred, name);
  }
  return cell;
}

/** A coordinate beside a board (a row's number, a column's letter; none
 * in the corner), hidden from screen readers: each square says its own. */
export function axis(text, className = "axis") {
  return el("span", { className, ariaHidden: "true", textContent: text });
}

/** The legal moves as a map from text to id. */
export function legalByText(ctx) {
  return new Map(ctx.legal.map(([id, text]) => [text, id]));
}

/** A part of a score in words (`culture_bonus` → "culture bonus"). */
export function partName(name) {
  return wordsFor("part.", name);
}

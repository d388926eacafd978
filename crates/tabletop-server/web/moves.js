// The list of legal moves: each in words, its notation beside it (what
// the text box takes), Age of War's chance of conquering after it. One
// tab stop: the arrow keys move between the moves, Enter plays one.
import { el } from "/web/dom.js";
import { t } from "/web/i18n.js";
import { rove } from "/web/focus.js";

/** One move's button: the words (when the game has words for it), the
 * notation, the chance of conquering. */
function moveButton(ctx, drawer, id, text) {
  const words = drawer.moveWords?.(text, ctx) ?? null;
  const odds = ctx.odds.get(id);
  const b = el("button", { type: "button", className: "move", title: odds ? t("odds.exact", odds.chance) : "" },
    words ? el("span", { className: "words", textContent: words }) : null,
    el("code", { className: "notation", textContent: text }),
    odds ? el("span", { className: "odds", textContent: t("odds", odds.percent) }) : null);
  b.dataset.action = id;
  b.dataset.text = text;
  if (odds) b.dataset.percent = odds.percent;
  b.dataset.key = "move:" + id;
  b.onclick = () => ctx.act(id);
  return b;
}

/** Draws the moves of `ctx` into `box` (those `filter` keeps, with a way
 * back to all of them; `why` says where they are), or why there are none. */
export function drawMoves(box, ctx, drawer, { filter = null, where = "", onAll = () => {}, none = "" } = {}) {
  // A game with a picker of its own (Liar's Dice: how many, which face)
  // shows it instead of a button per move.
  const picker = !filter && ctx.legal.length ? drawer.movePicker?.(ctx) : null;
  if (picker) {
    box.replaceChildren(picker);
    return;
  }
  const legal = filter ? ctx.legal.filter(([, text]) => filter(text)) : ctx.legal;
  const list = el("div", { className: "move-list", role: "group", ariaLabel: t("moves.label") });
  for (const [id, text] of legal) list.append(moveButton(ctx, drawer, id, text));
  const parts = [];
  if (filter) {
    const all = el("button", { type: "button", className: "all", textContent: t("moves.all") });
    all.dataset.key = "moves:all";
    all.onclick = onAll;
    parts.push(el("p", { className: "filtered" }, el("span", { textContent: t("moves.on", where) + " " }), all));
  }
  if (legal.length) parts.push(list);
  else parts.push(el("p", { className: "quiet", textContent: none }));
  box.replaceChildren(...parts);
  rove(list, "button.move", "moves");
}

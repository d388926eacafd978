// A game's short rules and the legend of its board, folded away until
// asked for.
import { el } from "/web/dom.js";
import { t } from "/web/i18n.js";

/** The help of the drawer's game (its messages `KEY.help`, `KEY.legend`
 * and, for dice with letters, `KEY.diceLegend`), drawn once for each
 * `game` and language. */
export function drawHelp(box, drawer, game) {
  const drawn = game + document.documentElement.lang;
  if (box.dataset.game === drawn) return;
  box.dataset.game = drawn;
  const key = drawer.key ?? "generic";
  const paragraphs = t(key + ".help");
  box.replaceChildren(...[
    el("summary", { textContent: t("help.title") }),
    ...(Array.isArray(paragraphs) ? paragraphs : [paragraphs]).map((p) => el("p", { textContent: p })),
    ...legend(t(key + ".legend"), t("help.legend")),
    ...legend(t(key + ".diceLegend"), t("help.diceLegend")),
  ]);
}

/** A legend (`[[mark, meaning], …]`) under its heading; nothing for a
 * game without one. */
function legend(rows, heading) {
  if (!Array.isArray(rows) || !rows.length) return [];
  const list = el("dl", { className: "legend" });
  for (const [mark, meaning] of rows) list.append(el("dt", { textContent: mark }), el("dd", { textContent: meaning }));
  return [el("h3", { textContent: heading }), list];
}

// A game's short rules and the legend of its board, folded away until
// asked for.
import { el } from "/web/dom.js";
import { t } from "/web/i18n.js";

/** The help of the drawer's game (its messages `KEY.help` and
 * `KEY.legend`), drawn once for each `game` and language. */
export function drawHelp(box, drawer, game) {
  const drawn = game + document.documentElement.lang;
  if (box.dataset.game === drawn) return;
  box.dataset.game = drawn;
  const key = drawer.key ?? "generic";
  const paragraphs = t(key + ".help");
  const legend = t(key + ".legend");
  const list = el("dl", { className: "legend" });
  for (const [mark, meaning] of Array.isArray(legend) ? legend : []) {
    list.append(el("dt", { textContent: mark }), el("dd", { textContent: meaning }));
  }
  box.replaceChildren(...[
    el("summary", { textContent: t("help.title") }),
    ...(Array.isArray(paragraphs) ? paragraphs : [paragraphs]).map((p) => el("p", { textContent: p })),
    list.children.length ? el("h3", { textContent: t("help.legend") }) : null,
    list.children.length ? list : null,
  ].filter(Boolean));
}

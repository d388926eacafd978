// A table's side panel, alike on the live, offline and replay tables: the
// players at its top; the history under its heading and the game's help
// drawer at its end; under the table, the line of keys. Written here once
// around what each page puts between (its moves, its talk); each page
// names the parts that differ, and fills them as it draws.
import { el } from "/web/dom.js";
import { t } from "/web/i18n.js";

/** An element's text as the message `key` (`data-i18n`, so a switch of
 * language rewords it). */
function worded(key) {
  return { textContent: t(key), dataset: { i18n: key } };
}

/** Puts the players (in the box with the id `players`) first in the side
 * panel `aside`, the history and the help drawer last, and the keys line
 * (the message `keys`) after the table the panel stands in. `heading` is
 * the message of the history's heading; without one the page words the
 * heading as it draws (the replay names whose eyes). `focusable` lets a
 * script move focus to that heading. */
export function addSidePanel(aside, { players = "players", heading = null, focusable = false, keys = "keys" } = {}) {
  aside.prepend(el("section", { ariaLabelledby: "players-title" },
    el("h2", { id: "players-title", ...worded("players.title") }),
    el("div", { id: players })));
  const words = heading ? worded(heading) : { textContent: "History" };
  aside.append(
    el("section", { ariaLabelledby: "history-title" },
      el("h2", { id: "history-title", tabIndex: focusable ? -1 : null, ...words }),
      el("ol", { id: "history", className: "history", tabIndex: 0, dataset: { i18nLabel: "history.label" }, ariaLabel: t("history.label") })),
    el("details", { id: "help", className: "help" }),
  );
  aside.closest("main").after(el("p", { className: "keys", ...worded(keys) }));
}

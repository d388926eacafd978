// The history as the viewer saw it: one line per entry, in the game's
// words where the page has them, else the engine's own narration, each
// with the colour of the seat that acted. It scrolls inside its own box
// and never moves the page; it follows the newest line only while the
// reader is at the bottom.
import { el } from "/web/dom.js";
import { t } from "/web/i18n.js";
import { chip, describe, named, seatName } from "/web/sentences.js";

/** The words for `entry`: the game's sentence, the engine's narration
 * (names put in), or the JSON as words. */
function entryText(entry, words, ctx, drawer) {
  const sentence = drawer.sentence?.(entry, ctx);
  if (sentence) return sentence;
  if (words) return named(words, ctx).replace(/^./, (c) => c.toUpperCase()) + ".";
  if ("chance" in entry) return t("chance", describe(entry.chance));
  return t("seen", seatName(entry.player, ctx, true), describe(entry.action));
}

/** Draws `entries` (with their `narration`) into the list `list`: only the
 * new ones, unless the list is for another viewer or language. */
export function drawHistory(list, entries, narration, ctx, drawer, tag) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  if (list.children.length > entries.length || list.dataset.tag !== tag) list.replaceChildren();
  list.dataset.tag = tag;
  for (let i = list.children.length; i < entries.length; i++) {
    const entry = entries[i];
    const seat = "player" in entry ? entry.player : null;
    const li = el("li", { value: i + 1, className: seat === null ? "chance" : `owner-${seat}` },
      seat === null ? null : chip(seat),
      el("span", { textContent: entryText(entry, narration?.[i], ctx, drawer) }));
    list.append(li);
  }
  if (atBottom) list.scrollTop = list.scrollHeight;
}

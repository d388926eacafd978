// A game without its own drawing: the view as a list of its parts.
import { el, describe, seatName } from "/web/sentences.js";

export function draw(ctx) {
  const list = el("dl", { className: "generic" });
  for (const [k, v] of Object.entries(ctx.view ?? {})) {
    list.append(el("dt", { textContent: k.replace(/_/g, " ") }), el("dd", { textContent: describe(v) }));
  }
  return list;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) return `Chance: ${describe(entry.chance)}.`;
  return `${seatName(entry.player, ctx, true)}: ${describe(entry.action)}.`;
}

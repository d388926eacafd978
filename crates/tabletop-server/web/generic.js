// A game without its own drawing: the view as a list of its parts, the
// history in the engine's own words, and the scores where the view has
// them (Pig's).
import { el, describe } from "/web/sentences.js";

export const key = "generic";

export function draw(ctx) {
  const list = el("dl", { className: "generic" });
  for (const [k, v] of Object.entries(ctx.view ?? {})) {
    list.append(el("dt", { textContent: k.replace(/_/g, " ") }), el("dd", { textContent: describe(v) }));
  }
  return list;
}

export const scoreLabel = "generic.score";

/** The view's own `scores`, when it has them. */
export function score(ctx) {
  const scores = ctx.view?.scores;
  return Array.isArray(scores) && scores.every((s) => typeof s === "number") ? scores : null;
}

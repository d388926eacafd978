// Each game's drawing, words and scores by its registry name; a game
// without one is drawn from its view's parts and told in the engine's
// words.
import * as ageOfWar from "/web/age-of-war.js";
import * as armadora from "/web/armadora.js";
import * as era from "/web/era.js";
import * as generic from "/web/generic.js";

const DRAWERS = { "age-of-war": ageOfWar, armadora, era };

/** The drawer of `game`. */
export function drawerOf(game) {
  return DRAWERS[game] ?? generic;
}

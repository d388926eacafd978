// Each game's drawing, words and scores, loaded by its registry name from
// /web/games/NAME.js; a game without one is drawn from its view's parts
// and told in the engine's words. No list of games is kept here: a game
// gains a drawing by adding its file.
import * as generic from "/web/generic.js";

const drawers = new Map();
const loading = new Map();

/** Loads the drawer of `game` once; resolves when `drawerOf` has it. */
export function loadDrawer(game) {
  if (!loading.has(game)) {
    const drawer = import(`/web/games/${encodeURIComponent(game)}.js`)
      .catch(() => generic)
      // A drawing that reads the game's schemas loads them first.
      .then(async (d) => {
        await d.load?.(game);
        drawers.set(game, d);
        return d;
      });
    loading.set(game, drawer);
  }
  return loading.get(game);
}

/** The drawer of `game` once `loadDrawer` has loaded it, else the generic one. */
export function drawerOf(game) {
  return drawers.get(game) ?? generic;
}

// The browser (and bundler) entry: fetches the WebAssembly module next to
// this file once, at import, then exports the API ready to use.
import init from "./pkg/tabletop_engines.js";

await init({ module_or_path: new URL("./pkg/tabletop_engines_bg.wasm", import.meta.url) });

export { Bot, DiceRng, Game, State, gameNames, loadGame } from "./pkg/tabletop_engines.js";
export * from "./constants.js";
export { advance, advanceFor, needsAdvance } from "./advance.js";

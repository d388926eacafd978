// The Node entry: reads the WebAssembly module next to this file once, at
// import, then exports the API ready to use.
import { readFileSync } from "node:fs";
import { initSync } from "./pkg/tabletop_engines.js";

initSync({ module: readFileSync(new URL("./pkg/tabletop_engines_bg.wasm", import.meta.url)) });

export { Bot, DiceRng, Game, State, gameNames, loadGame } from "./pkg/tabletop_engines.js";
export * from "./constants.js";
export { advance, advanceFor, needsAdvance } from "./advance.js";

// The package's budgets, measured: sizes gzipped (the package, and each
// one-game build in dist/ when built), random games inside WebAssembly
// against the same in native Rust, and games per second from a JavaScript
// loop of one call per move (Armadöra, by id and by text).
//
//   node bench/bench.mjs            (from js/, after npm run build)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import * as te from "../node.js";

const here = new URL("..", import.meta.url).pathname;
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function packageSize(dir) {
  return gz(`${dir}/tabletop_engines_bg.wasm`) + gz(`${dir}/tabletop_engines.js`);
}

console.log(`all games (pkg/): ${kb(packageSize(`${here}pkg`))} gzipped (wasm + glue); budget 400 KB`);
if (existsSync(`${here}dist`)) {
  for (const game of readdirSync(`${here}dist`)) {
    console.log(`${game} alone (dist/${game}/): ${kb(packageSize(`${here}dist/${game}`))} gzipped; budget 150 KB`);
  }
}

function best(runs, fn) {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn(i);
    fastest = Math.min(fastest, performance.now() - t);
  }
  return fastest / 1000;
}

const count = 20_000;
const game = te.loadGame("armadora");
game.playRandomGames(0, count / 10);
const wasmRate = count / best(3, (run) => game.playRandomGames(run * count, count));
const native = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--release", "-p", "tabletop-engines-js", "--example", "random_games", "--", "armadora", String(count)], { cwd: here, encoding: "utf8" }),
);
console.log(
  `random Armadöra games: ${wasmRate.toFixed(0)}/s in WebAssembly, ${native.games_per_second}/s native: ` +
    `${(wasmRate / native.games_per_second).toFixed(2)}x; budget 0.7x`,
);

/** Games played from JavaScript, one call per move (and one for the legal ids). */
function loop(games, byText) {
  const rng = new te.DiceRng(1);
  for (let g = 0; g < games; g++) {
    const state = game.newInitialState();
    while (!state.isTerminal()) {
      if (state.isChanceNode()) state.applySampledChance(rng);
      else {
        const legal = state.legalActions();
        const id = legal[rng.below(legal.length)];
        if (byText) state.applyActionText(state.actionToString(id));
        else state.applyAction(id);
      }
    }
    state.free();
  }
}
for (const byText of [false, true]) {
  const games = byText ? 500 : 3000;
  loop(games / 10, byText);
  const rate = games / best(3, () => loop(games, byText));
  console.log(`a JavaScript loop, one call per move, by ${byText ? "text" : "id"}: ${rate.toFixed(0)} Armadöra games/s; budget 3000 (by id)`);
}

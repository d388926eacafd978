// The package's budgets, measured: sizes gzipped (the package, and each
// one-game build in dist/ when built, which must hold that game only and
// play it), random games inside WebAssembly against the same in native
// Rust (every game), and games per second from a JavaScript loop of one
// call per move (Armadöra, by id and by text).
//
// A one-game build's rules alone (`scripts/build.sh GAME --rules-only`),
// when built, are weighed beside it.
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
  const rulesOnly = "-rules-only";
  for (const game of readdirSync(`${here}dist`).filter((d) => !d.endsWith(rulesOnly))) {
    const dir = `${here}dist/${game}`;
    // The one-game build works, and holds that game only.
    const glue = await import(`${dir}/tabletop_engines.js`);
    glue.initSync({ module: readFileSync(`${dir}/tabletop_engines_bg.wasm`) });
    const names = glue.gameNames();
    const played = glue.loadGame(game).playRandomGames(0, 10);
    const works = names.length === 1 && names[0] === game && played.finished === 10;
    console.log(
      `${game} alone (dist/${game}/): ${kb(packageSize(dir))} gzipped; budget 150 KB` +
        (works ? "" : `; BROKEN: games ${names.join(", ")}, ${played.finished} of 10 random games finished`),
    );
    // The game's rules alone (scripts/build.sh GAME --rules-only): the
    // floor under its package, and so what the package adds above it.
    const floor = `${dir}${rulesOnly}`;
    if (existsSync(floor)) {
      const rules = await import(`${floor}/tabletop_engines.js`);
      rules.initSync({ module: readFileSync(`${floor}/tabletop_engines_bg.wasm`) });
      const exported = game.replace(/-(.)/g, (_, c) => c.toUpperCase());
      const ran = rules[exported](0n, 2, 0) > 0;
      console.log(
        `  its rules alone (dist/${game}${rulesOnly}/): ${kb(packageSize(floor))} gzipped; ` +
          `JSON, registry and JavaScript surface: ${kb(packageSize(dir) - packageSize(floor))}` +
          (ran ? "" : "; BROKEN: the rules alone did not play"),
      );
    }
  }
}

function seconds(fn) {
  const t = performance.now();
  fn();
  return (performance.now() - t) / 1000;
}

// The machine is shared: every figure is the best of several runs, and the
// WebAssembly and native runs alternate, so that both sides meet the same
// load; each round's own ratio is printed too. Each game plays as many
// games as WebAssembly plays in about half a second.
const rounds = 5;
const native = (name, count) =>
  JSON.parse(
    execFileSync(
      "cargo",
      ["run", "--quiet", "--release", "-p", "tabletop-engines-js", "--example", "random_games", "--", name, String(count)],
      { cwd: here, encoding: "utf8" },
    ),
  ).games_per_second;
for (const name of te.gameNames()) {
  const game = te.loadGame(name);
  const probe = Math.max(10, Math.round(100 / seconds(() => game.playRandomGames(0, 100))));
  const count = Math.max(10, Math.round(probe / 2));
  native(name, Math.max(1, Math.round(count / 10)));
  let bestWasm = 0;
  let bestNative = 0;
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    // The same work as the native side: a warm run's best of three.
    let wasmRate = 0;
    for (let run = 0; run < 3; run++) {
      wasmRate = Math.max(wasmRate, count / seconds(() => game.playRandomGames(run * count, count)));
    }
    const nativeRate = native(name, count);
    bestWasm = Math.max(bestWasm, wasmRate);
    bestNative = Math.max(bestNative, nativeRate);
    ratios.push(wasmRate / nativeRate);
  }
  console.log(
    `random ${name} games: ${bestWasm.toFixed(0)}/s in WebAssembly, ${bestNative.toFixed(0)}/s native (best of ${rounds} rounds): ` +
      `${(bestWasm / bestNative).toFixed(2)}x; rounds ${Math.min(...ratios).toFixed(2)}x to ${Math.max(...ratios).toFixed(2)}x; budget 0.7x`,
  );
}

const game = te.loadGame("armadora");
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
  rng.free();
}
const games = { id: 3000, text: 500 };
const rates = { id: [], text: [] };
loop(games.id / 10, false);
loop(games.text / 10, true);
for (let round = 0; round < rounds; round++) {
  for (const by of ["id", "text"]) {
    rates[by].push(games[by] / seconds(() => loop(games[by], by === "text")));
  }
}
for (const by of ["id", "text"]) {
  console.log(
    `a JavaScript loop, one call per move, by ${by}: ${Math.max(...rates[by]).toFixed(0)} Armadöra games/s ` +
      `(best of ${rounds}; worst ${Math.min(...rates[by]).toFixed(0)}); budget 3000 (by id)`,
  );
}

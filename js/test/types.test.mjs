// The TypeScript declarations: wire.d.ts is what the schemas give (a
// change to the schemas that is not regenerated fails here), the README's
// TypeScript example compiles with `tsc --strict` against the package as a
// user imports it and runs, and real documents of every game (views,
// histories, updates, records, for seats and spectators, at the start, in
// the middle and at the end) type-check against wire.d.ts, while wrong ones
// do not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as te from "../node.js";
import { wireTypes } from "../scripts/wire-types.mjs";
import { playOn } from "./play.mjs";

const here = new URL("..", import.meta.url).pathname;
const tsc = join(here, "node_modules/typescript/bin/tsc");

test("wire.d.ts is what scripts/wire-types.mjs makes of schemas/ (regenerate after a schema change)", async () => {
  const committed = readFileSync(join(here, "wire.d.ts"), "utf8");
  const generated = await wireTypes();
  assert.ok(generated === committed, "wire.d.ts differs from the schemas' types: run node scripts/wire-types.mjs");
});

/** The games played, each with the type parameter that names it. */
const GAMES = [
  ["pig", "pig"],
  ["age-of-war", "age-of-war"],
  ["armadora(players=3)", "armadora"],
  ["armadora(players=4,advanced=true,teams=true)", "armadora"],
  ["era", "era"],
  ["era(players=4)", "era"],
];

/** `const` declarations of real documents, each typed as the game's own, in TypeScript. */
function documents() {
  const lines = [
    'import type { GameRecord, History, RecordOf, HistoryOf, ViewOf, UpdateOf, Update, View } from "tabletop-engines";',
    'import { SPECTATOR } from "tabletop-engines";',
    "void SPECTATOR;",
    // The names the package has always exported, still there.
    'import type { Viewer, ToMove, GameResult, LogEntry, SeenEntry, GameConfig, LegalAction, WireTypes, GameName } from "tabletop-engines";',
    'export const names: [Viewer, ToMove, GameResult, LegalAction, GameName] = ["spectator", "over", { scores: [], tiebreaks: [], winners: [] }, [0, "roll"], "pig"];',
    'export const shapes: [LogEntry, SeenEntry, GameConfig, WireTypes["pig"]["view"]["turn_total"]] = [{ chance: 1 }, { action: "roll" }, { players: 2, target: 30 }, 0];',
  ];
  let n = 0;
  const seen = new Set();
  // A long log as one array literal is more than tsc infers ("a union type
  // that is too complex"): each distinct entry is checked on its own, as
  // an entry of that document.
  const declare = (type, value) => {
    for (const key of ["log", "entries"]) {
      if (!Array.isArray(value[key])) continue;
      for (const entry of value[key]) {
        const text = `${type}["${key}"][number] = ${JSON.stringify(entry)}`;
        if (!seen.has(text)) lines.push(`export const d${n++}: ${text};`);
        seen.add(text);
      }
      value = { ...value, [key]: value[key].slice(0, 1) };
    }
    lines.push(`export const d${n++}: ${type} = ${JSON.stringify(value)};`);
  };
  for (const [text, name] of GAMES) {
    const game = te.loadGame(text);
    const state = game.newInitialState();
    const rng = new te.DiceRng(11);
    for (const steps of [0, 30, Infinity]) {
      playOn(te, state, rng, { steps: steps === Infinity ? 50_000 : steps - state.moveNumber() });
      const viewers = [0, game.numPlayers() - 1, te.SPECTATOR];
      for (const seat of viewers) {
        declare(`ViewOf<"${name}">`, state.view(seat));
        declare(`HistoryOf<"${name}">`, state.history(seat));
        declare(`UpdateOf<"${name}">`, state.update(seat, Math.floor(state.moveNumber() / 2)));
      }
      declare(`RecordOf<"${name}">`, state.toRecord());
    }
    assert.ok(state.isTerminal(), `${text} did not end`);
    // The unions take every game's documents too.
    declare("View", state.view(0));
    declare("History", state.history(te.SPECTATOR));
    declare("Update", state.update(0, 0));
    declare("GameRecord", state.toRecord());
  }
  // What the types must refuse (each line an error, or tsc fails on the
  // unused directive): they would all pass types that were too loose.
  const pig = te.loadGame("pig").newInitialState();
  const view = JSON.stringify(pig.view(0));
  const update = JSON.stringify(pig.update(0, 0));
  lines.push(
    "// @ts-expect-error a field no Pig view has",
    `export const bad0: ViewOf<"pig"> = { ...${view}, hidden: 1 };`,
    "// @ts-expect-error a Pig update is not Armadöra's",
    `export const bad1: UpdateOf<"armadora"> = ${update};`,
    "// @ts-expect-error the seat to move is a number",
    `export const bad2: UpdateOf<"pig"> = { ...${update}, to_move: { player: "0" } };`,
    "// @ts-expect-error a game that is not one",
    `export const bad3: Update = { ...${update}, game: "chess" };`,
    "declare const record: GameRecord;",
    "// @ts-expect-error an action of one game read as another's, without narrowing",
    'export const bad4: RecordOf<"pig">["log"] = record.log;',
    "declare const history: History;",
    'if (history.game === "era") { const era: HistoryOf<"era"> = history; void era; }',
  );
  return `${lines.join("\n")}\n`;
}

test("the README's TypeScript example compiles with tsc --strict and runs; real documents of every game type-check against wire.d.ts, wrong ones do not", () => {
  const scratch = mkdtempSync(join(tmpdir(), "tabletop-engines-types-"));
  try {
    mkdirSync(join(scratch, "node_modules"));
    // The package as a user imports it (its `exports` and `types`).
    symlinkSync(here, join(scratch, "node_modules", "tabletop-engines"));
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUnusedLocals: true,
          exactOptionalPropertyTypes: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2022", "esnext.disposable", "dom"],
          types: [],
          outDir: "out",
        },
        files: ["example.ts", "documents.ts"],
      }),
    );
    const readme = readFileSync(join(here, "README.md"), "utf8");
    const example = readme.split("## TypeScript")[1].match(/```ts\n([\s\S]*?)```/)[1];
    writeFileSync(join(scratch, "example.ts"), example);
    writeFileSync(join(scratch, "documents.ts"), documents());
    try {
      execFileSync(process.execPath, [tsc, "-p", scratch], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      assert.fail(`tsc refused:\n${e.stdout}${e.stderr}`);
    }
    const out = execFileSync(process.execPath, [join(scratch, "out", "example.js")], { cwd: scratch, encoding: "utf8" });
    assert.match(out, /^play 35 8\n/);
    assert.match(out, /legal\n\d+ entries\n$/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

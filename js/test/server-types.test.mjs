// The server's protocol types: server.d.ts is what the server's schemas
// give (a change to the server's messages that is not regenerated fails
// here), and frames of every kind type-check against it with tsc --strict
// while wrong ones do not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverTypes } from "../scripts/server-types.mjs";

const here = new URL("..", import.meta.url).pathname;
const tsc = join(here, "node_modules/typescript/bin/tsc");

test("server.d.ts is what scripts/server-types.mjs makes of schemas/server/ (regenerate after a change)", async () => {
  const committed = readFileSync(join(here, "server.d.ts"), "utf8");
  assert.ok((await serverTypes()) === committed, "server.d.ts differs: run node scripts/server-types.mjs");
});

const FRAMES = `
import type { ClientMessage, Code, ServerMessage, Facts, UpdateBody, OpenMatches, TakenSeat, Replay, Turn } from ${JSON.stringify(join(here, "server.js"))};

const update: UpdateBody = {
  game: "pig", viewer: { seat: 0 }, from: 3, to: 5,
  entries: [{ player: 0, action: "roll" }, { chance: 4 }],
  to_move: { player: 0 }, legal: [[0, "roll"], [1]], result: null, scoreboard: null,
};
export const frames: ServerMessage[] = [
  { type: "welcome", match: "ab12", seat: 0, game: "pig", config: { players: 2, target: 100 },
    seats: ["person", "random"], seq: 5, talk: [{ n: 1, seat: 1, name: null, text: "gl" }], update: { ...update, view: { scores: [0, 0], turn_total: 4, rolling: true, current: 0, over: false, config: { players: 2, target: 100 } } as never } },
  { type: "update", seq: 5, update: { ...update, view_patch: [{ op: "replace", path: "/turn_total", value: 4 }] } },
  { type: "update", seq: 5, update: { ...update, view_patch: [], narration: ["player 0: roll", "chance: 4"] } },
  { type: "refused", client_id: "c1", reason: { code: "not_your_turn", text: "seat 1 is to move" } },
  { type: "refused", client_id: null, reason: { code: "rate_limited", text: "slow down" } },
  { type: "stale", client_id: "c2", seq: 5, update: { ...update, view: {} as never } },
  { type: "error", reason: { code: "replaced", text: "a newer connection" } },
  { type: "said", n: 2, seat: 0, name: "Ana", text: "<b>hi</b>" },
];
export const sent: ClientMessage[] = [
  { type: "hello", token: "t", last_seq: 4, view_patches: true, known_texts: true },
  { type: "spectate", match: "ab12" },
  { type: "spectate", match: "ab12", narration: true },
  { type: "act", seq: 5, action: 1, client_id: "c3" },
  { type: "act", seq: 5, action: "hold", client_id: "c4" },
  { type: "say", text: "good luck" },
];
export const code: Code = "spectators_full";
export const taken_code: Code = "seat_taken";
export const facts: Facts = { id: "ab12", game: "pig", config: { players: 2, target: 100 }, seats: ["person", "person"],
  spectators: true, public_replays: false, turn_seconds: null, status: "over", entries: 40, result: { scores: [100, 12], tiebreaks: [], winners: [0] },
  names: ["Ana", null], free: [], rematch: null };
export const open: OpenMatches = { matches: [{ id: "ab12", game: "pig", config: { players: 2, target: 100 }, seats: ["open", "random"],
  names: [null, null], free: [0], turn_seconds: 60, created: 1700000000 }], next: null };
export const turn: Turn = { seat: 0, your_turn: true, status: "playing" };
export const taken: TakenSeat = { id: "ab12", seat: 0, name: "Ana", token: "t", link: "/play/ab12#token=t" };
export const replay: Replay = { id: "ab12", game: "pig", config: { players: 2, target: 100 }, seats: ["person", "person"],
  names: [null, null], viewer: "spectator", start: {} as never, result: { scores: [100, 12], tiebreaks: [], winners: [0] },
  steps: [{ from: 0, to: 2, entries: [{ player: 0, action: "roll" }, { chance: 4 }], narration: ["player 0: roll", "chance: 4"],
    to_move: { player: 0 }, view_patch: [{ op: "replace", path: "/turn_total", value: 4 }], scoreboard: null }] };
// @ts-expect-error: a taken seat always carries its token
export const tokenless: TakenSeat = { id: "ab12", seat: 0, name: null, link: "/play/ab12" };
// @ts-expect-error: no such code
export const wrong: Code = "oops";
// @ts-expect-error: an update frame without its sequence number
export const missing: ServerMessage = { type: "update", update };
`;

test("frames of every kind type-check against server.d.ts with tsc --strict, wrong ones do not", () => {
  const scratch = mkdtempSync(join(tmpdir(), "tabletop-server-types-"));
  try {
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "client", private: true, type: "module" }));
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          types: [],
          noEmit: true,
        },
        files: ["frames.ts"],
      }),
    );
    writeFileSync(join(scratch, "frames.ts"), FRAMES);
    try {
      execFileSync(process.execPath, [tsc, "-p", scratch], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      assert.fail(`tsc refused:\n${e.stdout}${e.stderr}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

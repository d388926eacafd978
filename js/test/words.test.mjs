// The generator draws in WebAssembly the words it draws in Rust
// (test/fixtures/words.json, kept by tests/words.rs): across several
// 64-word buffers, for seeds up to 2^64 - 1, and on the agents' streams.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as te from "../node.js";

const cases = JSON.parse(readFileSync(new URL("./fixtures/words.json", import.meta.url), "utf8"));

test("DiceRng draws the Rust generator's words, buffer after buffer and stream by stream", () => {
  assert.equal(cases.length, 12);
  for (const { seed, step, words } of cases) {
    let rng = new te.DiceRng(BigInt(seed));
    if (step !== undefined) rng = rng.decisionRng(step);
    const drawn = words.map(() => rng.below(2 ** 32 - 1));
    assert.deepEqual(drawn, words, `seed ${seed}, step ${step}`);
  }
});

//! The generator's words the JavaScript tests compare against (`test/
//! fixtures/words.json`): `DiceRng` in Rust, read as `rng.below(2^32 - 1)`
//! reads it from JavaScript (every word but `u32::MAX`, which is redrawn),
//! over several 64-word buffers and on the agents' streams, so a WebAssembly
//! build's own `ChaCha8` rounds are checked word by word.
//! `UPDATE_RECORDS=1 cargo test -p tabletop-engines-js` rewrites the file.
#![allow(
    clippy::unwrap_used,
    reason = "test helpers: a failure is a test failure"
)]

mod fixture;

use std::num::NonZeroU32;

use serde_json::{Value, json};
use tabletop_engines::dice_core::DiceRng;

fn words(mut rng: DiceRng, count: usize) -> Vec<u32> {
    let all = NonZeroU32::new(u32::MAX).unwrap();
    (0..count).map(|_| rng.below(all)).collect()
}

#[test]
fn the_fixture_holds_the_generators_words() {
    let mut cases = Vec::new();
    for seed in [0u64, 42, u64::MAX] {
        cases.push(
            json!({ "seed": seed.to_string(), "words": words(DiceRng::from_seed_u64(seed), 300) }),
        );
        for step in [0u64, 3, 1 << 40] {
            let rng = DiceRng::from_seed_u64(seed).decision_rng(step);
            cases.push(json!({ "seed": seed.to_string(), "step": step, "words": words(rng, 70) }));
        }
    }
    let text = serde_json::to_string(&Value::Array(cases)).unwrap();
    fixture::check("words.json", &text, "the generator draws");
}

//! `DiceRng`: the engines' seeded generator, for chance events and bots
//! driven from JavaScript, the same draws as in Rust for the same seed.

use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors;
use crate::types::SeedInput;

/// The engines' seeded generator (ChaCha8): the same seed gives the same
/// draws as `DiceRng::from_seed_u64` in Rust.
#[wasm_bindgen]
pub struct DiceRng {
    inner: tabletop_engines::dice_core::DiceRng,
}

impl DiceRng {
    pub(crate) fn inner_mut(&mut self) -> &mut tabletop_engines::dice_core::DiceRng {
        &mut self.inner
    }
}

#[wasm_bindgen]
impl DiceRng {
    /// A generator seeded with `seed` (an integer `Number` or a `BigInt`
    /// below 2^64).
    ///
    /// # Errors
    /// A `RangeError` for a seed out of range.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: &SeedInput) -> Result<DiceRng, JsValue> {
        Ok(DiceRng {
            inner: tabletop_engines::dice_core::DiceRng::from_seed_u64(args::seed(seed)?),
        })
    }

    /// A uniform integer from 0 to `n - 1`.
    ///
    /// # Errors
    /// A `RangeError` unless `n` is an integer from 1 to 2^32 - 1.
    pub fn below(&mut self, n: f64) -> Result<u32, JsValue> {
        let bound = u32::try_from(args::count(n, "n")?)
            .ok()
            .and_then(core::num::NonZeroU32::new)
            .ok_or_else(|| {
                errors::range(&format!("n is an integer from 1 to 2^32 - 1, not {n}"))
            })?;
        Ok(self.inner.below(bound))
    }

    /// The generator for decision number `step` of a game played with this
    /// one: what a server hands a bot, so a restart chooses the same.
    ///
    /// # Errors
    /// A `RangeError` for a negative or fractional `step`.
    #[wasm_bindgen(js_name = decisionRng)]
    pub fn decision_rng(&self, step: f64) -> Result<DiceRng, JsValue> {
        let step = args::count(step, "step")?;
        Ok(DiceRng {
            inner: self.inner.decision_rng(step),
        })
    }
}

//! `DiceRng`: the workspace's seeded generator, for chance nodes drawn in
//! Python with the same dice as Rust.

use std::num::NonZeroU128;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_engines::dice_core::DiceRng;

/// The workspace's dice generator (`ChaCha8`), seeded with an integer: the
/// same seed draws the same outcomes on every platform.
#[pyclass(module = "tabletop_engines._native", name = "DiceRng")]
pub(crate) struct PyDiceRng {
    rng: DiceRng,
}

impl PyDiceRng {
    pub(crate) fn inner_mut(&mut self) -> &mut DiceRng {
        &mut self.rng
    }
}

#[pymethods]
impl PyDiceRng {
    #[new]
    fn py_new(seed: crate::ints::Seed) -> Self {
        let crate::ints::Seed(seed) = seed;
        PyDiceRng {
            rng: DiceRng::from_seed_u64(seed),
        }
    }

    /// A uniform integer in `0..n`, for `1 <= n <= 2**128 - 1` (the
    /// workspace's exact rejection sampler: the same draws as in Rust).
    fn below(&mut self, n: u128) -> PyResult<u128> {
        NonZeroU128::new(n)
            .map(|n| self.rng.below_u128(n))
            .ok_or_else(|| PyValueError::new_err("below(n) needs n >= 1"))
    }

    /// Hides the seed and position, like the Rust `Debug`.
    #[expect(clippy::unused_self, reason = "Python's __repr__ takes self")]
    fn __repr__(&self) -> &'static str {
        "DiceRng(..)"
    }
}

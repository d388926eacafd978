//! The Python methods of `Game`: sizes, tensor layout, parameters, and the
//! states it starts or reads back.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use crate::errors::load_error;
use crate::game::PyGame;
use crate::game_string::game_string;
use crate::state::PyState;

static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// One named block of an observation tensor: `tensor[offset:offset+size]`.
#[pyclass(
    module = "tabletop_engines._native",
    name = "TensorBlock",
    frozen,
    get_all
)]
pub(crate) struct TensorBlock {
    /// A short name in snake case, e.g. `"scores"`.
    name: &'static str,
    /// Where the block starts in the tensor.
    offset: usize,
    /// How many numbers it holds.
    size: usize,
    /// What the numbers say, in a sentence.
    meaning: &'static str,
}

#[pymethods]
impl TensorBlock {
    fn __repr__(&self) -> String {
        format!(
            "TensorBlock(name={:?}, offset={}, size={}, meaning={:?})",
            self.name, self.offset, self.size, self.meaning
        )
    }
}

#[pymethods]
impl PyGame {
    /// The game's name, e.g. `"pig"` (OpenSpiel's `get_type().short_name`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// Seats at the table.
    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// Every action id is below this bound.
    fn num_distinct_actions(&self) -> u32 {
        self.inner.num_distinct_actions()
    }

    /// `[length]`: observation tensors are flat.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.observation_len()]
    }

    /// The number of floats in an observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_len()
    }

    /// The tensor's blocks, in order: what each slice of it means.
    fn observation_tensor_layout(&self) -> Vec<TensorBlock> {
        let mut offset = 0usize;
        self.inner
            .observation_layout()
            .into_iter()
            .map(|block| {
                let start = offset;
                offset = offset.saturating_add(block.len());
                TensorBlock {
                    name: block.name(),
                    offset: start,
                    size: block.len(),
                    meaning: block.meaning(),
                }
            })
            .collect()
    }

    /// The config as a dict: every parameter, defaults included.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        JSON_LOADS
            .import(py, "json", "loads")?
            .call1((self.inner.config_json(),))
    }

    /// The config as JSON text (what `load_game_json` reads).
    fn config_json(&self) -> String {
        self.inner.config_json()
    }

    /// The game's first state.
    fn new_initial_state(&self) -> PyState {
        PyState::new(Arc::clone(&self.inner), self.inner.new_initial_state())
    }

    /// A state written by `State.serialize()`, replayed.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let state = self.inner.load_state(text).map_err(|e| load_error(&e))?;
        Ok(PyState::new(Arc::clone(&self.inner), state))
    }

    /// The game string that loads this game again (every parameter
    /// written out).
    fn __str__(&self) -> String {
        game_string(self.inner.name(), &self.config_map())
            .unwrap_or_else(|| format!("{} {}", self.inner.name(), self.inner.config_json()))
    }

    fn __repr__(&self) -> String {
        format!("load_game({:?})", self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|other| {
            let other = other.get();
            other.inner.name() == self.inner.name()
                && other.inner.config_json() == self.inner.config_json()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        self.inner.name().hash(&mut hasher);
        self.inner.config_json().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py
            .import("tabletop_engines._native")?
            .getattr("load_game_json")?;
        let args = (self.inner.name(), self.inner.config_json());
        PyTuple::new(py, [load, args.into_pyobject(py)?.into_any()])
    }
}

//! Integer arguments of any size: Python's integers are unbounded, so an id
//! or a player beyond 64 bits is out of range (a `ValueError`), never an
//! `OverflowError`.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A Python integer (or anything with `__index__`, such as a NumPy
/// integer): `None` when it does not fit in 64 bits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Int(pub(crate) Option<i64>);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i64>() {
            Ok(value) => Ok(Int(Some(value))),
            Err(err) if err.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Int(None)),
            Err(err) => Err(err),
        }
    }
}

impl Int {
    /// The value as text, for messages.
    pub(crate) fn text(self) -> String {
        self.0
            .map_or_else(|| "an integer beyond 64 bits".to_owned(), |v| v.to_string())
    }
}

/// A count or size argument: at least 0 and at most `limit`, or a
/// `ValueError` naming the limit.
pub(crate) fn count(value: Int, what: &str, limit: u64) -> PyResult<u64> {
    value
        .0
        .and_then(|v| u64::try_from(v).ok())
        .filter(|&v| v <= limit)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what} must be between 0 and {limit}, not {}",
                value.text()
            ))
        })
}

/// A seed: any integer from 0 to `2**64 - 1`, or a `ValueError`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seed(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<u64>() {
            Ok(value) => Ok(Seed(value)),
            Err(err) if err.is_instance_of::<PyOverflowError>(obj.py()) => Err(
                PyValueError::new_err("a seed is an integer from 0 to 2**64 - 1"),
            ),
            Err(err) => Err(err),
        }
    }
}

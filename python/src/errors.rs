//! The exceptions Python sees: refused steps carry the rule they break.
//! `SpielError` is a `RuntimeError`, as OpenSpiel's `pyspiel.SpielError`
//! is; `IllegalActionError` and `GameLoadError` are both `ValueError`s and
//! `SpielError`s, so code written for either catches them.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};
use tabletop_engines::{LoadError, StepError};

pyo3::create_exception!(
    tabletop_engines,
    SpielError,
    PyRuntimeError,
    "OpenSpiel's `pyspiel.SpielError`: a `RuntimeError` that every refusal of\n\
     this package (an illegal action, a game that does not load) also is."
);

static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static GAME_LOAD: PyOnceLock<Py<PyType>> = PyOnceLock::new();

const ILLEGAL_ACTION_DOC: &str = "An action id or chance outcome id the state refuses; the state is unchanged.\n\n\
     A `ValueError` and a `SpielError` (a `RuntimeError`). Attributes: `rule`\n\
     (the rule broken, in the engine's words), `action` (the action as text,\n\
     or the id when it names no action) and `action_id`.";

const GAME_LOAD_DOC: &str = "A game string, config or saved state that does not load; the message names\n\
     the bad parameter. A `ValueError` and a `SpielError` (a `RuntimeError`).";

/// A new exception class deriving from `ValueError` and `SpielError`.
fn value_and_spiel_error(py: Python<'_>, name: &str, doc: &str) -> PyResult<Py<PyType>> {
    let bases = PyTuple::new(
        py,
        [py.get_type::<PyValueError>(), py.get_type::<SpielError>()],
    )?;
    let dict = PyDict::new(py);
    dict.set_item("__doc__", doc)?;
    dict.set_item("__module__", "tabletop_engines")?;
    let class = py.get_type::<PyType>().call1((name, bases, dict))?;
    Ok(class.cast_into::<PyType>()?.unbind())
}

/// The class `IllegalActionError`.
pub(crate) fn illegal_action_error(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
    ILLEGAL_ACTION
        .get_or_try_init(py, || {
            value_and_spiel_error(py, "IllegalActionError", ILLEGAL_ACTION_DOC)
        })
        .map(|class| class.bind(py).clone())
}

/// The class `GameLoadError`.
pub(crate) fn game_load_error(py: Python<'_>) -> PyResult<Bound<'_, PyType>> {
    GAME_LOAD
        .get_or_try_init(py, || {
            value_and_spiel_error(py, "GameLoadError", GAME_LOAD_DOC)
        })
        .map(|class| class.bind(py).clone())
}

/// A refused step as an `IllegalActionError` with its `rule`, `action`
/// and `action_id` attributes set.
pub(crate) fn illegal(py: Python<'_>, id: i64, error: &StepError) -> PyErr {
    let (action, rule) = match error {
        StepError::Illegal { action, rule } => (action.clone(), rule.clone()),
        other => (id.to_string(), other.to_string()),
    };
    // Engines often start the rule with the action already ("hold: ...").
    let message = if rule.starts_with(&action) {
        rule.clone()
    } else {
        error.to_string()
    };
    let class = match illegal_action_error(py) {
        Ok(class) => class,
        Err(err) => return err,
    };
    let err = PyErr::from_type(class, message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; the message alone still says everything then.
    let _ = value.setattr("rule", rule);
    let _ = value.setattr("action", action);
    let _ = value.setattr("action_id", id);
    err
}

/// An id that is negative or too large for the engines' `u32` ids; `None`
/// is an integer beyond 64 bits, written as `text`.
pub(crate) fn bad_id(py: Python<'_>, id: Option<i64>, text: &str) -> PyErr {
    illegal(
        py,
        id.unwrap_or(-1),
        &StepError::Text(format!("{text} is not an action id or chance outcome id")),
    )
}

/// Why a game or a state did not load.
pub(crate) fn load_error(py: Python<'_>, error: &LoadError) -> PyErr {
    match game_load_error(py) {
        Ok(class) => PyErr::from_type(class, error.to_string()),
        Err(err) => err,
    }
}

/// A `SpielError` with `message`.
pub(crate) fn spiel_error(_py: Python<'_>, message: String) -> PyErr {
    SpielError::new_err(message)
}

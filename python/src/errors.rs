//! The exceptions Python sees: refused steps carry the rule they break.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_engines::{LoadError, StepError};

pyo3::create_exception!(
    tabletop_engines,
    IllegalActionError,
    PyValueError,
    "An action id or chance outcome id the state refuses; the state is unchanged.\n\n\
     Attributes: `rule` (the rule broken, in the engine's words), `action` (the\n\
     action as text, or the id when it names no action) and `action_id`."
);

pyo3::create_exception!(
    tabletop_engines,
    GameLoadError,
    PyValueError,
    "A game string, config or saved state that does not load; the message names\n\
     the bad parameter."
);

/// A refused step as an [`IllegalActionError`] with its `rule`, `action`
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
    let err = IllegalActionError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of
    // memory exhaustion; the message alone still says everything then.
    let _ = value.setattr("rule", rule);
    let _ = value.setattr("action", action);
    let _ = value.setattr("action_id", id);
    err
}

/// An id that is negative or too large for the engines' `u32` ids.
pub(crate) fn bad_id(py: Python<'_>, id: i64) -> PyErr {
    illegal(
        py,
        id,
        &StepError::Text(format!("{id} is not an action id or chance outcome id")),
    )
}

/// Why a game or a state did not load.
pub(crate) fn load_error(error: &LoadError) -> PyErr {
    GameLoadError::new_err(error.to_string())
}

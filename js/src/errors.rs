//! The errors JavaScript sees: every refusal is an `Error` whose `name`
//! says what was refused, and a refused step's `rule` says which rule it
//! breaks, in the engine's words.

use js_sys::{Error, RangeError, Reflect, TypeError};
use tabletop_engines::{LoadError, StepError};
use wasm_bindgen::JsValue;

/// Sets `key` on a fresh error object: an ordinary data property, which
/// cannot be refused, so the result is not looked at.
fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// A refused step as an `IllegalActionError`: `rule` (the rule broken),
/// `action` (the action as text, or the id when it names no action) and
/// `actionId` (the id given, `null` for text that names no action).
pub(crate) fn illegal(id: Option<u32>, error: &StepError) -> JsValue {
    let (action, rule) = match error {
        StepError::Illegal { action, rule } => (action.clone(), rule.clone()),
        other => (
            id.map_or_else(String::new, |id| id.to_string()),
            other.to_string(),
        ),
    };
    // Engines often start the rule with the action already ("hold: ...").
    let message = if !action.is_empty() && rule.starts_with(&action) {
        rule.clone()
    } else {
        error.to_string()
    };
    let err = Error::new(&message);
    err.set_name("IllegalActionError");
    set(&err, "rule", &JsValue::from_str(&rule));
    set(&err, "action", &JsValue::from_str(&action));
    set(&err, "actionId", &id.map_or(JsValue::NULL, JsValue::from));
    err.into()
}

/// A refusal worded by this package rather than by an engine (an id that
/// is not an integer, text that names no outcome), as an
/// `IllegalActionError`.
pub(crate) fn refused(id: Option<u32>, rule: String) -> JsValue {
    illegal(id, &StepError::Text(rule))
}

/// A game string, config or record that does not load, as a
/// `GameLoadError` whose message names the bad parameter.
pub(crate) fn load(error: &LoadError) -> JsValue {
    load_message(&error.to_string())
}

/// A `GameLoadError` with `message`.
pub(crate) fn load_message(message: &str) -> JsValue {
    let err = Error::new(message);
    err.set_name("GameLoadError");
    err.into()
}

/// An argument out of its range (a seat that is not at the table, a count
/// too large): a `RangeError`.
pub(crate) fn range(message: &str) -> JsValue {
    RangeError::new(message).into()
}

/// An argument of the wrong kind (a record that is neither text nor an
/// object): a `TypeError`.
pub(crate) fn kind(message: &str) -> JsValue {
    TypeError::new(message).into()
}

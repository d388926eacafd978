//! JSON between the engines and JavaScript: what the engines write becomes
//! plain objects, and records or configs from JavaScript may be objects or
//! text.

use wasm_bindgen::JsValue;

use crate::errors;

/// JSON the engines wrote, as a plain JavaScript value.
pub(crate) fn parse(text: &str) -> JsValue {
    // The engines' own JSON always parses; should it not, the caller still
    // gets the text rather than nothing.
    js_sys::JSON::parse(text).unwrap_or_else(|_| JsValue::from_str(text))
}

/// `value` as JSON text: a string as it is, anything else through
/// `JSON.stringify`.
pub(crate) fn text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if !value.is_object() {
        return Err(errors::kind(&format!("{what} is JSON text or an object")));
    }
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| errors::kind(&format!("{what} does not convert to JSON")))
}

/// Sets `key` on a fresh plain object (which cannot refuse it).
pub(crate) fn set(target: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &JsValue::from_str(key), value);
}

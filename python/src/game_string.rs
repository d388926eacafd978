//! A game and its config written back as a game string,
//! `armadora(players=3,advanced=true)`, the form `load_game` reads.

use serde_json::{Map, Value};

/// `name(key=value,...)` for `config`, or `None` when a value has no game
/// string form (an object or `null`): such a game is named by its JSON
/// config instead.
pub(crate) fn game_string(name: &str, config: &Map<String, Value>) -> Option<String> {
    let params = config
        .iter()
        .map(|(key, value)| Some(format!("{key}={}", value_text(value)?)))
        .collect::<Option<Vec<_>>>()?;
    Some(if params.is_empty() {
        name.to_owned()
    } else {
        format!("{name}({})", params.join(","))
    })
}

fn value_text(value: &Value) -> Option<String> {
    match value {
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(if is_word(s) && s != "true" && s != "false" {
            s.clone()
        } else {
            serde_json::to_string(s).ok()?
        }),
        Value::Array(items) => {
            let items = items.iter().map(value_text).collect::<Option<Vec<_>>>()?;
            Some(format!("[{}]", items.join(",")))
        }
        Value::Null | Value::Object(_) => None,
    }
}

/// A bare word of the game string grammar: it does not start like a number.
fn is_word(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(|c: char| c.is_ascii_digit() || c == '-')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

//! A config read from its parameters: the parameters are written as JSON
//! text and read by the same deserializer that reads records, so that a
//! game's config is deserialized by one instantiation only (a second one,
//! over `serde_json::Value` or through a path-tracking wrapper, doubles the
//! config's share of a WebAssembly build). A refusal still names the
//! parameter: the text remembers where each parameter was written, and the
//! deserializer says where it stopped.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The parameters as JSON text, with where each one was written.
struct Written {
    text: String,
    /// Each parameter's path (`ruleset.disasters[0]`) and the bytes it
    /// spans, key and value, in the order they were written.
    spans: Vec<(String, usize, usize)>,
}

impl Written {
    fn of(params: &Map<String, Value>) -> Self {
        let mut written = Written {
            text: String::new(),
            spans: Vec::new(),
        };
        written.object(params, "");
        written
    }

    fn object(&mut self, fields: &Map<String, Value>, path: &str) {
        self.text.push('{');
        for (i, (key, value)) in fields.iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            let start = self.text.len();
            self.scalar(&Value::from(key.as_str()));
            self.text.push(':');
            let inner = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            self.value(value, &inner);
            self.spans.push((inner, start, self.text.len()));
        }
        self.text.push('}');
    }

    fn value(&mut self, value: &Value, path: &str) {
        match value {
            Value::Object(fields) => self.object(fields, path),
            Value::Array(items) => {
                self.text.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                    }
                    let start = self.text.len();
                    let inner = format!("{path}[{i}]");
                    self.value(item, &inner);
                    self.spans.push((inner, start, self.text.len()));
                }
                self.text.push(']');
            }
            scalar => self.scalar(scalar),
        }
    }

    /// A key or a scalar (string, number, boolean, null): a `Value`'s
    /// `Display` is its compact JSON text, which cannot fail.
    fn scalar(&mut self, value: &Value) {
        self.text.push_str(&value.to_string());
    }

    /// The innermost parameter around byte `at`, if any.
    fn parameter_at(&self, at: usize) -> Option<&str> {
        self.spans
            .iter()
            .filter(|(_, start, end)| (*start..*end).contains(&at))
            .min_by_key(|(_, start, end)| end.saturating_sub(*start))
            .map(|(path, _, _)| path.as_str())
    }
}

/// Reads a config from its parameters (missing fields take the config's
/// defaults).
///
/// # Errors
/// The deserializer's refusal, prefixed with the parameter it concerns
/// (``parameter `players`: invalid type: string "three", expected u8``)
/// unless it concerns the config as a whole.
pub(crate) fn read<C: DeserializeOwned>(params: &Map<String, Value>) -> Result<C, String> {
    let written = Written::of(params);
    serde_json::from_str(&written.text).map_err(|e| {
        let message = e.to_string();
        let position = format!(" at line {} column {}", e.line(), e.column());
        let reason = message.strip_suffix(&position).unwrap_or(&message);
        // The column counts the bytes read: the last one read is inside
        // the parameter refused.
        match written.parameter_at(e.column().saturating_sub(1)) {
            Some(path) => format!("parameter `{path}`: {reason}"),
            None => reason.to_owned(),
        }
    })
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        faces: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Config {
        #[serde(default)]
        players: u8,
        #[serde(default)]
        dice: Vec<Inner>,
        #[serde(default)]
        name: String,
    }

    fn object(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(fields) => fields,
            _ => Map::new(),
        }
    }

    fn refusal(params: serde_json::Value) -> String {
        read::<Config>(&object(params)).unwrap_err()
    }

    #[test]
    fn a_config_reads_as_from_text() {
        let params = object(json!({"players": 3, "dice": [{"faces": 6}], "name": "é\"x"}));
        let config: Config = read(&params).unwrap();
        assert_eq!(config.players, 3);
        assert_eq!(config.dice, vec![Inner { faces: 6 }]);
        assert_eq!(config.name, "é\"x");
    }

    #[test]
    fn a_refusal_names_the_parameter_and_drops_the_position() {
        assert_eq!(
            refusal(json!({"players": "three"})),
            "parameter `players`: invalid type: string \"three\", expected u8"
        );
        assert!(
            refusal(json!({"players": 2, "targte": 50}))
                .starts_with("parameter `targte`: unknown field `targte`")
        );
        assert_eq!(
            refusal(json!({"name": "ab", "dice": [{"faces": 6}, {"faces": 300}]})),
            "parameter `dice[1].faces`: invalid value: integer `300`, expected u8"
        );
        assert_eq!(
            refusal(json!({"dice": [{}]})),
            "parameter `dice[0]`: missing field `faces`"
        );
    }
}

//! Game strings: `armadora(players=3,advanced=true)`.

use serde_json::{Map, Value};

use crate::error::LoadError;

/// A game string read into the game's name and its parameters as a JSON
/// object (the game's config, as its JSON encoding writes it).
///
/// The grammar is OpenSpiel's: `name` or `name(key=value,key=value)`.
/// A value is a number, `true`, `false`, a quoted or bare word, or a list
/// `[value,value]`; parameters become the fields of the config object, so
/// `armadora(players=4,teams=false,factions=[orc,elf,mage,goblin])` is the
/// config `{"players":4,"teams":false,"factions":["orc","elf","mage","goblin"]}`.
///
/// ```
/// use tabletop_engines::GameString;
///
/// let spec: GameString = "armadora(players=3, advanced=true)".parse().unwrap();
/// assert_eq!(spec.name(), "armadora");
/// assert_eq!(spec.params()["players"], 3);
/// assert_eq!(spec.params()["advanced"], true);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct GameString {
    name: String,
    params: Map<String, Value>,
}

impl GameString {
    /// The game's name, as written.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The parameters as a JSON object.
    pub fn params(&self) -> &Map<String, Value> {
        &self.params
    }
}

impl core::str::FromStr for GameString {
    type Err = LoadError;

    fn from_str(text: &str) -> Result<Self, LoadError> {
        let bad = |why: &str| LoadError::Syntax {
            text: text.to_owned(),
            reason: why.to_owned(),
        };
        let text_trimmed = text.trim();
        // `after` is what follows the first `(`, when there is one.
        let (name, after) = match text_trimmed.split_once('(') {
            Some((name, after)) => (name, Some(after)),
            None => (text_trimmed, None),
        };
        let name = name.trim();
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(bad("a game string starts with the game's name"));
        }
        let mut params = Map::new();
        if let Some(after) = after {
            let inner = after
                .strip_suffix(')')
                .ok_or_else(|| bad("parameters go between ( and ) at the end"))?;
            for part in split_top_level(inner).map_err(|why| bad(&why))? {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let (key, value) = part
                    .split_once('=')
                    .ok_or_else(|| bad(&format!("parameter `{part}` needs `=value`")))?;
                let key = key.trim();
                if key.is_empty() {
                    return Err(bad(&format!("parameter `{part}` has no name")));
                }
                let value =
                    parse_value(value.trim()).map_err(|why| bad(&format!("{key}: {why}")))?;
                if params.insert(key.to_owned(), value).is_some() {
                    return Err(bad(&format!("parameter `{key}` is given twice")));
                }
            }
        }
        Ok(GameString {
            name: name.to_owned(),
            params,
        })
    }
}

/// The pieces of `text` between commas that are not inside brackets or
/// quotes.
fn split_top_level(text: &str) -> Result<Vec<&str>, String> {
    let mut depth = 0usize;
    let mut quoted = false;
    let mut unopened = false;
    let parts = text
        .split(|c| {
            match c {
                '"' => quoted = !quoted,
                '[' if !quoted => depth = depth.saturating_add(1),
                ']' if !quoted => match depth.checked_sub(1) {
                    Some(outer) => depth = outer,
                    None => unopened = true,
                },
                ',' => return !quoted && depth == 0,
                _ => {}
            }
            false
        })
        .collect();
    if unopened {
        return Err("a `]` without its `[`".to_owned());
    }
    if quoted {
        return Err("a quote is not closed".to_owned());
    }
    if depth != 0 {
        return Err("a `[` is not closed".to_owned());
    }
    Ok(parts)
}

fn parse_value(text: &str) -> Result<Value, String> {
    if text.is_empty() {
        return Err("no value after `=`".to_owned());
    }
    if let Some(inner) = text.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or("a list ends with `]`")?;
        if inner.trim().is_empty() {
            return Ok(Value::Array(Vec::new()));
        }
        return split_top_level(inner)?
            .into_iter()
            .map(|item| parse_value(item.trim()))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text)
            .map(Value::String)
            .map_err(|_| format!("`{text}` is not a quoted word"));
    }
    match text {
        "true" => return Ok(Value::Bool(true)),
        "false" => return Ok(Value::Bool(false)),
        _ => {}
    }
    if text.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        return serde_json::from_str::<serde_json::Number>(text)
            .map(Value::Number)
            .map_err(|_| format!("`{text}` is not a number"));
    }
    if text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Ok(Value::String(text.to_owned()));
    }
    Err(format!(
        "`{text}` is not a value (a number, true, false, a word or a list)"
    ))
}

#[cfg(test)]
mod tests {
    use super::GameString;
    use serde_json::json;

    fn params(text: &str) -> serde_json::Value {
        serde_json::Value::Object(text.parse::<GameString>().unwrap().params().clone())
    }

    #[test]
    fn names_alone_and_with_parameters() {
        assert_eq!(params("pig"), json!({}));
        assert_eq!(params("pig()"), json!({}));
        assert_eq!(
            params(" pig( players = 3 , target=50 ) "),
            json!({"players": 3, "target": 50})
        );
        assert_eq!(
            params("armadora(players=4,factions=[orc, elf,mage,goblin],teams=false)"),
            json!({"players": 4, "factions": ["orc", "elf", "mage", "goblin"], "teams": false})
        );
        assert_eq!(params(r#"x(name="a, b")"#), json!({"name": "a, b"}));
    }

    #[test]
    fn malformed_strings_say_what_is_wrong() {
        for (text, why) in [
            ("", "starts with the game's name"),
            ("(players=2)", "starts with the game's name"),
            ("pig(players=2", "between ( and )"),
            ("pig(players)", "parameter `players` needs `=value`"),
            ("pig(=2)", "has no name"),
            ("pig(players=)", "players: no value"),
            ("pig(players=2,players=3)", "given twice"),
            ("pig(target=1x2)", "target: `1x2` is not a number"),
            ("pig(list=[1,2)", "a `[` is not closed"),
            ("pig(a=b c)", "a: `b c` is not a value"),
        ] {
            let err = text.parse::<GameString>().unwrap_err().to_string();
            assert!(err.contains(why), "{text:?}: {err}");
        }
    }
}

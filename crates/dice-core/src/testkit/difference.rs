//! Where two JSON documents first differ, so that a failed comparison of
//! views says what differs instead of only that something does.

use alloc::format;
use alloc::string::String;

use serde::Serialize;
use serde_json::Value;

/// The first place where `a` and `b`, written as JSON, differ: a JSON
/// pointer (`/seats/1/dice`) and both values there; `None` when they are
/// written alike.
pub(crate) fn first_difference<T: Serialize>(a: &T, b: &T) -> Option<String> {
    let (Ok(a), Ok(b)) = (serde_json::to_value(a), serde_json::to_value(b)) else {
        return Some(String::from("one of them does not serialise"));
    };
    at(&a, &b, "")
}

fn at(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                let inner = format!("{path}/{key}");
                match y.get(key) {
                    Some(other) => {
                        if let Some(found) = at(value, other, &inner) {
                            return Some(found);
                        }
                    }
                    None => return Some(format!("{inner}: {value} against nothing")),
                }
            }
            y.iter()
                .find(|(key, _)| !x.contains_key(*key))
                .map(|(key, value)| format!("{path}/{key}: nothing against {value}"))
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| at(p, q, &format!("{path}/{i}"))),
        _ if a == b => None,
        _ => {
            let place = if path.is_empty() { "/" } else { path };
            Some(format!("{place}: {a} against {b}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::first_difference;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        let a = json!({"seats": [{"dice": [1, 2]}, {"dice": [3]}], "to_move": 0});
        let b = json!({"seats": [{"dice": [1, 2]}, {"dice": [4]}], "to_move": 0});
        assert_eq!(
            first_difference(&a, &b).as_deref(),
            Some("/seats/1/dice/0: 3 against 4")
        );
        assert_eq!(first_difference(&a, &a), None);
        let c = json!({"seats": [], "extra": true, "to_move": 0});
        assert_eq!(
            first_difference(&a, &c).as_deref(),
            Some("/seats: [{\"dice\":[1,2]},{\"dice\":[3]}] against []")
        );
    }
}

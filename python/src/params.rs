//! OpenSpiel's parameter names where they differ from the engines': Pig's
//! `winscore` (default 100, as in OpenSpiel) is the engine's `target`, and
//! any of OpenSpiel's `horizon`, `diceoutcomes` and `piglet` selects
//! OpenSpiel's own rules of Pig (the engine's `openspiel` ruleset), the
//! others taking OpenSpiel's defaults.

use serde_json::{Map, Value};

/// The engine's default Pig target is 30; OpenSpiel's `winscore` is 100.
const PIG_WINSCORE: u32 = 100;

/// `params` as written by a Python caller, in the engine's names, or why
/// they are refused (a parameter OpenSpiel has that the engine does not
/// play).
pub(crate) fn to_engine(
    name: &str,
    mut params: Map<String, Value>,
) -> Result<Map<String, Value>, String> {
    if name != "pig" {
        return Ok(params);
    }
    match (params.remove("winscore"), params.contains_key("target")) {
        (Some(_), true) => {
            return Err("pig: give `winscore` (OpenSpiel's name) or `target`, not both".to_owned());
        }
        (Some(winscore), false) => {
            params.insert("target".to_owned(), winscore);
        }
        (None, true) => {}
        (None, false) => {
            params.insert("target".to_owned(), Value::from(PIG_WINSCORE));
        }
    }
    openspiel_rules(&mut params)?;
    Ok(params)
}

/// OpenSpiel's `horizon`, `diceoutcomes` and `piglet`, taken out of
/// `params` into the engine's `openspiel` ruleset when any is given.
fn openspiel_rules(params: &mut Map<String, Value>) -> Result<(), String> {
    let mut rules = Map::new();
    for (theirs, ours) in [
        ("horizon", "horizon"),
        ("diceoutcomes", "faces"),
        ("piglet", "piglet"),
    ] {
        if let Some(value) = params.remove(theirs) {
            rules.insert(ours.to_owned(), value);
        }
    }
    if rules.is_empty() {
        return Ok(());
    }
    if params.contains_key("openspiel") {
        return Err("pig: give OpenSpiel's `horizon`, `diceoutcomes` and `piglet`, or `openspiel`, not both".to_owned());
    }
    params.insert("openspiel".to_owned(), Value::Object(rules));
    Ok(())
}

/// The engine's config in OpenSpiel's names (what `get_parameters()` and
/// the game string show).
pub(crate) fn to_openspiel(name: &str, mut config: Map<String, Value>) -> Map<String, Value> {
    if name != "pig" {
        return config;
    }
    if let Some(target) = config.remove("target") {
        config.insert("winscore".to_owned(), target);
    }
    if let Some(Value::Object(rules)) = config.remove("openspiel") {
        for (ours, theirs) in [
            ("horizon", "horizon"),
            ("faces", "diceoutcomes"),
            ("piglet", "piglet"),
        ] {
            if let Some(value) = rules.get(ours) {
                config.insert(theirs.to_owned(), value.clone());
            }
        }
    }
    config
}

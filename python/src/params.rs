//! OpenSpiel's parameter names where they differ from the engines': Pig's
//! `winscore` (default 100, as in OpenSpiel) is the engine's `target`, and
//! OpenSpiel's `diceoutcomes` and `piglet` are accepted at the values the
//! engine plays.

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
    if let Some(faces) = params.remove("diceoutcomes")
        && faces != 6
    {
        return Err(format!(
            "pig: parameter `diceoutcomes`: only a six-sided die is played here, not {faces}"
        ));
    }
    if let Some(piglet) = params.remove("piglet")
        && piglet != Value::Bool(false)
    {
        return Err(format!(
            "pig: parameter `piglet`: only Pig (piglet=false) is played here, not {piglet}"
        ));
    }
    if params.contains_key("horizon") {
        return Err(
            "pig: parameter `horizon`: not offered (a game ends only when a player reaches `winscore`)"
                .to_owned(),
        );
    }
    Ok(params)
}

/// The engine's config in OpenSpiel's names (what `get_parameters()` and
/// the game string show).
pub(crate) fn to_openspiel(name: &str, mut config: Map<String, Value>) -> Map<String, Value> {
    if name == "pig"
        && let Some(target) = config.remove("target")
    {
        config.insert("winscore".to_owned(), target);
    }
    config
}

//! A game's view schema for the pages (`GET /web/schemas/{game}`): the
//! generic drawing lays a view out in the order its type declares its
//! fields (the schema's `required` list; JSON objects on the wire are
//! sorted by key) and labels them with the schema's titles.

use tabletop_engines::load_game;

/// The JSON Schema of `game`'s view, as text; `None` for a name the
/// registry does not load.
pub fn view_schema(game: &str) -> Option<String> {
    // A name alone (no parameters): a game string's parameters would
    // only change the config, never the view's type.
    if !game
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return None;
    }
    let loaded = load_game(game).ok()?;
    let (_, schema) = loaded
        .wire_schemas()
        .into_iter()
        .find(|(stem, _)| *stem == "view")?;
    serde_json::to_string(&schema).ok()
}

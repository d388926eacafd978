//! JSON Schemas of the forms written by hand (feature `schema`): cells,
//! pieces and die faces by name or number, the typed maps, the config, and
//! the view's named form.

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::building::BuildingKind;
use crate::cell::{Cell, MAX_GRID};
use crate::config::{EraConfig, RULES_REVISION};
use crate::map::{Key, Map};
use crate::piece::{MAX_WALL_LENGTH, Piece};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::view::EraView;
use crate::view_json::{CellContent, ViewForm};

impl JsonSchema for Cell {
    fn schema_name() -> Cow<'static, str> {
        "Cell".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("A domain cell: its column a.. from the left, its row 1.. from the top (`e5`, ERA-7); grids are at most {MAX_GRID} cells a side."),
            "type": "string",
            "pattern": "^[a-k]([1-9]|1[01])$"
        })
    }
}

/// A string naming one of table D3's building types or one of `others`.
fn building_or(description: &str, others: impl IntoIterator<Item = Cow<'static, str>>) -> Schema {
    let mut names: Vec<Cow<'static, str>> = BuildingKind::ALL
        .iter()
        .map(|k| Cow::Borrowed(k.name()))
        .collect();
    names.extend(others);
    json_schema!({
        "description": description,
        "type": "string",
        "enum": names
    })
}

impl JsonSchema for Piece {
    fn schema_name() -> Cow<'static, str> {
        "Piece".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let walls = (1..=MAX_WALL_LENGTH).map(|n| Cow::Owned(format!("wall{n}")));
        building_or(
            "A piece: a building type (table D3), a wall by its length (table D4), or a scorched area.",
            walls.chain([Cow::Borrowed("scorched")]),
        )
    }
}

impl JsonSchema for CellContent {
    fn schema_name() -> Cow<'static, str> {
        "CellContent".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        building_or(
            "What stands on one cell: a building type (table D3, the Keep included), a wall cell or a scorched area.",
            [CellContent::Wall, CellContent::Scorched].map(|c| Cow::Borrowed(c.name())),
        )
    }
}

impl JsonSchema for Side {
    fn schema_name() -> Cow<'static, str> {
        "FaceIndex".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A die face by its index, 0 to 5: face 1 to face 6 of table D1.",
            "type": "integer",
            "minimum": 0,
            "maximum": 5
        })
    }
}

impl<K: Key<N>, T: JsonSchema, const N: usize> JsonSchema for Map<K, T, N> {
    fn schema_name() -> Cow<'static, str> {
        format!("Array_size_{N}_of_{}", T::schema_name()).into()
    }

    fn schema_id() -> Cow<'static, str> {
        format!("[{}; {N}]", T::schema_id()).into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let keys: Vec<alloc::string::String> = K::ALL.iter().map(|k| format!("{k:?}")).collect();
        json_schema!({
            "description": format!("One value per key, in this order: {}.", keys.join(", ")),
            "type": "array",
            "items": generator.subschema_for::<T>(),
            "minItems": N,
            "maxItems": N
        })
    }
}

impl JsonSchema for EraConfig {
    fn schema_name() -> Cow<'static, str> {
        "EraConfig".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The table size (ERA-3) and, when it is not the default one, the ruleset, under the rules revision this engine plays.",
            "type": "object",
            "properties": {
                "players": { "type": "integer", "minimum": 2, "maximum": 4 },
                "revision": { "type": "integer", "const": RULES_REVISION },
                "ruleset": generator.subschema_for::<Ruleset>()
            },
            "required": ["players", "revision"],
            "additionalProperties": false
        })
    }
}

impl JsonSchema for EraView {
    fn schema_name() -> Cow<'static, str> {
        "EraView".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = ViewForm::json_schema(generator);
        schema.insert(
            "description".into(),
            "What one seat, or a spectator, may know of an Era position, by name (ERA-5, ERA-12)."
                .into(),
        );
        schema
    }
}

//! JSON Schemas of the forms written by hand (feature `schema`): squares
//! and lines by name, palisades, warrior values and warriors.

use alloc::borrow::Cow;
use alloc::format;

use dice_core::Seat;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::army::{MAX_VALUE, Value, Warrior};
use crate::board::{Line, Palisades, Square};

impl JsonSchema for Square {
    fn schema_name() -> Cow<'static, str> {
        "Square".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A square by name, a1 to h5 (ARM-1).",
            "type": "string",
            "pattern": "^[a-h][1-5]$"
        })
    }
}

impl JsonSchema for Line {
    fn schema_name() -> Cow<'static, str> {
        "Line".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An interior line by the square west or north of it and `e` (its east side) or `s` (its south side): `c2e`, `c2s` (ARM-2).",
            "type": "string",
            "pattern": "^([a-g][1-5]e|[a-h][1-4]s)$"
        })
    }
}

impl JsonSchema for Palisades {
    fn schema_name() -> Cow<'static, str> {
        "Palisades".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The lines holding a palisade, each at most once (ARM-2).",
            "type": "array",
            "items": generator.subschema_for::<Line>(),
            "uniqueItems": true
        })
    }
}

impl JsonSchema for Value {
    fn schema_name() -> Cow<'static, str> {
        "WarriorValue".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A warrior's strength (ARM-5).",
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_VALUE
        })
    }
}

impl<V: JsonSchema> JsonSchema for Warrior<V> {
    fn schema_name() -> Cow<'static, str> {
        format!("Warrior_{}", V::schema_name()).into()
    }

    fn schema_id() -> Cow<'static, str> {
        format!("armadora_rules::Warrior<{}>", V::schema_id()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A warrior on the board: its owner, its value (`null` where the viewer may not see it), whether it shows face up, the Elf's arrows on it, and whether it is reinforced.",
            "type": "object",
            "properties": {
                "owner": generator.subschema_for::<Seat>(),
                "value": generator.subschema_for::<V>(),
                "face_up": { "type": "boolean" },
                "arrows": { "type": "integer", "minimum": 0, "maximum": 255 },
                "reinforced": { "type": "boolean" }
            },
            "required": ["owner", "value", "face_up", "arrows", "reinforced"],
            "additionalProperties": false
        })
    }
}

//! JSON Schemas of the forms written by hand (feature `schema`): squares
//! and lines by name, palisades, warrior values and warriors.

use alloc::borrow::Cow;
use alloc::format;

use dice_core::Seat;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::army::{MAX_VALUE, Value, Warrior};
use crate::board::{Line, Palisades, Square};

/// A form whose schema has one fixed name and one JSON value (`$generator`
/// names the generator where the value refers to other forms).
macro_rules! named_schema {
    ($form:ty, $name:literal, $generator:pat => $schema:tt) => {
        impl JsonSchema for $form {
            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed($name)
            }

            fn json_schema($generator: &mut SchemaGenerator) -> Schema {
                json_schema!($schema)
            }
        }
    };
}

named_schema!(Square, "Square", _ => {
    "description": "A square by name, a1 to h5 (ARM-1).",
    "type": "string",
    "pattern": "^[a-h][1-5]$"
});

named_schema!(Line, "Line", _ => {
    "description": "An interior line by the square west or north of it and `e` (its east side) or `s` (its south side): `c2e`, `c2s` (ARM-2).",
    "type": "string",
    "pattern": "^([a-g][1-5]e|[a-h][1-4]s)$"
});

named_schema!(Palisades, "Palisades", generator => {
    "description": "The lines holding a palisade, each at most once (ARM-2).",
    "type": "array",
    "items": generator.subschema_for::<Line>(),
    "uniqueItems": true
});

named_schema!(Value, "WarriorValue", _ => {
    "description": "A warrior's strength (ARM-5).",
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_VALUE
});

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

//! JSON Schemas of the forms written by hand (feature `schema`): the table
//! by castle name, a roll's faces, a set of line numbers.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::castle::Castle;
use crate::dice::{DICE, Face, Roll};
use crate::line::{LineSet, MAX_LINE};
use crate::table::{Place, Table};

/// A form written by hand gets its schema under its own type name, built
/// by `$schema` from the generator (which refers to the derived forms).
macro_rules! by_hand {
    ($form:ident, |$generator:pat_param| $schema:expr) => {
        impl JsonSchema for $form {
            fn schema_name() -> Cow<'static, str> {
                stringify!($form).into()
            }

            fn json_schema($generator: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

by_hand!(Table, |generator| {
    let place = generator.subschema_for::<Place>();
    let names: Vec<&str> = Castle::ALL.iter().map(|c| c.name()).collect();
    let properties: BTreeMap<&str, &Schema> = names.iter().map(|&n| (n, &place)).collect();
    json_schema!({
        "description": "Where each castle lies, by castle name (AOW-2), in table order.",
        "type": "object",
        "properties": properties,
        "required": names,
        "additionalProperties": false
    })
});

by_hand!(Roll, |generator| json_schema!({
    "description": "The faces the dice in hand show (AOW-5), in any order.",
    "type": "array",
    "items": generator.subschema_for::<Face>(),
    "maxItems": DICE
}));

by_hand!(LineSet, |_| json_schema!({
    "description": "Line numbers of one castle: 0 the special daimyo line, 1 on the printed lines (AOW-2).",
    "type": "array",
    "items": { "type": "integer", "minimum": 0, "maximum": MAX_LINE },
    "uniqueItems": true
}));

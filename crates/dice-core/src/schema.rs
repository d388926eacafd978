//! JSON Schemas of the wire types (feature `schema`): records, histories,
//! views and updates, each written as a self-contained document (every
//! definition inside it) for other languages to check or generate types
//! from.
//!
//! The serde forms written by hand here (records, log entries, histories,
//! updates, legal actions, the generator, per-seat lists) get schemas
//! written by hand to match; every game's own types derive theirs or match
//! their hand-written forms the same way.
//!
//! ```
//! use dice_core::pig::Pig;
//! use dice_core::schema::wire_schemas;
//!
//! let schemas = wire_schemas::<Pig>();
//! let names: Vec<_> = schemas.iter().map(|(name, _)| *name).collect();
//! assert_eq!(names, ["record", "history", "view", "update"]);
//! let record = &schemas[0].1;
//! assert_eq!(record.get("title").and_then(|t| t.as_str()), Some("PigRecord"));
//! ```

use alloc::borrow::Cow;
use alloc::format;
use alloc::vec::Vec;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::game::{Game, ToMove, Viewer};
use crate::history::{History, SeenEntry};
use crate::record::{Entry, FORMAT, OLDEST_FORMAT, Record};
use crate::result::GameResult;
use crate::rng::DiceRng;
use crate::seat::{PerSeat, Seat};
use crate::update::{LegalAction, Update};

/// The settings every schema of the workspace is written with: JSON Schema
/// 2020-12, describing what the library writes.
pub fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().for_serialize()
}

/// The root schema of `T`, with every definition it uses inside it.
pub fn root_schema<T: JsonSchema>() -> Schema {
    settings().into_generator().into_root_schema_for::<T>()
}

/// A game's wire types and their schemas, by file stem: `record`,
/// `history`, `view` and `update`.
pub fn wire_schemas<G: Game>() -> Vec<(&'static str, Schema)>
where
    G::Config: JsonSchema,
    G::Action: JsonSchema,
    G::Chance: JsonSchema,
    G::View: JsonSchema,
    G::SeenAction: JsonSchema,
    G::SeenChance: JsonSchema,
{
    alloc::vec![
        ("record", root_schema::<Record<G>>()),
        ("history", root_schema::<History<G>>()),
        ("view", root_schema::<G::View>()),
        ("update", root_schema::<Update<G>>()),
    ]
}

/// `game` (`pig`) as a type name: `Pig`, `AgeOfWar`.
fn camel(game: &str) -> alloc::string::String {
    game.split(|c: char| !c.is_ascii_alphanumeric())
        .flat_map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase())
                .into_iter()
                .chain(chars)
        })
        .collect()
}

/// The game's name, the one value `game` may hold.
fn game_name<G: Game>() -> Schema {
    json_schema!({ "type": "string", "const": G::NAME })
}

impl JsonSchema for DiceRng {
    fn schema_name() -> Cow<'static, str> {
        "DiceRng".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Where a dice generator stands: its key (64 lowercase hex digits), stream and word position.",
            "type": "object",
            "properties": {
                "seed": { "type": "string", "pattern": "^[0-9a-f]{64}$" },
                "stream": { "type": "integer", "minimum": 0 },
                "word_pos": { "type": "integer", "minimum": 0 }
            },
            "required": ["seed", "stream", "word_pos"],
            "additionalProperties": false
        })
    }
}

impl<T: JsonSchema, const N: usize> JsonSchema for PerSeat<T, N> {
    fn schema_name() -> Cow<'static, str> {
        format!("PerSeat_{N}_of_{}", T::schema_name()).into()
    }

    fn schema_id() -> Cow<'static, str> {
        format!("dice_core::PerSeat<{}, {N}>", T::schema_id()).into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "One value per seat, seat 0 first.",
            "type": "array",
            "items": generator.subschema_for::<T>(),
            "minItems": 1,
            "maxItems": N
        })
    }
}

/// The `JsonSchema` of a wire type generic over the game: one schema per
/// game, titled `{Game}{Type}` (`PigRecord`) and identified as
/// `dice_core::{Type}<{game}>`, built by `$schema`; `where` lists the
/// game's types it needs the schemas of.
macro_rules! per_game_schema {
    ($ty:ident where $($part:ident),+; $generator:ident => $schema:expr) => {
        impl<G: Game> JsonSchema for $ty<G>
        where
            $(G::$part: JsonSchema),+
        {
            fn schema_name() -> Cow<'static, str> {
                format!("{}{}", camel(G::NAME), stringify!($ty)).into()
            }

            fn schema_id() -> Cow<'static, str> {
                format!("dice_core::{}<{}>", stringify!($ty), G::NAME).into()
            }

            fn json_schema($generator: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

/// A log line: `{"chance": c}` or `{"player": p, "action": a}`.
fn entry_schema<C: JsonSchema, A: JsonSchema>(
    generator: &mut SchemaGenerator,
    description: &str,
) -> Schema {
    json_schema!({
        "description": description,
        "oneOf": [
            {
                "type": "object",
                "properties": { "chance": generator.subschema_for::<C>() },
                "required": ["chance"],
                "additionalProperties": false
            },
            {
                "type": "object",
                "properties": {
                    "player": generator.subschema_for::<Seat>(),
                    "action": generator.subschema_for::<A>()
                },
                "required": ["action"],
                "additionalProperties": false
            }
        ]
    })
}

per_game_schema!(Entry where Chance, Action; generator => entry_schema::<G::Chance, G::Action>(
    generator,
    "A record's log entry: a chance outcome, or a player's action.",
));

per_game_schema!(SeenEntry where SeenChance, SeenAction; generator => entry_schema::<G::SeenChance, G::SeenAction>(
    generator,
    "A history's entry: a chance outcome or an action as one viewer may know it.",
));

per_game_schema!(Record where Config, Chance, Action; generator => json_schema!({
    "description": "A complete, replayable account of a match, private to whoever runs it.",
    "type": "object",
    "properties": {
        "game": game_name::<G>(),
        "format": { "type": "integer", "minimum": OLDEST_FORMAT, "maximum": FORMAT },
        "config": generator.subschema_for::<G::Config>(),
        "seed": { "type": "integer", "minimum": 0 },
        "generator": generator.subschema_for::<DiceRng>(),
        "log": { "type": "array", "items": generator.subschema_for::<Entry<G>>() }
    },
    "required": ["game", "format", "config", "log"],
    "additionalProperties": false
}));

per_game_schema!(History where Config, SeenChance, SeenAction; generator => json_schema!({
    "description": "A match as one viewer may know it.",
    "type": "object",
    "properties": {
        "game": game_name::<G>(),
        "format": { "type": "integer", "minimum": OLDEST_FORMAT, "maximum": FORMAT },
        "config": generator.subschema_for::<G::Config>(),
        "viewer": generator.subschema_for::<Viewer>(),
        "log": { "type": "array", "items": generator.subschema_for::<SeenEntry<G>>() }
    },
    "required": ["game", "format", "config", "viewer", "log"],
    "additionalProperties": false
}));

impl JsonSchema for LegalAction {
    fn schema_name() -> Cow<'static, str> {
        "LegalAction".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An action the seat may take: its id and its text, `[id, \"text\"]`.",
            "type": "array",
            "prefixItems": [
                { "type": "integer", "minimum": 0, "maximum": u32::MAX },
                { "type": "string" }
            ],
            "items": false,
            "minItems": 2
        })
    }
}

per_game_schema!(Update where View, SeenChance, SeenAction; generator => json_schema!({
    "description": "What one viewer is told after a step: the entries since `from` as it may know them, its view, its legal actions when it is to move, the result at the end.",
    "type": "object",
    "properties": {
        "game": game_name::<G>(),
        "viewer": generator.subschema_for::<Viewer>(),
        "from": { "type": "integer", "minimum": 0 },
        "to": { "type": "integer", "minimum": 0 },
        "entries": { "type": "array", "items": generator.subschema_for::<SeenEntry<G>>() },
        "to_move": generator.subschema_for::<ToMove>(),
        "view": generator.subschema_for::<G::View>(),
        "legal": { "type": "array", "items": generator.subschema_for::<LegalAction>() },
        "result": generator.subschema_for::<Option<GameResult>>()
    },
    "required": ["game", "viewer", "from", "to", "entries", "to_move", "view", "legal", "result"],
    "additionalProperties": false
}));

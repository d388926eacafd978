//! What the server sends on a WebSocket, as types: each frame is one of
//! these, serialised once. Nothing here can hold a game state, a record
//! or a generator: an update is made of a viewer's [`Told`] parts, its
//! view patch and its odds, and every other field is public match data.
//!
//! The contract is written out in `PROTOCOL.md`; the JSON Schema under
//! `schemas/server/` and the package's TypeScript types are generated
//! from these types.

use schemars::JsonSchema;
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use tabletop_engines::Told;
use tabletop_engines::dice_core::{GameResult, LegalAction, Scoreboard, ToMove, Viewer};
use tabletop_engines::odds::ConquestOdds;

use crate::store::SeatKind;
use crate::store::lines::Line;
use crate::wire::code::Reason;
use crate::wire::patch::PatchOp;

/// A frame to one connection.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// The connection is bound: the match, the seat, and what the client
    /// missed since its `last_seq`.
    Welcome {
        /// The match id.
        #[serde(rename = "match")]
        match_id: &'a str,
        /// The seat; `null` for a spectator.
        seat: Option<usize>,
        /// The game's registry name.
        game: &'a str,
        /// The game's config, every parameter.
        #[schemars(with = "Value", extend("tsType" = "GameConfig"))]
        config: &'a RawValue,
        /// Who sits where: `person` or a bot's name, by seat.
        seats: &'a [SeatKind],
        /// The number of entries so far.
        seq: usize,
        /// The entries after `last_seq` and the table now.
        update: UpdateBody<'a>,
        /// The match's last lines of talk (at most 100), oldest first.
        talk: &'a [Line],
    },
    /// A line of talk, to every connection of the match (seats and
    /// spectators), the sayer's own included.
    Said {
        /// The line's number in its match, from 1.
        n: u64,
        /// The seat that said it.
        seat: usize,
        /// The seat's player name; `null` for a seat without one.
        name: Option<&'a str>,
        /// What was said: text, never markup.
        text: &'a str,
    },
    /// Entries the recipient had not seen, and the table now.
    Update {
        /// The number of entries so far.
        seq: usize,
        /// What the recipient is told.
        update: UpdateBody<'a>,
    },
    /// A message not acted on: nothing changed.
    Refused {
        /// The refused action's `client_id`, when it was an action.
        client_id: Option<&'a str>,
        /// Why.
        reason: &'a Reason,
    },
    /// An action that named an old sequence number: nothing was applied.
    Stale {
        /// The action's `client_id`.
        client_id: &'a str,
        /// The number of entries so far.
        seq: usize,
        /// The entries since the action's `seq`, and the table now.
        update: UpdateBody<'a>,
    },
    /// The connection ends after this frame.
    Error {
        /// Why.
        reason: &'a Reason,
    },
}

impl ServerMessage<'_> {
    /// The frame as JSON text.
    pub fn to_text(&self) -> String {
        // serde_json fails only on a map with keys that are not strings or
        // on a `Serialize` that errs; a frame has neither (derived impls
        // over strings, numbers, `Value`s and raw JSON), so the empty text
        // is never produced.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// How an update carries the viewer's view.
#[derive(Debug, Clone, Copy)]
pub enum ViewPart<'a> {
    /// The whole view.
    Whole(&'a RawValue),
    /// A patch of the last view the connection was sent.
    Patch(&'a [PatchOp<'a>]),
}

/// An update as one connection is told it: a `dice_core::Update`
/// (`game`, `viewer`, `from`, `to`, `entries`, `to_move`, `view` or
/// `view_patch`, `legal`, `result`), the view's running `scoreboard`, in
/// Age of War `conquest_odds`, and, when asked for, `narration`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UpdateBody<'a> {
    /// The game's registry name.
    pub game: &'static str,
    /// Whose eyes.
    pub viewer: Viewer,
    /// The log index of the first entry told.
    pub from: usize,
    /// The number of entries after them.
    pub to: usize,
    /// The entries as the viewer saw them (the game's seen entries, as in
    /// its `update.schema.json`).
    #[schemars(with = "Vec<Value>", extend("tsType" = "SeenEntry[]"))]
    pub entries: &'a RawValue,
    /// Who is to move now.
    pub to_move: ToMove,
    /// The viewer's view now (the game's `view.schema.json`); absent when
    /// `view_patch` is sent instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Value>", extend("tsType" = "View"))]
    pub view: Option<&'a RawValue>,
    /// RFC 6902 operations turning the last view this connection was sent
    /// into the view now (connections that asked for view patches).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view_patch: Option<&'a [PatchOp<'a>]>,
    /// The legal actions of the seat to move, `[id, "text"]`, or `[id]`
    /// for a text this connection was sent already (known texts).
    pub legal: Legal<'a>,
    /// The result, once the game is over.
    pub result: Option<&'a GameResult>,
    /// The running scores the viewer's view shows (the game's
    /// `Game::scoreboard`): each seat's score so far by the game's final
    /// formula, what it counts (`unit`) and its named `parts`; worked out
    /// from that view alone. `null` when the game shows none now (Era
    /// while a layout is hidden).
    pub scoreboard: Option<&'a Scoreboard>,
    /// Age of War: the chance of a conquest after each legal action.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Vec<ConquestChance>>")]
    pub conquest_odds: Option<&'a [ConquestOdds]>,
    /// Each of `entries` in words, as the viewer saw it (the engine's
    /// narration): connections that asked for narration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub narration: Option<&'a [String]>,
}

impl<'a> UpdateBody<'a> {
    /// `told` with its view as `view`, its legal actions written as
    /// `legal`, Age of War's `odds`, and the entries' narration when
    /// `narration` is asked for.
    pub fn new(
        told: &'a Told,
        view: ViewPart<'a>,
        legal: Legal<'a>,
        odds: Option<&'a [ConquestOdds]>,
        narration: bool,
    ) -> Self {
        let (view, view_patch) = match view {
            ViewPart::Whole(v) => (Some(v), None),
            ViewPart::Patch(p) => (None, Some(p)),
        };
        UpdateBody {
            game: told.game(),
            viewer: told.viewer(),
            from: told.from(),
            to: told.to(),
            entries: told.entries(),
            to_move: told.to_move(),
            view,
            view_patch,
            legal,
            result: told.result(),
            scoreboard: told.scoreboard(),
            conquest_odds: odds,
            narration: narration.then(|| told.narration()),
        }
    }
}

/// The legal actions as one connection is told them: each `[id, "text"]`,
/// or `[id]` when the id is in `known` (sorted: the texts that connection
/// was sent already).
#[derive(Debug, Clone, Copy)]
pub struct Legal<'a> {
    /// The actions, in id order.
    pub actions: &'a [LegalAction],
    /// The ids whose text the connection knows.
    pub known: &'a [u32],
}

impl<'a> Legal<'a> {
    /// Every action with its text.
    pub fn whole(actions: &'a [LegalAction]) -> Self {
        Legal {
            actions,
            known: &[],
        }
    }
}

impl Serialize for Legal<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.actions.len()))?;
        for a in self.actions {
            if self.known.binary_search(&a.id()).is_ok() {
                seq.serialize_element(&[a.id()])?;
            } else {
                seq.serialize_element(&(a.id(), a.text()))?;
            }
        }
        seq.end()
    }
}

impl JsonSchema for Legal<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Legal".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        <Vec<LegalPair>>::json_schema(generator)
    }
}

/// A legal action: `[id, "text"]`, or `[id]` for a text the connection
/// was sent already.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code, reason = "a schema's shape, never built")]
enum LegalPair {
    /// `[id, "text"]`.
    Told(u32, String),
    /// `[id]`: a text the connection knows.
    Known((u32,)),
}

/// Age of War's chance of a conquest if the seat to move takes one of its
/// legal actions and plays the rest of the turn as well as it can.
#[derive(JsonSchema)]
#[allow(dead_code, reason = "a schema's shape, never built")]
pub struct ConquestChance {
    /// The legal action's id.
    action: u32,
    /// The exact chance, `"numerator/denominator"`.
    chance: String,
    /// The chance in percent with two decimals, rounded half up.
    percent: String,
}

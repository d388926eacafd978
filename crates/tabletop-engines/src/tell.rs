//! Telling each viewer what a step changed, built once from the step's own
//! entries: what a server sends its seats and spectators after each
//! accepted action, with no replay of the match and no JSON text read back.

use std::any::Any;
use std::fmt;

use dice_core::{GameResult, LegalAction, Scoreboard, ToMove, Viewer};
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;

/// The position of a state at one moment, kept so that each viewer can be
/// told afterwards what the entries applied since changed
/// ([`AnyState::tell`](crate::AnyState::tell)) without replaying the match
/// from its start. A mark holds one copy of the game's state, not its log.
pub struct Mark(pub(crate) Box<dyn Marked>);

impl Mark {
    /// How many entries had been applied when the mark was taken.
    pub fn at(&self) -> usize {
        self.0.at()
    }

    /// `viewer`'s view at the mark, as a JSON value: what a client that was
    /// told everything up to the mark holds, and so what a view patch
    /// starts from.
    pub fn view_value(&self, viewer: Viewer) -> Value {
        self.0.view_value(viewer)
    }

    /// `viewer`'s view at the mark as JSON text, written as
    /// [`Told::view`] writes the view after a step: what a view patch
    /// starts from, without a JSON value made of it.
    pub fn view_text(&self, viewer: Viewer) -> Box<RawValue> {
        self.0.view_text(viewer)
    }
}

impl fmt::Debug for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mark").field("at", &self.at()).finish()
    }
}

/// What a [`Mark`] needs of the engine's state behind it.
pub(crate) trait Marked: Send + Sync {
    fn at(&self) -> usize;
    fn view_value(&self, viewer: Viewer) -> Value;
    fn view_text(&self, viewer: Viewer) -> Box<RawValue>;
    fn as_any(&self) -> &dyn Any;
}

/// What one viewer is told of some entries and of the table after them:
/// a [`dice_core::Update`] in parts a server frames without reading JSON
/// back. It serialises as that update does (`game`, `viewer`, `from`,
/// `to`, `entries`, `to_move`, `view`, `legal`, `result`).
///
/// Built only from the viewer's view and its seen form of each entry, so
/// two states the viewer cannot tell apart give it equal parts.
#[derive(Debug, Clone, Serialize)]
pub struct Told {
    pub(crate) game: &'static str,
    pub(crate) viewer: Viewer,
    pub(crate) from: usize,
    pub(crate) to: usize,
    pub(crate) entries: Box<RawValue>,
    #[serde(skip)]
    pub(crate) narration: Vec<String>,
    pub(crate) to_move: ToMove,
    pub(crate) view: Box<RawValue>,
    pub(crate) legal: Vec<LegalAction>,
    pub(crate) result: Option<GameResult>,
    /// Worked out from `view` alone; not part of a `dice_core::Update`.
    #[serde(skip)]
    pub(crate) scoreboard: Option<Scoreboard>,
}

impl Told {
    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.game
    }

    /// Whose eyes.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The log index of the first entry told.
    pub fn from(&self) -> usize {
        self.from
    }

    /// The number of entries after them: the sequence number a client
    /// acknowledges.
    pub fn to(&self) -> usize {
        self.to
    }

    /// The entries as the viewer saw them: a JSON array of the game's
    /// seen entries, written once.
    pub fn entries(&self) -> &RawValue {
        &self.entries
    }

    /// Each entry told in words, as the viewer saw it: the `Display` of
    /// the game's seen entry (`player 0: places a warrior face down on
    /// d3`), one per entry of [`entries`](Told::entries), worded from
    /// what the viewer may know.
    pub fn narration(&self) -> &[String] {
        &self.narration
    }

    /// Who is to move now.
    pub fn to_move(&self) -> ToMove {
        self.to_move
    }

    /// The viewer's view now, as JSON text (the game's view, written once,
    /// its fields in the view's own order): a server sends it as it is, and
    /// works out a view patch from it without a JSON value made of it.
    pub fn view(&self) -> &RawValue {
        &self.view
    }

    /// The viewer's view now, taken out of what it was told: what a server
    /// keeps as the view its next view patch starts from.
    pub fn into_view(self) -> Box<RawValue> {
        self.view
    }

    /// The viewer's legal actions when it is the seat to move, in id order;
    /// empty otherwise.
    pub fn legal(&self) -> &[LegalAction] {
        &self.legal
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// The running scores the viewer's view shows
    /// ([`Game::scoreboard`](dice_core::Game::scoreboard)): worked out from
    /// that view alone, so they tell nothing the view does not. `None`
    /// when the game shows none now.
    pub fn scoreboard(&self) -> Option<&Scoreboard> {
        self.scoreboard.as_ref()
    }
}

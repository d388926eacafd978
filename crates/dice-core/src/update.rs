//! What one viewer is told after a step: the new entries as it may know
//! them, its view, its legal actions when it is to move, the result.

use alloc::string::String;
use alloc::vec::Vec;

use crate::game::{Game, ToMove, Viewer};
use crate::history::{SeenEntry, seen_entries};
use crate::record::Entry;
use crate::result::GameResult;

/// One legal action as a seat is offered it: its stable id and its text
/// (the actor's own notation, which
/// [`action_from_text`](Game::action_from_text) reads back). Written
/// `[id, "text"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalAction {
    id: u32,
    text: String,
}

impl LegalAction {
    /// An action's id and text.
    pub fn new(id: u32, text: String) -> Self {
        LegalAction { id, text }
    }

    /// The action's stable id ([`Game::action_id`]).
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The action as its actor writes it.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Everything one viewer is to be told after one or more entries: what a
/// server sends each seat (and each spectator) after a step, built only
/// from that viewer's view and its seen form of each entry.
///
/// - `from..to`: the log indices the update covers (`to` is the number of
///   entries so far, the sequence number a client acknowledges);
/// - `entries`: those entries as [`SeenEntry`] shows them to the viewer;
/// - `to_move`, `view`: who is to move now and the viewer's view;
/// - `legal`: the viewer's legal actions with ids and texts, only when the
///   viewer is the seat to move (empty otherwise);
/// - `result`: the final result once the game is over.
///
/// [`Match::tell`](crate::Match::tell) gives one to every viewer after
/// each step without the caller cloning a state;
/// [`Match::update`](crate::Match::update) gives one viewer everything
/// since any point (a reconnect). Two matches that a viewer cannot tell
/// apart give it byte-identical updates.
///
/// ```json
/// { "game": "pig", "viewer": { "seat": 0 }, "from": 0, "to": 2,
///   "entries": [ { "player": 0, "action": "roll" }, { "chance": 4 } ],
///   "to_move": { "player": 0 }, "view": { ... },
///   "legal": [ [0, "roll"], [1, "hold"] ], "result": null }
/// ```
///
/// ```
/// use dice_core::{Match, Viewer, pig::{Pig, PigAction, PigConfig}};
///
/// let mut m = Match::<Pig>::new(&PigConfig::default(), 42).unwrap();
/// m.play_as(0, PigAction::Roll).unwrap();
/// m.resolve_chance().unwrap();
/// let updates = m.tell();
/// assert_eq!(updates.len(), 3); // seats 0 and 1, then a spectator
/// let mine = &updates[0];
/// assert_eq!((mine.from(), mine.to(), mine.entries().len()), (0, 2, 2));
/// assert_eq!(mine.viewer(), Viewer::Seat(0));
/// // Seat 0 is to move again (unless it rolled a one), and only it is offered moves.
/// assert_eq!(mine.legal().is_empty(), m.player_to_move() != Some(0));
/// assert!(updates[1].legal().is_empty());
/// // Nothing new since: the next update is empty.
/// assert!(m.tell()[0].entries().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Update<G: Game> {
    viewer: Viewer,
    from: usize,
    entries: Vec<SeenEntry<G>>,
    to_move: ToMove,
    view: G::View,
    legal: Vec<LegalAction>,
    result: Option<GameResult>,
}

impl<G: Game> Update<G> {
    /// What `viewer` is told of `entries`, the log from index `from` on:
    /// `before` is the state they were applied to, in order, and `now` the
    /// state they led to.
    pub fn new(before: &G, from: usize, entries: &[Entry<G>], now: &G, viewer: Viewer) -> Self {
        let seen = seen_entries(before, entries, viewer);
        let to_move = now.to_move();
        let legal = match (to_move, viewer) {
            (ToMove::Player(p), Viewer::Seat(s)) if p == s => legal_actions(now),
            _ => Vec::new(),
        };
        Update {
            viewer,
            from,
            entries: seen,
            to_move,
            view: now.view(viewer),
            legal,
            result: now.result(),
        }
    }

    /// Whose update it is.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The log index of the first entry it covers.
    pub fn from(&self) -> usize {
        self.from
    }

    /// The number of entries in the log after it: what a client
    /// acknowledges, and asks to resume after.
    pub fn to(&self) -> usize {
        self.from.saturating_add(self.entries.len())
    }

    /// The new entries, as the viewer may know them.
    pub fn entries(&self) -> &[SeenEntry<G>] {
        &self.entries
    }

    /// Who is to move now.
    pub fn to_move(&self) -> ToMove {
        self.to_move
    }

    /// The viewer's view now.
    pub fn view(&self) -> &G::View {
        &self.view
    }

    /// The viewer's legal actions when it is the seat to move; empty
    /// otherwise.
    pub fn legal(&self) -> &[LegalAction] {
        &self.legal
    }

    /// The final result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
}

/// The legal actions of the seat to move in `state`, with ids and texts,
/// in id order.
pub(crate) fn legal_actions<G: Game>(state: &G) -> Vec<LegalAction> {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut offered: Vec<LegalAction> = legal
        .iter()
        .filter_map(|a| Some(LegalAction::new(state.action_id(a)?, state.action_text(a))))
        .collect();
    offered.sort_unstable_by_key(LegalAction::id);
    offered
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{LegalAction, Update};
    use crate::game::{Game, ToMove, Viewer};
    use crate::history::SeenEntry;
    use crate::record::serde_impl::check_game;
    use crate::result::GameResult;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for LegalAction {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            (self.id, &self.text).serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for LegalAction {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let (id, text) = <(u32, String)>::deserialize(deserializer)?;
            Ok(LegalAction { id, text })
        }
    }

    #[derive(Serialize)]
    struct UpdateOut<'a, V, L> {
        game: &'static str,
        viewer: Viewer,
        from: usize,
        to: usize,
        entries: &'a [L],
        to_move: ToMove,
        view: &'a V,
        legal: &'a [LegalAction],
        result: Option<&'a GameResult>,
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct UpdateIn<V, L> {
        game: String,
        viewer: Viewer,
        from: usize,
        to: usize,
        entries: Vec<L>,
        to_move: ToMove,
        view: V,
        legal: Vec<LegalAction>,
        result: Option<GameResult>,
    }

    impl<G: Game> Serialize for Update<G>
    where
        G::View: Serialize,
        G::SeenChance: Serialize,
        G::SeenAction: Serialize,
    {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            UpdateOut {
                game: G::NAME,
                viewer: self.viewer,
                from: self.from,
                to: self.to(),
                entries: &self.entries,
                to_move: self.to_move,
                view: &self.view,
                legal: &self.legal,
                result: self.result.as_ref(),
            }
            .serialize(serializer)
        }
    }

    impl<'de, G: Game> Deserialize<'de> for Update<G>
    where
        G::View: Deserialize<'de>,
        G::SeenChance: Deserialize<'de>,
        G::SeenAction: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let raw = UpdateIn::<G::View, SeenEntry<G>>::deserialize(deserializer)?;
            check_game::<G, D::Error>(&raw.game, "update")?;
            let update = Update {
                viewer: raw.viewer,
                from: raw.from,
                entries: raw.entries,
                to_move: raw.to_move,
                view: raw.view,
                legal: raw.legal,
                result: raw.result,
            };
            if update.to() != raw.to {
                return Err(D::Error::custom(
                    "an update's `to` is `from` plus the number of its entries",
                ));
            }
            Ok(update)
        }
    }
}

//! What each viewer may know of an action or a roll, and its narration:
//! rolls behind a screen and layouts in progress stay hidden from the other
//! seats until the rules reveal them (ERA-5, ERA-12, ERA-14).

use core::fmt;

use dice_core::Viewer;
use dice_core::seat::Seat;

use crate::action::{Action, Chance, DieRef};
use crate::colour::Colour;
use crate::map::FaceCounts;
use crate::piece::Piece;
use crate::side::Side;
use crate::start_player::start_roll_shown;
use crate::state::{Era, MAX_PLAYERS};
use crate::step::Step;
use crate::view::dice_hidden;

/// An action as one viewer may know it ([`Game::seen_action`]). Its
/// `Display` is the narration for that viewer.
///
/// The actor and every viewer who may know it all see the whole action.
/// Another seat, or a spectator, sees of a layout placement only which
/// start piece was laid out (ERA-5), and of the Roll step only the colour
/// of a die set aside to roll again or set by a Monastery (ERA-12,
/// ERA-14).
///
/// Written as the action itself (`{"place": {...}}`) when shown, otherwise
/// `{"laid_out": "farm"}`, `{"set_aside": "yellow"}` or
/// `{"set_by_monastery": "gray"}`.
///
/// [`Game::seen_action`]: dice_core::Game::seen_action
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SeenAction {
    /// A start piece laid out behind the screen: which, not where.
    LaidOut(Piece),
    /// A die set aside to roll again behind the screen: its colour only.
    SetAside(Colour),
    /// A die a Monastery set behind the screen: its colour only.
    SetByMonastery(Colour),
    /// The whole action.
    #[cfg_attr(feature = "serde", serde(untagged))]
    Shown(Action),
}

/// A chance outcome as one viewer may know it ([`Game::seen_chance`]).
/// Its `Display` is the narration for that viewer.
///
/// The start-player roll is public (ERA-6), and so are the feather
/// re-rolls (ERA-13); a roll of the Roll step is seen only by the player
/// rolling behind the screen: the others learn how many dice of which
/// colour were rolled (ERA-12).
///
/// Written `{"start_roll": [2, 0, null, null]}`, `{"rolled": {"seat": 1,
/// "die": "yellow", "faces": [2, 0, 1, 0, 0, 0]}}` or `{"rolled_behind_screen":
/// {"seat": 1, "die": "yellow", "dice": 3}}`.
///
/// [`Game::seen_chance`]: dice_core::Game::seen_chance
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum SeenChance {
    /// The start-player roll: the face of each seat still rolling.
    StartRoll([Option<Side>; MAX_PLAYERS]),
    /// A roll the viewer sees.
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The colour rolled.
        die: Colour,
        /// Dice per face.
        faces: FaceCounts,
    },
    /// A roll behind another player's screen.
    RolledBehindScreen {
        /// Who rolled.
        seat: Seat,
        /// The colour rolled.
        die: Colour,
        /// How many dice.
        dice: u8,
    },
}

impl Era {
    /// `action`, taken now by the player to move, as `viewer` may know it.
    pub(crate) fn seen(&self, action: Action, viewer: Viewer) -> SeenAction {
        let actor = match self.step {
            Step::Layout { seat } => usize::from(seat),
            Step::Roll { turn } => self.seat(turn),
            _ => return SeenAction::Shown(action),
        };
        if viewer == Viewer::Seat(actor) {
            return SeenAction::Shown(action);
        }
        match (self.step, action) {
            (Step::Layout { .. }, Action::Place { piece, .. }) => SeenAction::LaidOut(piece),
            // A piece left out because it fits nowhere is told like one
            // laid out: where the others went stays behind the screen.
            (Step::Layout { seat }, Action::Done) => self
                .players
                .get(usize::from(seat))
                .and_then(|p| self.start_piece(p.laid_out))
                .map_or(SeenAction::Shown(action), SeenAction::LaidOut),
            (Step::Roll { .. }, Action::Reroll(d)) => SeenAction::SetAside(d.die),
            (Step::Roll { .. }, Action::SetDie { die, .. }) => SeenAction::SetByMonastery(die),
            _ => SeenAction::Shown(action),
        }
    }

    /// `outcome`, the outcome of the chance event pending now, as `viewer`
    /// may know it.
    pub(crate) fn seen_outcome(&self, outcome: Chance, viewer: Viewer) -> SeenChance {
        match outcome {
            Chance::StartRoll(faces) => SeenChance::StartRoll(faces),
            Chance::Roll { die, faces } => {
                // Outside a roll nobody rolls behind a screen.
                let seat = self.rolling_seat().unwrap_or_else(|| self.start_player());
                if dice_hidden(self.step, seat, viewer) {
                    let dice = faces.values().fold(0, |n: u8, &d| n.saturating_add(d));
                    SeenChance::RolledBehindScreen { seat, die, dice }
                } else {
                    SeenChance::Rolled { seat, die, faces }
                }
            }
        }
    }
}

/// `the yellow die on face 3`.
struct TheDie(DieRef);

impl fmt::Display for TheDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} die on {}", self.0.die, self.0.face)
    }
}

/// `a farm`, `an ...`: the article for a piece's name.
fn a(piece: Piece) -> &'static str {
    match piece {
        Piece::Building(kind) if kind.name().starts_with(['a', 'e', 'i', 'o', 'u']) => "an",
        _ => "a",
    }
}

impl fmt::Display for SeenAction {
    /// What the player did, as the viewer may know it: `lays out a farm
    /// behind the screen`, `places a farm at c3 (orientation 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SeenAction::LaidOut(piece) => {
                write!(f, "lays out {} {piece} behind the screen", a(piece))
            }
            SeenAction::SetAside(die) => {
                write!(f, "sets a {die} die aside to roll again, behind the screen")
            }
            SeenAction::SetByMonastery(die) => {
                write!(f, "sets a {die} die with a Monastery, behind the screen")
            }
            SeenAction::Shown(action) => narrate(f, action),
        }
    }
}

fn narrate(f: &mut fmt::Formatter<'_>, action: Action) -> fmt::Result {
    match action {
        Action::Place { piece, at, turn } => {
            write!(
                f,
                "places {} {piece} at {at} (orientation {turn})",
                a(piece)
            )
        }
        Action::Choose(piece) => write!(f, "chooses to build {} {piece}", a(piece)),
        Action::Reroll(d) => write!(f, "sets {} aside to roll again", TheDie(d)),
        Action::Roll => f.write_str("rolls again"),
        Action::Done => f.write_str("is done"),
        Action::Feather { face, with } => {
            write!(f, "rolls the white die on {face} again with its feather")?;
            match with {
                Some(d) => write!(f, ", with {}", TheDie(d)),
                None => Ok(()),
            }
        }
        Action::SetDie { die, from, to } => write!(
            f,
            "sets {} to {to} with a Monastery",
            TheDie(DieRef { die, face: from })
        ),
        Action::Collect { die, face, set } => {
            write!(f, "collects set {set} of {}", TheDie(DieRef { die, face }))
        }
        Action::Scorch(cell) => write!(f, "scorches {cell}"),
        Action::Burn(cell) => write!(f, "burns the building on {cell}"),
        Action::Demand(r) => write!(f, "demands {r}"),
        Action::Pay => f.write_str("pays"),
        Action::Refuse => f.write_str("refuses and takes the disaster points"),
        Action::Lose(r) => write!(f, "loses one {r}"),
    }
}

impl fmt::Display for SeenChance {
    /// `the start-player roll: player 0 shows face 5, player 1 shows face 2`,
    /// `player 1 rolls yellow: faces 1, 1, 6`, `player 1 rolls 3 yellow
    /// dice behind the screen`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SeenChance::StartRoll(faces) => {
                f.write_str("the start-player roll:")?;
                for (sep, seat, face) in start_roll_shown(&faces) {
                    write!(f, "{sep} player {seat} shows {face}")?;
                }
                Ok(())
            }
            SeenChance::Rolled { seat, die, faces } => {
                write!(f, "player {seat} rolls {die}:")?;
                let mut first = true;
                for (side, &n) in faces.iter() {
                    for _ in 0..n {
                        let sep = if first { " faces" } else { "," };
                        first = false;
                        write!(f, "{sep} {}", side.number())?;
                    }
                }
                Ok(())
            }
            SeenChance::RolledBehindScreen { seat, die, dice } => {
                let noun = if dice == 1 { "die" } else { "dice" };
                write!(
                    f,
                    "player {seat} rolls {dice} {die} {noun} behind the screen"
                )
            }
        }
    }
}

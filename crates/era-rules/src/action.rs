//! The decisions of the game, one at a time in turn order, and the chance
//! outcomes.
//!
//! Neither implements `Display`: an action or a roll may be another seat's
//! secret (a layout placement, a roll behind the screen). Narrate them to a
//! viewer through [`Game::seen_action`](dice_core::Game::seen_action) and
//! [`Game::seen_chance`](dice_core::Game::seen_chance); write them with
//! [`Game::action_text`](dice_core::Game::action_text) and
//! [`Game::chance_text`](dice_core::Game::chance_text).

use crate::cell::Cell;
use crate::colour::Colour;
use crate::face::ChoiceSet;
use crate::map::FaceCounts;
use crate::piece::Piece;
use crate::side::Side;
use crate::symbols::Resource;

/// One die, named by its colour and the face it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct DieRef {
    /// The colour.
    pub die: Colour,
    /// The face it shows (records write its index, 0 to 5).
    pub face: Side,
}

/// A decision. Records write them in snake case: `{"place": {"piece":
/// "farm", "at": "c3", "turn": 0}}`, `{"reroll": {"die": "yellow", "face":
/// 2}}`, `"roll"`, `"done"`, `{"feather": {"face": 2, "with": null}}`,
/// `{"set_die": {"die": "gray", "from": 2, "to": 1}}`, `{"collect": {"die":
/// "yellow", "face": 4, "set": "b"}}`, `{"scorch": "e4"}`,
/// `{"burn": "c3"}`, `{"choose": "farm"}`, `{"demand": "wood"}`, `"pay"`, `"refuse"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// Lay out (ERA-5) or build (ERA-18) a piece: orientation `turn` (an
    /// index below [`Ruleset::orientations`](crate::Ruleset::orientations))
    /// with the top-left corner of its bounding box on `at`.
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    Place {
        /// What.
        piece: Piece,
        /// Where its bounding box's top-left corner goes.
        at: Cell,
        /// Which orientation.
        turn: u8,
    },
    /// Build step (ERA-18): choose the next piece to build (it must be in
    /// the supply, affordable, and fit somewhere); a [`Action::Place`] of
    /// it follows.
    Choose(Piece),
    /// Roll step (ERA-12): set one more die aside to roll again: a die of
    /// this colour showing this face, not a skull.
    Reroll(DieRef),
    /// Roll step: roll the dice set aside by [`Action::Reroll`].
    Roll,
    /// End this player's part of the step: stop rolling (ERA-12), leave the
    /// remaining feathers (ERA-13) or Monastery uses (ERA-14), stop
    /// building (ERA-18).
    Done,
    /// Feathers (ERA-13): roll again a white die showing feather face
    /// `face`, once, alone or with one other die of the same player.
    Feather {
        /// The white die's face.
        face: Side,
        /// The other die rolled with it, if any (even a skull).
        with: Option<DieRef>,
    },
    /// Monastery (ERA-14), in the Roll step after the first roll: turn a
    /// die that shows no skull, and is not set aside to roll again, to any
    /// face; it is then set aside and not rolled again.
    SetDie {
        /// The colour.
        die: Colour,
        /// The face it shows.
        from: Side,
        /// The face it is turned to.
        to: Side,
    },
    /// Collect (ERA-15): a die on this choice face yields this set.
    Collect {
        /// The colour.
        die: Colour,
        /// The choice face it shows.
        face: Side,
        /// The set it yields.
        set: ChoiceSet,
    },
    /// A disaster (D5): the sufferer places a scorched area on this empty
    /// cell of their domain, outside the walls.
    Scorch(Cell),
    /// A disaster (D5): the sufferer removes the building on this cell.
    Burn(Cell),
    /// A disaster (D5): the sufferer loses one of this resource.
    Lose(Resource),
    /// Extort (ERA-20): the extorter demands this resource from the victim.
    Demand(Resource),
    /// Extort: the victim pays the demanded resource.
    Pay,
    /// Extort: the victim refuses and takes the disaster points; a
    /// disaster (D5): the sufferer takes the disaster points rather than
    /// lose resources.
    Refuse,
}

impl Action {
    /// The rule of the step this action belongs to, for errors.
    pub(crate) fn rule(self) -> &'static str {
        match self {
            Action::Place { .. } | Action::Choose(_) | Action::Done => "ERA-18",
            Action::Reroll(_) | Action::Roll => "ERA-12",
            Action::Feather { .. } => "ERA-13",
            Action::SetDie { .. } => "ERA-14",
            Action::Collect { .. } => "ERA-15",
            Action::Scorch(_) | Action::Burn(_) | Action::Lose(_) => "ERA-17",
            Action::Demand(_) | Action::Pay | Action::Refuse => "ERA-20",
        }
    }
}

/// A chance outcome. Records write `{"start_roll": [2, 0, null, null]}` and
/// `{"roll": {"die": "yellow", "faces": [2, 0, 1, 0, 0, 0]}}`.
///
/// A roll of dice of several colours resolves one colour at a time
/// (yellow, gray, blue, white; colours not rolled are skipped), each colour
/// one multiset outcome: a whole roll of, say, 10 yellow, 3 gray, 4 blue and
/// 4 white dice would be 111 243 132 outcomes, while the largest single
/// colour (18 yellow dice) has 33 649.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Chance {
    /// The start player's gray-die roll (ERA-6): the face each seat still
    /// rolling shows, by seat; `null` for the others (and for seats beyond
    /// the table).
    StartRoll([Option<Side>; 4]),
    /// How many of the dice of one colour being rolled (all of a player's
    /// dice, the dice set aside to roll again, or a feather re-roll) show
    /// each face.
    #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
    Roll {
        /// The colour rolled.
        die: Colour,
        /// Dice per face.
        faces: FaceCounts,
    },
}

//! Where the game stands: the step of the setup or of the round, and whose
//! part of it (ERA-5, ERA-6, ERA-12 … ERA-22).

use crate::piece::Piece;
use crate::symbols::Resource;

/// Where the game stands: the step of the setup or of the round, and whose
/// part of it. `turn` counts seats in turn order from the start player
/// (0 is the start player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Step {
    /// ERA-5: `seat` lays out its next piece, in secret.
    Layout {
        /// The seat laying out.
        seat: u8,
    },
    /// ERA-6: the seats in the bit set `rolling` roll their gray die.
    StartRoll {
        /// Bit `s` set: seat `s` rolls.
        rolling: u8,
    },
    /// ERA-12, ERA-14: a player rolls, hidden from the others; after the
    /// first roll each Monastery sets a die.
    Roll {
        /// Turn-order position.
        turn: u8,
    },
    /// ERA-13: a player uses feathers.
    Feathers {
        /// Turn-order position.
        turn: u8,
    },
    /// ERA-15: a player collects; each die on a choice face yields the
    /// set its owner picks.
    Collect {
        /// Turn-order position.
        turn: u8,
    },
    /// ERA-17: the disaster of the player at `turn` is resolved next, then
    /// each following player's in turn order. Passed through by itself:
    /// only a sufferer's choices wait (D5).
    Disasters {
        /// Turn-order position.
        turn: u8,
    },
    /// D5: the disaster of the player at `turn` strikes the player `by`
    /// seats to their left (0: the roller), who decides what it takes.
    Suffer {
        /// The roller's turn-order position.
        turn: u8,
        /// How many seats to the roller's left the sufferer sits.
        by: u8,
        /// Resources still to lose, scorched areas to place or buildings to
        /// remove.
        left: u8,
    },
    /// ERA-18: a player builds: chooses a piece, then places it.
    Build {
        /// Turn-order position.
        turn: u8,
        /// Pieces still to build.
        hammers: u8,
        /// The piece chosen, to be placed next.
        chosen: Option<Piece>,
    },
    /// ERA-20: the extorter at `turn` deals with the victim `victim` seats
    /// to the left; after a demand the victim answers.
    Extort {
        /// The extorter's turn-order position.
        turn: u8,
        /// How many seats to the extorter's left the victim sits.
        victim: u8,
        /// The demanded resource, once demanded.
        demand: Option<Resource>,
    },
    /// ERA-22: the game is over.
    Over,
}

impl Step {
    /// The step's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Layout { .. } => "the layout",
            Step::StartRoll { .. } => "the start-player roll",
            Step::Roll { .. } => "the Roll step",
            Step::Feathers { .. } => "the feathers",
            Step::Collect { .. } => "the Collect step",
            Step::Disasters { .. } => "the Disasters step",
            Step::Suffer { .. } => "a disaster",
            Step::Build { .. } => "the Build step",
            Step::Extort { .. } => "the Extort step",
            Step::Over => "the end of the game",
        }
    }
}

impl Step {
    /// Whether the step belongs to the setup (ERA-5, ERA-6).
    pub fn is_setup(&self) -> bool {
        matches!(self, Step::Layout { .. } | Step::StartRoll { .. })
    }

    /// The same step for the next player in turn order: the Roll step, the
    /// feathers, Collect and the disasters take the players one at a time
    /// (ERA-12, ERA-13, ERA-15, ERA-17). Every other step moves on its own
    /// way and is returned as it is.
    pub(crate) fn next_turn(self) -> Step {
        match self {
            Step::Roll { turn } => Step::Roll {
                turn: turn.saturating_add(1),
            },
            Step::Feathers { turn } => Step::Feathers {
                turn: turn.saturating_add(1),
            },
            Step::Collect { turn } => Step::Collect {
                turn: turn.saturating_add(1),
            },
            Step::Disasters { turn } => Step::Disasters {
                turn: turn.saturating_add(1),
            },
            other => other,
        }
    }
}

crate::display_name::display_name!(Step);

/// What a step did when the engine moved the game on by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Progress {
    /// A player or chance must act now.
    Wait,
    /// The game moved within the step (to the next turn, or a part of it).
    Moved,
    /// The step is over: the next one of the round begins.
    Finished,
}

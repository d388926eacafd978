//! The turn in progress (AOW-5 to AOW-8).

use core::fmt;

use crate::castle::Castle;
use crate::dice::{DICE, Roll};
use crate::line::LineSet;

/// What the player to move has done so far this turn.
///
/// ```
/// use age_of_war_rules::prelude::*;
///
/// let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// let turn = game.turn();
/// assert_eq!(turn.in_hand(), 7);
/// assert_eq!(turn.target(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Turn {
    pub(crate) target: Option<Castle>,
    pub(crate) filled: LineSet,
    pub(crate) placed: u8,
    pub(crate) lost: u8,
    pub(crate) roll: Roll,
}

impl Turn {
    pub(crate) const FRESH: Turn = Turn {
        target: None,
        filled: LineSet::EMPTY,
        placed: 0,
        lost: 0,
        roll: Roll::EMPTY,
    };

    /// The castle this turn is committed to (AOW-7); `None` before the
    /// first line is filled.
    pub const fn target(&self) -> Option<Castle> {
        self.target
    }

    /// The lines of the committed castle filled so far.
    pub const fn filled(&self) -> LineSet {
        self.filled
    }

    /// Dice placed on filled lines.
    pub const fn placed(&self) -> u8 {
        self.placed
    }

    /// Dice set aside by losing them.
    pub const fn lost(&self) -> u8 {
        self.lost
    }

    /// Dice still in hand: seven minus those placed and lost.
    pub const fn in_hand(&self) -> u8 {
        DICE.saturating_sub(self.placed).saturating_sub(self.lost)
    }

    /// The roll the player must act on, if the dice have just been rolled.
    pub const fn roll(&self) -> Option<Roll> {
        if self.roll.dice() == 0 {
            None
        } else {
            Some(self.roll)
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.target {
            Some(castle) => write!(f, "attacking {castle}, lines {} filled", self.filled)?,
            None => f.write_str("no castle chosen")?,
        }
        write!(
            f,
            "; {} in hand, {} placed, {} lost",
            self.in_hand(),
            self.placed,
            self.lost
        )?;
        if let Some(roll) = self.roll() {
            write!(f, "; roll: {roll}")?;
        }
        Ok(())
    }
}

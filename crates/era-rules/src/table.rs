//! The table sizes Era is played at (ERA-3): 2, 3 or 4 players.

use core::fmt;

/// How many play: Era is for 2 to 4 players (ERA-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableSize {
    /// Two players.
    Two,
    /// Three players.
    Three,
    /// Four players.
    Four,
}

impl TableSize {
    /// All three, smallest first.
    pub const ALL: [TableSize; 3] = [TableSize::Two, TableSize::Three, TableSize::Four];

    /// The table of this many players, if Era is played by that many.
    pub const fn of(players: usize) -> Option<TableSize> {
        match players {
            2 => Some(TableSize::Two),
            3 => Some(TableSize::Three),
            4 => Some(TableSize::Four),
            _ => None,
        }
    }

    /// How many play.
    pub const fn players(self) -> usize {
        self.seats() as usize
    }

    /// How many play, as a turn count.
    pub(crate) const fn seats(self) -> u8 {
        match self {
            TableSize::Two => 2,
            TableSize::Three => 3,
            TableSize::Four => 4,
        }
    }

    /// Its name in rulesets: `"two"`, `"three"`, `"four"`.
    pub const fn name(self) -> &'static str {
        match self {
            TableSize::Two => "two",
            TableSize::Three => "three",
            TableSize::Four => "four",
        }
    }
}

impl fmt::Display for TableSize {
    /// `3 players`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} players", self.players())
    }
}

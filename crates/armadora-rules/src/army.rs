//! Factions (ARM-4), warriors (ARM-5) and the advanced tokens (ARM-15).

use core::fmt;

use crate::Seat;

/// The most seats at an Armadöra table.
pub const MAX_PLAYERS: usize = 4;
/// The highest warrior value.
pub const MAX_VALUE: u8 = 5;
/// Palisades in the shared supply (ARM-6).
pub const PALISADES: u8 = 35;
/// The gold piles dealt over the mines (ARM-6); 40 gold in all.
pub const GOLD_PILES: [u8; 8] = [3, 4, 4, 5, 5, 6, 6, 7];

/// Each player's warriors by player count (ARM-5): how many tiles of value
/// 1, 2, 3, 4 and 5, for 2, 3 and 4 players.
pub const WARRIORS: [[u8; MAX_VALUE as usize]; 3] =
    [[11, 2, 1, 1, 1], [7, 2, 1, 1, 0], [5, 1, 1, 1, 0]];

/// The warriors every player starts with at this table size (ARM-5), as
/// counts of values 1 to 5; `None` outside 2–4 players.
///
/// ```
/// let two = armadora_rules::starting_warriors(2).unwrap();
/// assert_eq!(two.iter().map(|&n| u32::from(n)).sum::<u32>(), 16);
/// ```
pub fn starting_warriors(players: usize) -> Option<[u8; MAX_VALUE as usize]> {
    WARRIORS.get(players.checked_sub(2)?).copied()
}

/// A faction (ARM-4); only the advanced powers tell them apart (ARM-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Faction {
    /// Extra palisade.
    Orc,
    /// Extra face-up warrior.
    Goblin,
    /// Arrows.
    Elf,
    /// Looks at a hidden warrior.
    Mage,
}

impl Faction {
    /// All four, in the default seat order.
    pub const ALL: [Faction; 4] = [Faction::Orc, Faction::Goblin, Faction::Elf, Faction::Mage];

    /// Power tokens at setup in the advanced game (ARM-15).
    pub const fn power_tokens(self) -> u8 {
        match self {
            Faction::Mage | Faction::Elf => 2,
            Faction::Orc | Faction::Goblin => 1,
        }
    }

    /// One letter for boards drawn in text: `O`, `G`, `E`, `M`.
    pub const fn letter(self) -> char {
        match self {
            Faction::Orc => 'O',
            Faction::Goblin => 'G',
            Faction::Elf => 'E',
            Faction::Mage => 'M',
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Faction::Orc => "orc",
            Faction::Goblin => "goblin",
            Faction::Elf => "elf",
            Faction::Mage => "mage",
        })
    }
}

/// A warrior standing on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "serde_impl::RawWarrior", deny_unknown_fields)
)]
pub struct Warrior {
    /// The seat that placed it.
    pub owner: Seat,
    /// Its printed value, 1 to 5.
    pub value: u8,
    /// Placed face up by the Goblin power (ARM-15): its value is public.
    pub face_up: bool,
    /// Elf arrows on it (ARM-15).
    pub arrows: u8,
    /// Carries its owner's reinforcement token (ARM-15).
    pub reinforced: bool,
}

impl Warrior {
    /// Its strength at scoring (ARM-16): the value minus one per arrow, not
    /// below 0, plus one if reinforced.
    pub const fn strength(self) -> u32 {
        let shot = self.value.saturating_sub(self.arrows) as u32;
        shot.saturating_add(self.reinforced as u32)
    }
}

#[cfg(feature = "serde")]
pub(crate) mod serde_impl {
    use alloc::format;
    use alloc::string::String;

    use super::{Faction, MAX_PLAYERS, MAX_VALUE, Warrior};
    use crate::Seat;

    /// What any warrior, seen or not, must be: a seat at some table, a
    /// printed value, and no more arrows than the Elf has tokens.
    pub(crate) fn check_warrior(owner: Seat, value: Option<u8>, arrows: u8) -> Result<(), String> {
        if owner >= MAX_PLAYERS {
            return Err(format!(
                "ARM-4: warrior owner {owner} is not a seat (at most {MAX_PLAYERS} players)"
            ));
        }
        if let Some(v) = value.filter(|v| !(1..=MAX_VALUE).contains(v)) {
            return Err(format!("ARM-5: warrior value {v} is not 1 to {MAX_VALUE}"));
        }
        let tokens = Faction::Elf.power_tokens();
        if arrows > tokens {
            return Err(format!(
                "ARM-15: {arrows} arrows on one warrior but the Elf has {tokens} tokens"
            ));
        }
        Ok(())
    }

    /// The serialised form of a [`Warrior`].
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(crate) struct RawWarrior {
        owner: Seat,
        value: u8,
        face_up: bool,
        arrows: u8,
        reinforced: bool,
    }

    impl TryFrom<RawWarrior> for Warrior {
        type Error = String;

        fn try_from(r: RawWarrior) -> Result<Self, String> {
            check_warrior(r.owner, Some(r.value), r.arrows)?;
            Ok(Warrior {
                owner: r.owner,
                value: r.value,
                face_up: r.face_up,
                arrows: r.arrows,
                reinforced: r.reinforced,
            })
        }
    }
}

//! The components (ARM-4 to ARM-6): factions, warriors and their values,
//! each player's supply, the palisades and the gold.

mod faction;
mod supply;
mod warrior;

pub use faction::Faction;
pub use supply::{Supply, TooManyWarriors, WARRIORS, starting_warriors};
pub use warrior::{MAX_VALUE, NoSuchValue, SeenWarrior, Value, Warrior};

/// The most seats at an Armadöra table.
pub const MAX_PLAYERS: usize = 4;
/// Palisades in the shared supply (ARM-6).
pub const PALISADES: u8 = 35;
/// The gold piles dealt over the mines (ARM-6); 40 gold in all.
pub const GOLD_PILES: [u8; 8] = [3, 4, 4, 5, 5, 6, 6, 7];

/// Whether `gold` is the eight piles in some order (ARM-6).
pub(crate) fn is_gold_layout(gold: [u8; 8]) -> bool {
    let mut sorted = gold;
    sorted.sort_unstable();
    sorted == GOLD_PILES
}

//! The setup's chance events (ARM-6): the gold layout, then the first
//! player.

use alloc::vec::Vec;
use core::fmt;

use dice_core::{
    DiceRng, Prob, Seat, arrangement_count, arrangement_rank, arrangement_unrank, arrangements,
    shuffled,
};

use crate::army::{GOLD_PILES, is_gold_layout};
use crate::board::MINES;
use crate::error::ArmadoraError;
use crate::state::Armadora;
use crate::table::Phase;

/// One outcome of a setup chance event (ARM-6). Both are public: every
/// seat sees the gold and who begins.
///
/// Record forms: `{"gold": [d1, b2, f2, h2, a4, e4, c5, g5]}` (pile sizes in
/// the order of [`MINES`](crate::board::MINES)), then `{"first_player": p}`.
/// Its [`Display`](fmt::Display) is the narration: `gold d1:5 b2:7 f2:6
/// h2:6 a4:4 e4:5 c5:4 g5:3`, `first player 1`.
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(3)).unwrap();
/// let mut outcomes = Vec::new();
/// game.chance_outcomes(&mut outcomes);
/// assert_eq!(outcomes.len(), 5040); // 8! / (2! 2! 2!) layouts
/// assert!(outcomes.iter().all(|(_, p)| *p == Prob::new(1, 5040).unwrap()));
/// let gold = Chance::Gold([5, 7, 6, 6, 4, 5, 4, 3]);
/// assert_eq!(gold.to_string(), "gold d1:5 b2:7 f2:6 h2:6 a4:4 e4:5 c5:4 g5:3");
/// game.apply_chance(gold).unwrap();
/// // Seat 3 is not at a table of three.
/// assert!(game.clone().apply_chance(Chance::FirstPlayer(3)).is_err());
/// game.apply_chance(Chance::FirstPlayer(2)).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "serde", serde(try_from = "serde_impl::RawChance"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Chance {
    /// The gold layout.
    Gold([u8; 8]),
    /// The seat that begins.
    FirstPlayer(Seat),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Gold(piles) => {
                f.write_str("gold")?;
                for (mine, pile) in MINES.iter().zip(piles) {
                    write!(f, " {mine}:{pile}")?;
                }
                Ok(())
            }
            Chance::FirstPlayer(seat) => write!(f, "first player {seat}"),
        }
    }
}

impl Armadora {
    /// The pending setup event's outcomes: 5040 equally likely gold
    /// layouts, then each seat equally likely to begin.
    pub(crate) fn setup_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        out.clear();
        match self.table.phase {
            Phase::DealGold => {
                out.extend(arrangements(GOLD_PILES).map(|(g, p)| (Chance::Gold(g), p)));
            }
            Phase::DrawFirstPlayer => {
                let seats = self.table.turn_order().seats();
                let each = Prob::new(1, seats.len() as u128).unwrap_or(Prob::ZERO);
                out.extend(seats.map(|p| (Chance::FirstPlayer(p), each)));
            }
            Phase::Play | Phase::Over => {}
        }
    }

    /// Where `outcome` stands in [`setup_outcomes`](Self::setup_outcomes),
    /// without listing them: a gold layout's rank among the arrangements
    /// of the piles, a first player's place among the seats.
    pub(crate) fn setup_outcome_index(&self, outcome: Chance) -> Option<usize> {
        self.check_setup(outcome).ok()?;
        match outcome {
            Chance::Gold(gold) => usize::try_from(arrangement_rank(gold)?).ok(),
            Chance::FirstPlayer(p) => self.table.turn_order().seats().position(|s| s == p),
        }
    }

    /// The outcome at `index` in [`setup_outcomes`](Self::setup_outcomes),
    /// without listing them: the gold layout of that rank among the
    /// arrangements of the piles, or the seat at that place.
    pub(crate) fn setup_outcome(&self, index: usize) -> Option<(Chance, Prob)> {
        match self.table.phase {
            Phase::DealGold => {
                let gold = arrangement_unrank(GOLD_PILES, u128::try_from(index).ok()?)?;
                let each = Prob::new(1, arrangement_count(&GOLD_PILES)?)?;
                Some((Chance::Gold(gold), each))
            }
            Phase::DrawFirstPlayer => {
                let seats = self.table.turn_order().seats();
                let each = Prob::new(1, seats.len() as u128)?;
                let seat = self.table.turn_order().seats().nth(index)?;
                Some((Chance::FirstPlayer(seat), each))
            }
            Phase::Play | Phase::Over => None,
        }
    }

    /// Whether `outcome` is a possible outcome of the pending setup event.
    pub(crate) fn check_setup(&self, outcome: Chance) -> Result<(), ArmadoraError> {
        match (self.table.phase, outcome) {
            (Phase::DealGold, Chance::Gold(g)) if is_gold_layout(g) => Ok(()),
            (Phase::DealGold, Chance::Gold(_)) => Err(ArmadoraError::BadGold),
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p))
                if self.table.turn_order().contains(p) =>
            {
                Ok(())
            }
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p)) => {
                Err(ArmadoraError::BadFirstPlayer(p))
            }
            (Phase::DealGold | Phase::DrawFirstPlayer, _) => Err(ArmadoraError::WrongChance),
            (Phase::Play, _) => Err(ArmadoraError::NotChance),
            (Phase::Over, _) => Err(ArmadoraError::GameOver),
        }
    }

    /// Deals the gold or seats the first player; anything else (refused by
    /// [`check_setup`](Self::check_setup)) changes nothing.
    pub(crate) fn apply_setup(&mut self, outcome: Chance) {
        match (self.table.phase, outcome) {
            (Phase::DealGold, Chance::Gold(g)) => {
                self.table.gold = g;
                self.table.phase = Phase::DrawFirstPlayer;
            }
            (Phase::DrawFirstPlayer, Chance::FirstPlayer(p))
                if self.table.turn_order().contains(p) =>
            {
                self.table.current = p;
                self.table.phase = Phase::Play;
            }
            _ => {}
        }
    }

    /// Gold: [`dice_core::shuffled`] of the piles `3,4,4,5,5,6,6,7` (a
    /// Fisher–Yates shuffle, seven [`DiceRng::index`] draws); first player:
    /// one [`DiceRng::index`] draw below the number of players.
    pub(crate) fn sample_setup(&self, rng: &mut DiceRng) -> Option<Chance> {
        match self.table.phase {
            Phase::DealGold => Some(Chance::Gold(shuffled(GOLD_PILES, rng))),
            Phase::DrawFirstPlayer => rng
                .index(self.table.turn_order().players())
                .map(Chance::FirstPlayer),
            Phase::Play | Phase::Over => None,
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::format;
    use alloc::string::String;

    use serde::Deserialize;

    use super::Chance;
    use crate::army::{GOLD_PILES, MAX_PLAYERS, is_gold_layout};

    /// The serialised form of a [`Chance`].
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    pub(super) enum RawChance {
        Gold([u8; 8]),
        FirstPlayer(usize),
    }

    impl TryFrom<RawChance> for Chance {
        type Error = String;

        fn try_from(r: RawChance) -> Result<Self, String> {
            match r {
                RawChance::Gold(g) if is_gold_layout(g) => Ok(Chance::Gold(g)),
                RawChance::Gold(g) => Err(format!(
                    "ARM-6: gold {g:?} is not the piles {GOLD_PILES:?}, one per mine"
                )),
                RawChance::FirstPlayer(p) if p < MAX_PLAYERS => Ok(Chance::FirstPlayer(p)),
                RawChance::FirstPlayer(p) => Err(format!(
                    "ARM-6: first player {p} is not a seat (at most {MAX_PLAYERS} players)"
                )),
            }
        }
    }
}

//! Scoring (ARM-10 to ARM-13, ARM-16): territory majorities, piles and the
//! pile-by-pile tie-break.

use alloc::vec::Vec;

use dice_core::{GameResult, Seat};

use crate::army::MAX_PLAYERS;
use crate::board::{MINES, squares_of};
use crate::state::Armadora;

/// At most one pile per territory holding gold, so at most one per mine.
const MAX_PILES: usize = 8;

/// How the gold falls if the game ended now.
///
/// Every seat is listed, including those who won nothing. In the team game
/// (ARM-13) gold and piles belong to the team, and both partners show the
/// team's figures.
///
/// ```
/// use armadora_rules::{Action, Armadora, ArmadoraConfig, Chance};
/// use dice_core::Game;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply(Action::Warrior { at: "a1".parse().unwrap(), value: 1 }).unwrap();
/// // One territory, one warrior: seat 0 takes all 40 gold as one pile.
/// let scoring = game.scoring();
/// assert_eq!(scoring.gold(0), 40);
/// assert_eq!(scoring.piles(0), &[40]);
/// assert_eq!(scoring.gold(1), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    players: usize,
    teams: bool,
    gold: [u32; MAX_PLAYERS],
    piles: [[u32; MAX_PILES]; MAX_PLAYERS],
    pile_count: [usize; MAX_PLAYERS],
    discarded: u32,
}

impl Scoring {
    pub(crate) fn of(state: &Armadora) -> Scoring {
        let config = state.config;
        let teams = config.is_teams();
        let side_of = |seat: Seat| if teams { seat % 2 } else { seat };
        let mut s = Scoring {
            players: config.players(),
            teams,
            gold: [0; MAX_PLAYERS],
            piles: [[0; MAX_PILES]; MAX_PLAYERS],
            pile_count: [0; MAX_PLAYERS],
            discarded: 0,
        };
        for territory in state.palisades.territories() {
            let gold: u32 = MINES
                .iter()
                .zip(state.gold)
                .filter(|(m, _)| territory & m.bit() != 0)
                .map(|(_, g)| u32::from(g))
                .sum();
            // Each side's strength, `None` for a side with no warrior here:
            // only sides with a warrior in the territory contend (ARM-10).
            let mut contest = [None::<u32>; MAX_PLAYERS];
            for sq in squares_of(territory & state.occupied) {
                if let Some(w) = state.warrior_at(sq) {
                    if let Some(c) = contest.get_mut(side_of(w.owner)) {
                        *c = Some(c.unwrap_or(0).saturating_add(w.strength()));
                    }
                }
            }
            let Some(best) = contest.iter().flatten().copied().max() else {
                s.discarded = s.discarded.saturating_add(gold);
                continue;
            };
            let won = contest.map(|c| c == Some(best));
            let k: u32 = won.iter().map(|&w| u32::from(w)).sum();
            let share = gold.checked_div(k).unwrap_or(0);
            s.discarded = s
                .discarded
                .saturating_add(gold.checked_rem(k).unwrap_or(gold));
            if share == 0 {
                continue;
            }
            let sides = s.gold.iter_mut().zip(&mut s.piles).zip(&mut s.pile_count);
            for (((gold, piles), count), _) in sides.zip(won).filter(|(_, w)| *w) {
                *gold = gold.saturating_add(share);
                if let Some(slot) = piles.get_mut(*count) {
                    *slot = share;
                    *count = count.saturating_add(1);
                }
            }
        }
        s.sorted()
    }

    /// Piles from the largest down, as the tie-break reads them (ARM-12).
    fn sorted(mut self) -> Scoring {
        for (piles, &n) in self.piles.iter_mut().zip(&self.pile_count) {
            if let Some(p) = piles.get_mut(..n) {
                p.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        self
    }

    fn side(&self, seat: Seat) -> Seat {
        if self.teams { seat % 2 } else { seat }
    }

    /// The gold won by `seat` (its team's, in the team game).
    pub fn gold(&self, seat: Seat) -> u32 {
        if seat >= self.players {
            return 0;
        }
        self.gold.get(self.side(seat)).copied().unwrap_or(0)
    }

    /// The piles won by `seat` (its team's, in the team game), largest
    /// first (ARM-11).
    pub fn piles(&self, seat: Seat) -> &[u32] {
        if seat >= self.players {
            return &[];
        }
        let side = self.side(seat);
        match (self.piles.get(side), self.pile_count.get(side)) {
            (Some(p), Some(&n)) => p.get(..n).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Gold that nobody won: territories without warriors and the
    /// remainders of split shares (ARM-10). With the gold won it makes 40.
    pub fn discarded(&self) -> u32 {
        self.discarded
    }

    /// The result: scores are each seat's gold, the tie-break figures its
    /// piles from the largest down, and the winners are the seats ranked
    /// highest by gold and then pile by pile (ARM-12), partners together
    /// (ARM-13).
    pub fn result(&self) -> GameResult {
        let scores = (0..self.players)
            .map(|s| i32::try_from(self.gold(s)).unwrap_or(i32::MAX))
            .collect();
        let tiebreaks = (0..self.players)
            .map(|s| {
                self.piles(s)
                    .iter()
                    .map(|&p| i32::try_from(p).unwrap_or(i32::MAX))
                    .collect::<Vec<_>>()
            })
            .collect();
        GameResult::by_ranking(scores, tiebreaks)
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn scoring(piles: &[&[u32]]) -> Scoring {
        let mut s = Scoring {
            players: piles.len(),
            teams: false,
            gold: [0; MAX_PLAYERS],
            piles: [[0; MAX_PILES]; MAX_PLAYERS],
            pile_count: [0; MAX_PLAYERS],
            discarded: 0,
        };
        for (seat, p) in piles.iter().enumerate() {
            s.gold[seat] = p.iter().sum();
            s.piles[seat][..p.len()].copy_from_slice(p);
            s.pile_count[seat] = p.len();
        }
        s.sorted()
    }

    #[test]
    fn arm_12_the_spec_example_elf_6_4_3_against_orc_6_5_2() {
        let r = scoring(&[&[6, 4, 3], &[6, 5, 2]]).result();
        assert_eq!(r.scores(), &[13, 13]);
        assert_eq!(r.winners(), &[1]);
    }

    #[test]
    fn arm_12_three_players_tied_resolved_at_the_second_pile() {
        let r = scoring(&[&[5, 3, 2], &[5, 4, 1], &[5, 2, 2, 1]]).result();
        assert_eq!(r.scores(), &[10, 10, 10]);
        assert_eq!(r.winners(), &[1]);
    }

    #[test]
    fn arm_12_a_missing_pile_counts_as_zero_and_full_ties_share() {
        let r = scoring(&[&[4, 4], &[4, 4], &[4, 3, 1]]).result();
        assert_eq!(r.winners(), &[0, 1]);
        let r = scoring(&[&[3, 3], &[3, 3], &[3, 2, 1]]).result();
        assert_eq!(r.winners(), &[0, 1]);
    }

    #[test]
    fn peer_mistake_the_tie_break_sorts_piles_largest_first() {
        // Piles are kept in the order won; the tie-break must sort them.
        let r = scoring(&[&[2, 6, 5], &[3, 4, 6]]).result();
        assert_eq!(r.winners(), &[0]);
    }
}

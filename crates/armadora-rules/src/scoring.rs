//! Scoring (ARM-10 to ARM-13, ARM-16): territory majorities, piles and the
//! pile-by-pile tie-break. It reads a state; the state knows nothing of it.

use alloc::vec::Vec;
use core::num::NonZeroU8;

use dice_core::seat::PerSeat;
use dice_core::{GameResult, Seat};

use crate::army::{MAX_PLAYERS, Value, Warrior};
use crate::board::{MINE_SQUARES, MINES, squares_of};
use crate::state::Armadora;
use crate::table::{Board, Table};

/// At most one pile per territory holding gold, so at most one per mine.
const MAX_PILES: usize = 8;

/// How the gold falls if the game ended now.
///
/// Every seat is listed, including those who won nothing. In the team game
/// (ARM-13) gold and piles belong to the team, and both partners show the
/// team's figures. 40 gold in all: what nobody won is
/// [`discarded`](Self::discarded).
///
/// ```
/// use armadora_rules::prelude::*;
///
/// let mut game = Armadora::new(&ArmadoraConfig::new(2)).unwrap();
/// game.apply_chance(Chance::Gold([3, 4, 4, 5, 5, 6, 6, 7])).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply(Action::Warrior { at: "a1".parse().unwrap(), value: Value::One }).unwrap();
/// // One territory, one warrior: seat 0 takes all 40 gold as one pile.
/// let scoring = game.scoring();
/// assert_eq!(scoring.gold(0), 40);
/// assert_eq!(scoring.piles(0), &[40]);
/// assert_eq!(scoring.gold(1), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// Each seat's piles (its side's), largest first.
    piles: PerSeat<Piles, MAX_PLAYERS>,
    discarded: u8,
}

/// Up to one pile per territory, largest first; empty slots hold 0 (a
/// pile is never empty: a share of nothing is no pile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Piles([u8; MAX_PILES]);

impl Piles {
    fn of(shares: impl Iterator<Item = u8>) -> Piles {
        let mut piles = [0; MAX_PILES];
        for (slot, share) in piles.iter_mut().zip(shares.filter(|&share| share > 0)) {
            *slot = share;
        }
        piles.sort_unstable_by(|a, b| b.cmp(a));
        Piles(piles)
    }

    fn as_slice(&self) -> &[u8] {
        // Sorted largest first, so the piles come before the empty slots.
        self.0.split_at(self.0.partition_point(|&pile| pile > 0)).0
    }
}

/// One territory's gold and who takes it (ARM-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Award {
    /// The sides with the most strength there, a bit per side.
    winners: u8,
    /// What each winner takes.
    share: u8,
    /// What nobody takes: the remainder of a split, or all of it when no
    /// warrior stands there.
    lost: u8,
}

impl Award {
    /// Who takes `territory`'s gold, the warriors on `board` standing
    /// there.
    pub(crate) fn on(table: &Table, board: &Board<Value>, territory: u64) -> Award {
        let gold = gold_in(table, territory);
        let config = &table.config;
        let warriors = || squares_of(territory).filter_map(|at| board[at]);
        // Each side's strength, `None` for a side with no warrior here:
        // only sides with a warrior in the territory contend.
        let strength: [Option<u32>; MAX_PLAYERS] = core::array::from_fn(|side| {
            let mut of_side = warriors()
                .filter(|w| config.side_of(w.owner) == side)
                .peekable();
            of_side.peek()?;
            Some(of_side.map(Warrior::strength).sum())
        });
        let best = strength.iter().flatten().max();
        let winners = (0..MAX_PLAYERS)
            .zip(strength)
            .filter(|&(_, s)| best.is_some() && s.as_ref() == best)
            .fold(0u8, |set, (side, _)| set | 1 << side);
        match u8::try_from(winners.count_ones())
            .ok()
            .and_then(NonZeroU8::new)
        {
            Some(ways) => Award {
                winners,
                share: gold / ways,
                lost: gold % ways,
            },
            None => Award {
                winners,
                share: 0,
                lost: gold,
            },
        }
    }

    pub(crate) fn won_by(self, side: usize) -> bool {
        self.winners & 1 << side != 0
    }
}

/// The gold on the mines of `territory`.
pub(crate) fn gold_in(table: &Table, territory: u64) -> u8 {
    MINES
        .iter()
        .zip(table.gold)
        .filter(|(mine, _)| territory & mine.bit() != 0)
        .map(|(_, pile)| pile)
        .sum()
}

impl Scoring {
    /// How the gold of `state` falls if the game ended now.
    pub fn of(state: &Armadora) -> Scoring {
        let mut awards = [Award::default(); MAX_PILES];
        let with_gold = state
            .table
            .palisades
            .territories()
            .filter(|t| t & MINE_SQUARES != 0);
        for (award, territory) in awards.iter_mut().zip(with_gold) {
            *award = Award::on(&state.table, &state.board, territory);
        }
        let config = &state.table.config;
        Scoring {
            piles: state.supply.map(|seat, _| {
                let side = config.side_of(seat);
                Piles::of(awards.iter().filter(|a| a.won_by(side)).map(|a| a.share))
            }),
            discarded: awards.iter().map(|a| a.lost).sum(),
        }
    }

    /// The gold won by `seat` (its team's, in the team game); none for a
    /// seat not at the table.
    pub fn gold(&self, seat: Seat) -> u32 {
        self.piles(seat).iter().map(|&pile| u32::from(pile)).sum()
    }

    /// The piles won by `seat` (its team's, in the team game), largest
    /// first (ARM-11).
    pub fn piles(&self, seat: Seat) -> &[u8] {
        self.piles.get(seat).map_or(&[], Piles::as_slice)
    }

    /// Gold that nobody won: territories without warriors and the
    /// remainders of split shares (ARM-10). With the gold won it makes 40.
    pub fn discarded(&self) -> u32 {
        u32::from(self.discarded)
    }

    /// The result: scores are each seat's gold, the tie-break figures its
    /// piles from the largest down, and the winners are the seats ranked
    /// highest by gold and then pile by pile (ARM-12), partners together
    /// (ARM-13).
    pub fn result(&self) -> GameResult {
        let piles = |seat| self.piles(seat).iter().map(|&pile| i32::from(pile));
        let seats = self.piles.turn_order().seats();
        let scores = seats.clone().map(|seat| piles(seat).sum()).collect();
        let tiebreaks = seats.map(|seat| piles(seat).collect::<Vec<_>>()).collect();
        GameResult::by_ranking(scores, tiebreaks)
    }

    /// The winners of [`result`](Self::result) (ARM-12: the most gold,
    /// then the largest pile, the next, and so on; full ties share), in
    /// seat order, into `out`: nothing allocated once `out` has room.
    ///
    /// The piles are kept largest first with zeros after them, so comparing
    /// them whole compares them pile by pile with a missing pile as 0, as
    /// `result`'s tie-break does.
    pub fn winners_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        let key = |seat: Seat| self.piles.get(seat).map(|p| (self.gold(seat), p.0));
        let seats = self.piles.turn_order().seats();
        let best = seats.clone().filter_map(key).max();
        out.extend(seats.filter(|&seat| best.is_some() && key(seat) == best));
    }
}

impl Armadora {
    /// The final standing if the game ended now (ARM-10 to ARM-13, ARM-16).
    pub fn scoring(&self) -> Scoring {
        Scoring::of(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoring(piles: &[&[u8]]) -> Scoring {
        let piles = PerSeat::from_values(piles.iter().map(|p| Piles::of(p.iter().copied())));
        Scoring {
            piles: piles.unwrap(),
            discarded: 0,
        }
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
    fn arm_12_winners_into_gives_results_winners_without_building_it() {
        let cases: [&[&[u8]]; 7] = [
            &[&[6, 4, 3], &[6, 5, 2]],
            &[&[5, 3, 2], &[5, 4, 1], &[5, 2, 2, 1]],
            &[&[4, 4], &[4, 4], &[4, 3, 1]],
            &[&[3, 3], &[3, 3], &[3, 2, 1]],
            &[&[2, 6, 5], &[3, 4, 6]],
            &[&[], &[]],
            &[&[1], &[], &[7, 1], &[4, 4]],
        ];
        let mut out = Vec::new();
        for piles in cases {
            let s = scoring(piles);
            s.winners_into(&mut out);
            assert_eq!(out, s.result().winners(), "{piles:?}");
        }
    }

    #[test]
    fn peer_mistake_the_tie_break_sorts_piles_largest_first() {
        // Piles are kept in the order won; the tie-break must sort them.
        let r = scoring(&[&[2, 6, 5], &[3, 4, 6]]).result();
        assert_eq!(r.winners(), &[0]);
    }
}

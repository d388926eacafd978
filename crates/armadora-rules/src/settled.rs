//! The gold already settled: what a view can count before the end.
//!
//! Values stay hidden until the end (ARM-14), so most of the gold falls by
//! what no seat may know. One case needs no value: a territory with no free
//! square where the warriors of one side alone stand. Nobody can enter it
//! again, and a palisade may still split it only into parts that each keep
//! a warrior of that side (no four squares of a territory are all mines),
//! so that side takes all its gold whatever its warriors are worth
//! (ARM-10; arrows and reinforcements change strengths, not who contends,
//! ARM-15).

use alloc::vec::Vec;

use crate::board::squares_of;
use crate::scoring::gold_in;
use crate::view::ArmadoraView;

/// The gold each seat of the table has settled so far, in seat order (its
/// side's, in the team game, as the final score counts it).
pub(crate) fn settled_gold(view: &ArmadoraView) -> Vec<i32> {
    let table = &view.table;
    let config = &table.config;
    // Each settled territory: the side that takes it, and its gold.
    let settled: Vec<(usize, u8)> = table
        .palisades
        .territories()
        .filter_map(|territory| {
            let mut side = None;
            for at in squares_of(territory) {
                let Some(warrior) = &view.board[at] else {
                    if at.is_mine() {
                        continue;
                    }
                    // A free square: anyone may still come.
                    return None;
                };
                let own = config.side_of(warrior.owner);
                if side.is_some_and(|first| first != own) {
                    // Two sides contend: the hidden values decide.
                    return None;
                }
                side = Some(own);
            }
            Some((side?, gold_in(table, territory)))
        })
        .collect();
    table
        .turn_order()
        .seats()
        .map(|seat| {
            let side = config.side_of(seat);
            settled
                .iter()
                .filter(|&&(taker, _)| taker == side)
                .map(|&(_, gold)| i32::from(gold))
                .sum()
        })
        .collect()
}

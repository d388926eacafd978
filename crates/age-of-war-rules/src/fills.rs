//! Which battle lines a roll fills (AOW-6), every line tested by one
//! packed comparison: the legal-move list tests up to 59 lines a decision.
//!
//! A line needs at least so many archery, cavalry and daimyo dice, or at
//! least so many infantry points (the greedy fill of AOW-6 succeeds exactly
//! when the roll's infantry points reach the line's total). Both are four
//! byte counts, the roll's and the line's, with the line filled when each of
//! the roll's bytes is at least the line's: one subtraction with a guard bit
//! above every byte. [`Line::dice_needed`] stays the reference; a test checks
//! the two agree on every roll and every line.

use crate::castle::Castle;
use crate::dice::{Face, Roll};
use crate::line::{Line, LineSet, MAX_LINE};

/// The guard bit above each of the four counts.
const GUARDS: u32 = 0x8080_8080;

/// A line no roll fills: the slot of a line a card does not have.
const NEVER: u32 = 0x7F7F_7F7F;

/// Four counts of at most 127 each, one a byte: archery, cavalry, daimyo,
/// infantry points.
const fn pack(archery: u8, cavalry: u8, daimyo: u8, infantry: u8) -> u32 {
    u32::from_le_bytes([archery, cavalry, daimyo, infantry])
}

/// What a line needs, packed.
const fn needs(line: Line) -> u32 {
    match line {
        Line::Symbols {
            archery,
            cavalry,
            daimyo,
        } => pack(archery, cavalry, daimyo, 0),
        Line::Infantry(total) => pack(0, 0, 0, total),
    }
}

/// What a roll offers, packed: at most seven dice of three infantry points
/// each, so every count fits below the guard bit.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "a roll holds at most seven dice: the points are at most 21"
)]
pub(crate) const fn offers(roll: Roll) -> u32 {
    let points = roll.count(Face::Infantry1)
        + 2 * roll.count(Face::Infantry2)
        + 3 * roll.count(Face::Infantry3);
    pack(
        roll.count(Face::Archery),
        roll.count(Face::Cavalry),
        roll.count(Face::Daimyo),
        points,
    )
}

/// Whether a roll offering `offers` fills a line needing `needs`: no
/// byte of the difference borrows from its guard bit.
const fn fills(offers: u32, needs: u32) -> bool {
    (offers | GUARDS).wrapping_sub(needs) & GUARDS == GUARDS
}

/// What one line of a card asks: its needs, packed, and its fewest dice
/// (AOW-6).
#[derive(Clone, Copy)]
struct Asks {
    needs: u32,
    fewest: u8,
}

impl Asks {
    /// The slot of a line a card does not have: never filled, no dice.
    const NOTHING: Asks = Asks {
        needs: NEVER,
        fewest: 0,
    };

    const fn of(line: Line) -> Asks {
        Asks {
            needs: needs(line),
            fewest: line.fewest_dice(),
        }
    }
}

/// Every castle's lines, by castle index then line number (0 the special
/// line).
#[expect(
    clippy::indexing_slicing,
    reason = "only evaluated at compile time: a bad index would fail the build"
)]
static LINES: [[Asks; MAX_LINE as usize + 1]; Castle::ALL.len()] = {
    let mut table = [[Asks::NOTHING; MAX_LINE as usize + 1]; Castle::ALL.len()];
    let mut c = 0;
    while c < Castle::ALL.len() {
        let castle = Castle::ALL[c];
        if castle.has_special_line() {
            table[c][0] = Asks::of(Line::SPECIAL);
        }
        let printed = castle.printed_lines();
        let mut i = 0;
        while i < printed.len() {
            table[c][i + 1] = Asks::of(printed[i]);
            i += 1;
        }
        c += 1;
    }
    table
};

/// The fewest dice that could fill all of `lines` of `castle`, one line a
/// roll: a die a symbol, a die per three infantry points.
pub(crate) fn fewest_dice(castle: Castle, lines: LineSet) -> u8 {
    let Some(asks) = LINES.get(castle.index()) else {
        return 0;
    };
    lines
        .iter()
        .filter_map(|line| asks.get(usize::from(line)))
        .fold(0u8, |sum, line| sum.saturating_add(line.fewest))
}

/// Whether a roll offering `offers` (see [`offers`]) fills line `line` of
/// `castle`; a line the card lacks is never filled.
pub(crate) fn fills_line(castle: Castle, line: u8, offers: u32) -> bool {
    LINES
        .get(castle.index())
        .and_then(|lines| lines.get(usize::from(line)))
        .is_some_and(|asks| fills(offers, asks.needs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DIE;

    #[test]
    fn aow_6_packed_fill_agrees_with_dice_needed_on_every_roll_and_line() {
        let mut checked = 0;
        for dice in 0..=7 {
            for (counts, _) in DIE.roll_outcomes(dice) {
                let roll = Roll::from_face_counts(&counts).unwrap();
                let offers = offers(roll);
                for castle in Castle::ALL {
                    for line in 0..=MAX_LINE + 1 {
                        let reference = castle
                            .line(line)
                            .and_then(|needs| needs.dice_needed(&roll))
                            .is_some();
                        assert_eq!(
                            fills_line(castle, line, offers),
                            reference,
                            "{castle} line {line}, {roll}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 1716 * 14 * 6);
    }

    #[test]
    fn aow_6_fewest_dice_of_lines_sums_each_lines_fewest_dice() {
        for castle in Castle::ALL {
            for bits in 0..32 {
                let lines = LineSet::from_bits(bits).unwrap();
                let expected: u8 = lines
                    .iter()
                    .filter_map(|line| castle.line(line))
                    .map(Line::fewest_dice)
                    .sum();
                assert_eq!(fewest_dice(castle, lines), expected, "{castle} {bits:b}");
            }
        }
    }
}

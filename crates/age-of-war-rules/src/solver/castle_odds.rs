//! The exact chance of conquering one castle this turn, for every set of
//! lines still open and every number of dice in hand.

use core::fmt;

use dice_core::Prob;

use super::hand::{Hand, Values, expected_best};
use crate::castle::Castle;
use crate::dice::Roll;
use crate::line::{Line, LineSet, MAX_LINE};

/// What to do with a roll, for a turn committed to one castle.
///
/// ```
/// use age_of_war_rules::solver::Choice;
///
/// assert_eq!(Choice::Fill(2).to_string(), "fill line 2");
/// assert_eq!(Choice::LoseDie.to_string(), "lose a die");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Fill this line (0 = special daimyo line).
    Fill(u8),
    /// Lose a die and roll the rest.
    LoseDie,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Fill(line) => write!(f, "fill line {line}"),
            Choice::LoseDie => f.write_str("lose a die"),
        }
    }
}

/// The lines of one castle by number (0 = special daimyo line).
type Lines = [Option<Line>; MAX_LINE as usize + 1];

/// The exact chance of conquering one castle this turn from every set of
/// lines still open and every number of dice in hand, with best play.
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::line::LineSet;
/// use age_of_war_rules::dice_core::Prob;
/// use age_of_war_rules::solver::CastleOdds;
///
/// let gifu = CastleOdds::new(Castle::Gifu);
/// // Only `A` (line 2) left, one die: one face in six.
/// let only_archery = LineSet::from_bits(0b100).unwrap();
/// assert_eq!(gifu.chance(only_archery, 1).unwrap().to_string(), "1/6");
/// // Nothing left to fill: the castle is taken.
/// assert_eq!(gifu.chance(LineSet::EMPTY, 0), Some(Prob::ONE));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CastleOdds {
    castle: Castle,
    lines: Lines,
    values: Values,
}

impl CastleOdds {
    /// Solves `castle` for every subset of its lines (special line
    /// included) and 0 to 7 dice.
    pub fn new(castle: Castle) -> CastleOdds {
        let mut lines = [None; MAX_LINE as usize + 1];
        for (line, slot) in (0u8..).zip(lines.iter_mut()) {
            *slot = castle.line(line);
        }
        let mut values = Values::ZERO;
        for hand in Hand::all() {
            values.set(LineSet::EMPTY, hand, hand.scale());
        }
        for rolled in Hand::all().skip(1) {
            for open in castle.all_lines().subsets().skip(1) {
                let value = expected_best(rolled, |roll| {
                    best_for_roll(&values, &lines, open, rolled, *roll).1
                });
                values.set(open, rolled, value);
            }
        }
        CastleOdds {
            castle,
            lines,
            values,
        }
    }

    /// The castle solved.
    pub fn castle(&self) -> Castle {
        self.castle
    }

    /// The chance of filling every line of `open` this turn with `dice`
    /// dice in hand and best play; `None` for more than seven dice or a
    /// line the castle does not have.
    pub fn chance(&self, open: LineSet, dice: u8) -> Option<Prob> {
        if !self.castle.all_lines().is_superset(open) {
            return None;
        }
        let hand = Hand::new(dice)?;
        Prob::new(self.values.get(open, hand), hand.scale())
    }

    /// The chance of conquering the castle from the centre with seven dice.
    pub fn conquer(&self) -> Prob {
        let printed = self.castle.printed_set();
        Prob::new(self.value(printed, Hand::FULL), Hand::FULL.scale()).unwrap_or(Prob::ZERO)
    }

    /// The chance of taking it from an opponent with seven dice (special
    /// line included); `None` for Kumamoto, which is never stolen.
    pub fn steal(&self) -> Option<Prob> {
        if self.castle.has_special_line() {
            self.chance(self.castle.all_lines(), Hand::FULL.dice())
        } else {
            None
        }
    }

    /// The best thing to do with `roll` while the lines `open` remain, and
    /// the chance of conquest it gives. Fills come before losing a die when
    /// they are equally good, and lower lines before higher. `None` when
    /// `open` is empty or not the castle's, or the roll has no dice.
    pub fn best_choice(&self, open: LineSet, roll: &Roll) -> Option<(Choice, Prob)> {
        let rolled = Hand::new(roll.dice())?;
        let kept = rolled.less(1)?;
        if open.is_empty() || !self.castle.all_lines().is_superset(open) {
            return None;
        }
        let (choice, numer) = best_for_roll(&self.values, &self.lines, open, rolled, *roll);
        Some((choice, Prob::new(numer, kept.scale())?))
    }

    /// The chance with lines `open` left and `hand` dice in hand, as a
    /// numerator over the hand's scale; 0 for a set with a line the castle
    /// lacks, which [`new`](Self::new) never solves.
    pub(super) fn value(&self, open: LineSet, hand: Hand) -> u128 {
        self.values.get(open, hand)
    }

    /// The chance of filling the rest of `open` after filling `line` with
    /// `roll`, of `rolled` dice, as a numerator over the scale of one die
    /// fewer; `None` when the castle has no such line or the roll does not
    /// fill it.
    #[inline]
    pub(super) fn after_fill(
        &self,
        open: LineSet,
        line: u8,
        rolled: Hand,
        roll: Roll,
    ) -> Option<u128> {
        let needs = self.castle.line(line)?;
        self.values.after_fill(open, line, needs, rolled, roll)
    }
}

/// The best choice for `roll` (of `rolled` dice) with lines `open` and its
/// value as a numerator over the scale of one die fewer.
fn best_for_roll(
    values: &Values,
    lines: &Lines,
    open: LineSet,
    rolled: Hand,
    roll: Roll,
) -> (Choice, u128) {
    let Some(kept) = rolled.less(1) else {
        return (Choice::LoseDie, 0);
    };
    let mut best = (Choice::LoseDie, values.get(open, kept));
    let mut best_fill: Option<(Choice, u128)> = None;
    for (line, needs) in (0u8..).zip(lines) {
        let Some(value) = needs
            .filter(|_| open.contains(line))
            .and_then(|needs| values.after_fill(open, line, needs, rolled, roll))
        else {
            continue;
        };
        if best_fill.is_none_or(|(_, b)| value > b) {
            best_fill = Some((Choice::Fill(line), value));
        }
    }
    if let Some(fill) = best_fill {
        if fill.1 >= best.1 {
            best = fill;
        }
    }
    best
}

//! Exact conquest odds with best play, and the best action they imply.
//!
//! For one castle, a set of lines still to fill and `n` dice in hand, the
//! chance of completing them this turn with best play is
//!
//! `V(L, 0) = 0` for non-empty `L`, `V(∅, n) = 1`, and
//! `V(L, n) = Σ_roll P(roll) · max(V(L, n - 1), max_{l ∈ L filled by roll} V(L - l, n - k_l))`
//!
//! where `k_l` is the fewest dice of the roll that fill `l` (AOW-6). The
//! recursion runs once per castle over every subset of its lines and every
//! dice count, with integer numerators over `6^(n(n+1)/2)` (the most dice a
//! turn from `n` dice can roll), so the results are exact fractions and no
//! fraction is reduced inside the loop.
//!
//! ```
//! use age_of_war_rules::{solver::CastleOdds, Castle};
//!
//! let odani = CastleOdds::new(Castle::Odani).conquer();
//! // 33.8312 %, exactly.
//! assert_eq!(odani.numer() * 1_000_000 / odani.denom(), 338_311);
//! assert_eq!(CastleOdds::new(Castle::Kumamoto).steal(), None);
//! ```

use alloc::vec::Vec;
use core::fmt;

use dice_core::{Game, Prob, ToMove};

use crate::action::Action;
use crate::castle::Castle;
use crate::dice::{DICE, Roll};
use crate::line::{Line, LineSet, MAX_LINE};
use crate::rolls::ROLLS;
use crate::state::AgeOfWar;
use crate::table::Place;

const SUBSETS: usize = 1 << (MAX_LINE + 1);
const DICE_SLOTS: usize = DICE as usize + 1;

/// `6^(n(n+1)/2)`: the denominator of a value with `n` dice in hand.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "n <= 255, so n(n + 1)/2 < 2^16 fits u32"
)]
const fn scale_exponent(dice: u8) -> u32 {
    let n = dice as u32;
    n * (n + 1) / 2
}

/// `6^e`. Exponents come from at most seven dice (e <= 28, 6^28 < 2^73),
/// so it never saturates.
const fn pow6(e: u32) -> u128 {
    6u128.saturating_pow(e)
}

/// What to do with a roll.
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

/// The exact chance of conquering one castle this turn from every set of
/// lines still open and every number of dice in hand, with best play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CastleOdds {
    castle: Castle,
    lines: [Option<Line>; MAX_LINE as usize + 1],
    /// Numerators over `6^scale_exponent(dice)`, by line bits and dice.
    values: [[u128; DICE_SLOTS]; SUBSETS],
}

impl CastleOdds {
    /// Solves `castle` for every subset of its lines (special line
    /// included) and 0 to 7 dice.
    pub fn new(castle: Castle) -> CastleOdds {
        let mut lines = [None; MAX_LINE as usize + 1];
        for (n, slot) in (0u8..).zip(lines.iter_mut()) {
            *slot = castle.line(n);
        }
        let all = castle.all_lines().bits();
        let mut values = [[0u128; DICE_SLOTS]; SUBSETS];
        if let Some(done) = values.first_mut() {
            for (dice, v) in (0u8..).zip(done.iter_mut()) {
                *v = pow6(scale_exponent(dice));
            }
        }
        for dice in 1..=DICE {
            for bits in 1..=all {
                if bits & !all != 0 {
                    continue;
                }
                let value = expected_best(dice, |roll| {
                    best_for_roll(&values, &lines, bits, dice, *roll).1
                });
                if let Some(v) = values
                    .get_mut(usize::from(bits))
                    .and_then(|row| row.get_mut(usize::from(dice)))
                {
                    *v = value;
                }
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

    fn numerator(&self, open: LineSet, dice: u8) -> Option<u128> {
        self.values
            .get(usize::from(open.bits()))?
            .get(usize::from(dice))
            .copied()
    }

    /// The chance of filling every line of `open` this turn with `dice`
    /// dice in hand and best play; `None` for more than seven dice or a
    /// line the castle does not have.
    pub fn chance(&self, open: LineSet, dice: u8) -> Option<Prob> {
        if !self.castle.all_lines().is_superset(open) {
            return None;
        }
        Prob::new(self.numerator(open, dice)?, pow6(scale_exponent(dice)))
    }

    /// The chance of conquering the castle from the centre with seven dice.
    pub fn conquer(&self) -> Prob {
        self.chance(self.castle.printed_set(), DICE)
            .unwrap_or(Prob::ZERO)
    }

    /// The chance of taking it from an opponent with seven dice (special
    /// line included); `None` for Kumamoto, which is never stolen.
    pub fn steal(&self) -> Option<Prob> {
        if self.castle.has_special_line() {
            self.chance(self.castle.all_lines(), DICE)
        } else {
            None
        }
    }

    /// The best thing to do with `roll` while the lines `open` remain, and
    /// the chance of conquest it gives. Fills come before losing a die when
    /// they are equally good, and lower lines before higher. `None` when
    /// `open` is empty or not the castle's, or the roll has no dice.
    pub fn best_choice(&self, open: LineSet, roll: &Roll) -> Option<(Choice, Prob)> {
        let dice = roll.dice();
        if open.is_empty() || dice == 0 || !self.castle.all_lines().is_superset(open) {
            return None;
        }
        let (choice, numer) = best_for_roll(&self.values, &self.lines, open.bits(), dice, *roll);
        Some((
            choice,
            Prob::new(numer, pow6(scale_exponent(dice.checked_sub(1)?)))?,
        ))
    }
}

/// `Σ_roll ways(roll) · best(roll)` over the rolls of `dice` dice: the
/// numerator over `6^scale_exponent(dice)` when `best` is over
/// `6^scale_exponent(dice - 1)`.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "ways <= 7! < 2^13 and best < 2^63 (at most 6^21 times a swing below 2^8), so the product fits u128"
)]
fn expected_best(dice: u8, mut best: impl FnMut(&Roll) -> u128) -> u128 {
    ROLLS
        .of(dice)
        .map(|(roll, ways)| u128::from(ways) * best(roll))
        .sum()
}

/// The best choice for `roll` with lines `bits` open and its value as a
/// numerator over `6^scale_exponent(dice - 1)`.
fn best_for_roll(
    values: &[[u128; DICE_SLOTS]; SUBSETS],
    lines: &[Option<Line>; MAX_LINE as usize + 1],
    bits: u8,
    dice: u8,
    roll: Roll,
) -> (Choice, u128) {
    let value = |bits: u8, left: u8| {
        values
            .get(usize::from(bits))
            .and_then(|row| row.get(usize::from(left)))
            .copied()
            .unwrap_or(0)
    };
    let base = scale_exponent(dice.saturating_sub(1));
    let mut best = (Choice::LoseDie, value(bits, dice.saturating_sub(1)));
    let mut best_fill: Option<(Choice, u128)> = None;
    for (n, line) in (0u8..).zip(lines) {
        if bits & (1 << n) == 0 {
            continue;
        }
        let Some(k) = line.and_then(|l| l.dice_needed(&roll)) else {
            continue;
        };
        let left = dice.saturating_sub(k);
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "every card line takes a die, so left < dice, scale_exponent(left) <= base, and the value scaled to 6^base fits u128"
        )]
        let v = value(bits & !(1 << n), left) * pow6(base - scale_exponent(left));
        if best_fill.is_none_or(|(_, b)| v > b) {
            best_fill = Some((Choice::Fill(n), v));
        }
    }
    if let Some(fill) = best_fill {
        if fill.1 >= best.1 {
            best = fill;
        }
    }
    best
}

/// The points `castle` would swing to the player to move if conquered now:
/// what the player gains (its points, or the clan bonus in place of the
/// clan's face-up points when it completes a clan) plus what the opponent
/// holding it loses.
pub fn swing(state: &AgeOfWar, castle: Castle) -> u32 {
    let me = state.current_player();
    let before = *state.table();
    let mut after = before;
    after.set(castle, Place::Player(me));
    let gain = after.score(me).saturating_sub(before.score(me));
    let loss = before
        .holder(castle)
        .map_or(0, |v| before.score(v).saturating_sub(after.score(v)));
    gain.saturating_add(loss)
}

/// Odds for all fourteen castles, solved once and reused: what a bot
/// playing many turns keeps.
///
/// ```
/// use age_of_war_rules::{solver::OddsTable, Castle};
///
/// let odds = OddsTable::new();
/// assert_eq!(odds.castle(Castle::Inuyama).conquer(), odds.castle(Castle::Marugame).conquer());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsTable {
    castles: Vec<CastleOdds>,
}

impl Default for OddsTable {
    fn default() -> Self {
        OddsTable::new()
    }
}

impl OddsTable {
    /// Solves every castle.
    pub fn new() -> OddsTable {
        OddsTable {
            castles: Castle::ALL.into_iter().map(CastleOdds::new).collect(),
        }
    }

    /// The odds of one castle.
    #[expect(
        clippy::indexing_slicing,
        reason = "castles is built from Castle::ALL, one entry per castle index"
    )]
    pub fn castle(&self, castle: Castle) -> &CastleOdds {
        &self.castles[castle.index()]
    }

    /// The best action for the player to move (see [`best_action`]).
    pub fn best_action(&self, state: &AgeOfWar) -> Option<Action> {
        let ToMove::Player(_) = state.to_move() else {
            return None;
        };
        let roll = state.turn().roll()?;
        match state.turn().target() {
            Some(castle) => {
                let open = state.required_lines(castle).without(state.turn().filled());
                let (choice, _) = self.castle(castle).best_choice(open, &roll)?;
                Some(match choice {
                    Choice::Fill(line) => Action::Fill { castle, line },
                    Choice::LoseDie => Action::LoseDie,
                })
            }
            None => Some(self.best_uncommitted(state, roll)),
        }
    }

    /// Before committing: the action with the highest expected swing, where
    /// losing a die is worth the expected swing of best play from one die
    /// fewer, still free to choose any castle.
    fn best_uncommitted(&self, state: &AgeOfWar, roll: Roll) -> Action {
        let targets: Vec<(Castle, LineSet, u128)> = Castle::ALL
            .into_iter()
            .filter(|&c| state.may_attack(c).is_ok())
            .map(|c| (c, state.required_lines(c), u128::from(swing(state, c))))
            .collect();
        // The best fill of a roll of `dice` dice, as a numerator over
        // 6^scale_exponent(dice - 1).
        let best_fill = |dice: u8, roll: &Roll| -> Option<(Action, u128)> {
            let base = scale_exponent(dice.saturating_sub(1));
            let mut best: Option<(Action, u128)> = None;
            for &(castle, required, gain) in &targets {
                let odds = self.castle(castle);
                for line in required.iter() {
                    let Some(k) = castle.line(line).and_then(|l| l.dice_needed(roll)) else {
                        continue;
                    };
                    let left = dice.saturating_sub(k);
                    let mut open = required;
                    open.remove(line);
                    #[expect(
                        clippy::arithmetic_side_effects,
                        reason = "every card line takes a die, so left < dice, scale_exponent(left) <= base, and the scaled value times a swing below 2^8 fits u128"
                    )]
                    let v = odds.numerator(open, left).unwrap_or(0)
                        * pow6(base - scale_exponent(left))
                        * gain;
                    if best.is_none_or(|(_, b)| v > b) {
                        best = Some((Action::Fill { castle, line }, v));
                    }
                }
            }
            best
        };
        let dice = roll.dice();
        // free[k]: expected swing of best play from k dice, over
        // 6^scale_exponent(k).
        let mut free = [0u128; DICE_SLOTS];
        for k in 1..dice {
            let lose = k
                .checked_sub(1)
                .and_then(|below| free.get(usize::from(below)))
                .copied()
                .unwrap_or(0);
            let value = expected_best(k, |r| best_fill(k, r).map_or(lose, |(_, v)| v.max(lose)));
            if let Some(slot) = free.get_mut(usize::from(k)) {
                *slot = value;
            }
        }
        let lose = free
            .get(usize::from(dice.saturating_sub(1)))
            .copied()
            .unwrap_or(0);
        match best_fill(dice, &roll) {
            Some((action, v)) if v >= lose && v > 0 => action,
            _ => Action::LoseDie,
        }
    }
}

/// The best action for the player to move in `state`: for the castle the
/// turn is committed to, the action with the highest chance of conquering
/// it; before committing, the one with the highest expected points swing
/// (see [`swing`]). `None` unless a player must act on a roll.
///
/// Solving one castle is cheap; before committing this solves all fourteen,
/// so a bot playing many turns should keep an [`OddsTable`] instead.
///
/// ```
/// use age_of_war_rules::{solver, AgeOfWar, AgeOfWarConfig, Chance, Face, Roll, Action, Castle};
/// use dice_core::Game;
///
/// let mut game = AgeOfWar::new(&AgeOfWarConfig { players: 2 }).unwrap();
/// game.apply_chance(Chance::FirstPlayer(0)).unwrap();
/// game.apply_chance(Chance::Roll(Roll::from_faces(&[Face::Daimyo; 7]).unwrap())).unwrap();
/// // Seven daimyo: Marugame's `D D` is a sure start.
/// let best = solver::best_action(&game).unwrap();
/// assert!(game.is_legal(&best));
/// ```
pub fn best_action(state: &AgeOfWar) -> Option<Action> {
    match state.turn().target() {
        Some(castle) => {
            let roll = state.turn().roll()?;
            if !matches!(state.to_move(), ToMove::Player(_)) {
                return None;
            }
            let open = state.required_lines(castle).without(state.turn().filled());
            let (choice, _) = CastleOdds::new(castle).best_choice(open, &roll)?;
            Some(match choice {
                Choice::Fill(line) => Action::Fill { castle, line },
                Choice::LoseDie => Action::LoseDie,
            })
        }
        None => OddsTable::new().best_action(state),
    }
}

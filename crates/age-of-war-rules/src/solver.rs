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
//! use age_of_war_rules::Castle;
//! use age_of_war_rules::solver::CastleOdds;
//!
//! let odani = CastleOdds::new(Castle::Odani).conquer();
//! // 33.8312 %, exactly.
//! assert_eq!(odani.numer() * 1_000_000 / odani.denom(), 338_311);
//! assert_eq!(CastleOdds::new(Castle::Kumamoto).steal(), None);
//! ```

use core::fmt;

use dice_core::{Game, Prob, ToMove};

use crate::action::Action;
use crate::castle::Castle;
use crate::dice::{DICE, Roll};
use crate::line::{Line, LineSet, MAX_LINE};
use crate::per_castle::PerCastle;
use crate::rolls::ROLLS;
use crate::state::AgeOfWar;
use crate::table::Place;

const SUBSETS: usize = 1 << (MAX_LINE + 1);
const HANDS: usize = DICE as usize + 1;

/// A number of dice in hand, 0 to [`DICE`]: how the solver's values are
/// indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Hand(u8);

impl Hand {
    /// `dice` dice in hand; `None` above [`DICE`].
    const fn new(dice: u8) -> Option<Hand> {
        if dice <= DICE { Some(Hand(dice)) } else { None }
    }

    /// Every hand of one die or more, fewer than `self`.
    fn smaller(self) -> impl Iterator<Item = Hand> {
        (1..self.0).map(Hand)
    }

    /// The dice left after `dice` of them are placed or lost; `None` when
    /// the hand holds fewer.
    fn less(self, dice: u8) -> Option<Hand> {
        self.0.checked_sub(dice).map(Hand)
    }

    /// `n(n+1)/2` for `n` dice in hand: the most dice a turn can roll from
    /// here, so values with `n` dice are numerators over `6^` this.
    const fn scale_exponent(self) -> u32 {
        match self.0 {
            0 => 0,
            1 => 1,
            2 => 3,
            3 => 6,
            4 => 10,
            5 => 15,
            6 => 21,
            // A hand holds at most seven dice.
            _ => 28,
        }
    }

    /// The denominator of a value with this hand: `6^scale_exponent`.
    const fn scale(self) -> u128 {
        pow6(self.scale_exponent())
    }
}

/// `6^e`. Exponents come from at most seven dice (e <= 28, 6^28 < 2^73),
/// so it never saturates.
const fn pow6(e: u32) -> u128 {
    6u128.saturating_pow(e)
}

/// Numerators of the conquest chance by open lines and dice in hand, each
/// over [`Hand::scale`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Values([[u128; HANDS]; SUBSETS]);

#[expect(
    clippy::indexing_slicing,
    reason = "a LineSet's bits are below 2^(MAX_LINE + 1) = SUBSETS, and a Hand's dice below DICE + 1 = HANDS"
)]
impl Values {
    fn get(&self, open: LineSet, hand: Hand) -> u128 {
        self.0[usize::from(open.bits())][usize::from(hand.0)]
    }

    fn set(&mut self, open: LineSet, hand: Hand, value: u128) {
        self.0[usize::from(open.bits())][usize::from(hand.0)] = value;
    }
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
        let mut values = Values([[0; HANDS]; SUBSETS]);
        for dice in 0..=DICE {
            let hand = Hand(dice);
            values.set(LineSet::EMPTY, hand, hand.scale());
        }
        for rolled in (1..=DICE).map(Hand) {
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
        let full = Hand(DICE);
        let printed = self.castle.printed_set();
        Prob::new(self.values.get(printed, full), full.scale()).unwrap_or(Prob::ZERO)
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
        let rolled = Hand::new(roll.dice())?;
        let kept = rolled.less(1)?;
        if open.is_empty() || !self.castle.all_lines().is_superset(open) {
            return None;
        }
        let (choice, numer) = best_for_roll(&self.values, &self.lines, open, rolled, *roll);
        Some((choice, Prob::new(numer, kept.scale())?))
    }
}

/// `Σ_roll ways(roll) · best(roll)` over the rolls of `rolled` dice: the
/// numerator over the scale of `rolled` when `best` is over the scale of
/// one die fewer.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "ways <= 7! < 2^13 and best < 2^63 (at most 6^21 times a swing below 2^8), so the product fits u128"
)]
fn expected_best(rolled: Hand, mut best: impl FnMut(&Roll) -> u128) -> u128 {
    ROLLS
        .of(rolled.0)
        .map(|(roll, ways)| u128::from(ways) * best(roll))
        .sum()
}

/// The best choice for `roll` (of `rolled` dice) with lines `open` and its
/// value as a numerator over the scale of one die fewer.
fn best_for_roll(
    values: &Values,
    lines: &[Option<Line>; MAX_LINE as usize + 1],
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
        if !open.contains(line) {
            continue;
        }
        let Some(left) = needs
            .and_then(|needs| needs.dice_needed(&roll))
            .and_then(|placed| rolled.less(placed))
        else {
            continue;
        };
        let Some(rescale) = kept.scale_exponent().checked_sub(left.scale_exponent()) else {
            continue;
        };
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "a value over the scale of `left` times 6^rescale is the same value over the scale of `kept`, below 6^28 < 2^73"
        )]
        let value = values.get(open.without_line(line), left) * pow6(rescale);
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
    let loss = before.holder(castle).map_or(0, |victim| {
        before.score(victim).saturating_sub(after.score(victim))
    });
    u32::from(gain).saturating_add(u32::from(loss))
}

/// Odds for all fourteen castles, solved once and reused: what a bot
/// playing many turns keeps.
///
/// ```
/// use age_of_war_rules::Castle;
/// use age_of_war_rules::solver::OddsTable;
///
/// let odds = OddsTable::new();
/// assert_eq!(odds.castle(Castle::Inuyama).conquer(), odds.castle(Castle::Marugame).conquer());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsTable {
    castles: PerCastle<CastleOdds>,
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
            castles: PerCastle::from_fn(CastleOdds::new),
        }
    }

    /// The odds of one castle.
    pub fn castle(&self, castle: Castle) -> &CastleOdds {
        self.castles.get(castle)
    }

    /// The best action for the player to move (see [`best_action`]).
    pub fn best_action(&self, state: &AgeOfWar) -> Option<Action> {
        let roll = rolled(state)?;
        match state.turn().target() {
            Some(castle) => committed(self.castle(castle), state, roll),
            None => self.best_uncommitted(state, roll),
        }
    }

    /// Before committing: the action with the highest expected swing, where
    /// losing a die is worth the expected swing of best play from one die
    /// fewer, still free to choose any castle.
    fn best_uncommitted(&self, state: &AgeOfWar, roll: Roll) -> Option<Action> {
        // The lines and the swing of every castle the player may attack.
        let targets = PerCastle::from_fn(|castle| {
            state.may_attack(castle).is_ok().then(|| {
                (
                    state.required_lines(castle),
                    u128::from(swing(state, castle)),
                )
            })
        });
        // The best fill of a roll of `rolled` dice, as a numerator over the
        // scale of one die fewer.
        let best_fill = |rolled: Hand, roll: &Roll| -> Option<(Action, u128)> {
            let kept = rolled.less(1)?;
            let mut best: Option<(Action, u128)> = None;
            for (castle, target) in targets.iter() {
                let Some((required, gain)) = *target else {
                    continue;
                };
                let odds = self.castle(castle);
                for line in required.iter() {
                    let Some(left) = castle
                        .line(line)
                        .and_then(|needs| needs.dice_needed(roll))
                        .and_then(|placed| rolled.less(placed))
                    else {
                        continue;
                    };
                    let Some(rescale) = kept.scale_exponent().checked_sub(left.scale_exponent())
                    else {
                        continue;
                    };
                    #[expect(
                        clippy::arithmetic_side_effects,
                        reason = "a value over the scale of `left` times 6^rescale is below 6^28 < 2^73, and a swing is below 2^8, so the product fits u128"
                    )]
                    let value =
                        odds.values.get(required.without_line(line), left) * pow6(rescale) * gain;
                    if best.is_none_or(|(_, b)| value > b) {
                        best = Some((Action::Fill { castle, line }, value));
                    }
                }
            }
            best
        };
        let rolled = Hand::new(roll.dice())?;
        // The expected swing of best play from one die fewer, still free to
        // choose: built up from one die, each hand's value over its scale.
        let mut lose = 0;
        for hand in rolled.smaller() {
            let below = lose;
            lose = expected_best(hand, |roll| {
                best_fill(hand, roll).map_or(below, |(_, value)| value.max(below))
            });
        }
        Some(match best_fill(rolled, &roll) {
            Some((action, value)) if value >= lose && value > 0 => action,
            _ => Action::LoseDie,
        })
    }
}

/// The roll the player to move must act on, if a player must act.
fn rolled(state: &AgeOfWar) -> Option<Roll> {
    match state.to_move() {
        ToMove::Player(_) => state.turn().roll(),
        ToMove::Chance | ToMove::Over => None,
    }
}

/// The best action on `roll` for the castle the turn is committed to.
fn committed(odds: &CastleOdds, state: &AgeOfWar, roll: Roll) -> Option<Action> {
    let castle = odds.castle();
    let open = state.required_lines(castle).without(state.turn().filled());
    let (choice, _) = odds.best_choice(open, &roll)?;
    Some(match choice {
        Choice::Fill(line) => Action::Fill { castle, line },
        Choice::LoseDie => Action::LoseDie,
    })
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
/// use age_of_war_rules::dice::{Face, Roll};
/// use age_of_war_rules::{solver, AgeOfWar, AgeOfWarConfig, Chance};
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
        Some(castle) => committed(&CastleOdds::new(castle), state, rolled(state)?),
        None => OddsTable::new().best_action(state),
    }
}

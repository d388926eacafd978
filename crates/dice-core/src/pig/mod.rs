//! Pig, the smallest dice game: the contract's worked example.
//!
//! On your turn, roll a die as often as you like. A 1 ends the turn and loses
//! the turn's total; any other face adds to it. Holding banks the turn total
//! (only after at least one roll) and passes the die. The first to reach the
//! target wins.
//!
//! [`PigConfig::openspiel`] plays OpenSpiel's `pig` instead (see
//! [`OpenSpielPig`]): stopping before a roll, a horizon, other dice, Piglet.
//!
//! Pig exists here so the contract, [`Match`](crate::Match),
//! [`replay`](crate::replay) and the test kit are exercised by a real game
//! inside this crate, and as a template for new games.

mod listing;
mod openspiel;

pub use listing::HoldAt20;
pub use openspiel::OpenSpielPig;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::game::{Game, ToMove};
use crate::notation::ParseActionError;
use crate::observation::{Block, ObservationTensor};
use crate::prob::Prob;
use crate::resample::ResampleLog;
use crate::result::GameResult;
use crate::rng::DiceRng;
use crate::scoreboard::Scoreboard;
use crate::seat::{PerSeat, Seat};

/// Pig's die.
const D6: crate::die::Die<u8, 6> = crate::die::Die::new([1, 2, 3, 4, 5, 6]);

/// The most seats a Pig table has.
pub const MAX_PLAYERS: usize = 8;

/// Table size, target and ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPigConfig"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct PigConfig {
    /// Seats, 2 to [`MAX_PLAYERS`].
    pub players: usize,
    /// Points needed to win, at least 1.
    pub target: u32,
    /// OpenSpiel's `pig` instead of the house rules (see [`OpenSpielPig`]);
    /// `None`, the default, plays the house rules and is not written.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub openspiel: Option<OpenSpielPig>,
}

impl Default for PigConfig {
    /// Two players, first to 30.
    fn default() -> Self {
        PigConfig {
            players: 2,
            target: 30,
            openspiel: None,
        }
    }
}

crate::config_as_written!(PigConfig as RawPigConfig {
    players: usize,
    target: u32,
    openspiel: Option<OpenSpielPig>,
} checked by Pig::new, PigError);

/// A decision in Pig.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PigAction {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass the die.
    Hold,
}

/// `roll` or `hold`, the text [`Game::action_from_text`] reads.
impl fmt::Display for PigAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PigAction::Roll => "roll",
            PigAction::Hold => "hold",
        })
    }
}

/// Why a Pig action or outcome was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PigError {
    /// The config has too few or too many players.
    #[error("Pig is for 2 to 8 players, not {0}")]
    Players(usize),
    /// The target is zero.
    #[error("the target must be at least 1")]
    Target,
    /// A decision while the die is rolling.
    #[error("waiting for the die")]
    WaitingForChance,
    /// Anything after the end.
    #[error("the game is over")]
    GameOver,
    /// Holding before rolling this turn.
    #[error("hold: you must roll at least once this turn")]
    HoldBeforeRolling,
    /// A die result while no die is rolling.
    #[error("no die is rolling")]
    NotChance,
    /// A die result that is not 1 to 6 (a face of OpenSpiel's die; 1 or 2
    /// in Piglet).
    #[error("a die shows 1 to its number of faces, not {0}")]
    ImpossibleRoll(u8),
    /// OpenSpiel's rules: a roll once the score and turn total reach the
    /// target.
    #[error("roll: the score and turn total reach the target, so you must stop")]
    MustStop,
    /// OpenSpiel's rules: a die of fewer than 2 faces, or a horizon of 0.
    #[error("OpenSpiel's pig takes a die of 2 faces or more and a horizon of at least 1")]
    OpenSpielParameters,
    /// A saved position that no game reaches.
    #[error("impossible position: {0}")]
    Position(&'static str),
}

/// A Pig position.
///
/// Deserialising checks the position: a valid config, a score per seat, the
/// seat to move at the table, no turn total before a roll, at most one seat
/// past the target.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawPig"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Pig {
    config: PigConfig,
    scores: PerSeat<u32, MAX_PLAYERS>,
    current: Seat,
    turn_total: u32,
    rolled: bool,
    rolling: bool,
    /// Decisions made, counted toward OpenSpiel's horizon (always 0 under
    /// the house rules, and then not written).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    moves: u32,
    /// Whether a seat has reached the target: only a hold changes a score,
    /// so it is kept rather than counted at every `to_move`. Derived, never
    /// written.
    #[cfg_attr(feature = "serde", serde(skip_serializing))]
    over: bool,
}

/// A Pig position as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawPig {
    config: PigConfig,
    scores: PerSeat<u32, MAX_PLAYERS>,
    current: Seat,
    turn_total: u32,
    rolled: bool,
    rolling: bool,
    #[serde(default)]
    moves: u32,
}

/// Whether a count is 0 (a field left unwritten).
#[cfg(feature = "serde")]
#[expect(clippy::trivially_copy_pass_by_ref, reason = "serde's signature")]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[cfg(feature = "serde")]
impl TryFrom<RawPig> for Pig {
    type Error = PigError;

    fn try_from(raw: RawPig) -> Result<Self, PigError> {
        let fresh = Pig::new(&raw.config)?;
        if raw.scores.players() != fresh.scores.players() {
            return Err(PigError::Position("one score per seat"));
        }
        if raw.scores.get(raw.current).is_none() {
            return Err(PigError::Position("the seat to move is not at the table"));
        }
        if raw.turn_total != 0 && !raw.rolled && raw.config.openspiel.is_none() {
            return Err(PigError::Position("a turn total before the first roll"));
        }
        if raw
            .scores
            .iter()
            .filter(|(_, s)| **s >= raw.config.target)
            .count()
            > 1
        {
            return Err(PigError::Position("two seats past the target"));
        }
        let mut pig = Pig {
            config: raw.config,
            scores: raw.scores,
            current: raw.current,
            turn_total: raw.turn_total,
            rolled: raw.rolled,
            rolling: raw.rolling,
            moves: raw.moves,
            over: false,
        };
        pig.over = pig.reached_target();
        Ok(pig)
    }
}

impl Pig {
    /// How many outcomes the pending roll lists: none when nothing is to
    /// be rolled.
    fn outcome_count(&self) -> u8 {
        if self.to_move() == ToMove::Chance {
            self.config.openspiel.map_or(6, OpenSpielPig::outcome_count)
        } else {
            0
        }
    }

    /// Each seat's banked points.
    pub fn scores(&self) -> &[u32] {
        self.scores.as_slice()
    }

    /// The points at risk this turn.
    pub fn turn_total(&self) -> u32 {
        self.turn_total
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.over
    }

    #[cfg(feature = "serde")]
    fn reached_target(&self) -> bool {
        self.scores.iter().any(|(_, &s)| s >= self.config.target)
            || self
                .config
                .openspiel
                .is_some_and(|rules| self.moves >= rules.horizon)
    }

    /// The seat whose turn it is (while the die rolls too; after OpenSpiel's
    /// game has ended, the seat after the last to move).
    pub fn turn(&self) -> Seat {
        self.current
    }

    /// Whether the die is rolling.
    pub fn rolling(&self) -> bool {
        self.rolling
    }

    /// The position as OpenSpiel's `pig` writes it (its `ToString`):
    /// `"Scores: 0 0, Turn total: 0\nCurrent player: 0\n"`.
    pub fn openspiel_text(&self) -> String {
        openspiel::text(
            self.scores.as_slice(),
            self.turn_total,
            self.current,
            self.rolling,
        )
    }

    /// Whether OpenSpiel's rules forbid rolling: the mover's score and turn
    /// total reach the target.
    #[inline]
    fn must_stop(&self) -> bool {
        self.config.openspiel.is_some()
            && self
                .scores
                .get(self.current)
                .is_some_and(|s| s.saturating_add(self.turn_total) >= self.config.target)
    }

    /// Counts a decision toward OpenSpiel's horizon.
    #[inline]
    fn count_move(&mut self) {
        if let Some(rules) = self.config.openspiel {
            self.moves = self.moves.saturating_add(1);
            self.over |= self.moves >= rules.horizon;
        }
    }

    /// A roll of OpenSpiel's die (or Piglet's coin: 1 or 2).
    fn roll_openspiel(rules: OpenSpielPig, rng: &mut DiceRng) -> Option<u8> {
        let face = rng.pick(usize::from(rules.faces))?;
        let face = u8::try_from(face).ok()?.saturating_add(1);
        Some(if rules.piglet { face.min(2) } else { face })
    }

    #[inline]
    fn pass_die(&mut self) {
        self.turn_total = 0;
        self.rolled = false;
        self.current = self.scores.turn_order().next(self.current);
    }
}

/// Every roll and every decision is public: nothing to redraw.
impl ResampleLog for Pig {}

impl Game for Pig {
    type Config = PigConfig;
    type Action = PigAction;
    type Chance = u8;
    type Error = PigError;
    const NAME: &'static str = "pig";
    // Pig has no secrets: every seat sees every decision, every roll and
    // the whole position.
    crate::perfect_information!();

    fn new(config: &PigConfig) -> Result<Self, PigError> {
        if !(2..=MAX_PLAYERS).contains(&config.players) {
            return Err(PigError::Players(config.players));
        }
        if config.target == 0 {
            return Err(PigError::Target);
        }
        if config
            .openspiel
            .is_some_and(|rules| rules.faces < 2 || rules.horizon == 0)
        {
            return Err(PigError::OpenSpielParameters);
        }
        let scores = PerSeat::new(config.players, &0).ok_or(PigError::Players(config.players))?;
        Ok(Pig {
            config: *config,
            scores,
            current: 0,
            turn_total: 0,
            rolled: false,
            rolling: false,
            moves: 0,
            over: false,
        })
    }

    fn config(&self) -> &PigConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.scores.players()
    }

    #[inline]
    fn to_move(&self) -> ToMove {
        if self.is_over() {
            ToMove::Over
        } else if self.rolling {
            ToMove::Chance
        } else {
            ToMove::Player(self.current)
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        out.clear();
        if !self.over && !self.rolling {
            if self.config.openspiel.is_some() {
                if !self.must_stop() {
                    out.push(PigAction::Roll);
                }
                out.push(PigAction::Hold);
                return;
            }
            out.push(PigAction::Roll);
            if self.rolled {
                out.push(PigAction::Hold);
            }
        }
    }

    /// Roll before the first roll of a turn (a one-action list draws
    /// nothing), else roll or hold by one pick, in the list's order.
    #[inline]
    fn random_legal_action(
        &self,
        rng: &mut DiceRng,
        _buf: &mut Vec<PigAction>,
    ) -> Option<PigAction> {
        if self.over || self.rolling {
            None
        } else if self.config.openspiel.is_some() {
            if self.must_stop() || rng.pick(2) != Some(0) {
                Some(PigAction::Hold)
            } else {
                Some(PigAction::Roll)
            }
        } else if !self.rolled {
            Some(PigAction::Roll)
        } else {
            match rng.pick(2)? {
                0 => Some(PigAction::Roll),
                _ => Some(PigAction::Hold),
            }
        }
    }

    /// The contract's loop without its dispatch: the same words (a pick
    /// per decision after a turn's first roll, a die per roll) and the
    /// same end.
    ///
    /// While three steps or more are left, one round is a decision and
    /// the die it rolls: a hold (which may end the game) passes to the
    /// next seat, whose roll is forced and draws nothing, and the die rolls
    /// for it. The last steps go one at a time.
    #[inline]
    fn random_playout(&mut self, rng: &mut DiceRng, buf: &mut Vec<PigAction>, max_steps: u32) {
        if self.config.openspiel.is_some() {
            crate::game::contract_playout(self, rng, buf, max_steps);
            return;
        }
        let mut left = max_steps;
        if self.rolling && !self.over && left > 0 {
            left = left.saturating_sub(1);
            let face = D6.roll(rng).copied().unwrap_or(1);
            self.apply_chance_unchecked(face);
        }
        while left >= 3 && !self.over {
            // The decision, then the forced roll after a hold.
            left = left.saturating_sub(1);
            if self.rolled && rng.pick(2) != Some(0) {
                self.apply_unchecked(PigAction::Hold);
                if self.over {
                    return;
                }
                left = left.saturating_sub(1);
            }
            // The die.
            left = left.saturating_sub(1);
            let face = D6.roll(rng).copied().unwrap_or(1);
            self.apply_chance_unchecked(face);
        }
        for _ in 0..left {
            if self.over {
                break;
            }
            if self.rolling {
                let face = D6.roll(rng).copied().unwrap_or(1);
                self.apply_chance_unchecked(face);
            } else if self.rolled && rng.pick(2) != Some(0) {
                self.apply_unchecked(PigAction::Hold);
            } else {
                self.apply_unchecked(PigAction::Roll);
            }
        }
    }

    fn check(&self, action: &PigAction) -> Result<(), PigError> {
        match self.to_move() {
            ToMove::Over => Err(PigError::GameOver),
            ToMove::Chance => Err(PigError::WaitingForChance),
            ToMove::Player(_) if self.config.openspiel.is_some() => {
                if *action == PigAction::Roll && self.must_stop() {
                    Err(PigError::MustStop)
                } else {
                    Ok(())
                }
            }
            ToMove::Player(_) if *action == PigAction::Hold && !self.rolled => {
                Err(PigError::HoldBeforeRolling)
            }
            ToMove::Player(_) => Ok(()),
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: PigAction) {
        match action {
            PigAction::Roll => self.rolling = true,
            PigAction::Hold => {
                if let Some(s) = self.scores.get_mut(self.current) {
                    *s = s.saturating_add(self.turn_total);
                    self.over |= *s >= self.config.target;
                }
                // OpenSpiel passes the die even after the winning stop.
                if !self.is_over() || self.config.openspiel.is_some() {
                    self.pass_die();
                }
            }
        }
        self.count_move();
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        out.extend((0..usize::from(self.outcome_count())).map_while(|i| self.chance_outcome(i)));
    }

    // Outcome `face` sits at index `face - 1`, Piglet's two as much as a
    // die's faces: a roll by id neither lists the outcomes nor allocates.
    fn chance_outcome_index(&self, outcome: &u8) -> Option<usize> {
        let index = outcome.checked_sub(1)?;
        (index < self.outcome_count()).then_some(usize::from(index))
    }

    fn chance_outcome(&self, index: usize) -> Option<(u8, Prob)> {
        let outcome = u8::try_from(index).ok()?.checked_add(1)?;
        if outcome > self.outcome_count() {
            return None;
        }
        let probability = match self.config.openspiel {
            // A 1 on one face, a point on every other.
            Some(rules) if rules.piglet => {
                let faces = u128::from(rules.faces);
                let on = if outcome == 1 {
                    1
                } else {
                    faces.saturating_sub(1)
                };
                Prob::new(on, faces)
            }
            // The house die, or OpenSpiel's: each face equally likely.
            rules => Prob::new(1, u128::from(rules.map_or(6, |rules| rules.faces))),
        };
        Some((outcome, probability.unwrap_or(Prob::ZERO)))
    }

    fn check_chance(&self, outcome: &u8) -> Result<(), PigError> {
        match self.to_move() {
            ToMove::Chance if self.chance_outcome_index(outcome).is_some() => Ok(()),
            ToMove::Chance => Err(PigError::ImpossibleRoll(*outcome)),
            ToMove::Over => Err(PigError::GameOver),
            ToMove::Player(_) => Err(PigError::NotChance),
        }
    }

    #[inline]
    fn apply_chance_unchecked(&mut self, outcome: u8) {
        self.rolling = false;
        self.rolled = true;
        if outcome == 1 {
            self.pass_die();
        } else {
            let points = self
                .config
                .openspiel
                .map_or(u32::from(outcome), |rules| rules.points(outcome));
            self.turn_total = self.turn_total.saturating_add(points);
        }
    }

    #[inline]
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<u8> {
        if !self.rolling || self.over {
            return None;
        }
        match self.config.openspiel {
            None => D6.roll(rng).copied(),
            Some(rules) => Self::roll_openspiel(rules, rng),
        }
    }

    /// The points banked: a turn's total counts once held.
    fn scoreboard(view: &Pig) -> Option<Scoreboard> {
        let banked = view.scores.iter();
        let totals = banked.map(|(_, &s)| i32::try_from(s).unwrap_or(i32::MAX));
        Some(Scoreboard::new("points", totals.collect()))
    }

    fn result(&self) -> Option<GameResult> {
        if !self.is_over() {
            return None;
        }
        if self.config.openspiel.is_some() {
            let mut winners = Vec::new();
            self.winners_into(&mut winners);
            let scores = self.scores.iter();
            let scores = scores.map(|(_, &s)| i32::try_from(s).unwrap_or(i32::MAX));
            return Some(GameResult::new(scores.collect(), Vec::new(), winners));
        }
        let scores = self
            .scores
            .iter()
            .map(|(_, &s)| i32::try_from(s).unwrap_or(i32::MAX))
            .collect();
        Some(GameResult::by_ranking(scores, Vec::new()))
    }

    /// The highest score wins and ties share, as `result`'s ranking, with
    /// no vector built.
    #[inline]
    fn winners_into(&self, out: &mut Vec<Seat>) -> bool {
        out.clear();
        if !self.is_over() {
            return false;
        }
        if self.config.openspiel.is_some() {
            // The seat that reached the target; at the horizon, a draw
            // every seat shares (OpenSpiel pays it 0 each).
            let target = self.config.target;
            let reached = self.scores.iter().filter(|&(_, &s)| s >= target);
            out.extend(reached.map(|(seat, _)| seat));
            if out.is_empty() {
                out.extend(self.scores.iter().map(|(seat, _)| seat));
            }
            return true;
        }
        let Some(best) = self.scores.iter().map(|(_, &s)| s).max() else {
            return true;
        };
        out.extend(
            self.scores
                .iter()
                .filter(|&(_, &s)| s == best)
                .map(|(seat, _)| seat),
        );
        true
    }

    /// `roll` or `hold`; OpenSpiel's `stop` for a hold under its rules.
    fn action_text(&self, action: &PigAction) -> String {
        match action {
            PigAction::Hold if self.config.openspiel.is_some() => "stop".to_string(),
            _ => action.to_string(),
        }
    }

    fn action_from_text(&self, text: &str) -> Result<PigAction, ParseActionError> {
        match text.trim() {
            "roll" => Ok(PigAction::Roll),
            "hold" => Ok(PigAction::Hold),
            "stop" if self.config.openspiel.is_some() => Ok(PigAction::Hold),
            _ if self.config.openspiel.is_some() => Err(ParseActionError::new(
                text,
                "expected \"roll\", \"stop\" or \"hold\"",
            )),
            _ => Err(ParseActionError::new(text, "expected \"roll\" or \"hold\"")),
        }
    }

    /// The face; OpenSpiel's `Roll k` under its rules.
    fn chance_text(&self, outcome: &u8) -> String {
        match self.config.openspiel {
            None => outcome.to_string(),
            Some(rules) => rules.outcome_text(*outcome),
        }
    }

    fn action_id_bound(&self) -> u32 {
        2
    }

    #[inline]
    fn action_id(&self, action: &PigAction) -> Option<u32> {
        Some(match action {
            PigAction::Roll => 0,
            PigAction::Hold => 1,
        })
    }

    fn action_from_id(&self, id: u32) -> Option<PigAction> {
        match id {
            0 => Some(PigAction::Roll),
            1 => Some(PigAction::Hold),
            _ => None,
        }
    }
}

/// Pig's tensor, for a table of `n` seats: `n` scores, `n` seats to move,
/// the turn total and three flags; under OpenSpiel's rules, OpenSpiel's
/// one-hot rows.
impl ObservationTensor for Pig {
    fn observation_layout(config: &PigConfig) -> Vec<Block> {
        if config.openspiel.is_some() {
            return openspiel::layout(config.players, config.target);
        }
        alloc::vec![
            Block::new(
                "scores",
                config.players,
                "each seat's banked points over the target"
            ),
            Block::new("to_move", config.players, "1 for the seat to move, else 0"),
            Block::new(
                "turn_total",
                1,
                "the points at risk this turn over the target"
            ),
            Block::new(
                "flags",
                3,
                "1 if the mover has rolled this turn, 1 if the die is rolling, 1 if the game is over"
            ),
        ]
    }

    fn write_observation(view: &Pig, out: &mut Vec<f32>) {
        out.clear();
        if view.config.openspiel.is_some() {
            openspiel::write(view.config.target, view.turn_total, view.scores(), out);
            return;
        }
        let target = view.config.target.max(1);
        let of_target = |points: u32| ratio(points, target);
        out.extend(view.scores.iter().map(|(_, &s)| of_target(s)));
        let to_move = view.to_move();
        out.extend(
            view.scores
                .iter()
                .map(|(seat, _)| f32::from(u8::from(to_move == ToMove::Player(seat)))),
        );
        out.push(of_target(view.turn_total));
        out.extend(
            [view.rolled, view.rolling, to_move == ToMove::Over].map(|f| f32::from(u8::from(f))),
        );
    }
}

/// `points / target` as a tensor entry; floats stay out of the rules.
#[expect(
    clippy::cast_precision_loss,
    reason = "a network input: six significant digits are plenty"
)]
fn ratio(points: u32, target: u32) -> f32 {
    points as f32 / target as f32
}

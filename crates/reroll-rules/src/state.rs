//! A Reroll position and its rules (RR-2, RR-3).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use dice_core::seat::PerSeat;
use dice_core::{
    DiceRng, Die, Game, GameResult, ParseActionError, Prob, ResampleLog, Scoreboard, Seat, ToMove,
};

use crate::action::RerollAction;
use crate::config::{MAX_PLAYERS, RerollConfig};
use crate::error::RerollError;

/// The die (RR-2).
const D6: Die<u8, 6> = Die::new([1, 2, 3, 4, 5, 6]);

/// A Reroll position; every seat and a spectator see all of it.
///
/// Deserialising checks the position: a valid config, a total per seat,
/// no turn past the last, a face of 1 to 6, and no face waiting after a
/// reroll (the reroll is kept as it lands).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawReroll"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Reroll {
    config: RerollConfig,
    totals: PerSeat<u32, MAX_PLAYERS>,
    /// Turns played, all seats together: seat `turn % players` is to play.
    turn: u32,
    /// The face waiting for a decision; none while the die rolls.
    face: Option<u8>,
    /// Whether this turn's die has been rerolled.
    rerolled: bool,
}

/// A position as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawReroll {
    config: RerollConfig,
    totals: PerSeat<u32, MAX_PLAYERS>,
    turn: u32,
    face: Option<u8>,
    rerolled: bool,
}

#[cfg(feature = "serde")]
impl TryFrom<RawReroll> for Reroll {
    type Error = RerollError;

    fn try_from(raw: RawReroll) -> Result<Self, RerollError> {
        let fresh = Reroll::new(&raw.config)?;
        if raw.totals.players() != fresh.totals.players() {
            return Err(RerollError::Position("one total per seat"));
        }
        if raw.turn > raw.config.turns() {
            return Err(RerollError::Position("a turn past the last"));
        }
        if raw.face.is_some_and(|f| !(1..=6).contains(&f)) {
            return Err(RerollError::Position("a face of 1 to 6"));
        }
        if raw.face.is_some() && (raw.rerolled || raw.turn == raw.config.turns()) {
            return Err(RerollError::Position(
                "a face waiting after a reroll or the end",
            ));
        }
        Ok(Reroll {
            config: raw.config,
            totals: raw.totals,
            turn: raw.turn,
            face: raw.face,
            rerolled: raw.rerolled,
        })
    }
}

impl Reroll {
    /// Each seat's total.
    pub fn totals(&self) -> &[u32] {
        self.totals.as_slice()
    }

    /// Each seat's total as a score. A total is at most six points a
    /// round over a config's bounded rounds, so it always fits; the
    /// saturation only keeps the conversion total.
    fn scores(&self) -> Vec<i32> {
        self.totals
            .iter()
            .map(|(_, &t)| i32::try_from(t).unwrap_or(i32::MAX))
            .collect()
    }

    /// The face waiting for a decision, if any.
    pub fn face(&self) -> Option<u8> {
        self.face
    }

    /// Whether this turn's die has been rerolled.
    pub fn rerolled(&self) -> bool {
        self.rerolled
    }

    /// The round being played, from 1; the last round once over.
    pub fn round(&self) -> u32 {
        self.turn
            .checked_div(self.seats())
            .unwrap_or(0)
            .saturating_add(1)
            .min(self.config.rounds)
    }

    fn seat(&self) -> Seat {
        let seat = self.turn.checked_rem(self.seats()).unwrap_or(0);
        usize::try_from(seat).unwrap_or(0)
    }

    fn seats(&self) -> u32 {
        u32::try_from(self.config.players).unwrap_or(1)
    }

    fn is_over(&self) -> bool {
        self.turn >= self.config.turns()
    }

    /// RR-2: the face joins the seat's total and the turn passes.
    fn bank(&mut self, face: u8) {
        if let Some(total) = self.totals.get_mut(self.seat()) {
            *total = total.saturating_add(u32::from(face));
        }
        self.turn = self.turn.saturating_add(1);
        self.face = None;
        self.rerolled = false;
    }
}

/// Nothing is hidden: nothing to redraw.
impl ResampleLog for Reroll {}

impl Game for Reroll {
    type Config = RerollConfig;
    type Action = RerollAction;
    type Chance = u8;
    type Error = RerollError;
    const NAME: &'static str = "reroll";
    // Every decision, every roll and the whole position are public.
    dice_core::perfect_information!();

    fn new(config: &RerollConfig) -> Result<Self, RerollError> {
        config.validate()?;
        let totals =
            PerSeat::new(config.players, &0).ok_or(RerollError::Players(config.players))?;
        Ok(Reroll {
            config: *config,
            totals,
            turn: 0,
            face: None,
            rerolled: false,
        })
    }

    fn config(&self) -> &RerollConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.totals.players()
    }

    fn to_move(&self) -> ToMove {
        if self.is_over() {
            ToMove::Over
        } else if self.face.is_none() {
            ToMove::Chance
        } else {
            ToMove::Player(self.seat())
        }
    }

    fn legal_actions(&self, out: &mut Vec<RerollAction>) {
        out.clear();
        if matches!(self.to_move(), ToMove::Player(_)) {
            out.extend([RerollAction::Keep, RerollAction::Reroll]);
        }
    }

    fn check(&self, _: &RerollAction) -> Result<(), RerollError> {
        match self.to_move() {
            ToMove::Over => Err(RerollError::GameOver),
            ToMove::Chance => Err(RerollError::WaitingForChance),
            ToMove::Player(_) => Ok(()),
        }
    }

    fn apply_unchecked(&mut self, action: RerollAction) {
        match (action, self.face) {
            (RerollAction::Keep, Some(face)) => self.bank(face),
            (RerollAction::Reroll, Some(_)) => {
                self.face = None;
                self.rerolled = true;
            }
            (_, None) => {}
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        if self.to_move() == ToMove::Chance {
            let sixth = Prob::new(1, 6).unwrap_or(Prob::ZERO);
            out.extend((1..=6).map(|face| (face, sixth)));
        }
    }

    fn check_chance(&self, outcome: &u8) -> Result<(), RerollError> {
        match self.to_move() {
            ToMove::Chance if (1..=6).contains(outcome) => Ok(()),
            ToMove::Chance => Err(RerollError::ImpossibleRoll(*outcome)),
            ToMove::Over => Err(RerollError::GameOver),
            ToMove::Player(_) => Err(RerollError::NotChance),
        }
    }

    /// RR-2: a first roll waits for a decision; a reroll is kept.
    fn apply_chance_unchecked(&mut self, outcome: u8) {
        if self.rerolled {
            self.bank(outcome);
        } else {
            self.face = Some(outcome);
        }
    }

    fn sample_chance(&self, rng: &mut DiceRng) -> Option<u8> {
        (self.to_move() == ToMove::Chance)
            .then(|| D6.roll(rng).copied())
            .flatten()
    }

    /// RR-3: the highest total wins; ties share.
    fn result(&self) -> Option<GameResult> {
        self.is_over()
            .then(|| GameResult::by_ranking(self.scores(), Vec::new()))
    }

    /// Every seat's total so far (RR-3), which every viewer sees.
    fn scoreboard(view: &Reroll) -> Option<Scoreboard> {
        Some(Scoreboard::new("points", view.scores()))
    }

    fn action_text(&self, action: &RerollAction) -> String {
        action.to_string()
    }

    fn action_from_text(&self, text: &str) -> Result<RerollAction, ParseActionError> {
        match text.trim() {
            "keep" => Ok(RerollAction::Keep),
            "reroll" => Ok(RerollAction::Reroll),
            _ => Err(ParseActionError::new(
                text,
                "expected \"keep\" or \"reroll\"",
            )),
        }
    }

    fn chance_text(&self, outcome: &u8) -> String {
        outcome.to_string()
    }

    fn action_id_bound(&self) -> u32 {
        2
    }

    fn action_id(&self, action: &RerollAction) -> Option<u32> {
        Some(match action {
            RerollAction::Keep => 0,
            RerollAction::Reroll => 1,
        })
    }

    fn action_from_id(&self, id: u32) -> Option<RerollAction> {
        match id {
            0 => Some(RerollAction::Keep),
            1 => Some(RerollAction::Reroll),
            _ => None,
        }
    }
}

//! The order of the setup and of the round's steps, and the engine moving
//! the game on by itself until a player or chance must act.

use crate::state::Era;
use crate::step::{Progress, Step};

/// More passes than any game needs between two decisions; only a corrupt
/// state could reach it.
const MOST_PASSES: usize = 10_000;

impl Era {
    /// Runs the automatic parts of the steps until a player must decide,
    /// dice must roll, or the game is over. Allocates nothing.
    pub(crate) fn settle(&mut self) {
        for _ in 0..MOST_PASSES {
            let progress = match self.step {
                Step::Over => Progress::Wait,
                Step::Layout { seat } => self.advance_layout(seat),
                Step::StartRoll { rolling } => self.advance_start_roll(rolling),
                Step::Roll { turn } => self.advance_roll(turn),
                Step::Feathers { turn } => self.advance_feathers(turn),
                Step::Collect { turn } => self.advance_collect(turn),
                Step::Disasters { turn } => self.advance_disasters(turn),
                Step::Suffer { turn, by, left } => self.advance_suffer(turn, by, left),
                Step::Build { turn, hammers, .. } => self.advance_build(turn, hammers),
                Step::Extort {
                    turn,
                    victim,
                    demand,
                } => self.advance_extort(turn, victim, demand),
            };
            match progress {
                Progress::Wait => return,
                Progress::Moved => {}
                Progress::Finished => self.next_step(),
            }
        }
    }

    /// The step after the one just finished: layout, start-player roll,
    /// then each round Roll (with the Monastery), feathers, Collect, Feed,
    /// disasters, Build, Extort and the end of the round (ERA-12 … ERA-22).
    fn next_step(&mut self) {
        match self.step {
            Step::Layout { .. } => {
                self.reveal_layouts();
                self.enter_start_roll();
            }
            Step::StartRoll { .. } => self.begin_round(),
            Step::Roll { .. } => self.enter_feathers(),
            Step::Feathers { .. } => self.enter_collect(),
            Step::Collect { .. } => {
                self.feed();
                self.step = Step::Disasters { turn: 0 };
            }
            Step::Disasters { .. } | Step::Suffer { .. } => {
                self.enter_build(0);
            }
            Step::Build { .. } => self.enter_extort(),
            Step::Extort { .. } => self.end_round(),
            Step::Over => {}
        }
    }
}

//! The [`dice_core::Game`] contract for [`Era`]: each call dispatches to
//! the step the game is in.

use alloc::string::String;
use alloc::vec::Vec;

use dice_core::{
    DiceRng, Game, GameResult, InconsistentView, ParseActionError, Prob, Scoreboard, ToMove, Viewer,
};

use crate::action::{Action, Chance};
use crate::config::EraConfig;
use crate::error::EraError;
use crate::ids::Ids;
use crate::narration::{SeenAction, SeenChance};
use crate::notation;
use crate::state::Era;
use crate::step::Step;
use crate::view::EraView;

impl Game for Era {
    const NAME: &'static str = "era";
    type Config = EraConfig;
    type Action = Action;
    type Chance = Chance;
    type View = EraView;
    type Error = EraError;
    type SeenAction = SeenAction;
    type SeenChance = SeenChance;

    fn new(config: &EraConfig) -> Result<Self, EraError> {
        let mut era = Era::create(config)?;
        era.settle();
        Ok(era)
    }

    fn config(&self) -> &EraConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.players.players()
    }

    fn to_move(&self) -> ToMove {
        match self.step {
            Step::Over => ToMove::Over,
            Step::StartRoll { .. } => ToMove::Chance,
            Step::Layout { seat } => ToMove::Player(usize::from(seat)),
            Step::Roll { turn } | Step::Feathers { turn } => {
                let seat = self.seat(turn);
                if self.players.get(seat).is_some_and(|p| p.rolling.any()) {
                    ToMove::Chance
                } else {
                    ToMove::Player(seat)
                }
            }
            Step::Collect { turn } | Step::Disasters { turn } | Step::Build { turn, .. } => {
                ToMove::Player(self.seat(turn))
            }
            Step::Suffer { turn, by, .. } => ToMove::Player(self.left_of_turn(turn, by)),
            Step::Extort {
                turn,
                victim,
                demand,
            } => ToMove::Player(self.extort_to_move(turn, victim, demand)),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let ToMove::Player(seat) = self.to_move() else {
            return;
        };
        match self.step {
            Step::Layout { .. } => self.legal_layout(seat, out),
            Step::Roll { .. } => self.legal_roll(seat, out),
            Step::Feathers { .. } => self.legal_feathers(seat, out),
            Step::Collect { .. } => self.legal_collect(seat, out),
            Step::Suffer { turn, by, left } => self.legal_suffer(turn, by, left, out),
            Step::Build { chosen, .. } => self.legal_build(seat, chosen, out),
            Step::Extort {
                turn,
                victim,
                demand,
            } => self.legal_extort(turn, victim, demand, out),
            Step::StartRoll { .. } | Step::Disasters { .. } | Step::Over => {}
        }
    }

    fn check(&self, action: &Action) -> Result<(), EraError> {
        let seat = match self.to_move() {
            ToMove::Over => return Err(EraError::GameOver),
            ToMove::Chance => return Err(EraError::WaitingForChance),
            ToMove::Player(seat) => seat,
        };
        let action = *action;
        match self.step {
            Step::Layout { .. } => self.check_layout(seat, action),
            Step::Roll { .. } => self.check_roll(seat, action),
            Step::Feathers { .. } => self.check_feathers(seat, action),
            Step::Collect { .. } => self.check_collect(seat, action),
            Step::Suffer { turn, by, left } => self.check_suffer(turn, by, left, action),
            Step::Build { chosen, .. } => self.check_build(seat, chosen, action),
            Step::Extort {
                turn,
                victim,
                demand,
            } => self.check_extort(turn, victim, demand, action),
            Step::StartRoll { .. } | Step::Disasters { .. } | Step::Over => {
                Err(self.wrong_step(action))
            }
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        let ToMove::Player(seat) = self.to_move() else {
            return;
        };
        match self.step {
            Step::Layout { .. } => self.play_layout(seat, action),
            Step::Roll { .. } => self.play_roll(seat, action),
            Step::Feathers { .. } => self.play_feathers(seat, action),
            Step::Collect { .. } => self.play_collect(seat, action),
            Step::Suffer { turn, by, left } => self.play_suffer(turn, by, left, action),
            Step::Build { turn, hammers, .. } => self.play_build(seat, turn, hammers, action),
            Step::Extort {
                turn,
                victim,
                demand,
            } => self.play_extort(turn, victim, demand, action),
            Step::StartRoll { .. } | Step::Disasters { .. } | Step::Over => {}
        }
        self.settle();
    }

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        out.clear();
        if self.to_move() != ToMove::Chance {
            return;
        }
        match self.step {
            Step::StartRoll { rolling } => self.start_roll_outcomes(rolling, out),
            _ => self.hand_roll_outcomes(out),
        }
    }

    fn check_chance(&self, outcome: &Chance) -> Result<(), EraError> {
        match self.to_move() {
            ToMove::Over => return Err(EraError::GameOver),
            ToMove::Player(_) => return Err(EraError::NotChance),
            ToMove::Chance => {}
        }
        match (outcome, self.step) {
            (Chance::StartRoll(faces), Step::StartRoll { rolling }) => {
                self.check_start_roll(rolling, *faces)
            }
            (Chance::Roll { die, faces }, _) => self.check_hand_roll(*die, *faces),
            (Chance::StartRoll(_), _) => Err(EraError::ImpossibleRoll),
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: Chance) {
        match outcome {
            Chance::StartRoll(faces) => self.apply_start_roll(faces),
            Chance::Roll { die, faces } => self.apply_hand_roll(die, faces),
        }
        self.settle();
    }

    /// Rolls directly: at the start-player roll, one [`DiceRng::below`] of
    /// 6 per seat still rolling, in seat order; at a roll, one per die of
    /// the colour being rolled ([`Die::roll_many`](dice_core::Die::roll_many)).
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Chance> {
        if self.to_move() != ToMove::Chance {
            return None;
        }
        match self.step {
            Step::StartRoll { rolling } => Some(self.sample_start_roll(rolling, rng)),
            _ => self.sample_hand_roll(rng),
        }
    }

    fn view(&self, viewer: Viewer) -> EraView {
        EraView::of(self, viewer)
    }

    fn determinize(view: &EraView, rng: &mut DiceRng) -> Result<Self, InconsistentView> {
        view.determinize(rng)
    }

    /// ERA-23 to ERA-27 as if the game ended now, part by part; none
    /// while a layout is hidden (ERA-5).
    fn scoreboard(view: &EraView) -> Option<Scoreboard> {
        view.scoreboard()
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        let mut s = self.clone();
        s.resample(viewer, rng);
        s
    }

    fn result(&self) -> Option<GameResult> {
        (self.step == Step::Over).then(|| self.final_result())
    }

    /// `result`'s winners with no vector built (the search reads every
    /// simulation's end this way).
    fn winners_into(&self, out: &mut Vec<dice_core::Seat>) -> bool {
        if self.step != Step::Over {
            out.clear();
            return false;
        }
        self.final_winners_into(out);
        true
    }

    /// The whole action for its actor and whoever may see it; of a layout
    /// placement the others learn the piece, of a die set aside or set by
    /// a Monastery its colour (see [`SeenAction`]).
    fn seen_action(&self, action: &Action, viewer: Viewer) -> SeenAction {
        self.seen(*action, viewer)
    }

    /// The start-player roll and the feather re-rolls are public; a roll of
    /// the Roll step shows its faces only to the player rolling (see
    /// [`SeenChance`]).
    fn seen_chance(&self, outcome: &Chance, viewer: Viewer) -> SeenChance {
        self.seen_outcome(*outcome, viewer)
    }

    /// The notation of the crate docs ([actions as text](crate#actions-as-text)):
    /// `place farm at c3 turn 0`, `reroll yellow 3`, `collect yellow 5 b`.
    fn action_text(&self, action: &Action) -> String {
        notation::write(*action)
    }

    fn action_from_text(&self, text: &str) -> Result<Action, ParseActionError> {
        notation::read(self.ruleset(), text)
    }

    /// Every die by its face: `player 1 rolls yellow: FFF FFF WHK`.
    fn chance_text(&self, outcome: &Chance) -> String {
        self.outcome_text(*outcome)
    }

    fn action_id_bound(&self) -> u32 {
        self.ids().bound()
    }

    fn action_id(&self, action: &Action) -> Option<u32> {
        self.ids().of(*action, self.ruleset().domain_size())
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        self.ids().action(id, self.ruleset().domain_size())
    }
}

impl Era {
    fn ids(&self) -> Ids {
        Ids::new(self.ruleset().domain_size())
    }
}

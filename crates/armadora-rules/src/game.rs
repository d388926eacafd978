//! Armadöra on the [`Game`] contract.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use dice_core::seat::PerSeat;
use dice_core::{
    DiceRng, Game, GameResult, InconsistentView, ParseActionError, Prob, ScorePart, Scoreboard,
    ToMove, Viewer,
};

use crate::action::{ADVANCED_ACTION_IDS, Action, BASE_ACTION_IDS};
use crate::army::Warrior;
use crate::board::SquareMap;
use crate::chance::Chance;
use crate::config::ArmadoraConfig;
use crate::error::ArmadoraError;
use crate::seen::SeenAction;
use crate::settled::settled_gold;
use crate::state::Armadora;
use crate::table::{Phase, Table};
use crate::view::ArmadoraView;

// Each associated type opens the calls that deal in it: the config and its
// errors, then actions, setup chance and views.
impl Game for Armadora {
    const NAME: &'static str = "armadora";
    type Config = ArmadoraConfig;
    type Error = ArmadoraError;

    fn new(config: &ArmadoraConfig) -> Result<Self, ArmadoraError> {
        let table = Table::new(config)?;
        let players = config.players();
        let starting = config
            .starting_supply()
            .ok_or(ArmadoraError::Players(players))?;
        let supply = PerSeat::new(players, &starting).ok_or(ArmadoraError::Players(players))?;
        Ok(Armadora {
            allowed: table.palisades.allowed_lines(),
            table,
            board: SquareMap::filled(None),
            supply,
            occupied: 0,
        })
    }

    fn config(&self) -> &ArmadoraConfig {
        &self.table.config
    }

    fn players(&self) -> usize {
        self.table.config.players()
    }

    type Action = Action;
    type SeenAction = SeenAction;

    fn to_move(&self) -> ToMove {
        self.table.to_move()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list_actions(out);
    }

    fn check(&self, action: &Action) -> Result<(), ArmadoraError> {
        self.check_action(*action)
    }

    fn apply_unchecked(&mut self, action: Action) {
        self.apply_action(action);
    }

    type Chance = Chance;
    /// The gold and the first player are public: every viewer is told the
    /// outcome.
    type SeenChance = Chance;

    fn chance_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        self.setup_outcomes(out);
    }

    fn chance_outcome_index(&self, outcome: &Chance) -> Option<usize> {
        self.setup_outcome_index(*outcome)
    }

    fn chance_outcome(&self, index: usize) -> Option<(Chance, Prob)> {
        self.setup_outcome(index)
    }

    fn check_chance(&self, outcome: &Chance) -> Result<(), ArmadoraError> {
        self.check_setup(*outcome)
    }

    fn apply_chance_unchecked(&mut self, outcome: Chance) {
        self.apply_setup(outcome);
    }

    /// Gold: [`dice_core::shuffled`] of the piles `3,4,4,5,5,6,6,7` (a
    /// Fisher–Yates shuffle, seven [`DiceRng::index`] draws); first player:
    /// one [`DiceRng::index`] draw below the number of players.
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Chance> {
        self.sample_setup(rng)
    }

    type View = ArmadoraView;

    fn view(&self, viewer: Viewer) -> ArmadoraView {
        ArmadoraView::of(self, viewer)
    }

    /// Keeps everything the view shows; each player's warriors the view
    /// hides (face-down values and unplaced tiles) are that player's
    /// starting set minus the values it shows, shuffled uniformly
    /// ([`DiceRng::shuffle`], one player after the other in seat order) and
    /// dealt to their hidden board squares in square order, the rest going
    /// to their supply.
    fn determinize(view: &ArmadoraView, rng: &mut DiceRng) -> Result<Self, InconsistentView> {
        view.determinize(rng)
    }

    /// The gold each seat won (its side's, in the team game), once the
    /// game is over and every warrior shows its value. Before, the gold
    /// falls by values the viewer cannot see (ARM-10), so the running
    /// score is the gold already settled, as its one part `settled`: the
    /// territories no one can enter any more where one side alone stands.
    fn scoreboard(view: &ArmadoraView) -> Option<Scoreboard> {
        if view.table.phase != Phase::Over {
            return Some(Scoreboard::from_parts(
                "gold",
                alloc::vec![ScorePart::new("settled", settled_gold(view))],
            ));
        }
        // Every value is shown at the end: any state drawn from the view
        // scores as the game did.
        let scoring = view
            .determinize(&mut DiceRng::from_seed_u64(0))
            .ok()?
            .scoring();
        let seats = view.table.turn_order().seats();
        let gold = seats.map(|seat| i32::try_from(scoring.gold(seat)).unwrap_or(i32::MAX));
        Some(Scoreboard::new("gold", gold.collect()))
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        self.view(viewer)
            .determinize(rng)
            .unwrap_or_else(|_| self.clone())
    }

    /// A warrior placement shows its value to whoever would see it on the
    /// board right after ([`Table::sees`]); everything else is public.
    fn seen_action(&self, action: &Action, viewer: Viewer) -> SeenAction {
        let seen = match *action {
            Action::Warrior { at, value } => {
                let placed = Warrior {
                    owner: self.table.current,
                    value,
                    face_up: false,
                    arrows: 0,
                    reinforced: false,
                };
                self.table.sees(viewer, at, &placed)
            }
            _ => false,
        };
        SeenAction::with_value_seen(*action, seen)
    }

    fn seen_chance(&self, outcome: &Chance, _viewer: Viewer) -> Chance {
        *outcome
    }

    /// The text notation: `warrior d3 4`, `palisade c2e`, `end turn`,
    /// `pass`, `reinforce d3`, `power goblin d3 1`, ... (see
    /// [`Action::notation`]).
    fn action_text(&self, action: &Action) -> String {
        // The longest text, `power goblin h5 5`, fits without growing.
        let mut text = String::with_capacity(24);
        // Writing to a String cannot fail.
        let _ = write!(text, "{}", action.notation());
        text
    }

    fn action_from_text(&self, text: &str) -> Result<Action, ParseActionError> {
        text.parse()
    }

    /// `gold d1:5 b2:7 f2:6 h2:6 a4:4 e4:5 c5:4 g5:3` or `first player 1`.
    fn chance_text(&self, outcome: &Chance) -> String {
        outcome.to_string()
    }

    fn result(&self) -> Option<GameResult> {
        (self.table.phase == Phase::Over).then(|| self.scoring().result())
    }

    /// `result`'s winners with no vector built (the search reads every
    /// simulation's end this way).
    fn winners_into(&self, out: &mut Vec<dice_core::Seat>) -> bool {
        if self.table.phase != Phase::Over {
            out.clear();
            return false;
        }
        self.scoring().winners_into(out);
        true
    }

    /// The base game's actions come first, so a base-game config has the
    /// smaller bound [`BASE_ACTION_IDS`].
    fn action_id_bound(&self) -> u32 {
        if self.table.config.is_advanced() {
            ADVANCED_ACTION_IDS
        } else {
            BASE_ACTION_IDS
        }
    }

    fn action_id(&self, action: &Action) -> Option<u32> {
        action.id().filter(|&id| id < self.action_id_bound())
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        (id < self.action_id_bound())
            .then(|| Action::from_id(id))
            .flatten()
    }
}

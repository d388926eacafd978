//! A game for one player, and what the search plays for in it: with the
//! objective to win, every finished game is a win and the search learns
//! nothing; with the objective to score, it learns when to hold.
#![allow(
    clippy::cast_precision_loss,
    reason = "a count of games is far below where a float loses precision"
)]

use super::toy::{NotNow, listed, move_methods, seat_zero_or_chance, two_moves};
use dice_core::mcts::Mcts;
use dice_core::{Agent, DiceRng, Game, GameResult, Match, Objective, Prob, ToMove, play_out};

/// The most rolls in one turn: the sixth banks the turn by itself, so no
/// turn scores more than 36.
const ROLLS: u8 = 6;

/// Solitaire Pig: `turns` turns of rolling one die; a 1 loses the turn's
/// total, holding (or the sixth roll) banks it. The score is the bank.
#[derive(Debug, Clone, PartialEq)]
struct Solitaire {
    config: Config,
    turn: u8,
    rolls: u8,
    total: i32,
    bank: i32,
    rolling: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Config {
    turns: u8,
    objective: Objective,
}

impl Config {
    /// The highest score: every turn at its most.
    fn highest(turns: u8) -> i32 {
        i32::from(turns) * i32::from(ROLLS) * 6
    }
}

two_moves!(Move {
    Roll = "roll",
    Hold = "hold"
});

impl Solitaire {
    fn end_turn(&mut self) {
        self.turn += 1;
        self.rolls = 0;
        self.total = 0;
    }
}

impl Game for Solitaire {
    const NAME: &'static str = "solitaire";
    type Config = Config;
    type Action = Move;
    type Chance = u8;
    type Error = NotNow;
    dice_core::perfect_information!();

    fn new(config: &Config) -> Result<Self, NotNow> {
        Ok(Solitaire {
            config: *config,
            turn: 0,
            rolls: 0,
            total: 0,
            bank: 0,
            rolling: false,
        })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn players(&self) -> usize {
        1
    }
    fn to_move(&self) -> ToMove {
        seat_zero_or_chance(self.turn == self.config.turns, self.rolling)
    }
    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.to_move() == ToMove::Player(0) {
            out.push(Move::Roll);
            if self.total > 0 {
                out.push(Move::Hold);
            }
        }
    }
    fn check(&self, action: &Move) -> Result<(), NotNow> {
        listed(self, action)
    }
    fn apply_unchecked(&mut self, action: Move) {
        match action {
            Move::Roll => self.rolling = true,
            Move::Hold => {
                self.bank += self.total;
                self.end_turn();
            }
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        if self.rolling {
            out.extend((1..=6).map(|face| (face, Prob::new(1, 6).unwrap())));
        }
    }
    fn check_chance(&self, outcome: &u8) -> Result<(), NotNow> {
        (self.rolling && (1..=6).contains(outcome))
            .then_some(())
            .ok_or(NotNow)
    }
    fn apply_chance_unchecked(&mut self, face: u8) {
        self.rolling = false;
        self.rolls += 1;
        if face == 1 {
            self.end_turn();
        } else {
            self.total += i32::from(face);
            if self.rolls == ROLLS {
                self.apply_unchecked(Move::Hold);
            }
        }
    }
    move_methods!(Move);
    fn chance_text(&self, outcome: &u8) -> String {
        outcome.to_string()
    }
    fn result(&self) -> Option<GameResult> {
        (self.to_move() == ToMove::Over).then(|| GameResult::new(vec![self.bank], vec![], vec![0]))
    }
    fn objective(&self) -> Objective {
        self.config.objective
    }
}

const TURNS: u8 = 5;
const GAMES: u64 = 24;

/// The mean final score of the search over the same seeds, playing for
/// `objective`.
fn mean_score(objective: Objective) -> f64 {
    let config = Config {
        turns: TURNS,
        objective,
    };
    let mut total = 0;
    for seed in 0..GAMES {
        let mut bot = Mcts::new(400);
        let mut agents: [&mut dyn Agent<Solitaire>; 1] = [&mut bot];
        let mut m = Match::<Solitaire>::new(&config, seed).unwrap();
        play_out(
            &mut m,
            &mut agents,
            &mut DiceRng::from_seed_u64(seed),
            10_000,
        )
        .unwrap();
        let result = m.state().result().unwrap();
        assert_eq!(result.winners(), [0], "alone, every game is a win");
        total += result.scores().first().copied().unwrap();
    }
    f64::from(total) / GAMES as f64
}

#[test]
fn the_search_playing_for_score_alone_scores_clearly_more_than_playing_to_win() {
    let score = Objective::Score {
        lowest: 0,
        highest: Config::highest(TURNS),
    };
    let for_score = mean_score(score);
    let to_win = mean_score(Objective::Win);
    // Holding at 20 scores about 8 points a turn; a search that does not
    // care stops at random.
    assert!(
        for_score > 1.5 * to_win && for_score > 6.0 * f64::from(TURNS),
        "playing for score {for_score:.1}, to win {to_win:.1}"
    );
}

#[test]
fn a_game_says_win_unless_it_declares_otherwise() {
    let pig = dice_core::pig::Pig::new(&dice_core::pig::PigConfig::default()).unwrap();
    assert_eq!(pig.objective(), Objective::Win);
}

//! `check_histories` fails when it compares too little to prove anything:
//! when the twins part at most entries, or when something is hidden but
//! no twin ever differs from the game. Two toy games do each; a third
//! reveals a secret in the middle of the game, and the comparison goes on
//! past it to the end.

use super::toy::{NotNow, listed, move_methods, seat_zero_or_chance, two_moves};
use dice_core::testkit::check_histories;
use dice_core::{DiceRng, Game, GameResult, InconsistentView, Prob, ToMove, Viewer};
use serde::{Deserialize, Serialize};

/// How the toy hides its coin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Mode {
    /// Each round a coin is tossed that nobody sees, and seat 0 shows it
    /// at once: every third entry is a reveal.
    ShowAtOnce,
    /// The coin lies hidden from the start and is never tossed: something
    /// is hidden, but no entry ever depends on it.
    NeverTossed,
    /// Each round a coin is tossed that nobody sees; seat 0 shows the
    /// second one, once.
    ShowOnce,
}

/// Four rounds of a hidden coin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Hidden {
    mode: Mode,
    coin: u8,
    tossing: bool,
    shown: bool,
    rounds: u8,
}

const ROUNDS: u8 = 4;

two_moves!(
    #[derive(Serialize, Deserialize)]
    Move {
        Toss = "toss",
        Show = "show"
    }
);

/// A toss as a viewer is told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Seen {
    coin: Option<u8>,
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.coin)
    }
}

impl Game for Hidden {
    const NAME: &'static str = "coin";
    type Config = Mode;
    type Action = Move;
    type Chance = u8;
    /// The coin when the viewer sees it, and the rest.
    type View = (Option<u8>, bool, bool, u8);
    type Error = NotNow;
    type SeenAction = Move;
    type SeenChance = Seen;

    fn new(mode: &Mode) -> Result<Self, NotNow> {
        Ok(Hidden {
            mode: *mode,
            coin: 0,
            tossing: false,
            shown: false,
            rounds: 0,
        })
    }
    fn config(&self) -> &Mode {
        &self.mode
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> ToMove {
        seat_zero_or_chance(self.rounds == ROUNDS, self.tossing)
    }
    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.to_move() == ToMove::Player(0) {
            out.push(match self.mode {
                Mode::ShowAtOnce if !self.shown => Move::Show,
                Mode::ShowOnce if self.rounds == 2 && !self.shown => Move::Show,
                _ => Move::Toss,
            });
        }
    }
    fn check(&self, action: &Move) -> Result<(), NotNow> {
        listed(self, action)
    }
    fn apply_unchecked(&mut self, action: Move) {
        match (action, self.mode) {
            (Move::Show, Mode::ShowOnce) => self.shown = true,
            (Move::Show, _) => {
                self.shown = true;
                self.rounds += 1;
            }
            (Move::Toss, Mode::ShowAtOnce) => {
                self.tossing = true;
                self.shown = false;
            }
            (Move::Toss, Mode::ShowOnce) => {
                self.tossing = true;
                self.shown = false;
                self.rounds += 1;
            }
            (Move::Toss, Mode::NeverTossed) => self.rounds += 1,
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        if self.tossing {
            out.extend([0, 1].map(|c| (c, Prob::new(1, 2).unwrap())));
        }
    }
    fn check_chance(&self, outcome: &u8) -> Result<(), NotNow> {
        if self.tossing && *outcome < 2 {
            Ok(())
        } else {
            Err(NotNow)
        }
    }
    fn apply_chance_unchecked(&mut self, outcome: u8) {
        self.coin = outcome;
        self.tossing = false;
    }
    fn view(&self, viewer: Viewer) -> Self::View {
        let _ = viewer;
        (
            self.shown.then_some(self.coin),
            self.tossing,
            self.shown,
            self.rounds,
        )
    }
    fn determinize(view: &Self::View, _: &mut DiceRng) -> Result<Self, InconsistentView> {
        Err(InconsistentView::new(format!("{view:?}: not needed here")))
    }
    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        let mut other = self.clone();
        let _ = viewer;
        if !self.shown {
            other.coin = u8::from(rng.pick(2) == Some(1));
        }
        other
    }
    fn seen_action(&self, action: &Move, _: Viewer) -> Move {
        *action
    }
    fn seen_chance(&self, _: &u8, _: Viewer) -> Seen {
        Seen { coin: None }
    }
    move_methods!(Move);
    fn chance_text(&self, outcome: &u8) -> String {
        outcome.to_string()
    }
    fn result(&self) -> Option<GameResult> {
        (self.rounds == ROUNDS).then(|| GameResult::new(vec![1, 0], Vec::new(), vec![0]))
    }
}

#[test]
#[should_panic(expected = "the twins parted at")]
fn twins_that_part_at_most_entries_compare_too_little() {
    // Toss, the coin, show: every third entry reveals the coin.
    check_histories::<Hidden>(&Mode::ShowAtOnce, 0..4, 100);
}

#[test]
#[should_panic(expected = "nothing hidden was compared")]
fn a_secret_no_entry_depends_on_compares_nothing_hidden() {
    // The coin is hidden from the start, so resampling redraws it, but no
    // entry of the log can differ between twins.
    check_histories::<Hidden>(&Mode::NeverTossed, 0..4, 100);
}

#[test]
fn the_comparison_goes_on_past_a_reveal_in_the_middle_of_the_game() {
    // Toss, the coin, toss, the coin, show, toss, the coin, toss: the show
    // reveals the second coin and the twins part there; a new twin, drawn
    // from the revealed position, is compared to the end, and the third
    // coin differs between them again.
    let summary = check_histories::<Hidden>(&Mode::ShowOnce, 0..4, 100);
    // Four seeds, each told to two seats and a spectator.
    let told = 4 * 3;
    assert_eq!(summary.reveals, told, "{summary:?}");
    assert_eq!(summary.entries, 7 * told, "{summary:?}");
    assert_eq!(summary.hidden_differences, 3 * told, "{summary:?}");
}

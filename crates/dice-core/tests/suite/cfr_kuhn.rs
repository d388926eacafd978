//! The CFR solver on a game of its own: Kuhn poker as OpenSpiel's
//! `kuhn_poker` plays it (three cards, an ante of 1, one bet of 1), against
//! OpenSpiel's `CFRSolver` and `CFRPlusSolver`; and the games it refuses.

use std::fmt;

use dice_core::cfr::{Cfr, CfrVariant, SolverError};
use dice_core::{
    DiceRng, Game, GameResult, InconsistentView, InformationState, ParseActionError, Prob, Seat,
    ToMove, Viewer,
};

/// The table: how many seats (Kuhn poker has two; three tests the
/// refusal) and whether an ending pays only the winner (not zero-sum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct KuhnConfig {
    players: usize,
    winner_only: bool,
}

const KUHN: KuhnConfig = KuhnConfig {
    players: 2,
    winner_only: false,
};

/// Cards dealt (seat 0's, then seat 1's) and the moves, `true` a bet.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Kuhn {
    config: KuhnConfig,
    cards: Vec<u8>,
    moves: Vec<bool>,
}

/// A seat's card and the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
struct KuhnView {
    viewer: Viewer,
    card: Option<u8>,
    dealt: usize,
    moves: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("refused")
    }
}

impl std::error::Error for Refused {}

/// A move or a deal as told.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Told(String);

impl fmt::Display for Told {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Kuhn {
    fn over(&self) -> bool {
        matches!(
            self.moves[..],
            [false, false] | [true, _] | [false, true, _]
        )
    }
}

impl Game for Kuhn {
    const NAME: &'static str = "kuhn";
    type Config = KuhnConfig;
    type Action = bool;
    type Chance = u8;
    type View = KuhnView;
    type Error = Refused;
    type SeenAction = Told;
    type SeenChance = Told;

    fn new(config: &KuhnConfig) -> Result<Self, Refused> {
        Ok(Kuhn {
            config: *config,
            cards: Vec::new(),
            moves: Vec::new(),
        })
    }

    fn config(&self) -> &KuhnConfig {
        &self.config
    }

    fn players(&self) -> usize {
        self.config.players
    }

    fn to_move(&self) -> ToMove {
        if self.cards.len() < 2 {
            ToMove::Chance
        } else if self.over() {
            ToMove::Over
        } else {
            ToMove::Player(self.moves.len() % 2)
        }
    }

    /// Pass, then bet: OpenSpiel's action order.
    fn legal_actions(&self, out: &mut Vec<bool>) {
        out.clear();
        if matches!(self.to_move(), ToMove::Player(_)) {
            out.extend([false, true]);
        }
    }

    fn check(&self, _: &bool) -> Result<(), Refused> {
        match self.to_move() {
            ToMove::Player(_) => Ok(()),
            _ => Err(Refused),
        }
    }

    fn apply_unchecked(&mut self, action: bool) {
        self.moves.push(action);
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        if self.to_move() == ToMove::Chance {
            let left: Vec<u8> = (0..3).filter(|c| !self.cards.contains(c)).collect();
            let p = Prob::new(1, left.len() as u128).unwrap();
            out.extend(left.into_iter().map(|c| (c, p)));
        }
    }

    fn check_chance(&self, card: &u8) -> Result<(), Refused> {
        if self.to_move() == ToMove::Chance && *card < 3 && !self.cards.contains(card) {
            Ok(())
        } else {
            Err(Refused)
        }
    }

    fn apply_chance_unchecked(&mut self, card: u8) {
        self.cards.push(card);
    }

    fn view(&self, viewer: Viewer) -> KuhnView {
        let card = match viewer {
            Viewer::Seat(seat) => self.cards.get(seat).copied(),
            Viewer::Spectator => None,
        };
        KuhnView {
            viewer,
            card,
            dealt: self.cards.len(),
            moves: self.moves.clone(),
        }
    }

    fn determinize(_: &KuhnView, _: &mut DiceRng) -> Result<Self, InconsistentView> {
        Err(InconsistentView::new("not needed by the solver"))
    }

    fn seen_action(&self, action: &bool, _: Viewer) -> Told {
        Told(self.action_text(action))
    }

    fn seen_chance(&self, _: &u8, _: Viewer) -> Told {
        Told("a card".into())
    }

    fn action_text(&self, action: &bool) -> String {
        if *action { "bet" } else { "pass" }.into()
    }

    fn action_from_text(&self, text: &str) -> Result<bool, ParseActionError> {
        match text {
            "bet" => Ok(true),
            "pass" => Ok(false),
            _ => Err(ParseActionError::new(text, "pass or bet")),
        }
    }

    fn chance_text(&self, card: &u8) -> String {
        card.to_string()
    }

    /// Showdown at pass-pass (1) or after a call (2); a fold loses 1.
    fn result(&self) -> Option<GameResult> {
        if self.to_move() != ToMove::Over {
            return None;
        }
        let (winner, stake) = match self.moves[..] {
            [true, false] => (0, 1),
            [false, true, false] => (1, 1),
            [false, false] => (usize::from(self.cards[1] > self.cards[0]), 1),
            _ => (usize::from(self.cards[1] > self.cards[0]), 2),
        };
        let mut scores = vec![-stake; 2];
        scores[winner] = stake;
        if self.config.winner_only {
            scores[1 - winner] = 0;
        }
        Some(GameResult::new(scores, Vec::new(), vec![winner]))
    }

    fn action_id_bound(&self) -> u32 {
        2
    }

    fn action_id(&self, action: &bool) -> Option<u32> {
        Some(u32::from(*action))
    }

    fn action_from_id(&self, id: u32) -> Option<bool> {
        (id < 2).then_some(id == 1)
    }
}

impl InformationState for Kuhn {
    /// Seat, card, moves.
    type InfoKey = (Seat, u8, Vec<bool>);

    fn information_key(view: &KuhnView) -> Option<Self::InfoKey> {
        let Viewer::Seat(seat) = view.viewer else {
            return None;
        };
        let over = Kuhn {
            config: KUHN,
            cards: vec![0; view.dealt],
            moves: view.moves.clone(),
        }
        .to_move();
        (over == ToMove::Player(seat)).then_some((seat, view.card?, view.moves.clone()))
    }
}

fn solver(variant: CfrVariant) -> Cfr<Kuhn> {
    Cfr::new(&Kuhn::new(&KUHN).unwrap(), variant).unwrap()
}

/// Exploitability after each count of iterations, within 1e-12.
fn assert_golden(variant: CfrVariant, golden: &[(u64, f64)]) {
    let mut cfr = solver(variant);
    for &(iterations, expected) in golden {
        cfr.run(iterations - cfr.iterations());
        let got = cfr.exploitability();
        assert!(
            (got - expected).abs() < 1e-12,
            "{variant:?} after {iterations}: {got:?} != {expected:?}"
        );
    }
}

/// `pyspiel.CFRSolver(pyspiel.load_game("kuhn_poker"))`, then
/// `pyspiel.exploitability` of its average policy.
#[test]
fn cfr_on_kuhn_poker_is_openspiels_cfr_solver() {
    assert_eq!(solver(CfrVariant::Vanilla).information_states(), 12);
    assert_golden(
        CfrVariant::Vanilla,
        &[
            (1, 0.458_333_333_333_333_26),
            (10, 0.068_698_793_817_157_54),
            (100, 0.008_225_977_315_915_206),
        ],
    );
}

/// The same with `pyspiel.CFRPlusSolver`.
#[test]
fn cfr_plus_on_kuhn_poker_is_openspiels_cfr_plus_solver() {
    assert_golden(
        CfrVariant::Plus,
        &[
            (1, 0.458_333_333_333_333_26),
            (10, 0.032_687_090_668_344_826),
            (100, 0.001_194_404_101_111_684_6),
        ],
    );
}

/// The average strategy plays the equilibrium's value: seat 0 loses 1/18
/// a game; its best-known feature: with the king (card 2), seat 1 always
/// calls a bet.
#[test]
fn cfr_average_strategy_of_kuhn_poker_approaches_the_equilibrium() {
    let mut cfr = solver(CfrVariant::Plus);
    cfr.run(1000);
    assert!(cfr.exploitability() < 1e-3);
    let strategy = cfr.average_strategy();
    let call = strategy.probabilities(&(1, 2, vec![true])).unwrap();
    assert!(call[1] > 0.999, "{call:?}");
    assert_eq!(
        strategy.actions(&(1, 2, vec![true])),
        Some(&[false, true][..])
    );
    assert_eq!(strategy.len(), 12);
}

#[test]
fn cfr_refuses_other_than_two_players_and_not_zero_sum() {
    let three = KuhnConfig {
        players: 3,
        winner_only: false,
    };
    let err = Cfr::new(&Kuhn::new(&three).unwrap(), CfrVariant::Vanilla).unwrap_err();
    assert_eq!(err, SolverError::Players(3));
    let winner_only = KuhnConfig {
        players: 2,
        winner_only: true,
    };
    let err = Cfr::new(&Kuhn::new(&winner_only).unwrap(), CfrVariant::Vanilla).unwrap_err();
    assert_eq!(err, SolverError::NotZeroSum);
}

//! A one-ply bot: simple rules for the dice, the best immediate score for
//! everything else.

use alloc::vec::Vec;

use dice_core::mcts::{Evaluated, Mcts};
use dice_core::{Agent, DiceRng, Game, Seat};

use crate::action::Action;
use crate::auto_layout::auto_layout_action;
use crate::colour::Colour;
use crate::piece::Piece;
use crate::scoring::Score;
use crate::side::Side;
use crate::state::Era;
use crate::step::Step;
use crate::symbols::Symbol;
use crate::view::EraView;

/// Plays by simple rules where the outcome is chance, and by the best
/// immediate score margin (its score if the game ended now minus the best
/// opponent's) everywhere else:
///
/// - layout: [`auto_layout_action`];
/// - Roll: a Monastery turns the weakest die to the strongest face; stop
///   at two or more skulls; otherwise set aside every die whose face shows
///   no hammer and fewer than two symbols, and roll them again;
/// - Collect: the set of a choice face that adds most to the tracks;
/// - building: the piece and placement with the best margin, stopping when
///   nothing improves it (after [`PATIENCE_ROUNDS`] rounds, a building is
///   built whenever one can be, so that every game ends);
/// - feathers, disasters and extortion: the best margin, ties broken at
///   random.
///
/// Hidden dice are sampled from its own view ([`Game::determinize`]).
///
/// ```
/// use dice_core::{play_out, Agent, DiceRng, Game, Match, RandomAgent};
/// use era_rules::{bot::Greedy, Era, EraConfig};
///
/// let mut m = Match::<Era>::new(&EraConfig::new(2), 5).unwrap();
/// let mut greedy = Greedy;
/// let mut agents: [&mut dyn Agent<Era>; 2] = [&mut greedy, &mut RandomAgent];
/// play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(5), 100_000).unwrap();
/// assert!(m.state().result().is_some());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Greedy;

/// Own score minus the best opponent's, if the game ended now.
fn margin(state: &Era, seat: Seat) -> i64 {
    let (own, best_other) =
        state
            .scores()
            .iter()
            .enumerate()
            .fold((0, i64::MIN), |(own, best), (s, score)| {
                if s == seat {
                    (score.total(), best)
                } else {
                    (own, best.max(score.total()))
                }
            });
    own.saturating_sub(best_other)
}

/// `mcts-lead`: the search of `mcts` ([`Mcts::new`]) with `iterations` a
/// decision whose playouts stop 10 steps past the tree and are scored by
/// [`score_lead`], a lead of 5 points worth about 0.73 of a win: a
/// playout a tenth as long, so about seven times the iterations in the
/// same time, each scored by the margin the greedy bot reads.
pub fn lead_search(iterations: u32) -> Evaluated<Era> {
    Mcts::new(iterations).evaluated(score_lead, 10, 5.0)
}

/// Each seat's score if the game ended now minus the best opponent's: the
/// lead a search ([`Mcts::evaluated`](Mcts::evaluated))
/// scores a playout it cuts short by. It allocates nothing once `out` has
/// grown.
#[allow(clippy::cast_precision_loss, reason = "scores are far below 2^52")]
pub fn score_lead(state: &Era, out: &mut Vec<f64>) {
    out.clear();
    let scores = state.score_table();
    let totals = scores.as_slice().iter().map(Score::total);
    for (seat, own) in totals.clone().enumerate() {
        let best_other = totals
            .clone()
            .enumerate()
            .filter(|&(other, _)| other != seat)
            .map(|(_, total)| total)
            .max()
            .unwrap_or(own);
        out.push(own.saturating_sub(best_other) as f64);
    }
}

/// The best action by margin; `Done` wins ties only when listed first.
fn best_by_margin(state: &Era, seat: Seat, legal: &[Action], rng: &mut DiceRng) -> Option<Action> {
    let mut best: Vec<Action> = Vec::new();
    let mut best_value = i64::MIN;
    for action in legal {
        let value = match state.after(*action) {
            Ok(next) => margin(&next, seat),
            Err(_) => continue,
        };
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(*action);
        }
    }
    rng.choose(&best).copied()
}

/// The round after which [`Greedy`] builds a building whenever it can.
///
/// A building can lower the score "if the game ended now" (a Market counts
/// empty cells, a Guildhall resources left), so two bots that only build
/// what raises it may stop building for good, and the game, which ends only
/// when buildings run out (ERA-19), would never end. Bots' games under the
/// default ruleset end by round 16.
pub const PATIENCE_ROUNDS: u32 = 20;

/// Building: choose the piece whose best placement scores most, then place
/// it there; stop when nothing beats stopping. After [`PATIENCE_ROUNDS`],
/// the best building is built even when stopping scores more.
fn build(state: &Era, seat: Seat, legal: &[Action], rng: &mut DiceRng) -> Option<Action> {
    if legal.iter().any(|a| matches!(a, Action::Place { .. })) {
        return best_by_margin(state, seat, legal, rng);
    }
    let late = state.round() > PATIENCE_ROUNDS;
    let stopping = if late { i64::MIN } else { margin(state, seat) };
    let mut best = (stopping, Action::Done);
    let mut places = Vec::new();
    for action in legal {
        let Action::Choose(piece) = action else {
            continue;
        };
        if late && !matches!(piece, Piece::Building(_)) {
            continue;
        }
        let Ok(chosen) = state.after(*action) else {
            continue;
        };
        chosen.legal_actions(&mut places);
        for place in &places {
            if let Ok(next) = chosen.after(*place) {
                let value = margin(&next, seat);
                if value > best.0 {
                    best = (value, *action);
                }
            }
        }
    }
    if legal.contains(&best.1) {
        Some(best.1)
    } else {
        rng.choose(legal).copied()
    }
}

/// How much a face is worth keeping: hammers most, then symbols; a skull
/// nothing.
fn strength(state: &Era, die: Colour, face: Side) -> u32 {
    let f = state.ruleset().face(die, face);
    if f.is_skull() {
        return 0;
    }
    let symbols: u32 = Symbol::ALL.iter().map(|&s| u32::from(f.count(s))).sum();
    u32::from(f.count(Symbol::Hammer))
        .saturating_mul(3)
        .saturating_add(symbols)
}

/// Roll: a Monastery turns the weakest die to the strongest face; keep
/// strong dice, roll weak ones again, stop at two skulls.
fn roll(state: &Era, seat: Seat, legal: &[Action]) -> Option<Action> {
    let ruleset = state.ruleset();
    let monastery = legal
        .iter()
        .filter_map(|a| match *a {
            Action::SetDie { die, from, to } => {
                let gain = strength(state, die, to).saturating_sub(strength(state, die, from));
                Some((gain, *a))
            }
            _ => None,
        })
        .max_by_key(|&(gain, _)| gain);
    if let Some((gain, action)) = monastery {
        if gain > 0 {
            return Some(action);
        }
    }
    let dice = state.player(seat)?.dice();
    if dice.symbols(ruleset, Symbol::Skull) >= 2 {
        return legal.iter().find(|a| **a == Action::Done).copied();
    }
    let weak = legal.iter().find(|a| match a {
        Action::Reroll(d) => {
            let face = ruleset.face(d.die, d.face);
            let symbols: u8 = Symbol::ALL.iter().map(|&s| face.count(s)).sum();
            face.count(Symbol::Hammer) == 0 && symbols < 2
        }
        _ => false,
    });
    weak.or_else(|| legal.iter().find(|a| **a == Action::Roll))
        .or_else(|| legal.iter().find(|a| **a == Action::Done))
        .copied()
}

/// Collect: the set that adds most to the tracks, after their maximum.
fn collect(state: &Era, seat: Seat, legal: &[Action]) -> Option<Action> {
    let p = state.player(seat)?;
    let ruleset = state.ruleset();
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Collect { die, face, set } => {
                let gained = ruleset.face(die, face).yields(set);
                let added: u32 = gained
                    .resources()
                    .iter()
                    .map(|(r, &n)| {
                        let room = ruleset.resource_max(r).saturating_sub(p.resource(r));
                        u32::from(n.min(room))
                    })
                    .sum::<u32>()
                    .saturating_add(u32::from(gained.count(Symbol::Culture)));
                Some((added, *a))
            }
            _ => None,
        })
        .max_by_key(|&(added, _)| added)
        .map(|(_, a)| a)
}

impl Agent<Era> for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        seat: Seat,
        view: &EraView,
        legal: &[Action],
        rng: &mut DiceRng,
    ) -> Option<Action> {
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let Ok(state) = Era::determinize(view, rng) else {
            return rng.choose(legal).copied();
        };
        let chosen = match state.step() {
            Step::Layout { .. } => auto_layout_action(&state),
            Step::Roll { .. } => roll(&state, seat, legal),
            Step::Collect { .. } => collect(&state, seat, legal),
            Step::Build { .. } => build(&state, seat, legal, rng),
            _ => best_by_margin(&state, seat, legal, rng),
        };
        chosen
            .filter(|a| legal.contains(a))
            .or_else(|| rng.choose(legal).copied())
    }
}

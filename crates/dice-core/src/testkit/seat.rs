//! Moves sent by a seat: refusals worded from what that seat may know, and
//! legal actions worked out from its view alone.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use crate::game::{Game, ToMove, Viewer};
use crate::rng::DiceRng;
use crate::testkit::random::random_steps;

/// What [`check_refusals`] compared.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SeatSummary {
    /// Positions examined (each from every seat).
    pub positions: u64,
    /// Answers of [`Game::check_as`] compared between twins, over every
    /// action id of every seat.
    pub answers: u64,
    /// Twins that differed from their game (a secret was redrawn): a game
    /// with hidden information must show some, or the check proved
    /// nothing.
    pub hidden_differences: u64,
    /// Legal-action lists worked out from a view and compared with the
    /// true list.
    pub view_lists: u64,
}

/// For positions along each seed's random game, and for every seat, checks
/// what a server relies on when it takes moves from a seat:
///
/// - the answer of [`Game::check_as`] for that seat and **every** action id
///   (refused as not its turn, refused with a rule, or accepted) is the same,
///   byte for byte in its text, in a twin that the seat cannot tell apart
///   from the position ([`Game::resample_hidden`]): a refusal carries no
///   secret of another seat;
/// - [`Game::legal_actions_in_view`] from the seat's own view equals the
///   true legal list when the seat is to move, and is empty otherwise.
///
/// `every` steps apart (at least 1), up to `max_steps` steps into each game.
///
/// ```
/// use dice_core::testkit::check_refusals;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let summary = check_refusals::<Pig>(&PigConfig::default(), 0..3, 60, 5);
/// assert!(summary.answers > 0);
/// ```
///
/// # Panics
/// On the first answer that differs between twins, or a view's legal list
/// that differs from the true one.
pub fn check_refusals<G: Game>(
    config: &G::Config,
    seeds: Range<u64>,
    max_steps: usize,
    every: usize,
) -> SeatSummary {
    let mut summary = SeatSummary::default();
    let every = every.max(1);
    let mut legal = Vec::new();
    let mut from_view = Vec::new();
    for seed in seeds {
        let start = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
        let mut rng = DiceRng::from_seed_u64(seed);
        rng.set_stream(3);
        let mut step = 0;
        while step <= max_steps {
            let state = random_steps(start.clone(), seed, step, |_| false);
            step += every;
            for seat in 0..state.players() {
                let viewer = Viewer::Seat(seat);
                let twin = state.resample_hidden(viewer, &mut rng);
                if twin != state {
                    summary.hidden_differences += 1;
                }
                for id in 0..state.action_id_bound() {
                    let (Some(action), Some(twin_action)) =
                        (state.action_from_id(id), twin.action_from_id(id))
                    else {
                        continue;
                    };
                    let answer = answer_text(&state, seat, &action);
                    let twin_answer = answer_text(&twin, seat, &twin_action);
                    assert!(
                        answer == twin_answer,
                        "seed {seed}, step {step}: seat {seat} is told {answer:?} for action id \
                         {id}, but {twin_answer:?} in a position it cannot tell apart"
                    );
                    summary.answers += 1;
                }
                G::legal_actions_in_view(&state.view(viewer), seat, &mut from_view);
                if state.to_move() == ToMove::Player(seat) {
                    state.legal_actions(&mut legal);
                } else {
                    legal.clear();
                }
                assert!(
                    from_view == legal,
                    "seed {seed}, step {step}: seat {seat}'s legal actions from its view are \
                     {from_view:?}, but the position has {legal:?}"
                );
                summary.view_lists += 1;
            }
            summary.positions += 1;
            if state.to_move() == ToMove::Over {
                break;
            }
        }
    }
    summary
}

/// What a seat is told when it sends `action`: accepted, or the refusal's
/// text.
fn answer_text<G: Game>(state: &G, seat: usize, action: &G::Action) -> String {
    match state.check_as(seat, action) {
        Ok(()) => "accepted".to_string(),
        Err(e) => format!("refused: {e}"),
    }
}

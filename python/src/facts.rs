//! What OpenSpiel's `GameType` and `Game` say about a game that the
//! registry does not: its long name, whether it has hidden information, the
//! most outcomes a chance event can have, and the bounds OpenSpiel asks for.

use tabletop_engines::AnyGame;
use tabletop_engines::dice_core::ToMove;

/// `max_game_length()` and `max_move_number()` when no bound is computed:
/// OpenSpiel's `int` range. Pig, Age of War and Era have no bound at all
/// (a player can fail every roll forever).
pub(crate) const NO_LENGTH_BOUND: i64 = 2_147_483_647;

/// Era's largest pool of dice of one colour (ERA-2: 18 yellow dice), the
/// most any one hand roll can throw.
const ERA_MOST_DICE_OF_ONE_COLOUR: u64 = 18;

/// The game's full name.
pub(crate) fn long_name(name: &str) -> String {
    match name {
        "pig" => "Pig".to_owned(),
        "age-of-war" => "Age of War".to_owned(),
        "armadora" => "Armadöra".to_owned(),
        "era" => "Era: Medieval Age".to_owned(),
        other => other.to_owned(),
    }
}

/// Whether every seat sees the whole state (OpenSpiel's
/// `PERFECT_INFORMATION`). A game not listed here is taken to hide
/// something.
pub(crate) fn perfect_information(name: &str) -> bool {
    matches!(name, "pig" | "age-of-war")
}

/// The number of multisets of `dice` six-sided dice: `C(dice + 5, 5)`.
fn rolls_of(dice: u64) -> u64 {
    // Each partial product C(dice + k, k) is a whole number, so the
    // division is exact.
    (1..=5u64).fold(1u64, |acc, k| {
        acc.saturating_mul(dice.saturating_add(k))
            .checked_div(k)
            .unwrap_or(acc)
    })
}

/// The most outcomes any chance event of `game` has.
pub(crate) fn max_chance_outcomes(game: &dyn AnyGame) -> u64 {
    let players = u32::try_from(game.players()).unwrap_or(u32::MAX);
    match game.name() {
        // One die.
        "pig" => 6,
        // Seven dice, rolled as a multiset (AOW: 792 rolls).
        "age-of-war" => rolls_of(7),
        // The start-player roll (one die per seat) or a hand roll of one colour.
        "era" => 6u64
            .saturating_pow(players)
            .max(rolls_of(ERA_MOST_DICE_OF_ONE_COLOUR)),
        // Armadöra's only chance events are its setup: walk them.
        _ => setup_chance_outcomes(game),
    }
}

/// The most outcomes among the chance events before the first decision.
fn setup_chance_outcomes(game: &dyn AnyGame) -> u64 {
    let mut state = game.new_initial_state();
    let mut most = 0u64;
    while state.to_move() == ToMove::Chance {
        let outcomes = state.chance_outcomes();
        most = most.max(u64::try_from(outcomes.len()).unwrap_or(u64::MAX));
        if state.apply(0).is_err() {
            break;
        }
    }
    most
}

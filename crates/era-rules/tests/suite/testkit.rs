//! The dice-core test kit over seeded random games at every table size:
//! the contract, per-viewer histories, and saved matches resumed.
//!
//! The longest game in these seeds is under 1,000 steps (decisions and chance
//! events, at 4 players); the bound below leaves a wide margin.

use dice_core::testkit::{Options, check_histories, check_random_games, check_resume};
use dice_core::{Agent, RandomAgent};
use era_rules::bot::Greedy;
use era_rules::{Era, EraConfig};

const STEP_BOUND: usize = 20_000;

fn run(players: usize, games: u64) {
    let options = Options::new(0..games).max_steps(STEP_BOUND);
    let s = check_random_games::<Era>(&EraConfig::new(players), &options);
    assert_eq!(s.games, games);
    assert!(s.longest < STEP_BOUND);
}

#[test]
fn random_two_player_games_keep_the_contract() {
    run(2, 150);
}

#[test]
fn random_three_player_games_keep_the_contract() {
    run(3, 100);
}

#[test]
fn random_four_player_games_keep_the_contract() {
    run(4, 75);
}

/// ERA-5, ERA-12, ERA-14: layouts in progress, rolls behind the screens and
/// the dice they set stay hidden from every other viewer, in every history.
#[test]
fn era_12_histories_tell_each_viewer_only_what_they_may_know() {
    for players in 2..=4 {
        let summary = check_histories::<Era>(&EraConfig::new(players), 0..6, 600);
        assert!(summary.entries > 0, "{players} players");
        assert!(
            summary.hidden_differences > 0,
            "{players} players: no secret was ever told apart"
        );
    }
}

fn random_agents(players: usize) -> Vec<Box<dyn Agent<Era>>> {
    (0..players)
        .map(|_| Box::new(RandomAgent) as Box<dyn Agent<Era>>)
        .collect()
}

fn greedy_agents(players: usize) -> Vec<Box<dyn Agent<Era>>> {
    (0..players)
        .map(|seat| {
            if seat % 2 == 0 {
                Box::new(Greedy) as Box<dyn Agent<Era>>
            } else {
                Box::new(RandomAgent) as Box<dyn Agent<Era>>
            }
        })
        .collect()
}

#[test]
fn saved_matches_of_random_players_resume_exactly() {
    for players in 2..=4 {
        let agents = move || random_agents(players);
        for saved_after in [10, 120, 700] {
            check_resume::<Era>(&EraConfig::new(players), 0..4, &agents, saved_after, 400);
        }
    }
}

#[test]
fn saved_matches_of_the_greedy_bot_resume_exactly() {
    for players in [2, 4] {
        let agents = move || greedy_agents(players);
        check_resume::<Era>(&EraConfig::new(players), 0..2, &agents, 90, 150);
    }
}

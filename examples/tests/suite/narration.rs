//! What `play` and `replay` tell a viewer depends only on what the viewer
//! may know: two games that a viewer cannot tell apart are told to that
//! viewer in the same words, tables included.
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "a harness shared by the tests: a game that cannot be played fails the test"
)]

use dice_core::{
    Agent, DiceRng, Entry, Game, Match, PlayOutError, RandomAgent, ToMove, Viewer, play_out,
};
use examples::narrate::Viewpoint;
use examples::playable::{GameOptions, PlayableGame};

fn try_after<G: Game>(state: &G, entry: &Entry<G>) -> Option<G> {
    let mut next = state.clone();
    match entry {
        Entry::Chance(c) => next.apply_chance(c.clone()),
        Entry::Action { action, .. } => next.apply(*action),
    }
    .ok()?;
    Some(next)
}

fn after<G: Game>(state: &G, entry: &Entry<G>) -> G {
    try_after(state, entry).unwrap()
}

/// Every entry that could come next.
fn candidates<G: Game>(state: &G) -> Vec<Entry<G>> {
    match state.to_move() {
        ToMove::Over => Vec::new(),
        ToMove::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .into_iter()
                .map(|(c, _)| Entry::Chance(c))
                .collect()
        }
        ToMove::Player(p) => {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            legal
                .into_iter()
                .map(|action| Entry::Action {
                    player: Some(p),
                    action,
                })
                .collect()
        }
    }
}

/// Plays random games and, for every viewer, a twin of each that the
/// viewer cannot tell apart (after every entry, the viewer's views of the
/// two are equal, and where the twin took another entry the two differ in
/// a part of the state the viewer does not see); every step
/// must be told to the viewer in the same words, tables included, so
/// nothing the tools tell comes from what the viewer may not know.
/// Returns how many steps differed in what the viewer may not know.
fn told_alike<G: PlayableGame>(
    options: &GameOptions,
    seeds: std::ops::Range<u64>,
    steps: usize,
) -> usize {
    let config = G::config_from(options).unwrap();
    let mut hidden = 0usize;
    for seed in seeds {
        let mut m = Match::<G>::new(&config, seed).unwrap();
        let mut agents: Vec<RandomAgent> = vec![RandomAgent; m.state().players()];
        let mut agents: Vec<&mut dyn Agent<G>> =
            agents.iter_mut().map(|a| a as &mut dyn Agent<G>).collect();
        match play_out(
            &mut m,
            &mut agents,
            &mut DiceRng::from_seed_u64(seed),
            steps,
        ) {
            Ok(()) | Err(PlayOutError::StepLimit(_)) => {}
            Err(e) => panic!("{} seed {seed}: {e}", G::NAME),
        }
        let mut rng = DiceRng::from_seed_u64(seed);
        let viewers = (0..m.state().players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator]);
        for viewer in viewers {
            let viewpoint = Viewpoint::Of(viewer);
            let mut game = G::new(&config).unwrap();
            let mut twin = game.clone();
            for (step, entry) in m.log().iter().enumerate() {
                let next = after(&game, entry);
                let seen = next.view(viewer);
                // The twin may take another entry only where the two differ
                // in what the viewer may not see: on the game's own state
                // they lead to different positions that show the same view.
                // Two public actions with the same effect do not qualify:
                // the viewer saw which one was taken.
                let hides_the_difference = |other: &Entry<G>| {
                    other == entry
                        || try_after(&game, other).is_some_and(|g| {
                            g != next && g.to_move() == next.to_move() && g.view(viewer) == seen
                        })
                };
                let alike: Vec<Entry<G>> = candidates(&twin)
                    .into_iter()
                    .filter(|e| {
                        let t = after(&twin, e);
                        t.to_move() == next.to_move()
                            && t.view(viewer) == seen
                            && hides_the_difference(e)
                    })
                    .collect();
                let others: Vec<&Entry<G>> = alike.iter().filter(|e| *e != entry).collect();
                let Some(twin_entry) = rng.choose(&others).copied().or_else(|| rng.choose(&alike))
                else {
                    break;
                };
                let twin_next = after(&twin, twin_entry);
                let told = viewpoint.narrate(&game, entry, &next);
                let twin_told = viewpoint.narrate(&twin, twin_entry, &twin_next);
                assert!(
                    told == twin_told,
                    "{} seed {seed} entry {step}: {viewpoint} is told\n{told}\nin one game and\n{twin_told}\nin the other",
                    G::NAME
                );
                if twin_entry != entry {
                    hidden = hidden.saturating_add(1);
                }
                (game, twin) = (next, twin_next);
            }
        }
    }
    hidden
}

#[test]
fn pig_narration_tells_each_viewer_only_what_they_may_know() {
    told_alike::<dice_core::pig::Pig>(&GameOptions::default(), 0..5, 300);
}

#[test]
fn age_of_war_narration_tells_each_viewer_only_what_they_may_know() {
    let options = GameOptions {
        players: Some(3),
        ..GameOptions::default()
    };
    told_alike::<age_of_war_rules::AgeOfWar>(&options, 0..2, 300);
}

#[test]
fn arm_14_armadora_narration_hides_warrior_values_from_those_who_may_not_see_them() {
    for switches in [&[][..], &["advanced"][..], &["no-peek"][..]] {
        let options = GameOptions {
            players: Some(3),
            switches: switches.iter().map(|s| (*s).to_string()).collect(),
            ..GameOptions::default()
        };
        let hidden = told_alike::<armadora_rules::Armadora>(&options, 0..2, 400);
        assert!(
            hidden > 0,
            "{switches:?}: no twin differed in a hidden value"
        );
    }
}

#[test]
fn era_5_era_12_era_narration_hides_layouts_and_rolls_behind_the_screens() {
    let hidden = told_alike::<era_rules::Era>(&GameOptions::default(), 0..1, 150);
    assert!(hidden > 0, "no twin differed in a hidden layout or roll");
}

//! Conservation laws and the privacy of views, over random legal sequences.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a property-test harness: its helpers play random games and edit positions \
              in JSON, and report a broken expectation by panicking, as assertions do"
)]

use armadora_rules::army::{PALISADES, starting_warriors};
use armadora_rules::board::MIN_TERRITORY;
use armadora_rules::{Armadora, ArmadoraConfig, Line, Square, Value};
use dice_core::{DiceRng, Game, ToMove, Viewer};
use proptest::prelude::*;

fn config(index: usize) -> ArmadoraConfig {
    let advanced = index % 2 == 1;
    match index / 2 {
        0 => ArmadoraConfig::new(2),
        1 => ArmadoraConfig::new(3),
        2 => ArmadoraConfig::new(4),
        3 => ArmadoraConfig::new(4).free_for_all(),
        _ => ArmadoraConfig::new(3).peek_own(false),
    }
    .advanced(advanced)
}

/// Plays a game: decisions from `choices` while they last, then from the
/// seed; calls `each` on every state, the first and the last included.
fn play(config: ArmadoraConfig, seed: u64, choices: &[u16], mut each: impl FnMut(&Armadora)) {
    let mut game = Armadora::new(&config).unwrap();
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut legal = Vec::new();
    let mut choices = choices.iter();
    loop {
        each(&game);
        match game.to_move() {
            ToMove::Over => return,
            ToMove::Chance => {
                let c = game.sample_chance(&mut rng).unwrap();
                game.apply_chance(c).unwrap();
            }
            ToMove::Player(_) => {
                game.legal_actions(&mut legal);
                let i = match choices.next() {
                    Some(&c) => usize::from(c) % legal.len(),
                    None => rng.index(legal.len()).unwrap(),
                };
                game.apply(legal[i]).unwrap();
            }
        }
    }
}

/// Whether `property` holds of every state of the game [`play`] plays.
fn holds_throughout(
    config: ArmadoraConfig,
    seed: u64,
    choices: &[u16],
    property: impl Fn(&Armadora) -> bool,
) -> bool {
    let mut holds = true;
    play(config, seed, choices, |g| holds &= property(g));
    holds
}

fn placed_plus_unplaced(game: &Armadora, seat: usize) -> [u8; 5] {
    let mut counts = game.supply(seat).counts();
    for s in Square::all() {
        if let Some(w) = game.warrior_at(s).filter(|w| w.owner == seat) {
            counts[usize::from(w.value.get() - 1)] += 1;
        }
    }
    counts
}

/// `state` with the values of two hidden warriors of `owner` swapped, or
/// (when `viewer` is not `owner`) a hidden warrior swapped with an unplaced
/// tile of another value, through the validated JSON form; `None` if there
/// is no such pair.
fn swap_hidden(state: &Armadora, owner: usize, viewer: Viewer) -> Option<Armadora> {
    let view = state.view(viewer);
    let hidden: Vec<Square> = Square::all()
        .filter(|&s| {
            view.warrior_at(s)
                .is_some_and(|w| w.owner == owner && w.value.is_none())
        })
        .collect();
    let value_at = |s: Square| state.warrior_at(s).map(|w| w.value);
    let mut json = serde_json::to_value(state).unwrap();
    let pair = hidden.iter().enumerate().find_map(|(i, &a)| {
        hidden[i + 1..]
            .iter()
            .find(|&&b| value_at(a) != value_at(b))
            .map(|&b| (a, b))
    });
    if let Some((a, b)) = pair {
        json["board"][a.index()]["value"] = value_at(b)?.get().into();
        json["board"][b.index()]["value"] = value_at(a)?.get().into();
    } else if viewer != Viewer::Seat(owner) {
        let at = *hidden.first()?;
        let value = value_at(at)?.get();
        let supply = state.supply(owner).counts();
        let other = (1u8..=5).find(|&v| v != value && supply[usize::from(v - 1)] > 0)?;
        json["board"][at.index()]["value"] = other.into();
        let counts = &mut json["supply"][owner];
        counts[usize::from(value - 1)] = (supply[usize::from(value - 1)] + 1).into();
        counts[usize::from(other - 1)] = (supply[usize::from(other - 1)] - 1).into();
    } else {
        return None;
    }
    Some(serde_json::from_value(json).expect("a swapped state is valid"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn gold_awarded_plus_discarded_is_40(
        c in 0usize..10, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..200)
    ) {
        let mut last = None;
        play(config(c), seed, &choices, |g| last = Some(g.clone()));
        let game = last.unwrap();
        let s = game.scoring();
        let won: u32 = if game.config().is_teams() {
            s.gold(0) + s.gold(1)
        } else {
            (0..game.players()).map(|p| s.gold(p)).sum()
        };
        prop_assert_eq!(won + s.discarded(), 40);
    }

    #[test]
    fn placed_and_unplaced_warriors_are_the_starting_set(
        c in 0usize..10, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..200)
    ) {
        let config = config(c);
        let starting = starting_warriors(config.players()).unwrap();
        let holds = holds_throughout(config, seed, &choices, |g| {
            (0..g.players()).all(|p| placed_plus_unplaced(g, p) == starting.counts())
        });
        prop_assert!(holds);
    }

    #[test]
    fn at_most_35_palisades_and_territories_of_at_least_4(
        c in 0usize..10, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..200)
    ) {
        let holds = holds_throughout(config(c), seed, &choices, |g| {
            let p = g.table().palisades();
            p.count() <= u32::from(PALISADES)
                && u32::from(g.table().palisades_left()) + p.count() == u32::from(PALISADES)
                && p.territories().all(|t| t.count_ones() >= MIN_TERRITORY)
                && p.territories().map(u64::count_ones).sum::<u32>() == 40
                && Line::all().all(|l| {
                    g.allows_palisade(l) == (g.table().palisades_left() > 0 && p.allows(l))
                })
        });
        prop_assert!(holds);
    }

    #[test]
    fn the_game_ends_exactly_when_all_have_passed(
        c in 0usize..10, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..200)
    ) {
        let holds = holds_throughout(config(c), seed, &choices, |g| {
            let all_passed = (0..g.players()).all(|p| g.table().has_passed(p));
            all_passed == (g.to_move() == ToMove::Over)
        });
        prop_assert!(holds);
    }

    #[test]
    fn a_view_ignores_values_its_seat_may_not_see(
        c in 0usize..10, seed in any::<u64>(), choices in prop::collection::vec(any::<u16>(), 0..120),
        stop in 0usize..80
    ) {
        let config = config(c);
        let mut states = Vec::new();
        play(config, seed, &choices, |g| states.push(g.clone()));
        let state = &states[stop.min(states.len() - 1)];
        let mut viewers: Vec<Viewer> = (0..config.players()).map(Viewer::Seat).collect();
        viewers.push(Viewer::Spectator);
        for viewer in viewers {
            for owner in (0..config.players()).filter(|&o| viewer != Viewer::Seat(o) || !config.is_peek_own()) {
                if let Some(other) = swap_hidden(state, owner, viewer) {
                    prop_assert_ne!(&other, state);
                    prop_assert_eq!(other.view(viewer), state.view(viewer));
                }
            }
        }
    }
}

/// The view property above is not vacuous: hidden values do get swapped.
#[test]
fn hidden_values_can_be_swapped_in_typical_positions() {
    let mut swaps = 0;
    for seed in 0..20 {
        let mut states = Vec::new();
        play(config(4), seed, &[], |g| states.push(g.clone()));
        let state = &states[states.len() / 2];
        swaps += usize::from(swap_hidden(state, 1, Viewer::Seat(0)).is_some());
    }
    assert!(swaps >= 10, "{swaps}");
}

/// ARM-8: the incrementally kept list of allowed lines always agrees with
/// the four-square rule checked from scratch.
#[test]
fn arm_8_listed_palisades_agree_with_the_rule_checked_from_scratch() {
    for seed in 0..400 {
        play(config((seed % 10) as usize), seed, &[], |g| {
            for l in Line::all() {
                let direct = g.table().palisades_left() > 0 && g.table().palisades().allows(l);
                assert_eq!(g.allows_palisade(l), direct, "seed {seed}, line {l}");
            }
        });
    }
}

fn any_action() -> impl Strategy<Value = armadora_rules::Action> {
    use armadora_rules::{Action, Power};
    let square = (0usize..40).prop_map(|i| Square::from_index(i).unwrap());
    let line = (0usize..67).prop_map(|i| Line::from_index(i).unwrap());
    let value = (1u8..=5).prop_map(|v| Value::new(v).unwrap());
    prop_oneof![
        (square.clone(), value.clone()).prop_map(|(at, value)| Action::Warrior { at, value }),
        Just(Action::Pass),
        Just(Action::EndTurn),
        square.clone().prop_map(Action::Reinforce),
        line.clone().prop_map(Action::Palisade),
        square.clone().prop_map(|s| Action::Power(Power::Mage(s))),
        (square.clone(), value).prop_map(|(at, value)| Action::Power(Power::Goblin { at, value })),
        line.prop_map(|l| Action::Power(Power::Orc(l))),
        square.prop_map(|s| Action::Power(Power::Elf(s))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any action, even with values no tile has left, is legal exactly when
    /// listed, and a refused one leaves the state as it was.
    #[test]
    fn arbitrary_actions_are_legal_exactly_when_listed(
        c in 0usize..10, seed in any::<u64>(), stop in 0usize..120,
        actions in prop::collection::vec(any_action(), 1..40)
    ) {
        let mut states = Vec::new();
        play(config(c), seed, &[], |g| states.push(g.clone()));
        let state = &states[stop.min(states.len() - 1)];
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        for a in actions {
            let mut copy = state.clone();
            let outcome = copy.apply(a);
            prop_assert_eq!(outcome.is_ok(), legal.contains(&a), "{:?}", a);
            if outcome.is_err() {
                prop_assert_eq!(&copy, state);
            }
        }
    }
}

//! Observation tensors: the right size, finite, and blind to what their
//! viewer may not know.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::{Range, RangeInclusive};

use crate::game::{ToMove, Viewer};
use crate::history::SeenEntry;
use crate::observation::{ObservationTensor, observation_len};
use crate::record::Entry;
use crate::rng::DiceRng;
use crate::testkit::random::{random_steps, viewers};

/// Plays one random game per seed and checks, at every step and for every
/// viewer, that the observation tensor has the config's length, holds only
/// finite numbers, and is the same, bit for bit, for a state
/// [resampled](crate::Game::resample_hidden) in everything that viewer cannot see.
/// It also plays, at every step, a twin entry next to the game's: another
/// outcome (or legal action) that the viewer is told in the same words
/// ([`Game::seen_chance`](crate::Game::seen_chance),
/// [`Game::seen_action`](crate::Game::seen_action)); the two positions
/// after must have the same player to move.
/// So twins whose next player differs are paired, and a step that moves on
/// by itself because of a secret (every die behind a screen a skull) fails
/// here in every game. Returns how many tensors were checked.
///
/// ```
/// use dice_core::testkit::check_observations;
/// use dice_core::pig::{Pig, PigConfig};
///
/// assert!(check_observations::<Pig>(&PigConfig::default(), 0..5, 500) > 100);
/// ```
///
/// # Panics
/// On the first tensor that breaks one of these.
pub fn check_observations<G: ObservationTensor>(
    config: &G::Config,
    seeds: Range<u64>,
    max_steps: usize,
) -> usize {
    let finite = Expected {
        len: observation_len::<G>(config),
        what: "finite",
        allowed: |x: &f32| x.is_finite(),
    };
    let layout = G::observation_layout(config);
    assert!(
        layout
            .iter()
            .all(|b| !b.name().is_empty() && !b.meaning().is_empty()),
        "every block needs a name and a meaning"
    );
    let mut checked = 0usize;
    let mut tensor = Vec::new();
    let mut twin_tensor = Vec::new();
    let mut legal = Vec::new();
    for seed in seeds {
        let mut game = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
        let mut rng = DiceRng::from_seed_u64(seed);
        // The twins' entries come from their own stream, so the games
        // played are the same with and without them.
        let mut twin_rng = DiceRng::from_seed_u64(seed);
        twin_rng.set_stream(3);
        for step in 0..max_steps {
            for viewer in viewers(&game) {
                let at = || format!("seed {seed}, step {step}");
                finite.write(&game, viewer, &mut tensor, at);
                let twin = game.resample_hidden(viewer, &mut rng);
                G::write_observation(&twin.view(viewer), &mut twin_tensor);
                assert!(
                    tensor
                        .iter()
                        .map(|x| x.to_bits())
                        .eq(twin_tensor.iter().map(|x| x.to_bits())),
                    "seed {seed}, step {step}: {viewer:?}'s tensor changed with what it cannot see"
                );
                checked = checked.saturating_add(1);
            }
            let Some((entry, other)) =
                next_entries(&game, &mut rng, &mut twin_rng, &mut legal, seed)
            else {
                break;
            };
            if let Some(other) = other {
                let [mut next, mut twin] = [game.clone(), game.clone()];
                entry.apply_unchecked(&mut next);
                other.apply_unchecked(&mut twin);
                check_told_alike(&next, &twin, seed, step, |viewer| {
                    SeenEntry::new(&game, &entry, viewer) == SeenEntry::new(&game, &other, viewer)
                });
            }
            entry.apply_unchecked(&mut game);
        }
    }
    checked
}

/// The game's next entry, drawn from the first generator, and a twin's,
/// drawn from the second: `None` once the game is over.
fn next_entries<G: ObservationTensor>(
    game: &G,
    rng: &mut DiceRng,
    twin_rng: &mut DiceRng,
    legal: &mut Vec<G::Action>,
    seed: u64,
) -> Option<(Entry<G>, Option<Entry<G>>)> {
    Some(match game.to_move() {
        ToMove::Over => return None,
        ToMove::Chance => {
            let outcome = game
                .sample_chance(rng)
                .unwrap_or_else(|| panic!("seed {seed}: no outcome at a chance node"));
            let other = game.sample_chance(twin_rng).map(Entry::Chance);
            (Entry::Chance(outcome), other)
        }
        ToMove::Player(seat) => {
            game.legal_actions(legal);
            let played = |action: &G::Action| Entry::Action {
                player: Some(seat),
                action: *action,
            };
            let action = rng
                .choose(legal)
                .unwrap_or_else(|| panic!("seed {seed}: no legal action"));
            (played(action), twin_rng.choose(legal).map(played))
        }
    })
}

/// For every viewer told the two entries alike (`alike`), the positions
/// after them have the same player to move. (Their tensors may differ: an
/// entry told alike may end a secret phase and reveal what differs, as the
/// last piece of a secret layout does.)
fn check_told_alike<G: ObservationTensor>(
    next: &G,
    twin: &G,
    seed: u64,
    step: usize,
    alike: impl Fn(Viewer) -> bool,
) {
    if next.to_move() == twin.to_move() {
        return;
    }
    if let Some(viewer) = viewers(next).find(|&v| alike(v)) {
        panic!(
            "seed {seed}, step {step}: {viewer:?} is told two entries alike, but the next to \
             move is {:?} after one and {:?} after the other: who moves next depends on a secret",
            next.to_move(),
            twin.to_move()
        );
    }
}

/// Plays one random game per seed to each of `steps` (or its end) and
/// checks that every viewer's tensor there has the config's length and
/// only numbers within `range` (a network's inputs are normalised: Age of
/// War, Armadöra and Era keep theirs in `0.0..=1.0`). Returns how many
/// tensors were checked.
///
/// ```
/// use dice_core::testkit::check_observation_range;
/// use dice_core::pig::{Pig, PigConfig};
///
/// // Pig's scores over the target pass 1 once the game is won.
/// let checked = check_observation_range::<Pig>(&PigConfig::default(), 0..3, &[0, 5, 500], 0.0..=2.0);
/// assert_eq!(checked, 3 * 3 * 3);
/// ```
///
/// # Panics
/// On the first tensor of the wrong length or with a number out of range.
pub fn check_observation_range<G: ObservationTensor>(
    config: &G::Config,
    seeds: Range<u64>,
    steps: &[usize],
    range: RangeInclusive<f32>,
) -> usize {
    let what = format!("within {range:?}");
    let within = Expected {
        len: observation_len::<G>(config),
        what: &what,
        allowed: |x: &f32| range.contains(x),
    };
    let mut checked = 0usize;
    let mut tensor = Vec::new();
    for seed in seeds {
        for &count in steps {
            let start = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
            let game = random_steps(start, seed, count, |_| false);
            for viewer in viewers(&game) {
                let at = || format!("seed {seed}, {count} steps");
                within.write(&game, viewer, &mut tensor, at);
                checked = checked.saturating_add(1);
            }
        }
    }
    checked
}

/// What every tensor of a check must be: `len` numbers, each `allowed`
/// (`what` says how).
struct Expected<'a, F> {
    len: usize,
    what: &'a str,
    allowed: F,
}

impl<F: Fn(&f32) -> bool> Expected<'_, F> {
    /// Writes `viewer`'s tensor of `game` into `tensor` and checks it; `at`
    /// says where.
    fn write<G: ObservationTensor>(
        &self,
        game: &G,
        viewer: Viewer,
        tensor: &mut Vec<f32>,
        at: impl Fn() -> String,
    ) {
        G::write_observation(&game.view(viewer), tensor);
        assert_eq!(
            tensor.len(),
            self.len,
            "{}: {viewer:?}'s tensor has the wrong length",
            at()
        );
        assert!(
            tensor.iter().all(&self.allowed),
            "{}: {viewer:?}'s tensor holds a number that is not {}",
            at(),
            self.what
        );
    }
}

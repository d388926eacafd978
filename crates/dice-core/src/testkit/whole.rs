//! Every check of the kit on one game, with defaults that suit a new game,
//! and its declaration checked against its rules.

use alloc::boxed::Box;
use alloc::vec::Vec;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::agent::Agent;
use crate::game::{ToMove, Viewer};
use crate::listing::{Listed, Utility};
use crate::observation::ObservationTensor;
use crate::rng::DiceRng;
use crate::testkit::history::{check_histories, check_resume};
use crate::testkit::observation::check_observations;
use crate::testkit::random::{Options, check_action_streams, check_random_games, viewers};
use crate::testkit::seat::check_refusals;

/// What [`check_game`] checked, over every config.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameSummary {
    /// Random games played by [`check_random_games`].
    pub games: u64,
    /// Their decisions.
    pub decisions: u64,
    /// Their chance events.
    pub chance_events: u64,
    /// History entries compared between twins by [`check_histories`].
    pub history_entries: u64,
    /// Entries where a twin took another entry than the game.
    pub hidden_differences: u64,
    /// Entries that revealed what the twins differed in.
    pub reveals: u64,
    /// Observation tensors checked.
    pub observations: usize,
    /// Answers to a seat's moves compared between twins.
    pub refusals: u64,
    /// Games played by the declared bots.
    pub bot_games: u64,
}

/// Seeds of the random games, per config.
const GAMES: u64 = 24;
/// Seeds of the twin games (histories, refusals, tensors), per config.
const TWIN_GAMES: u64 = 6;
/// Steps each twin game runs at most.
const TWIN_STEPS: usize = 400;
/// Iterations of a searching bot in its games: enough to search, few
/// enough to stay quick.
const BOT_ITERATIONS: u32 = 16;

/// Runs every check of the kit on each config of `G`, with defaults that
/// suit a new game, and checks the declaration ([`Listed`]) against the
/// rules:
///
/// - [`check_random_games`] (24 seeds), [`check_histories`],
///   [`check_refusals`] and [`check_observations`] (6 seeds of up to 400
///   steps), [`check_resume`] with random agents, and
///   [`check_action_streams`] on bytes from the seeds;
/// - the config's table size is within the declared seats;
/// - no chance event has more outcomes than
///   [`chance_bound`](Listed::chance_bound);
/// - a game declared of perfect information hides nothing from anyone
///   ([`Game::resample_hidden`](crate::Game::resample_hidden) changes nothing), and one declared with
///   hidden information hides something somewhere;
/// - every result fits the declared utility (zero-sum scores add up to
///   zero, within the declared range);
/// - the declared bots have distinct names, and each plays a game to the
///   end from its views (a searching bot with 16 iterations);
/// - every declared table option has its help
///   ([`option_help`](Listed::option_help)).
///
/// ```
/// use dice_core::testkit::check_game;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let summary = check_game::<Pig>(&[PigConfig { players: 3, target: 20, openspiel: None }]);
/// assert!(summary.decisions > 0 && summary.history_entries > 0);
/// ```
///
/// # Panics
/// On the first broken promise, naming the check, the seed and the step.
pub fn check_game<G>(configs: &[G::Config]) -> GameSummary
where
    G: Listed + ObservationTensor + Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
    G::SeenAction: Serialize + DeserializeOwned,
    G::SeenChance: Serialize + DeserializeOwned,
{
    assert!(!configs.is_empty(), "check_game needs at least one config");
    check_bot_names::<G>();
    check_options::<G>();
    let mut summary = GameSummary::default();
    let mut hidden_somewhere = false;
    for config in configs {
        let random = check_random_games::<G>(config, &Options::new(0..GAMES));
        summary.games += random.games;
        summary.decisions += random.decisions;
        summary.chance_events += random.chance_events;
        hidden_somewhere |= check_listing::<G>(config, 0..GAMES);
        let histories = check_histories::<G>(config, 0..TWIN_GAMES, TWIN_STEPS);
        summary.history_entries += histories.entries;
        summary.hidden_differences += histories.hidden_differences;
        summary.reveals += histories.reveals;
        summary.refusals += check_refusals::<G>(config, 0..TWIN_GAMES, TWIN_STEPS, 7).answers;
        summary.observations += check_observations::<G>(config, 0..TWIN_GAMES, TWIN_STEPS);
        let players = G::new(config)
            .unwrap_or_else(|e| panic!("config refused: {e}"))
            .players();
        let agents = || -> Vec<Box<dyn Agent<G>>> {
            (0..players)
                .map(|_| Box::new(crate::agent::RandomAgent) as Box<dyn Agent<G>>)
                .collect()
        };
        check_resume::<G>(config, 0..TWIN_GAMES, &agents, 9, 40);
        check_action_streams::<G>(core::slice::from_ref(config), 0..TWIN_GAMES, 2048);
        summary.bot_games += check_bots::<G>(config);
    }
    assert!(
        G::LISTING.perfect_information() || hidden_somewhere,
        "{} is declared with hidden information, but no viewer of any random game had anything \
         hidden: declare it with_perfect_information(), or check resample_hidden",
        G::NAME
    );
    summary
}

/// Every declared table option says what it does.
fn check_options<G: Listed>() {
    for option in G::LISTING.options() {
        assert!(
            !G::option_help(option).is_empty(),
            "{}: table option {option:?} has no option_help",
            G::NAME
        );
    }
}

fn check_bot_names<G: Listed>() {
    let bots = G::LISTING.bots();
    assert!(!bots.is_empty(), "{} declares no bot", G::NAME);
    for (i, bot) in bots.iter().enumerate() {
        for name in core::iter::once(bot.name()).chain(bot.aliases().iter().copied()) {
            let first = bots.iter().position(|b| b.answers_to(name));
            assert_eq!(first, Some(i), "{}: two bots answer to {name:?}", G::NAME);
        }
    }
    let levels = G::LISTING.levels();
    for (i, level) in levels.iter().enumerate() {
        assert!(
            G::LISTING.bot(level.bot()).is_some(),
            "{}: level {:?} plays {:?}, which is no bot of the game",
            G::NAME,
            level.name(),
            level.bot()
        );
        let first = levels.iter().position(|l| l.name() == level.name());
        assert_eq!(
            first,
            Some(i),
            "{}: two levels are called {:?}",
            G::NAME,
            level.name()
        );
    }
}

/// Plays one random game per seed and checks the declaration along it;
/// answers whether anything was hidden from any viewer.
fn check_listing<G: Listed>(config: &G::Config, seeds: core::ops::Range<u64>) -> bool {
    let listing = G::LISTING;
    let bound = G::chance_bound(config);
    let mut hidden = false;
    let mut outcomes = Vec::new();
    let mut legal = Vec::new();
    for seed in seeds {
        let mut state = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
        let (fewest, most) = listing.seats();
        assert!(
            (fewest..=most).contains(&state.players()),
            "{} declares {fewest} to {most} seats, but a config seats {}",
            G::NAME,
            state.players()
        );
        let mut rng = DiceRng::from_seed_u64(seed);
        rng.set_stream(5);
        for step in 0..100_000usize {
            for viewer in viewers(&state) {
                if state.resample_hidden(viewer, &mut rng) != state {
                    hidden = true;
                    assert!(
                        !listing.perfect_information(),
                        "seed {seed}, step {step}: {} is declared of perfect information, but \
                         something is hidden from {viewer:?}",
                        G::NAME
                    );
                }
            }
            match state.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    state.chance_outcomes(&mut outcomes);
                    assert!(
                        u64::try_from(outcomes.len()).is_ok_and(|n| n <= bound),
                        "seed {seed}, step {step}: a chance event of {} outcomes, above the \
                         declared chance bound {bound}",
                        outcomes.len()
                    );
                    let outcome = state
                        .sample_chance(&mut rng)
                        .unwrap_or_else(|| panic!("seed {seed}, step {step}: no outcome drawn"));
                    state.apply_chance_unchecked(outcome);
                }
                ToMove::Player(_) => {
                    state.legal_actions(&mut legal);
                    let action = *rng
                        .choose(&legal)
                        .unwrap_or_else(|| panic!("seed {seed}, step {step}: no legal action"));
                    state.apply_unchecked(action);
                }
            }
        }
        let result = state
            .result()
            .unwrap_or_else(|| panic!("seed {seed}: the game did not end"));
        let utility = G::utility(state.config());
        let returns = utility.returns(&result);
        let sum: f64 = returns.iter().sum();
        assert!(
            (sum - utility.sum()).abs() < 1e-9,
            "seed {seed}: the returns {returns:?} add up to {sum}, not {} as declared",
            utility.sum()
        );
        if let Utility::ZeroSumScores { lowest, highest } = utility {
            assert!(
                result
                    .scores()
                    .iter()
                    .all(|s| (lowest..=highest).contains(s)),
                "seed {seed}: the scores {:?} leave the declared range {lowest} to {highest}",
                result.scores()
            );
        }
    }
    hidden
}

/// Each declared bot plays every seat of two games to the end, from its
/// views; answers the games played.
fn check_bots<G: Listed>(config: &G::Config) -> u64 {
    let mut played = 0;
    let mut legal = Vec::new();
    for bot in G::LISTING.bots() {
        for seed in 0..2u64 {
            let mut state = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
            let mut agents: Vec<_> = (0..state.players())
                .map(|_| bot.make(bot.default_iterations().map(|_| BOT_ITERATIONS)))
                .collect();
            let mut rng = DiceRng::from_seed_u64(seed);
            for step in 0..100_000usize {
                match state.to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        let outcome = state.sample_chance(&mut rng).unwrap_or_else(|| {
                            panic!("seed {seed}, step {step}: no outcome drawn")
                        });
                        state.apply_chance_unchecked(outcome);
                    }
                    ToMove::Player(seat) => {
                        state.legal_actions(&mut legal);
                        let view = state.view(Viewer::Seat(seat));
                        let agent = agents
                            .get_mut(seat)
                            .unwrap_or_else(|| panic!("no bot for seat {seat}"));
                        let action =
                            agent
                                .choose(seat, &view, &legal, &mut rng)
                                .unwrap_or_else(|| {
                                    panic!(
                                        "seed {seed}, step {step}: bot {} chose nothing",
                                        bot.name()
                                    )
                                });
                        state.apply(action).unwrap_or_else(|e| {
                            panic!(
                                "seed {seed}, step {step}: bot {} chose {action:?}: {e}",
                                bot.name()
                            )
                        });
                    }
                }
            }
            assert_eq!(
                state.to_move(),
                ToMove::Over,
                "seed {seed}: bot {}'s game did not end",
                bot.name()
            );
            played += 1;
        }
    }
    played
}

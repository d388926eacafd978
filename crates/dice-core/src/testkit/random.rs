//! Random games that check every invariant of the contract.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::ops::Range;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::game::{Game, ToMove, Viewer, common_denominator, contract_playout};
use crate::game_match::Match;
use crate::prob::Prob;
use crate::record::Record;
use crate::replay::replay;
use crate::rng::DiceRng;
use crate::testkit::difference::first_difference;

/// What to run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// One game per seed.
    pub seeds: Range<u64>,
    /// A game not over after this many steps (decisions plus chance events)
    /// fails the check.
    pub max_steps: usize,
    /// How many ids from the whole action space to try at each node.
    pub id_probes: usize,
    /// How many listed actions to apply at each decision (besides the one
    /// played); all of them when the list is this short.
    pub legal_probes: usize,
    /// Round-trip the state and views through JSON every this many steps
    /// (and at the last step).
    pub serde_every: usize,
}

impl Options {
    /// Defaults for these seeds: 100 000 steps at most, 16 id probes,
    /// 8 legal probes, JSON every 16 steps.
    pub fn new(seeds: Range<u64>) -> Self {
        Options {
            seeds,
            max_steps: 100_000,
            id_probes: 16,
            legal_probes: 8,
            serde_every: 16,
        }
    }

    /// The same with another step bound.
    #[must_use]
    pub fn max_steps(mut self, max_steps: usize) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// The same with other probe counts.
    #[must_use]
    pub fn probes(mut self, id_probes: usize, legal_probes: usize) -> Self {
        self.id_probes = id_probes;
        self.legal_probes = legal_probes;
        self
    }

    /// The same with another JSON round-trip period (at least 1).
    #[must_use]
    pub fn serde_every(mut self, every: usize) -> Self {
        self.serde_every = every.max(1);
        self
    }
}

/// What was checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Decisions taken, over all games.
    pub decisions: u64,
    /// Chance events resolved, over all games.
    pub chance_events: u64,
    /// The longest game, in steps.
    pub longest: usize,
    /// Games won by more than one seat.
    pub shared_victories: u64,
}

/// Plays one random game per seed and checks every invariant of the
/// contract; see the [test kit docs](crate::testkit). Panics on the first
/// violation.
pub fn check_random_games<G>(config: &G::Config, options: &Options) -> Summary
where
    G: Game + Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
{
    let mut summary = Summary::default();
    for seed in options.seeds.clone() {
        let (m, steps) = check_one_game::<G>(config, seed, options, &mut summary);
        check_replay(&Ctx { seed, step: steps }, &m);
        summary.games += 1;
    }
    summary
}

/// Plays the game of `seed`, checking every node on the way; the match
/// played and its number of steps, for the record's checks.
fn check_one_game<G>(
    config: &G::Config,
    seed: u64,
    options: &Options,
    summary: &mut Summary,
) -> (Match<G>, usize)
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
{
    let mut m = Match::<G>::new(config, seed)
        .unwrap_or_else(|e| panic!("seed {seed}: config refused: {e}"));
    let mut rng = DiceRng::from_seed_u64(seed);
    rng.set_stream(1);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut step = 0usize;
    loop {
        let ctx = Ctx { seed, step };
        let state = m.state().clone();
        check_result_matches_node(&ctx, &state);
        if step % options.serde_every == 0 {
            check_serde(&ctx, &state);
        }
        check_views(&ctx, &state, &mut rng);
        probe_ids(&ctx, &state, &mut rng, options.id_probes);
        match state.to_move() {
            ToMove::Over => {
                check_serde(&ctx, &state);
                check_final_result(&ctx, &state, summary);
                break;
            }
            ToMove::Chance => {
                check_chance_node(&ctx, &state, &mut outcomes);
                let mut again = m
                    .generator()
                    .cloned()
                    .unwrap_or_else(|| ctx.fail("no generator"));
                let drawn = m
                    .resolve_chance()
                    .unwrap_or_else(|| ctx.fail("resolve_chance failed at a chance node"));
                if state.sample_chance(&mut again).as_ref() != Some(&drawn) {
                    ctx.fail("sample_chance is not deterministic for the same generator");
                }
                check_seen_chance(&ctx, &state, &drawn);
                summary.chance_events += 1;
            }
            ToMove::Player(_) => {
                state.legal_actions(&mut legal);
                check_decision_node(&ctx, &state, &legal, &mut rng, options.legal_probes);
                // Every eighth decision: forty steps of playout from each
                // would cost more than the rest of the checks.
                if summary.decisions % PLAYOUT_EVERY == 0 {
                    check_random_playout(&ctx, &state, &rng);
                }
                let action = *rng
                    .choose(&legal)
                    .unwrap_or_else(|| ctx.fail("no legal action at a decision node"));
                for viewer in viewers(&state) {
                    let _ = state.seen_action(&action, viewer).to_string();
                }
                m.play(action).unwrap_or_else(|e| {
                    ctx.fail(&format!("listed action {action:?} refused: {e}"))
                });
                summary.decisions += 1;
            }
        }
        step += 1;
        if step > options.max_steps {
            ctx.fail(&format!("game not over after {} steps", options.max_steps));
        }
    }
    summary.longest = summary.longest.max(step);
    (m, step)
}

struct Ctx {
    seed: u64,
    step: usize,
}

impl Ctx {
    fn fail(&self, what: &str) -> ! {
        panic!("seed {}, step {}: {what}", self.seed, self.step)
    }
}

fn check_result_matches_node<G: Game>(ctx: &Ctx, state: &G) {
    let over = state.to_move() == ToMove::Over;
    if over != state.result().is_some() {
        ctx.fail("result() must be Some exactly when the game is over");
    }
    let mut winners = Vec::new();
    if state.winners_into(&mut winners) != over || (!over && !winners.is_empty()) {
        ctx.fail("winners_into must answer true exactly when the game is over");
    }
    if let ToMove::Player(p) = state.to_move() {
        if p >= state.players() {
            ctx.fail(&format!(
                "player {p} to move at a table of {}",
                state.players()
            ));
        }
    }
}

fn check_final_result<G: Game>(ctx: &Ctx, state: &G, summary: &mut Summary) {
    let Some(result) = state.result() else {
        ctx.fail("no result at the end")
    };
    if result.scores().len() != state.players() {
        ctx.fail("the result needs one score per seat");
    }
    if result.winners().is_empty() || result.winners().iter().any(|&w| w >= state.players()) {
        ctx.fail("winners must be a non-empty set of seats");
    }
    if result.winners().len() > 1 {
        summary.shared_victories += 1;
    }
    let mut winners = Vec::new();
    if !state.winners_into(&mut winners) || winners != result.winners() {
        ctx.fail("winners_into must give exactly result()'s winners at the end");
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if !legal.is_empty() {
        ctx.fail("legal actions listed after the end");
    }
}

/// The game's `random_legal_action` returns what the contract's default
/// would, from the same words, leaving the generator at the same place.
fn check_random_legal_action<G: Game>(ctx: &Ctx, state: &G, legal: &[G::Action], rng: &DiceRng) {
    for stream in 0..4 {
        let mut ours = rng.decision_rng(stream);
        let mut default = ours.clone();
        let mut buf = Vec::new();
        let got = state.random_legal_action(&mut ours, &mut buf);
        let want = default
            .pick(legal.len())
            .and_then(|i| legal.get(i))
            .copied();
        if got != want || ours.word_pos() != default.word_pos() {
            ctx.fail(&format!(
                "random_legal_action gave {got:?} where a pick over the legal list gives {want:?}, \
                 or drew other words"
            ));
        }
    }
}

/// The game's `random_playout` reaches the state the contract's default
/// loop reaches, from the same words, leaving the generator at the same
/// place (a few dozen steps from here, so that long games stay cheap).
/// How often (in decisions) `random_playout` is checked.
const PLAYOUT_EVERY: u64 = 8;

fn check_random_playout<G: Game>(ctx: &Ctx, state: &G, rng: &DiceRng) {
    const STEPS: u32 = 40;
    let mut ours = rng.decision_rng(4);
    let mut theirs = ours.clone();
    let mut got = state.clone();
    got.random_playout(&mut ours, &mut Vec::new(), STEPS);
    let mut want = state.clone();
    contract_playout(&mut want, &mut theirs, &mut Vec::new(), STEPS);
    if got != want || ours.word_pos() != theirs.word_pos() {
        ctx.fail(&format!(
            "random_playout reached {got:?} where the contract's loop reaches {want:?}, \
             or drew other words"
        ));
    }
}

fn check_decision_node<G: Game>(
    ctx: &Ctx,
    state: &G,
    legal: &[G::Action],
    rng: &mut DiceRng,
    probes: usize,
) {
    if legal.is_empty() {
        ctx.fail("a decision node with no legal action");
    }
    check_random_legal_action(ctx, state, legal, rng);
    let mut ids: Vec<u32> = Vec::with_capacity(legal.len());
    for a in legal {
        if let Err(e) = state.check(a) {
            ctx.fail(&format!("listed action {a:?} refused by check: {e}"));
        }
        let text = state.action_text(a);
        match state.action_from_text(&text) {
            Ok(back) if back == *a => {}
            Ok(back) => ctx.fail(&format!("{a:?} is written {text:?}, which reads {back:?}")),
            Err(e) => ctx.fail(&format!(
                "{a:?} is written {text:?}, which does not read: {e}"
            )),
        }
        let bound = state.action_id_bound();
        match state.action_id(a) {
            Some(id) if id < bound => {
                if state.action_from_id(id) != Some(*a) {
                    ctx.fail(&format!("action id {id} does not map back to {a:?}"));
                }
                ids.push(id);
            }
            other => ctx.fail(&format!("{a:?} has id {other:?}, bound {bound}")),
        }
    }
    // Ids are a bijection, so a repeated id is a repeated action.
    ids.sort_unstable();
    if let Some(pair) = ids.windows(2).find(|w| w.first() == w.get(1)) {
        ctx.fail(&format!(
            "the action with id {:?} is listed twice",
            pair.first()
        ));
    }
    let sample: Vec<&G::Action> = if legal.len() <= probes {
        legal.iter().collect()
    } else {
        (0..probes).filter_map(|_| rng.choose(legal)).collect()
    };
    for a in sample {
        let pure = state
            .after(*a)
            .unwrap_or_else(|e| ctx.fail(&format!("after({a:?}) refused: {e}")));
        let mut in_place = state.clone();
        in_place
            .apply(*a)
            .unwrap_or_else(|e| ctx.fail(&format!("apply({a:?}) refused: {e}")));
        let mut unchecked = state.clone();
        unchecked.apply_unchecked(*a);
        if pure != in_place || unchecked != in_place {
            ctx.fail(&format!(
                "after, apply and apply_unchecked disagree on {a:?}"
            ));
        }
    }
}

fn probe_ids<G: Game>(ctx: &Ctx, state: &G, rng: &mut DiceRng, probes: usize) {
    let bound = state.action_id_bound();
    let Some(n) = core::num::NonZeroU32::new(bound) else {
        ctx.fail("action_id_bound is zero")
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    for _ in 0..probes {
        let id = rng.below(n);
        let Some(action) = state.action_from_id(id) else {
            continue;
        };
        if state.action_id(&action) != Some(id) {
            ctx.fail(&format!("id {id} maps to {action:?}, which maps elsewhere"));
        }
        let listed = legal.contains(&action);
        if state.is_legal(&action) != listed {
            ctx.fail(&format!(
                "is_legal({action:?}) disagrees with the legal list"
            ));
        }
        if !listed {
            let mut copy = state.clone();
            if copy.apply(action).is_ok() {
                ctx.fail(&format!("unlisted action {action:?} was applied"));
            }
            if copy != *state {
                ctx.fail(&format!("refused action {action:?} changed the state"));
            }
            if state.after(action).is_ok() {
                ctx.fail(&format!("after({action:?}) accepted an unlisted action"));
            }
        }
    }
}

fn check_chance_node<G: Game>(ctx: &Ctx, state: &G, outcomes: &mut Vec<(G::Chance, Prob)>) {
    state.chance_outcomes(outcomes);
    if outcomes.is_empty() {
        ctx.fail("a chance node with no outcome");
    }
    // Summing over the common denominator avoids a gcd per outcome.
    let lcm = common_denominator(outcomes.iter().map(|(_, p)| *p))
        .unwrap_or_else(|| ctx.fail("chance probabilities have no 128-bit common denominator"));
    let mut total: u128 = 0;
    for (i, (o, p)) in outcomes.iter().enumerate() {
        if *p == Prob::ZERO {
            ctx.fail(&format!("outcome {o:?} has probability zero"));
        }
        total = p
            .numer()
            .checked_mul(lcm / p.denom())
            .and_then(|x| x.checked_add(total))
            .unwrap_or_else(|| ctx.fail("chance probabilities overflow"));
        // Pairwise distinctness is quadratic; the first outcomes catch an
        // enumeration that repeats itself.
        if i < 8 && outcomes.iter().skip(i + 1).any(|(q, _)| q == o) {
            ctx.fail(&format!("outcome {o:?} listed twice"));
        }
    }
    if total != lcm {
        ctx.fail(&format!("chance probabilities sum to {total}/{lcm}, not 1"));
    }
    // An override of chance_outcome_index must give each outcome's place
    // in the list: a few of them, spread over it.
    let step = outcomes.len().div_ceil(8).max(1);
    for (i, (o, _)) in outcomes.iter().enumerate().step_by(step) {
        if state.chance_outcome_index(o) != Some(i) {
            ctx.fail(&format!(
                "chance_outcome_index({o:?}) is {:?}, not its place {i} in chance_outcomes",
                state.chance_outcome_index(o)
            ));
        }
    }
    // So must an override of chance_outcome give the outcome at each
    // place, and nothing past the last.
    for (i, listed) in outcomes.iter().enumerate().step_by(step) {
        if state.chance_outcome(i).as_ref() != Some(listed) {
            ctx.fail(&format!(
                "chance_outcome({i}) is {:?}, not {listed:?} as chance_outcomes lists it",
                state.chance_outcome(i)
            ));
        }
    }
    if state.chance_outcome(outcomes.len()).is_some() {
        ctx.fail("chance_outcome answers an id past the last outcome");
    }
    let (first, _) = &outcomes[0];
    let (last, _) = &outcomes[outcomes.len() - 1];
    for o in [first, last] {
        if let Err(e) = state.check_chance(o) {
            ctx.fail(&format!("listed outcome {o:?} refused: {e}"));
        }
        let mut a = state.clone();
        let mut b = state.clone();
        a.apply_chance(o.clone())
            .unwrap_or_else(|e| ctx.fail(&format!("apply_chance({o:?}) refused: {e}")));
        b.apply_chance_unchecked(o.clone());
        if a != b {
            ctx.fail("apply_chance and apply_chance_unchecked disagree");
        }
    }
}

/// Every seat, then a spectator.
pub(crate) fn viewers<G: Game>(state: &G) -> impl Iterator<Item = Viewer> {
    Viewer::every(state.players())
}

fn check_seen_chance<G: Game>(ctx: &Ctx, state: &G, outcome: &G::Chance) {
    let _ = state.chance_text(outcome);
    for viewer in viewers(state) {
        let seen = state.seen_chance(outcome, viewer);
        if seen.to_string().is_empty() {
            ctx.fail(&format!(
                "{viewer:?} is told nothing of chance outcome {outcome:?}"
            ));
        }
    }
}

fn check_views<G>(ctx: &Ctx, state: &G, rng: &mut DiceRng)
where
    G: Game,
    G::View: Serialize,
{
    for viewer in viewers(state) {
        let view = state.view(viewer);
        let resampled = state.resample_hidden(viewer, rng);
        same_view(ctx, state, viewer, &view, &resampled, || {
            format!("resample_hidden for {viewer:?}, which redraws only what it cannot see,")
        });
        let sampled = G::determinize(&view, rng).unwrap_or_else(|e| {
            ctx.fail(&format!(
                "no state determinized from {viewer:?}'s view: {e}"
            ))
        });
        same_view(ctx, state, viewer, &view, &sampled, || {
            format!("a state determinized from {viewer:?}'s view")
        });
    }
}

/// Fails unless `other` shows `viewer` the view `view` of `state` and has
/// its player to move; `what` names `other` in the failure.
fn same_view<G>(
    ctx: &Ctx,
    state: &G,
    viewer: Viewer,
    view: &G::View,
    other: &G,
    what: impl Fn() -> String,
) where
    G: Game,
    G::View: Serialize,
{
    let shown = other.view(viewer);
    if shown != *view {
        let difference =
            first_difference(view, &shown).unwrap_or_else(|| "values written alike".into());
        ctx.fail(&format!("{} shows another view: {difference}", what()));
    }
    if other.to_move() != state.to_move() {
        ctx.fail(&format!("{} has another player to move", what()));
    }
}

fn check_serde<G>(ctx: &Ctx, state: &G)
where
    G: Game + Serialize + DeserializeOwned,
    G::View: Serialize + DeserializeOwned,
{
    let back: G = round_trip(ctx, state, "state");
    if back != *state {
        ctx.fail("the state changed in a JSON round trip");
    }
    for viewer in viewers(state) {
        let view = state.view(viewer);
        let back: G::View = round_trip(ctx, &view, "view");
        if back != view {
            ctx.fail("a view changed in a JSON round trip");
        }
    }
}

fn round_trip<T: Serialize + DeserializeOwned>(ctx: &Ctx, value: &T, what: &str) -> T {
    let json: String = serde_json::to_string(value)
        .unwrap_or_else(|e| ctx.fail(&format!("{what} does not serialise: {e}")));
    serde_json::from_str(&json)
        .unwrap_or_else(|e| ctx.fail(&format!("{what} does not deserialise: {e}: {json}")))
}

fn check_replay<G>(ctx: &Ctx, m: &Match<G>)
where
    G: Game,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let record = m.record();
    let replayed = replay(&record).unwrap_or_else(|e| ctx.fail(&format!("replay failed: {e}")));
    if replayed != *m {
        ctx.fail("the record replays to another match");
    }
    let back: Record<G> = round_trip(ctx, &record, "record");
    if back != record {
        ctx.fail("the record changed in a JSON round trip");
    }
}

/// Drives a fresh game with a stream of arbitrary choices, most of them
/// illegal, and checks every answer: the entry point of property tests and
/// fuzz targets that feed the engine bytes.
///
/// The stream is read four bytes at a time as a number `x`. At a chance node
/// the outcome is drawn from `seed`'s generator when `x` is even, and taken
/// from the listed outcomes by `x / 2` otherwise. At a decision `x` names an
/// action id (modulo the bound): the action must be accepted exactly when it
/// is listed, and a refused one must leave the state unchanged; after a
/// refusal a listed action chosen by `x` is played so the game moves on.
/// Returns the number of steps taken.
///
/// # Panics
/// On the first violation, and when the game refuses `config`.
///
/// ```
/// use dice_core::testkit::check_action_stream;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let steps = check_action_stream::<Pig>(&PigConfig::default(), 7, &[1, 0, 0, 0, 0, 0, 0, 0, 3, 1, 2, 9]);
/// assert_eq!(steps, 3);
/// ```
pub fn check_action_stream<G: Game>(config: &G::Config, seed: u64, stream: &[u8]) -> usize {
    let mut state = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    let mut steps = 0;
    for chunk in stream.chunks(4) {
        let ctx = Ctx { seed, step: steps };
        let x = chunk
            .iter()
            .rev()
            .fold(0u32, |acc, &b| acc << 8 | u32::from(b));
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let outcome = if x % 2 == 0 {
                    state.sample_chance(&mut rng)
                } else {
                    state.chance_outcomes(&mut outcomes);
                    wrapped(&outcomes, x / 2).map(|(o, _)| o.clone())
                };
                let outcome = outcome.unwrap_or_else(|| ctx.fail("no outcome at a chance node"));
                state
                    .apply_chance(outcome)
                    .unwrap_or_else(|e| ctx.fail(&format!("a listed outcome was refused: {e}")));
            }
            ToMove::Player(_) => {
                state.legal_actions(&mut legal);
                let bound = state.action_id_bound().max(1);
                let Some(action) = state.action_from_id(x % bound) else {
                    continue;
                };
                let listed = legal.contains(&action);
                let before = state.clone();
                match state.apply(action) {
                    Ok(()) if listed => {}
                    Ok(()) => ctx.fail(&format!("unlisted action {action:?} was applied")),
                    Err(e) if listed => ctx.fail(&format!("listed action {action:?} refused: {e}")),
                    Err(_) => {
                        if state != before {
                            ctx.fail(&format!("refused action {action:?} changed the state"));
                        }
                        if let Some(&a) = wrapped(&legal, x >> 8) {
                            state.apply(a).unwrap_or_else(|e| {
                                ctx.fail(&format!("listed action {a:?} refused: {e}"))
                            });
                        }
                    }
                }
            }
        }
        steps += 1;
    }
    steps
}

/// The item `x` picks from `items`, counting round past the end; `None`
/// when there are none.
fn wrapped<T>(items: &[T], x: u32) -> Option<&T> {
    let i = usize::try_from(x).ok()?.checked_rem(items.len())?;
    items.get(i)
}

/// Runs [`check_action_stream`] on every config with one stream of
/// `stream_len` arbitrary bytes per seed, each drawn from that seed's
/// generator: the action-stream property without a property-test crate,
/// and replayable from the seed a failure names. Returns the steps taken
/// over all streams.
///
/// ```
/// use dice_core::testkit::check_action_streams;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let steps = check_action_streams::<Pig>(&[PigConfig::default()], 0..4, 512);
/// assert!(steps > 0);
/// ```
///
/// # Panics
/// On the first violation, and when the game refuses a config.
pub fn check_action_streams<G: Game>(
    configs: &[G::Config],
    seeds: Range<u64>,
    stream_len: usize,
) -> usize {
    let mut steps = 0;
    for config in configs {
        for seed in seeds.clone() {
            let mut bytes = DiceRng::from_seed_u64(seed);
            let stream: Vec<u8> = (0..stream_len)
                .map(|_| bytes.next_word().to_le_bytes()[0])
                .collect();
            steps += check_action_stream::<G>(config, seed, &stream);
        }
    }
    steps
}

/// Plays a fresh game of `config` to its end with the game's own
/// [`random_playout`](Game::random_playout), one step at a time from the
/// generator of `seed`, and shows `visit` every position on the way, the
/// first and the finished one included; returns the finished game. What a
/// test of something every position shows (a running score, say) walks.
///
/// ```
/// use dice_core::pig::{Pig, PigConfig};
/// use dice_core::testkit::each_random_position;
/// use dice_core::Game;
///
/// let mut positions = 0;
/// let end = each_random_position::<Pig>(&PigConfig::default(), 1, |_| positions += 1);
/// assert!(end.result().is_some() && positions > 1);
/// ```
///
/// # Panics
/// When the game refuses `config`, or a step leaves the position as it was.
pub fn each_random_position<G: Game>(
    config: &G::Config,
    seed: u64,
    mut visit: impl FnMut(&G),
) -> G {
    let mut game = G::new(config).unwrap_or_else(|e| panic!("config refused: {e}"));
    let (mut rng, mut buf) = (DiceRng::from_seed_u64(seed), Vec::new());
    visit(&game);
    while game.result().is_none() {
        let before = game.clone();
        game.random_playout(&mut rng, &mut buf, 1);
        assert!(
            game != before,
            "seed {seed}: a step left the game as it was"
        );
        visit(&game);
    }
    game
}

/// `game` after up to `steps` random steps (chance sampled, decisions drawn
/// uniformly from the legal list, both from `seed`), stopping early at the
/// end or once `stop` holds: positions deep in a game for property tests.
///
/// ```
/// use dice_core::pig::{Pig, PigConfig};
/// use dice_core::testkit::random_steps;
/// use dice_core::{Game, ToMove};
///
/// let fresh = Pig::new(&PigConfig::default()).unwrap();
/// // Rolling is the only first move, so one step leaves the die rolling.
/// let rolling = random_steps(fresh.clone(), 3, 1, |_| false);
/// assert_eq!(rolling.to_move(), ToMove::Chance);
/// let risky = random_steps(fresh.clone(), 3, 10_000, |g| g.turn_total() >= 10);
/// assert!(risky.turn_total() >= 10);
/// let over = random_steps(fresh, 3, 10_000, |_| false);
/// assert_eq!(over.to_move(), ToMove::Over);
/// ```
///
/// # Panics
/// If the game breaks its contract: no legal action at a decision, no
/// outcome at a chance node, or a listed action that does not apply.
pub fn random_steps<G: Game>(
    mut game: G,
    seed: u64,
    steps: usize,
    mut stop: impl FnMut(&G) -> bool,
) -> G {
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        if stop(&game) {
            break;
        }
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let Some(outcome) = game.sample_chance(&mut rng) else {
                    panic!("seed {seed}: a chance node with no outcome");
                };
                if let Err(e) = game.apply_chance(outcome) {
                    panic!("seed {seed}: a sampled outcome was refused: {e}");
                }
            }
            ToMove::Player(_) => {
                game.legal_actions(&mut legal);
                let Some(&action) = rng.choose(&legal) else {
                    panic!("seed {seed}: a decision with no legal action");
                };
                if let Err(e) = game.apply(action) {
                    panic!("seed {seed}: a listed action was refused: {e}");
                }
            }
        }
    }
    game
}

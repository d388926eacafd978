//! Histories leak nothing, and saved matches resume exactly.

use alloc::boxed::Box;
use alloc::format;
use alloc::vec::Vec;
use core::ops::Range;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::agent::Agent;
use crate::game::{Game, ToMove, Viewer};
use crate::game_match::Match;
use crate::history::{History, SeenEntry};
use crate::record::{Entry, Record};
use crate::replay::replay;
use crate::rng::DiceRng;
use crate::testkit::json::to_json;
use crate::testkit::random::viewers;

/// What [`check_histories`] compared.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HistorySummary {
    /// Entries compared, over all games and viewers.
    pub entries: u64,
    /// Entries where the twin game took another entry than the game (a
    /// secret that differed): a game with hidden information must show
    /// some, or the check proved nothing (it then fails).
    pub hidden_differences: u64,
    /// Entries that revealed what the twins differed in (a challenge that
    /// shows every die, layouts shown mid-game): the twins part there and
    /// a new twin is drawn from the revealed position.
    pub reveals: u64,
    /// Entries after which something was hidden from the viewer.
    pub hidden_entries: u64,
}

/// For every viewer, plays each seed's game next to a twin that the viewer
/// cannot tell apart from it, and checks that the two histories are the
/// same, byte for byte in JSON; also that no history carries the seed or
/// the generator. Panics on the first difference.
///
/// The twin is built step by step: after the game takes an entry, the twin
/// takes a random one of its own legal entries (actions or chance outcomes)
/// after which `viewer`'s view of the twin equals `viewer`'s view of the
/// game, preferring one that differs from the game's; an entry other than
/// the game's qualifies only if, taken by the game itself, it would lead to
/// another position with the same view, so the two entries differ only in
/// what the viewer may not see. The views are proven
/// to hide what they must by [`check_random_games`](crate::testkit::check_random_games)
/// (with [`Game::resample_hidden`] and [`Game::determinize`]), so two such
/// games differ only in what `viewer` may not know: an opponent's warrior
/// value, a roll behind a screen. Where no such entry exists, the entry
/// reveals what the twins differ in (every die at a challenge, the layouts
/// shown mid-game, a final scoring): the twins part there, a new twin is
/// drawn from the revealed position ([`Game::resample_hidden`]), and the
/// comparison goes on to the end of the log.
///
/// The check fails when it compares too little to prove anything: when
/// the twins part at more than a quarter of the entries, or when something
/// was hidden from a viewer but no twin ever took another entry than the
/// game.
///
/// Who moves next must not depend on a secret either: after every entry,
/// each other entry open to the twin that the viewer is told in the same
/// words must leave the same player (or chance) to move. Twins whose next
/// player differs are paired this way even when their views differ (a step
/// that moved on by itself because every die behind a screen shows a
/// skull), so that leak fails here in every game.
///
/// ```
/// use dice_core::testkit::check_histories;
/// use dice_core::pig::{Pig, PigConfig};
///
/// let summary = check_histories::<Pig>(&PigConfig::default(), 0..5, 200);
/// assert!(summary.entries > 0);
/// assert_eq!(summary.hidden_differences, 0, "Pig hides nothing");
/// ```
///
/// # Panics
/// When a history differs between the twins, carries the seed or the
/// generator, or when the comparison covered too little (above).
pub fn check_histories<G>(config: &G::Config, seeds: Range<u64>, max_steps: usize) -> HistorySummary
where
    G: Game,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
    G::SeenAction: Serialize + DeserializeOwned,
    G::SeenChance: Serialize + DeserializeOwned,
{
    let mut summary = HistorySummary::default();
    for seed in seeds {
        // A seed far from small numbers, so a history that held it would
        // show it.
        let secret = seed ^ 0x9E37_79B9_7F4A_7C15;
        let mut m = Match::<G>::new(config, secret)
            .unwrap_or_else(|e| panic!("seed {seed}: config refused: {e}"));
        let mut rng = DiceRng::from_seed_u64(seed);
        rng.set_stream(2);
        let mut legal = Vec::new();
        for _ in 0..max_steps {
            match m.state().to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    m.resolve_chance();
                }
                ToMove::Player(_) => {
                    m.state().legal_actions(&mut legal);
                    let Some(&action) = rng.choose(&legal) else {
                        panic!("seed {seed}: a decision with no legal action");
                    };
                    m.play(action)
                        .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
                }
            }
        }
        let generator = m.generator().map(to_json);
        for viewer in viewers(m.state()) {
            let history = m.history(viewer);
            let json = to_json(&history);
            for (what, secret) in [
                ("seed", Some(format!("{secret}"))),
                ("generator", generator.clone()),
            ] {
                if let Some(secret) = secret {
                    assert!(
                        !json.contains(&secret),
                        "seed {seed}: {viewer:?}'s history holds the {what}: {json}"
                    );
                }
            }
            assert!(
                !json.contains("\"seed\"") && !json.contains("\"generator\""),
                "seed {seed}: {viewer:?}'s history has a seed or generator field: {json}"
            );
            let back: History<G> = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("seed {seed}: history does not read back: {e}"));
            assert!(
                back == history,
                "seed {seed}: {viewer:?}'s history changed in a JSON round trip"
            );
            compare_with_twin(&m, viewer, seed, &mut rng, &mut summary);
        }
    }
    let examined = summary.entries + summary.reveals;
    assert!(
        summary.reveals * 4 <= examined,
        "the twins parted at {} of {examined} entries: too little was compared to prove that \
         the histories leak nothing ({summary:?})",
        summary.reveals
    );
    assert!(
        summary.hidden_differences > 0 || summary.hidden_entries == 0,
        "something was hidden from a viewer after {} entries, but no twin ever took another \
         entry than the game: nothing hidden was compared ({summary:?})",
        summary.hidden_entries
    );
    summary
}

fn compare_with_twin<G>(
    m: &Match<G>,
    viewer: Viewer,
    seed: u64,
    rng: &mut DiceRng,
    summary: &mut HistorySummary,
) where
    G: Game,
    G::SeenAction: Serialize,
    G::SeenChance: Serialize,
{
    let mut game = G::new(m.state().config()).unwrap_or_else(|e| panic!("config refused: {e}"));
    let mut twin = game.clone();
    let mut entries = Vec::new();
    // Whether anything is hidden from the viewer, probed on a stream of
    // its own so that the twins drawn do not depend on it.
    let mut probe = DiceRng::from_seed_u64(seed);
    probe.set_stream(4);
    for (step, entry) in m.log().iter().enumerate() {
        let next = after(&game, entry);
        if next.resample_hidden(viewer, &mut probe) != next {
            summary.hidden_entries += 1;
        }
        let told = to_json(&SeenEntry::new(&game, entry, viewer));
        entries.clear();
        candidates(&twin, &mut entries);
        if let Some((e, then)) = told_alike_moved_on(&twin, &entries, entry, &next, &told, viewer) {
            panic!(
                "seed {seed}, entry {step}: {viewer:?} is told {told} of both {entry:?} \
                 and {e:?}, but the next to move is {:?} after one and {then:?} after the \
                 other: who moves next depends on a secret",
                next.to_move(),
            );
        }
        let alike = alike_entries(&game, &twin, &entries, entry, &next, viewer);
        let others: Vec<&Entry<G>> = alike.iter().copied().filter(|e| *e != entry).collect();
        let Some(&twin_entry) = rng.choose(&others).or_else(|| rng.choose(&alike)) else {
            // Nothing the twin can do looks the same: the entry reveals
            // what differs (every die at a challenge, a final scoring).
            // The twins part; a new one, which the viewer cannot tell
            // apart from the revealed position, goes on with the game.
            summary.reveals += 1;
            twin = next.resample_hidden(viewer, rng);
            game = next;
            continue;
        };
        let twin_told = to_json(&SeenEntry::new(&twin, twin_entry, viewer));
        assert!(
            told == twin_told,
            "seed {seed}, entry {step}: {viewer:?} cannot tell the games apart, but is told \
             {told} in one and {twin_told} in the other ({entry:?} and {twin_entry:?})"
        );
        let twin_next = after(&twin, twin_entry);
        assert!(
            twin_next.to_move() == next.to_move(),
            "seed {seed}, entry {step}: {viewer:?} sees the same view after {entry:?} and \
             {twin_entry:?}, but the next to move is {:?} after one and {:?} after the other",
            next.to_move(),
            twin_next.to_move()
        );
        summary.entries += 1;
        if twin_entry != entry {
            summary.hidden_differences += 1;
        }
        twin = twin_next;
        game = next;
    }
}

/// An entry of the twin's, other than the game's `entry`, that the viewer
/// is told as it is told `entry` but after which another player moves
/// than after `entry`, with who moves then.
///
/// Who moves next is public: an entry the viewer is told as it is told the
/// game's may not change it. This pairs twins whose next player differs,
/// so a step that moves on by itself because of a secret (every hidden die
/// a skull) fails even when the view shows where the game stands.
fn told_alike_moved_on<'a, G>(
    twin: &G,
    entries: &'a [Entry<G>],
    entry: &Entry<G>,
    next: &G,
    told: &str,
    viewer: Viewer,
) -> Option<(&'a Entry<G>, ToMove)>
where
    G: Game,
    G::SeenAction: Serialize,
    G::SeenChance: Serialize,
{
    entries.iter().filter(|e| *e != entry).find_map(|e| {
        let then = try_after(twin, e)?.to_move();
        (then != next.to_move() && to_json(&SeenEntry::new(twin, e, viewer)) == told)
            .then_some((e, then))
    })
}

/// The twin's entries after which the viewer sees what it sees after the
/// game's `entry`, `next` being the game's position then.
///
/// The twin may take another entry than the game only where the two
/// differ in what the viewer may not see: on the game's own state they
/// lead to different positions that show the same view (an opponent's
/// warrior of another value, another roll behind a screen). Two public
/// actions with the same effect do not qualify: the viewer saw which one
/// was taken.
fn alike_entries<'a, G: Game>(
    game: &G,
    twin: &G,
    entries: &'a [Entry<G>],
    entry: &Entry<G>,
    next: &G,
    viewer: Viewer,
) -> Vec<&'a Entry<G>> {
    let target = next.view(viewer);
    let hides_the_difference = |other: &Entry<G>| {
        other == entry
            || try_after(game, other).is_some_and(|g| g != *next && g.view(viewer) == target)
    };
    entries
        .iter()
        .filter(|e| after(twin, e).view(viewer) == target && hides_the_difference(e))
        .collect()
}

/// Every entry that could come next: the legal actions or the chance
/// outcomes.
fn candidates<G: Game>(state: &G, out: &mut Vec<Entry<G>>) {
    match state.to_move() {
        ToMove::Over => {}
        ToMove::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            out.extend(outcomes.into_iter().map(|(c, _)| Entry::Chance(c)));
        }
        ToMove::Player(p) => {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            out.extend(legal.into_iter().map(|action| Entry::Action {
                player: Some(p),
                action,
            }));
        }
    }
}

/// The state after `entry`, or `None` if it is not legal there.
fn try_after<G: Game>(state: &G, entry: &Entry<G>) -> Option<G> {
    let mut next = state.clone();
    let applied = match entry {
        Entry::Chance(c) => next.apply_chance(c.clone()),
        Entry::Action { action, .. } => next.apply(*action),
    };
    applied.ok().map(|()| next)
}

fn after<G: Game>(state: &G, entry: &Entry<G>) -> G {
    let mut next = state.clone();
    let applied = match entry {
        Entry::Chance(c) => next.apply_chance(c.clone()),
        Entry::Action { action, .. } => next.apply(*action),
    };
    applied.unwrap_or_else(|e| panic!("{entry:?} refused: {e}"));
    next
}

/// Makes the agents for one match, one per seat.
pub type AgentFactory<'a, G> = &'a dyn Fn() -> Vec<Box<dyn Agent<G>>>;

/// Plays each seed's match for `saved_after` steps (decisions and chance
/// events), saves its record and the agents' generator as JSON, loads them,
/// replays, and plays `then` more steps; the resumed match must equal the
/// match that never stopped, dice and agents' choices included.
///
/// ```
/// use dice_core::testkit::check_resume;
/// use dice_core::{Agent, RandomAgent, pig::{Pig, PigConfig}};
///
/// let agents = || -> Vec<Box<dyn Agent<Pig>>> { vec![Box::new(RandomAgent), Box::new(RandomAgent)] };
/// check_resume::<Pig>(&PigConfig::default(), 0..10, &agents, 7, 30);
/// ```
///
/// # Panics
/// When the resumed match differs, or the record does not read back.
pub fn check_resume<G>(
    config: &G::Config,
    seeds: Range<u64>,
    agents: AgentFactory<'_, G>,
    saved_after: usize,
    then: usize,
) where
    G: Game,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    for seed in seeds {
        let start = || {
            let m = Match::<G>::new(config, seed)
                .unwrap_or_else(|e| panic!("seed {seed}: config refused: {e}"));
            let mut rng = DiceRng::from_seed_u64(seed);
            rng.set_stream(1);
            (m, rng)
        };
        let (mut whole, mut whole_rng) = start();
        let mut seats = agents();
        steps(
            &mut whole,
            &mut seats,
            &mut whole_rng,
            saved_after.saturating_add(then),
        );

        let (mut first, mut first_rng) = start();
        let mut seats = agents();
        steps(&mut first, &mut seats, &mut first_rng, saved_after);
        let saved = to_json(&first.record());
        let saved_rng = to_json(&first_rng);
        drop((first, first_rng, seats));

        let record: Record<G> = serde_json::from_str(&saved)
            .unwrap_or_else(|e| panic!("seed {seed}: the saved record does not read: {e}"));
        let mut resumed = replay(&record)
            .unwrap_or_else(|e| panic!("seed {seed}: the saved record does not replay: {e}"));
        let mut resumed_rng: DiceRng = serde_json::from_str(&saved_rng)
            .unwrap_or_else(|e| panic!("seed {seed}: the saved generator does not read: {e}"));
        let mut seats = agents();
        steps(&mut resumed, &mut seats, &mut resumed_rng, then);
        assert!(
            resumed == whole,
            "seed {seed}: saved after {saved_after} steps and resumed for {then}, the match \
             differs from the one that never stopped"
        );
        assert!(
            to_json(&resumed.record()) == to_json(&whole.record()),
            "seed {seed}: the resumed match writes another record"
        );
    }
}

/// Up to `count` steps of `m`: chance from its generator, decisions from
/// the agents.
fn steps<G: Game>(
    m: &mut Match<G>,
    agents: &mut [Box<dyn Agent<G>>],
    rng: &mut DiceRng,
    count: usize,
) {
    let mut legal = Vec::new();
    for _ in 0..count {
        match m.state().to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                assert!(
                    m.resolve_chance().is_some(),
                    "a chance node the generator cannot resolve"
                );
            }
            ToMove::Player(seat) => {
                m.state().legal_actions(&mut legal);
                let view = m.state().view(Viewer::Seat(seat));
                let Some(agent) = agents.get_mut(seat) else {
                    panic!("no agent for seat {seat}");
                };
                let Some(action) = agent.choose(seat, &view, &legal, rng) else {
                    panic!("the agent of seat {seat} chose nothing");
                };
                m.play(action)
                    .unwrap_or_else(|e| panic!("seat {seat}'s {action:?} refused: {e}"));
            }
        }
    }
}

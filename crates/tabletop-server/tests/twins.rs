//! Twins: for every title, at random steps, a second match that a viewer
//! cannot tell apart from the first (`resample_hidden`), driven with the
//! same moves: every frame the match actors send that viewer (welcome,
//! updates, refusals, stale answers) is byte-identical in both.
//!
//! In process: the frames are the exact text the socket carries.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation,
    clippy::unreadable_literal,
    clippy::doc_markdown,
    clippy::too_many_lines,
    reason = "test helpers: a failure is a test failure"
)]

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use tabletop_engines::dice_core::{DiceRng, Viewer};
use tabletop_server::actor::{Actor, Command, Frame, Handle, MatchInfo};
use tabletop_server::games::Table;
use tabletop_server::limits::Limits;
use tabletop_server::protocol::ActionRef;
use tabletop_server::sqlite::SqliteStore;
use tabletop_server::store::{NewMatch, SeatKind, Status, Store, StoredSeat};
use tokio::sync::{mpsc, oneshot};

const TITLES: &[&str] = &[
    "pig(players=2,target=30)",
    "age-of-war(players=2)",
    "armadora(players=2)",
    "armadora(players=3,advanced=true)",
    "era(players=2)",
];
const GAMES_PER_TITLE: u64 = 50;
const STEPS_AFTER_TWIN: usize = 40;
const WAIT: Duration = Duration::from_secs(10);

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

struct Side {
    handle: Handle,
    /// One subscriber per seat, then the spectator.
    subs: Vec<(u64, mpsc::Receiver<Frame>)>,
    shadow: Table,
    rng: DiceRng,
    _task: tokio::task::JoinHandle<()>,
}

async fn side(table: Table, rng: &DiceRng) -> Side {
    let store = Arc::new(SqliteStore::in_memory().unwrap());
    let players = table.players();
    store
        .create(&NewMatch {
            id: "twin".into(),
            game: table.name().into(),
            config: table.config_json(),
            spectators: true,
            turn_seconds: None,
            seats: (0..players)
                .map(|_| StoredSeat {
                    kind: SeatKind::Person,
                    token_hash: None,
                })
                .collect(),
            rng: serde_json::to_string(rng).unwrap(),
            entries: Vec::new(),
            status: Status::Playing,
            now: 0,
        })
        .unwrap();
    let info = MatchInfo {
        id: "twin".into(),
        seats: vec![SeatKind::Person; players],
        spectators: true,
        turn_seconds: None,
    };
    let shadow = table.duplicate().unwrap();
    let actor = Actor::new(
        info,
        table,
        rng.clone(),
        Status::Playing,
        store,
        Limits::default(),
        BTreeSet::new(),
    );
    let (handle, task) = actor.spawn();
    let mut subs = Vec::new();
    for viewer in (0..players).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let (frames, rx) = mpsc::channel(1 << 16);
        let (reply, sub) = oneshot::channel();
        handle
            .commands
            .send(Command::Subscribe {
                viewer,
                last_seq: None,
                frames,
                reply,
            })
            .await
            .unwrap();
        subs.push((sub.await.unwrap(), rx));
    }
    Side {
        handle,
        subs,
        shadow,
        rng: rng.clone(),
        _task: task,
    }
}

impl Side {
    async fn act(&self, seat: usize, seq: usize, action: ActionRef, client_id: &str) {
        self.handle
            .commands
            .send(Command::Act {
                sub: self.subs[seat].0,
                seat,
                seq,
                action,
                client_id: client_id.into(),
            })
            .await
            .unwrap();
    }

    async fn frame(&mut self, index: usize) -> String {
        let f = tokio::time::timeout(WAIT, self.subs[index].1.recv())
            .await
            .expect("a frame in time")
            .expect("subscribed");
        f.to_string()
    }

    /// Applies to the shadow what the actor applies.
    fn shadow_play(&mut self, seat: usize, id: u32) {
        self.shadow.apply_as(seat, id).unwrap();
        self.shadow.resolve_chance(&mut self.rng);
    }

    /// Reads every frame of the viewers not compared, so no queue fills.
    fn drain(&mut self, keep: usize) {
        for (i, (_, rx)) in self.subs.iter_mut().enumerate() {
            if i != keep {
                while rx.try_recv().is_ok() {}
            }
        }
    }
}

/// The position after `steps` random steps of a seeded game.
fn position(title: &str, seed: u64, steps: usize) -> (Table, usize) {
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut pick = Lcg(seed);
    let mut t = Table::new(title).unwrap();
    t.resolve_chance(&mut rng);
    let mut taken = 0;
    for _ in 0..steps {
        let Some(seat) = t.seat_to_move() else { break };
        taken += 1;
        let legal = t.legal_for(seat);
        let (id, _) = legal[pick.below(legal.len())].clone();
        t.apply_as(seat, id).unwrap();
        t.resolve_chance(&mut rng);
    }
    (t, taken)
}

#[derive(Default, Debug)]
struct Tally {
    games: u64,
    frames: u64,
    refusals: u64,
}

async fn twin_game(title: &str, seed: u64, tally: &mut Tally) {
    let mut pick = Lcg(seed ^ 0xABCD);
    // A random step of the seeded game, which is first played to its end.
    let (_, length) = position(title, seed, 5_000);
    let (start, _) = position(title, seed, pick.below(length));
    if start.is_over() {
        return;
    }
    let players = start.players();
    let index = pick.below(players + 1);
    let viewer = if index == players {
        Viewer::Spectator
    } else {
        Viewer::Seat(index)
    };
    let a = start
        .resample_hidden(viewer, &mut DiceRng::from_seed_u64(seed ^ 1))
        .unwrap();
    let b = start
        .resample_hidden(viewer, &mut DiceRng::from_seed_u64(seed ^ 2))
        .unwrap();
    assert_eq!(a.view_json(viewer), b.view_json(viewer));
    let dice = DiceRng::from_seed_u64(seed ^ 3);
    let mut sa = side(a, &dice).await;
    let mut sb = side(b, &dice).await;
    let same = |fa: &str, fb: &str, what: &str| {
        assert_eq!(
            fa, fb,
            "{title} seed {seed} {viewer:?}: {what} differs between twins"
        );
    };
    let (wa, wb) = (sa.frame(index).await, sb.frame(index).await);
    same(&wa, &wb, "welcome");
    tally.frames += 1;
    tally.games += 1;
    for step in 0..STEPS_AFTER_TWIN {
        let Some(seat) = sa.shadow.seat_to_move() else {
            break;
        };
        let seq = sa.shadow.entry_count();
        // Probes from the viewer: out of turn, unknown, illegal, stale.
        if let Viewer::Seat(me) = viewer {
            let probe = match pick.below(4) {
                0 => Some((
                    seq,
                    ActionRef::Id(pick.below(sa.shadow.action_bound() as usize) as u32),
                )),
                1 => Some((seq, ActionRef::Id(4_000_000_000))),
                2 if seq > 0 => Some((seq - 1, ActionRef::Id(0))),
                _ => None,
            };
            let legal: Vec<u32> = sa.shadow.legal_for(me).iter().map(|(id, _)| *id).collect();
            if let Some((at, action)) = probe {
                let harmless = match &action {
                    ActionRef::Id(id) => at != seq || !legal.contains(id),
                    ActionRef::Text(_) => true,
                };
                if harmless {
                    let cid = format!("probe{step}");
                    sa.act(me, at, action.clone(), &cid).await;
                    sb.act(me, at, action, &cid).await;
                    let (fa, fb) = (sa.frame(index).await, sb.frame(index).await);
                    same(&fa, &fb, "a refusal or stale answer");
                    tally.frames += 1;
                    tally.refusals += 1;
                }
            }
        }
        let legal_a = sa.shadow.legal_for(seat);
        let (id_a, _) = legal_a[pick.below(legal_a.len())].clone();
        // The move in the twin: one after which the viewer sees the same
        // table (the same move when it qualifies; always the same for the
        // viewer's own). Where none exists, the twins part because the
        // viewer learns what differs (an end that reveals everything).
        let mut after_a = sa.shadow.duplicate().unwrap();
        after_a.apply_as(seat, id_a).unwrap();
        after_a.resolve_chance(&mut sa.rng.clone());
        let target = after_a.view_json(viewer);
        let mut candidates: Vec<u32> = if viewer == Viewer::Seat(seat) {
            assert_eq!(legal_a, sb.shadow.legal_for(seat));
            vec![id_a]
        } else {
            sb.shadow
                .legal_for(seat)
                .iter()
                .map(|(id, _)| *id)
                .collect()
        };
        candidates.sort_by_key(|&c| c != id_a);
        let found = candidates.into_iter().find(|&c| {
            let mut t = sb.shadow.duplicate().unwrap();
            t.apply_as(seat, c).is_ok() && {
                t.resolve_chance(&mut sb.rng.clone());
                t.view_json(viewer) == target
            }
        });
        let Some(id_b) = found else {
            break;
        };
        let cid = format!("m{step}");
        sa.act(seat, seq, ActionRef::Id(id_a), &cid).await;
        sb.act(seat, seq, ActionRef::Id(id_b), &cid).await;
        sa.shadow_play(seat, id_a);
        sb.shadow_play(seat, id_b);
        let (fa, fb) = (sa.frame(index).await, sb.frame(index).await);
        same(&fa, &fb, "an update");
        tally.frames += 1;
        if sa.shadow.view_json(viewer) != sb.shadow.view_json(viewer) {
            // Chance showed the viewer something the twins drew apart.
            break;
        }
        sa.drain(index);
        sb.drain(index);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twins_a_viewer_cannot_tell_apart_send_it_identical_frames() {
    let games: u64 = std::env::var("TWIN_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(GAMES_PER_TITLE);
    for title in TITLES {
        let mut tally = Tally::default();
        let mut seed = 0;
        while tally.games < games {
            assert!(
                seed < games * 4,
                "{title}: too few positions before the end"
            );
            twin_game(title, seed, &mut tally).await;
            seed += 1;
        }
        eprintln!(
            "{title}: {} twin games, {} frames compared, {} of them refusals or stale answers",
            tally.games, tally.frames, tally.refusals
        );
        assert!(tally.frames > tally.games);
    }
}

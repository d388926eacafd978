//! Several server processes on one PostgreSQL database
//! (`TABLETOP_TEST_POSTGRES`): the seats of a match on different
//! processes (the owner's and others that relay to it), the owner killed
//! with SIGKILL at points spread over each game, a process that loses its
//! lock session, a match of bots only whose owner died: every match ends,
//! no acknowledged entry is lost, each log is an uninterrupted twin's and
//! the frames a seat receives are the twin's bytes whichever process
//! serves it.
use std::collections::BTreeMap;
use std::time::Duration;

use serde_json::{Value, json};
use tabletop_engines::dice_core::DiceRng;
use tabletop_server::matches::games::Table;
use tabletop_server::store::{
    Commit, MatchSetup, NewMatch, Owner, SeatKind, Status, Store, StoredEntry, StoredMatch,
    StoredSeat,
};

use crate::common::{Client, Lcg, Server, TestDb, legal_of, scratch, tokens};
use crate::crash::{FLAGS, TITLES, absorb, choose};
use crate::store_suite::pg_store_on;
use crate::twins::{self, Twin};

const PROCESSES: usize = 3;
const KILLS_PER_TITLE: usize = 6;

/// The processes of a run, by slot: one on SQLite for the uninterrupted
/// twin, or several on one PostgreSQL database, a killed one started
/// again in its slot.
pub struct Cluster<'a> {
    db: Option<&'a TestDb>,
    pub servers: Vec<Server>,
}

impl<'a> Cluster<'a> {
    fn on(db: &'a TestDb) -> Self {
        Self::with(db, FLAGS)
    }

    /// Processes started with `flags`.
    pub fn with(db: &'a TestDb, flags: &[&str]) -> Self {
        Cluster {
            db: Some(db),
            servers: (0..PROCESSES)
                .map(|_| Server::start_on(db, flags))
                .collect(),
        }
    }

    pub fn single(server: Server) -> Self {
        Cluster {
            db: None,
            servers: vec![server],
        }
    }

    /// The slot of the running process that owns `id`.
    pub fn owner(&self, id: &str) -> Option<usize> {
        let owner = self
            .db?
            .query(&format!("SELECT owner FROM matches WHERE id = '{id}'"));
        let peer = owner.into_iter().next().flatten()?;
        self.servers
            .iter()
            .position(|s| s.peer.as_deref() == Some(peer.as_str()))
    }

    /// SIGKILL to the owner of `id`, and a new process in its slot.
    fn kill_owner(&mut self, id: &str) {
        let slot = self.owner(id).expect("a running process owns the match");
        self.servers[slot].kill();
        self.servers[slot] = Server::start_on(self.db.unwrap(), FLAGS);
    }
}

/// A seat's hello to `server` from `last_seq`, as a client sends it after
/// a drop: its connection and welcome. Told to retry (the match is moving
/// from a process that stopped) or dropped, it tries again, for at most
/// the wait.
pub async fn join(server: &Server, token: &str, last_seq: Option<u64>) -> (Client, Value) {
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        let mut c = server.connect().await;
        c.send(&json!({ "type": "hello", "token": token, "last_seq": last_seq }))
            .await;
        match c.next().await {
            Some(f) if f["type"] == "welcome" => return (c, f),
            Some(f) => assert!(
                matches!(f["reason"]["code"].as_str(), Some("busy" | "unavailable")),
                "{f}"
            ),
            None => {}
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no welcome within the wait");
}

/// What each person seat saw of a game.
#[derive(Default)]
pub struct Seen {
    /// The entries, in order.
    pub log: Vec<Value>,
    /// The last frame.
    pub last: Value,
    /// Each `update` frame as received, by its sequence number.
    pub updates: BTreeMap<u64, String>,
    /// Each welcome.
    pub welcomes: Vec<Value>,
}

impl Seen {
    pub fn take(&mut self, client: &Client, frame: Value) {
        absorb(&mut self.log, &frame);
        if frame["type"] == "update" {
            let text = client.frames.last().unwrap().clone();
            let seq = frame["seq"].as_u64().unwrap();
            if let Some(before) = self.updates.insert(seq, text.clone()) {
                assert_eq!(before, text, "the update to {seq} told twice, differently");
            }
        }
        self.last = frame;
    }

    pub fn seq(&self) -> u64 {
        self.last["seq"].as_u64().unwrap()
    }
}

pub struct Outcome {
    pub seen: Vec<Seen>,
    pub actions: usize,
    pub kills: usize,
}

/// Plays match `id` (seats `kinds`, person tokens `tokens`) to its end on
/// `cluster`, the same choices from the same positions whatever happens;
/// person seat `j` connects to slot `j + round`, the round growing at
/// each kill, so the seats sit on different processes. The owner is
/// killed after each person action numbered in `kill_at` (the action
/// still in flight at every other kill).
pub async fn play(
    cluster: &mut Cluster<'_>,
    id: &str,
    kinds: &[&str],
    tokens: &[Option<String>],
    kill_at: &[usize],
) -> Outcome {
    let persons: Vec<usize> = (0..kinds.len()).filter(|&s| tokens[s].is_some()).collect();
    let mut seen: Vec<Seen> = persons.iter().map(|_| Seen::default()).collect();
    let mut acked = 0u64;
    let mut actions = 0;
    let mut kills = 0;
    let mut round = 0;
    'run: loop {
        let n = cluster.servers.len();
        let mut clients = Vec::new();
        for (j, &s) in persons.iter().enumerate() {
            let server = &cluster.servers[(j + round) % n];
            let last_seq = seen[j].last["seq"].as_u64();
            let (c, w) = join(server, tokens[s].as_deref().unwrap(), last_seq).await;
            let seq = w["seq"].as_u64().unwrap();
            assert!(
                seq >= acked,
                "{id}: acknowledged entries lost ({seq} < {acked})"
            );
            if let Some(q) = last_seq {
                assert_eq!(w["update"]["from"], q, "{id}: only what was missed");
            }
            seen[j].welcomes.push(w.clone());
            seen[j].take(&c, w);
            clients.push(c);
        }
        if round > 0 && cluster.db.is_some() {
            assert!(
                cluster.owner(id).is_some(),
                "{id}: a running process took the match over"
            );
        }
        for _ in 0..20_000 {
            if seen.iter().all(|v| !v.last["update"]["result"].is_null()) {
                break 'run;
            }
            let top = seen.iter().map(Seen::seq).max().unwrap();
            // Bring everyone to the newest seq seen; when a bot is to
            // move, its entry comes to everyone.
            let mover = seen
                .iter()
                .position(|v| v.seq() == top && !legal_of(&v.last).is_empty());
            let behind = seen.iter().position(|v| v.seq() < top);
            let Some(j) = mover.filter(|_| behind.is_none()) else {
                let j = behind.unwrap_or(0);
                let f = clients[j].next().await.expect("open");
                seen[j].take(&clients[j], f);
                continue;
            };
            let legal = legal_of(&seen[j].last);
            let (action, _) = legal[choose(top, legal.len())].clone();
            clients[j].act(top, json!(action), &format!("a{top}")).await;
            actions += 1;
            let kill_now = kill_at.get(kills) == Some(&actions);
            if !(kill_now && kills % 2 == 0) {
                loop {
                    let f = clients[j].next().await.expect("open");
                    assert_eq!(f["type"], "update", "{id}: {f}");
                    seen[j].take(&clients[j], f);
                    if seen[j].seq() > top {
                        break;
                    }
                }
                acked = acked.max(seen[j].seq());
            }
            if kill_now {
                // Killed with the action in flight (every other kill) or
                // acknowledged: the resend after the takeover applies it
                // once.
                cluster.kill_owner(id);
                kills += 1;
                round += 1;
                continue 'run;
            }
        }
        panic!("{id}: the game did not end");
    }
    Outcome {
        seen,
        actions,
        kills,
    }
}

/// The fields of an update that a welcome at the same step must repeat.
fn told(update: &Value) -> [&Value; 4] {
    ["view", "legal", "odds", "result"].map(|k| &update[k])
}

/// Each seat saw in `crashed` what it saw in the uninterrupted
/// `reference`: the same log and end, most steps told live, each update
/// byte for byte and each welcome at the twin's step.
pub fn assert_twins(title: &str, crashed: &[Seen], reference: &[Seen]) {
    for (j, (c, r)) in crashed.iter().zip(reference).enumerate() {
        assert_eq!(c.log, r.log, "{title}: seat {j}'s log");
        assert_eq!(
            c.last["update"], r.last["update"],
            "{title}: seat {j}'s end"
        );
        assert!(!c.last["update"]["result"].is_null(), "{title}: over");
        assert!(
            c.updates.len() * 2 > r.updates.len(),
            "{title}: most steps told live"
        );
        for (seq, frame) in &c.updates {
            assert_eq!(
                Some(frame),
                r.updates.get(seq),
                "{title}: seat {j}'s update to {seq}, byte for byte"
            );
        }
        for w in &c.welcomes {
            let seq = w["seq"].as_u64().unwrap();
            let twin_at: Value = match r.updates.get(&seq) {
                Some(u) => serde_json::from_str(u).unwrap(),
                None => r.welcomes[0].clone(),
            };
            assert_eq!(twin_at["seq"], seq, "{title}: seat {j}");
            assert_eq!(
                told(&w["update"]),
                told(&twin_at["update"]),
                "{title}: seat {j}'s welcome at {seq}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_killed_at_24_points_loses_nothing_and_every_seat_is_told_what_a_twin_is() {
    let db = TestDb::create("failover");
    let dir = scratch("failover");
    let mut twin = Cluster::single(Server::start(&dir.join("twin.sqlite"), FLAGS));
    let mut cluster = Cluster::on(&db);
    // Every match created first, in the same order on both: the n-th of
    // each has the same dice.
    let mut matches = Vec::new();
    for (title, kinds) in TITLES {
        let a = twin.servers[0].create(title, kinds).await;
        let b = cluster.servers[0].create(title, kinds).await;
        matches.push((title, kinds, a, b));
    }
    let mut total = 0;
    for (title, kinds, a, b) in &matches {
        let reference = play(&mut twin, a["id"].as_str().unwrap(), kinds, &tokens(a), &[]).await;
        let n = reference.actions;
        let kill_at: Vec<usize> = (1..=KILLS_PER_TITLE)
            .map(|k| k * n / (KILLS_PER_TITLE + 1))
            .collect();
        assert!(
            kill_at.windows(2).all(|w| w[0] < w[1]) && kill_at[0] > 0,
            "{title}: {n} actions are too few to spread {KILLS_PER_TITLE} kills"
        );
        let id = b["id"].as_str().unwrap();
        let crashed = play(&mut cluster, id, kinds, &tokens(b), &kill_at).await;
        assert_eq!(crashed.kills, KILLS_PER_TITLE, "{title}");
        total += crashed.kills;
        assert_twins(title, &crashed.seen, &reference.seen);
        eprintln!(
            "{title}: {n} actions, {} kills of the owner, {} welcomes, {} updates compared",
            crashed.kills,
            crashed.seen.iter().map(|s| s.welcomes.len()).sum::<usize>(),
            crashed.seen.iter().map(|s| s.updates.len()).sum::<usize>()
        );
    }
    assert!(total >= 20);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twins_served_through_another_process_are_sent_identical_frames() {
    let db = TestDb::create("twins");
    let dir = scratch("cluster-twins");
    let single = Server::start(&dir.join("a.sqlite"), twins::FLAGS);
    let owner = Server::start_on(&db, twins::FLAGS);
    // On one thread, where PostgreSQL's calls are driven by the thread
    // that also serves the connections.
    let relay = Server::start_on(&db, &[twins::FLAGS, &["--threads", "1"]].concat());
    // The first twin on one SQLite process; the second's seats on the
    // process that owns its match, its viewer on another.
    let frames = twins::twin_titles(
        &[
            Twin::on(&single),
            Twin {
                seats: &owner,
                viewer: &relay,
            },
        ],
        4,
    )
    .await;
    assert!(frames > 100);
}

/// One step as committed: entries, generator, status, result.
type Step = (Vec<StoredEntry>, String, Status, Option<String>);

/// A game of `random` bots played here as a server plays it: each
/// decision from the generator derived for its step. Answers the match as
/// created and each step's commit: entries, generator, status, result.
fn bots_game(title: &str, id: &str) -> (NewMatch, Vec<Step>) {
    let mut table = Table::new(title).unwrap();
    let mut rng = DiceRng::from_seed_u64(5);
    let setup = table.resolve_chance(&mut rng);
    let chance = |ids: Vec<u32>| {
        ids.into_iter().map(|id| StoredEntry {
            id,
            seat: None,
            client_id: None,
        })
    };
    let new = NewMatch {
        stored: StoredMatch {
            setup: MatchSetup {
                id: id.to_owned(),
                game: table.name().to_owned(),
                config: table.config_json(),
                spectators: true,
                public_replays: false,
                turn_seconds: None,
                start: None,
                seats: (0..table.players())
                    .map(|_| StoredSeat {
                        kind: SeatKind::Bot("random".to_owned()),
                        token_hash: None,
                        name: None,
                    })
                    .collect(),
            },
            rng: serde_json::to_string(&rng).unwrap(),
            entries: chance(setup).collect(),
            status: Status::Playing,
            turn_started_ms: tabletop_server::store::clock::now_ms(),
        },
        creator: None,
    };
    let mut steps = Vec::new();
    while let Some(seat) = table.seat_to_move() {
        let step = table.entry_count() as u64;
        let choice = table.bot_job("random", seat).unwrap()(&mut rng.decision_rng(step)).unwrap();
        table.apply_as(seat, choice).unwrap();
        let mut entries = vec![StoredEntry {
            id: choice,
            seat: Some(seat),
            client_id: None,
        }];
        entries.extend(chance(table.resolve_chance(&mut rng)));
        let status = if table.is_over() {
            Status::Over
        } else {
            Status::Playing
        };
        let result = table.result().map(|r| serde_json::to_string(&r).unwrap());
        steps.push((
            entries,
            serde_json::to_string(&rng).unwrap(),
            status,
            result,
        ));
    }
    (new, steps)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_of_bots_only_whose_owner_died_mid_game_is_taken_up_and_ends_as_it_would_have() {
    let db = TestDb::create("orphan");
    let (new, steps) = bots_game("armadora(players=2)", "orphan");
    assert!(steps.len() > 20);
    // A process takes the match, commits its first 10 steps and dies: its
    // sessions end. The server starts after it owns the match: a server
    // already running could take up the match between its creation and
    // that process's taking it.
    let url = db.url.clone();
    let runtime = tokio::runtime::Handle::current();
    let first = steps[..10].to_vec();
    tokio::task::spawn_blocking(move || {
        let store = pg_store_on(&url, "127.0.0.1:9", runtime);
        store.create(&new).unwrap();
        assert_eq!(store.own("orphan").unwrap(), Some(Owner::Here));
        let mut seq = new.stored.entries.len();
        for (entries, rng, status, result) in &first {
            store
                .append(&Commit {
                    id: "orphan",
                    first_seq: seq,
                    entries,
                    rng,
                    status: *status,
                    result: result.as_deref(),
                    now_ms: tabletop_server::store::clock::now_ms(),
                })
                .unwrap();
            seq += entries.len();
        }
        drop(store);
    })
    .await
    .unwrap();
    let server = Server::start_on(&db, &[]);
    let mut facts = Value::Null;
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        facts = server.http("GET", "/api/matches/orphan", None).await.1;
        if facts["status"] == "over" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(facts["status"], "over", "{facts}");
    let ids: Vec<Option<String>> =
        db.query("SELECT id::text FROM entries WHERE match_id = 'orphan' ORDER BY seq");
    let expected: Vec<Option<String>> = bots_game("armadora(players=2)", "orphan")
        .0
        .stored
        .entries
        .iter()
        .chain(steps.iter().flat_map(|s| s.0.iter()))
        .map(|e| Some(e.id.to_string()))
        .collect();
    assert_eq!(ids, expected, "the log an uninterrupted game has");
    let result: Vec<Option<String>> = db.query("SELECT result FROM matches WHERE id = 'orphan'");
    assert_eq!(result[0], steps.last().unwrap().3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_that_loses_its_lock_session_stops_its_matches_and_they_resume_elsewhere() {
    let db = TestDb::create("lost");
    let cluster = Cluster::on(&db);
    let (id, tokens, (mut a, wa), mut b) = seat_pig(&cluster).await;
    end_lock_session(&db, &cluster.servers[0]);
    // Both connections end: the match stopped on its owner.
    assert!(a.next().await.is_none(), "the owner's own connection ends");
    assert!(b.next().await.is_none(), "the relayed connection ends");
    // Resumed through the other processes, the game goes on to its end.
    let seq = wa["seq"].as_u64();
    let mut seats = [
        join(&cluster.servers[2], tokens[0].as_deref().unwrap(), seq).await,
        join(&cluster.servers[0], tokens[1].as_deref().unwrap(), seq).await,
    ];
    // Owned again, by a process with a live lock session (the first, with
    // a new one, or the third).
    assert!(cluster.owner(&id).is_some());
    finish(&mut seats, &mut Lcg(3)).await;
}

/// Plays a match of two persons to its end from their latest frames.
pub async fn finish(seats: &mut [(Client, Value); 2], pick: &mut Lcg) {
    for step in 0..2_000 {
        assert!(step < 1_999, "the game ends");
        let latest: Vec<Value> = seats.iter().map(|s| s.1.clone()).collect();
        if !latest[0]["update"]["result"].is_null() {
            break;
        }
        let top = latest
            .iter()
            .map(|f| f["seq"].as_u64().unwrap())
            .max()
            .unwrap();
        let mover = (0..2).find(|&j| latest[j]["seq"] == top && !legal_of(&latest[j]).is_empty());
        let Some(j) = mover.filter(|_| latest.iter().all(|f| f["seq"] == top)) else {
            let j = (0..2)
                .find(|&j| latest[j]["seq"].as_u64().unwrap() < top)
                .unwrap();
            seats[j].1 = seats[j].0.next().await.expect("open");
            continue;
        };
        let legal = legal_of(&latest[j]);
        let (action, _) = legal[pick.below(legal.len())].clone();
        seats[j].0.act(top, json!(action), &format!("s{top}")).await;
        seats[j].1 = seats[j].0.next().await.expect("open");
        assert_eq!(seats[j].1["type"], "update", "{}", seats[j].1);
    }
}

/// Ends `server`'s lock session in PostgreSQL (`pg_terminate_backend`).
pub fn end_lock_session(db: &TestDb, server: &Server) {
    let peer = server.peer.clone().unwrap();
    let ended = db.query(&format!(
        "SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity \
         WHERE application_name = 'tabletop-server owner {peer}'"
    ));
    assert_eq!(ended.len(), 1, "the owner's lock session");
}

/// A match of Pig on a cluster: its id, its tokens, seat 0's connection
/// to the first process (which owns the match) with its welcome, and seat
/// 1's connection, served through the second.
pub type Seated = (String, Vec<Option<String>>, (Client, Value), Client);

/// A match of Pig of two persons, seat 0 on the first process (the
/// owner), seat 1 served through the second.
pub async fn seat_pig(cluster: &Cluster<'_>) -> Seated {
    let created = cluster.servers[0]
        .create("pig(players=2,target=30)", &["person", "person"])
        .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = tokens(&created);
    let owned = join(&cluster.servers[0], tokens[0].as_deref().unwrap(), None).await;
    let (relayed, _) = join(&cluster.servers[1], tokens[1].as_deref().unwrap(), None).await;
    assert_eq!(cluster.owner(&id), Some(0));
    (id, tokens, owned, relayed)
}

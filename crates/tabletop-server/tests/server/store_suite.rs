//! One suite over `&dyn Store`, run on each backend (SQLite, and
//! PostgreSQL from `TABLETOP_TEST_POSTGRES`): what the server asks of a
//! store, each answer checked; and on PostgreSQL, ownership between two
//! stores standing for two processes.
use std::sync::Arc;

use tabletop_server::store::postgres::PgStore;
use tabletop_server::store::sqlite::SqliteStore;
use tabletop_server::store::{
    Commit, MatchSetup, NewMatch, Owner, SeatKind, SeatTaking, Status, Store, StoredEntry,
    StoredMatch, StoredSeat,
};

use tabletop_server::matches::talk::TOLD_LINES;
use tabletop_server::store::lines::{KEPT_LINES, Line};

use crate::common::{TestDb, scratch};

const NOW: u64 = 1_800_000_000_000;

fn entry(id: u32, seat: Option<usize>, client_id: Option<&str>) -> StoredEntry {
    StoredEntry {
        id,
        seat,
        client_id: client_id.map(str::to_owned),
    }
}

/// A match of `kinds` (`person`, `open` or a bot's name), created at
/// `now_ms`, with one setup entry; persons' token hashes are `ID-SEAT`,
/// and persons are named `P-SEAT`.
pub fn new_match(id: &str, kinds: &[&str], now_ms: u64) -> NewMatch {
    let seats = kinds
        .iter()
        .enumerate()
        .map(|(seat, k)| StoredSeat {
            kind: SeatKind::from_text(k),
            token_hash: (*k == "person").then(|| format!("{id}-{seat}")),
            name: (*k == "person").then(|| format!("P-{seat}")),
        })
        .collect::<Vec<_>>();
    let bots_only = seats.iter().all(|s| s.kind.is_bot());
    NewMatch {
        stored: StoredMatch {
            setup: MatchSetup {
                id: id.to_owned(),
                game: "pig".to_owned(),
                config: r#"{"players":2,"target":100}"#.to_owned(),
                spectators: true,
                public_replays: false,
                turn_seconds: Some(60),
                start: Some(r#"{"record":null}"#.to_owned()),
                seats,
            },
            rng: "rng-at-1".to_owned(),
            entries: vec![entry(7, None, None)],
            status: if bots_only {
                Status::Playing
            } else {
                Status::Waiting
            },
            turn_started_ms: now_ms,
        },
        creator: None,
    }
}

fn commit<'a>(
    id: &'a str,
    first_seq: usize,
    entries: &'a [StoredEntry],
    rng: &'a str,
) -> Commit<'a> {
    Commit {
        id,
        first_seq,
        entries,
        rng,
        status: Status::Playing,
        result: None,
        now_ms: NOW + 5_000,
    }
}

/// Owns `id` here (as the lobby does before it loads a match).
fn own(store: &dyn Store, id: &str) {
    assert_eq!(store.own(id).unwrap(), Some(Owner::Here), "{id}");
}

/// `m` created, and owned by this store.
fn create_owned(store: &dyn Store, m: &NewMatch) {
    store.create(m).unwrap();
    own(store, &m.stored.setup.id);
}

/// The ids of the matches with a free seat, newest first.
pub fn listed_ids(store: &dyn Store) -> Vec<String> {
    store
        .open_matches()
        .unwrap()
        .into_iter()
        .map(|o| o.id)
        .collect()
}

fn a_match_loads_as_created(store: &dyn Store) {
    let mut m = new_match("m1", &["person", "greedy"], NOW);
    m.stored.setup.public_replays = true;
    store.create(&m).unwrap();
    assert!(store.create(&m).is_err(), "an id already taken");
    let loaded = store.load("m1").unwrap().expect("stored");
    assert_eq!(loaded.setup, m.stored.setup);
    assert_eq!(loaded.rng, "rng-at-1");
    assert_eq!(loaded.entries, m.stored.entries);
    assert_eq!(loaded.status, Status::Waiting);
    assert_eq!(loaded.turn_started_ms, NOW);
    assert!(store.load("nothing").unwrap().is_none());
    let facts = store.facts("m1").unwrap().expect("stored");
    assert_eq!(facts.game, "pig");
    assert_eq!(facts.config, m.stored.setup.config);
    assert_eq!(
        facts.seats,
        vec![SeatKind::Person, SeatKind::Bot("greedy".into())]
    );
    assert!(facts.spectators);
    assert!(facts.public_replays);
    assert_eq!(facts.turn_seconds, Some(60));
    assert_eq!(
        (facts.status, facts.entries, facts.result),
        (Status::Waiting, 1, None)
    );
    assert_eq!(facts.names, [Some("P-0".to_owned()), None]);
    assert_eq!(facts.taken, [true, false]);
    assert_eq!(facts.rematch, None);
    assert!(store.facts("nothing").unwrap().is_none());
}

fn an_open_seat_is_taken_once_and_listed_until_then(store: &dyn Store) {
    let created_by = NewMatch {
        creator: Some("192.0.2.7".to_owned()),
        ..new_match("o1", &["person", "open"], NOW + 10)
    };
    store.create(&created_by).unwrap();
    store
        .create(&new_match("o05", &["open", "random"], NOW + 11))
        .unwrap();
    store
        .create(&new_match("o0", &["open", "random"], NOW + 1000))
        .unwrap();
    let open = store.open_matches().unwrap();
    let ids: Vec<&str> = open.iter().map(|o| o.id.as_str()).collect();
    // o1 and o05 share their second: the one created later comes first,
    // whatever their ids.
    assert_eq!(ids, ["o0", "o05", "o1"], "newest first");
    assert_eq!(open[2].created, (NOW + 10) / 1000);
    assert_eq!(open[2].creator.as_deref(), Some("192.0.2.7"), "kept");
    assert_eq!(open[1].creator, None);
    let taking = |seat, kind, hash, name| SeatTaking {
        match_id: "o1",
        seat,
        kind,
        token_hash: hash,
        name,
    };
    let o0 = SeatTaking {
        match_id: "o0",
        ..taking(0, &SeatKind::Open, "o0-0", None)
    };
    assert!(store.take_seat(&o0).unwrap());
    // Not a seat of that kind, nor one taken already.
    assert!(
        !store
            .take_seat(&taking(0, &SeatKind::Open, "h", None))
            .unwrap()
    );
    assert!(
        store
            .take_seat(&taking(1, &SeatKind::Open, "o1-1", Some("Ana")))
            .unwrap()
    );
    assert!(
        !store
            .take_seat(&taking(1, &SeatKind::Open, "other", Some("Bo")))
            .unwrap(),
        "a seat is taken once"
    );
    assert_eq!(store.seat_of("o1-1").unwrap(), Some(("o1".to_owned(), 1)));
    assert_eq!(store.seat_of("other").unwrap(), None);
    let facts = store.facts("o1").unwrap().unwrap();
    assert_eq!(
        facts.names,
        [Some("P-0".to_owned()), Some("Ana".to_owned())]
    );
    assert_eq!(facts.taken, [true, true]);
    assert_eq!(
        listed_ids(store),
        ["o05"],
        "a match with no free seat is not listed"
    );
}

fn a_rematch_is_made_once(store: &dyn Store) {
    assert!(
        store
            .create_rematch("nothing", &new_match("r0", &["person", "person"], NOW))
            .is_err()
    );
    let first = store
        .create_rematch("o1", &new_match("r1", &["person", "person"], NOW + 20))
        .unwrap();
    assert_eq!(first, "r1");
    let again = store
        .create_rematch("o1", &new_match("r2", &["person", "person"], NOW + 21))
        .unwrap();
    assert_eq!(again, "r1", "the earlier rematch");
    assert!(store.load("r2").unwrap().is_none(), "not saved");
    assert_eq!(store.load("r1").unwrap().unwrap().setup.seats.len(), 2);
    assert_eq!(
        store.facts("o1").unwrap().unwrap().rematch.as_deref(),
        Some("r1")
    );
}

fn a_token_opens_its_seat(store: &dyn Store) {
    assert_eq!(store.seat_of("m1-0").unwrap(), Some(("m1".to_owned(), 0)));
    assert_eq!(store.seat_of("m1-1").unwrap(), None, "a bot has no token");
    assert_eq!(store.seat_of("nobody").unwrap(), None);
}

fn commits_append_only_from_the_stored_count(store: &dyn Store) {
    own(store, "m1");
    store.start_playing("m1", NOW + 1_000).unwrap();
    let first = [entry(3, Some(0), Some("c1")), entry(9, None, None)];
    store.append(&commit("m1", 1, &first, "rng-at-3")).unwrap();
    // A gap, a commit behind, an unknown match: refused, nothing changed.
    let late = [entry(4, Some(1), None)];
    assert!(store.append(&commit("m1", 4, &late, "x")).is_err());
    assert!(store.append(&commit("m1", 2, &late, "x")).is_err());
    assert!(store.append(&commit("m1", 1, &late, "x")).is_err());
    assert!(store.append(&commit("nothing", 0, &late, "x")).is_err());
    let loaded = store.load("m1").unwrap().unwrap();
    assert_eq!(loaded.entries.len(), 3);
    assert_eq!(loaded.entries[1..], first);
    assert_eq!(loaded.rng, "rng-at-3");
    assert_eq!(loaded.status, Status::Playing);
    assert_eq!(loaded.turn_started_ms, NOW + 5_000);
    // The last commit ends the game.
    let last = [entry(5, Some(1), None)];
    store
        .append(&Commit {
            status: Status::Over,
            result: Some(r#"{"winners":[1]}"#),
            ..commit("m1", 3, &last, "rng-at-4")
        })
        .unwrap();
    let facts = store.facts("m1").unwrap().unwrap();
    assert_eq!(facts.status, Status::Over);
    assert_eq!(facts.entries, 4);
    assert_eq!(facts.result.as_deref(), Some(r#"{"winners":[1]}"#));
    // An over match does not start again.
    store.start_playing("m1", NOW + 9_000).unwrap();
    assert_eq!(store.facts("m1").unwrap().unwrap().status, Status::Over);
    store.disown("m1").unwrap();
}

fn a_waiting_match_starts_once(store: &dyn Store) {
    create_owned(store, &new_match("m2", &["person", "person"], NOW + 1));
    store.start_playing("m2", NOW + 2_000).unwrap();
    store.start_playing("m2", NOW + 3_000).unwrap();
    let loaded = store.load("m2").unwrap().unwrap();
    assert_eq!(loaded.status, Status::Playing);
    assert_eq!(loaded.turn_started_ms, NOW + 2_000);
    store.disown("m2").unwrap();
}

/// Commits written together (one turn's batch) are each taken or refused
/// on its own: a refused one, even one refused halfway through, leaves
/// nothing behind and takes nothing of the others with it.
fn commits_written_together_are_each_taken_or_refused_on_their_own(store: &dyn Store) {
    create_owned(store, &new_match("m9", &["person", "person"], NOW + 3));
    let second = [entry(11, Some(0), Some("a"))];
    let gap = [entry(12, Some(1), None)];
    // A seat no database column holds: refused after the match's row
    // was already moved on, within the commit.
    let unstorable = [entry(13, Some(usize::MAX), None)];
    let third = [entry(14, Some(1), Some("b")), entry(15, None, None)];
    let outcomes = store.append_all(&[
        commit("m9", 1, &second, "rng-9-2"),
        commit("m9", 5, &gap, "x"),
        commit("m9", 2, &unstorable, "x"),
        commit("nothing", 0, &gap, "x"),
        commit("m9", 2, &third, "rng-9-4"),
    ]);
    let taken: Vec<bool> = outcomes.iter().map(Result::is_ok).collect();
    assert_eq!(taken, [true, false, false, false, true]);
    let loaded = store.load("m9").unwrap().unwrap();
    assert_eq!(loaded.entries[1..], [second.as_slice(), &third].concat());
    assert_eq!(loaded.rng, "rng-9-4");
    assert_eq!(store.facts("m9").unwrap().unwrap().entries, 4);
    assert!(store.append_all(&[]).is_empty());
    store.disown("m9").unwrap();
}

fn unfinished_matches_and_matches_of_bots_only(store: &dyn Store) {
    store
        .create(&new_match("m3", &["random", "greedy"], NOW + 2))
        .unwrap();
    assert_eq!(store.unfinished().unwrap(), ["m2", "m3"]);
    assert_eq!(store.unserved_bot_matches().unwrap(), ["m3"]);
    assert_eq!(store.count().unwrap(), 3);
}

fn ownership_is_taken_and_given_back(store: &dyn Store) {
    assert_eq!(store.own("nothing").unwrap(), None);
    own(store, "m3");
    own(store, "m3");
    store.disown("m3").unwrap();
    store.disown("m3").unwrap();
    // Disowning what is not owned changes nothing.
    store.disown("m3").unwrap();
}

fn expiry_deletes_old_finished_and_idle_matches(store: &dyn Store) {
    let now = NOW / 1000;
    // m1 is over (touched at NOW + 5 s), m2 and m3 not.
    assert!(store.expire(now, 0).unwrap().is_empty());
    assert_eq!(store.expire(now + 6, 0).unwrap(), ["m1"]);
    assert!(store.load("m1").unwrap().is_none());
    assert_eq!(
        store.seat_of("m1-0").unwrap(),
        None,
        "its seats went with it"
    );
    let mut idle = store.expire(now + 6, now + 3).unwrap();
    idle.sort();
    assert_eq!(idle, ["m2", "m3"]);
    assert_eq!(store.count().unwrap(), 0);
    assert!(store.unfinished().unwrap().is_empty());
}

/// Lines of talk are kept in order, the last 500 of a match, and go with
/// the match.
fn talk_is_kept_to_its_last_lines_and_goes_with_its_match(store: &dyn Store) {
    create_owned(store, &new_match("t1", &["person", "person"], NOW));
    let line = |n: u64| Line {
        n,
        seat: (n % 2) as usize,
        name: (n % 2 == 0).then(|| "P-0".to_owned()),
        text: format!("<b>line</b> {n}"),
    };
    assert!(store.talk("t1", 100).unwrap().is_empty());
    for n in 1..=(KEPT_LINES as u64 + 3) {
        store.say("t1", &line(n)).unwrap();
    }
    let last = store.talk("t1", TOLD_LINES).unwrap();
    let told: Vec<Line> = (404..=503).map(line).collect();
    assert_eq!(last, told, "the last 100, oldest first, as said");
    let kept = store.talk("t1", 10_000).unwrap();
    assert_eq!(kept.len(), KEPT_LINES, "the oldest beyond 500 are dropped");
    assert_eq!(kept[0].n, 4);
    assert!(
        store.say("t1", &line(503)).is_err(),
        "a number kept already"
    );
    assert!(store.say("nope", &line(1)).is_err(), "an unknown match");
    store.expire(u64::MAX / 2_000, u64::MAX / 2_000).unwrap();
    assert!(store.talk("t1", 100).unwrap().is_empty());
}

/// The suite, in order: each check starts from what the one before left.
fn suite(store: &dyn Store) {
    a_match_loads_as_created(store);
    a_token_opens_its_seat(store);
    commits_append_only_from_the_stored_count(store);
    a_waiting_match_starts_once(store);
    unfinished_matches_and_matches_of_bots_only(store);
    ownership_is_taken_and_given_back(store);
    expiry_deletes_old_finished_and_idle_matches(store);
    commits_written_together_are_each_taken_or_refused_on_their_own(store);
}

/// The lobby's part, on a store of its own: open seats and rematches.
fn seats_suite(store: &dyn Store) {
    an_open_seat_is_taken_once_and_listed_until_then(store);
    a_rematch_is_made_once(store);
    talk_is_kept_to_its_last_lines_and_goes_with_its_match(store);
}

#[test]
fn the_store_suite_on_sqlite() {
    suite(&SqliteStore::in_memory().unwrap());
    seats_suite(&SqliteStore::in_memory().unwrap());
    let file = scratch("store-suite").join("db.sqlite");
    suite(&SqliteStore::open(&file, tabletop_server::store::sqlite::Sync::Full).unwrap());
}

/// The WAL's pages reach the database file from the checkpointer's own
/// thread once enough steps are committed: the file grows past its
/// first page although the writer, under its own floor of pages, never
/// checkpoints (its checkpoint held up every connection of the server
/// while it lasted).
#[test]
fn on_sqlite_the_wal_is_copied_into_the_database_off_the_writer() {
    let file = scratch("checkpointer").join("db.sqlite");
    let store = SqliteStore::open(&file, tabletop_server::store::sqlite::Sync::Full).unwrap();
    create_owned(&store, &new_match("m1", &["person", "person"], NOW));
    for seq in 1..=400 {
        let step = [entry(3, Some(0), None)];
        store.append(&commit("m1", seq, &step, "rng")).unwrap();
    }
    let first_page = 4096;
    // The checkpointer's pass awaited (an event, with a bound).
    assert!(store.checkpointed(crate::common::WAIT), "no checkpoint ran");
    assert!(
        std::fs::metadata(&file).unwrap().len() > first_page,
        "the database file still holds only its first page"
    );
    assert_eq!(store.load("m1").unwrap().unwrap().entries.len(), 401);
}

/// A PostgreSQL store on `db` standing for the process reached at `peer`,
/// its I/O on `runtime`.
pub fn pg_store(db: &TestDb, peer: &str, runtime: &tokio::runtime::Runtime) -> Arc<PgStore> {
    pg_store_on(&db.url, peer, runtime.handle().clone())
}

/// The same on the database at `url`, from a thread that may block.
pub fn pg_store_on(url: &str, peer: &str, runtime: tokio::runtime::Handle) -> Arc<PgStore> {
    Arc::new(PgStore::open(url, peer, 2, runtime).unwrap())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn the_store_suite_on_postgres() {
    let runtime = runtime();
    let db = TestDb::create("suite");
    suite(&*pg_store(&db, "127.0.0.1:1", &runtime));
    let db = TestDb::create("suite_seats");
    seats_suite(&*pg_store(&db, "127.0.0.1:1", &runtime));
}

#[test]
fn on_postgres_a_database_of_the_previous_version_gains_the_creator_column() {
    let runtime = runtime();
    let db = TestDb::create("creator_column");
    drop(pg_store(&db, "127.0.0.1:1", &runtime));
    // A database made before matches kept their creator.
    db.query("ALTER TABLE matches DROP COLUMN creator");
    let store = pg_store(&db, "127.0.0.1:1", &runtime);
    let m = NewMatch {
        creator: Some("192.0.2.7".to_owned()),
        ..new_match("c1", &["open", "random"], NOW)
    };
    store.create(&m).unwrap();
    let open = store.open_matches().unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].creator.as_deref(), Some("192.0.2.7"));
}

#[test]
fn on_postgres_a_database_of_the_previous_version_gains_the_public_replays_column() {
    let runtime = runtime();
    let db = TestDb::create("public_replays_column");
    let store = pg_store(&db, "127.0.0.1:1", &runtime);
    store
        .create(&new_match("old", &["person", "random"], NOW))
        .unwrap();
    drop(store);
    // A database made before replays were kept to their seats.
    db.query("ALTER TABLE matches DROP COLUMN public_replays");
    let store = pg_store(&db, "127.0.0.1:1", &runtime);
    assert!(!store.facts("old").unwrap().unwrap().public_replays);
    let mut m = new_match("new", &["person", "random"], NOW);
    m.stored.setup.public_replays = true;
    store.create(&m).unwrap();
    assert!(store.facts("new").unwrap().unwrap().public_replays);
    assert!(store.load("new").unwrap().unwrap().setup.public_replays);
}

#[test]
fn on_postgres_one_process_owns_a_match_and_a_stale_owner_commits_nothing() {
    let runtime = runtime();
    let db = TestDb::create("owners");
    let (a, b) = (
        pg_store(&db, "10.0.0.1:7000", &runtime),
        pg_store(&db, "10.0.0.2:7000", &runtime),
    );
    a.create(&new_match("m", &["person", "person"], NOW))
        .unwrap();
    // Not owned: no commit.
    let step = [entry(1, Some(0), Some("c1"))];
    assert!(a.append(&commit("m", 1, &step, "r2")).is_err());
    own(&*a, "m");
    assert_eq!(
        b.own("m").unwrap(),
        Some(Owner::Elsewhere("10.0.0.1:7000".into()))
    );
    assert!(
        b.append(&commit("m", 1, &step, "r2")).is_err(),
        "only the owner commits"
    );
    a.append(&commit("m", 1, &step, "r2")).unwrap();
    // Another process raises the epoch (as taking the match over does):
    // the one that still holds the lock commits no more.
    db.query("UPDATE matches SET epoch = epoch + 1 RETURNING epoch::text");
    let fenced = [entry(2, Some(1), Some("c2"))];
    assert!(
        a.append(&commit("m", 2, &fenced, "x")).is_err(),
        "fenced by the epoch"
    );
    db.query("UPDATE matches SET epoch = epoch - 1 RETURNING epoch::text");
    // Given back: the other takes it, and the first commits no more.
    a.disown("m").unwrap();
    own(&*b, "m");
    assert_eq!(
        a.own("m").unwrap(),
        Some(Owner::Elsewhere("10.0.0.2:7000".into()))
    );
    let next = [entry(2, Some(1), Some("c2"))];
    assert!(a.append(&commit("m", 2, &next, "r3")).is_err());
    b.append(&commit("m", 2, &next, "r3")).unwrap();
    // The owner's lock session ends (as when its process dies): the match
    // is free at once, a new owner raises the epoch, and the old one's
    // commits are refused, whether it noticed the loss yet or not.
    let mut lost = b.lost();
    let ended = db.query(
        "SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity \
         WHERE application_name LIKE 'tabletop-server owner %' AND datname = current_database()",
    );
    assert!(!ended.is_empty(), "the owners' lock sessions were found");
    let mut taken = None;
    let deadline = crate::common::deadline();
    while std::time::Instant::now() < deadline {
        // The first store's own session ended too: it opens another.
        if let Ok(Some(Owner::Here)) = a.own("m") {
            taken = Some(());
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        taken.is_some(),
        "the match was free once its owner's session ended"
    );
    let after = [entry(3, Some(0), Some("c3"))];
    assert!(
        b.append(&commit("m", 3, &after, "r4")).is_err(),
        "a stale owner commits nothing"
    );
    a.append(&commit("m", 3, &after, "r4")).unwrap();
    runtime.block_on(async {
        tokio::time::timeout(crate::common::WAIT, lost.changed())
            .await
            .expect("the loss is told")
            .unwrap();
    });
    let loaded = a.load("m").unwrap().unwrap();
    assert_eq!(loaded.entries.len(), 4);
    assert_eq!(loaded.rng, "r4");
}

#[test]
fn on_postgres_a_lease_run_out_by_the_databases_clock_lets_another_take_the_match() {
    let runtime = runtime();
    let db = TestDb::create("leases");
    // Leases far longer than the test, renewed every 200 s: only the
    // statement below runs one out.
    let open = |peer: &str| {
        let lease = std::time::Duration::from_secs(600);
        let handle = runtime.handle().clone();
        Arc::new(PgStore::open_leased(&db.url, peer, 2, handle, lease).unwrap())
    };
    let (a, b) = (open("10.0.0.1:7000"), open("10.0.0.2:7000"));
    a.create(&new_match("m", &["person", "person"], NOW))
        .unwrap();
    own(&*a, "m");
    assert!(a.serves("m", "10.0.0.1:7000").unwrap());
    assert!(!a.serves("m", "10.0.0.2:7000").unwrap());
    assert_eq!(
        b.own("m").unwrap(),
        Some(Owner::Elsewhere("10.0.0.1:7000".into())),
        "a lease that runs, its owner's lock session alive"
    );
    // The owner hangs past its lease: the database's clock runs it out,
    // though its lock session lives.
    db.query(
        "UPDATE matches SET lease_until = clock_timestamp() - interval '1 second' RETURNING id",
    );
    assert!(!b.serves("m", "10.0.0.1:7000").unwrap());
    own(&*b, "m");
    assert!(a.serves("m", "10.0.0.2:7000").unwrap());
    let line = Line {
        n: 1,
        seat: 0,
        name: None,
        text: "hello".to_owned(),
    };
    let step = [entry(1, Some(0), Some("c1"))];
    assert!(
        a.append(&commit("m", 1, &step, "r2")).is_err(),
        "the stale owner commits nothing"
    );
    assert!(a.say("m", &line).is_err(), "nor keeps a line");
    b.append(&commit("m", 1, &step, "r2")).unwrap();
    b.say("m", &line).unwrap();
    let loaded = b.load("m").unwrap().unwrap();
    assert_eq!(loaded.entries.len(), 2);
    assert_eq!(b.talk("m", 10).unwrap(), [line]);
}

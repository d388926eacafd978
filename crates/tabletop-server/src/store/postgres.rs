//! The store of several processes: one PostgreSQL database that every
//! process shares. A match is owned by one process at a time, on a lease:
//! the owner renews it (a heartbeat every third of the lease), and
//! another process may take the match once the lease ran out by the
//! database's clock, or at once when the owner's lock session is gone (a
//! session-level advisory lock on the owner's own key, which PostgreSQL
//! releases when that session ends, so a process killed frees its matches
//! at once). Each new owner raises the match's epoch and every write of
//! an owner must match it: a process that hung past its lease, or lost
//! its lock session, can never write once another has taken the match.
//!
//! The trait is synchronous (the server calls it from `spawn_blocking`):
//! each call runs on the server's runtime through its handle, on one of a
//! few pooled sessions, each of whose statements is prepared once.

use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use futures_util::future::{try_join, try_join3};
use tokio::runtime::Handle;
use tokio::sync::{mpsc, watch};
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Config, NoTls, Row, Statement};

use crate::store::lines::{KEPT_LINES, Line};
use crate::store::{
    Commit, MatchSetup, NewMatch, OpenMatch, Owner, SeatKind, SeatTaking, Status, Store,
    StoreError, StoredEntry, StoredFacts, StoredMatch, StoredSeat,
};

/// How long a call waits for a pooled session before it fails.
const POOL_WAIT: Duration = Duration::from_secs(10);

/// How long an owner's lease lasts unless renewed, by default.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(5);

/// The schema, created once by whichever process comes first (under a
/// transaction-level advisory lock, so processes starting together do not
/// race). `lock_key` orders matches created in the same second, `epoch`
/// is the owner's fencing number, `owner` the owner's peers' address,
/// `owner_key` the key its lock session holds and `lease_until` when its
/// lease runs out unless renewed (by the database's clock).
const SCHEMA: &str = "
SELECT pg_advisory_xact_lock(1952604524, 1);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    lock_key BIGSERIAL NOT NULL UNIQUE,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    spectators BOOLEAN NOT NULL,
    turn_seconds BIGINT,
    status TEXT NOT NULL,
    rng TEXT NOT NULL,
    entries BIGINT NOT NULL,
    created BIGINT NOT NULL,
    touched BIGINT NOT NULL,
    start TEXT,
    result TEXT,
    turn_started BIGINT NOT NULL,
    bots_only BOOLEAN NOT NULL,
    epoch BIGINT NOT NULL DEFAULT 0,
    owner TEXT,
    rematch TEXT
);
-- Added since the first schema: a database of an earlier version gains them.
ALTER TABLE matches ADD COLUMN IF NOT EXISTS creator TEXT;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS public_replays BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS owner_key BIGINT;
ALTER TABLE matches ADD COLUMN IF NOT EXISTS lease_until TIMESTAMPTZ;
CREATE SEQUENCE IF NOT EXISTS owner_keys AS INTEGER CYCLE;
CREATE INDEX IF NOT EXISTS matches_unfinished ON matches (created, id) WHERE status <> 'over';
CREATE INDEX IF NOT EXISTS matches_touched ON matches (touched);
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    name TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_free ON seats (match_id) WHERE kind = 'open' AND token_hash IS NULL;
CREATE TABLE IF NOT EXISTS entries (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    id BIGINT NOT NULL,
    seat BIGINT,
    client_id TEXT,
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS talk (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    name TEXT,
    text TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
);
";

/// A match, its seats and its setup entries, in one statement.
const CREATE: &str = "
WITH m AS (
    INSERT INTO matches (id, game, config, spectators, turn_seconds, status, rng, entries, created, touched, start, turn_started, bots_only, creator, public_replays)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $19, $20)
    RETURNING id
), s AS (
    INSERT INTO seats (match_id, seat, kind, token_hash, name)
    SELECT m.id, s.ord - 1, s.kind, s.token_hash, s.name
    FROM m, UNNEST($13::text[], $14::text[], $18::text[]) WITH ORDINALITY AS s(kind, token_hash, name, ord)
)
INSERT INTO entries (match_id, seq, id, seat, client_id)
SELECT m.id, e.ord - 1, e.id, e.seat, e.client_id
FROM m, UNNEST($15::bigint[], $16::bigint[], $17::text[]) WITH ORDINALITY AS e(id, seat, client_id, ord)";

/// A commit, in one statement: the match moves on only from the entry
/// count the commit starts at and only under the epoch its owner took;
/// answers whether it moved and how many entries were added.
const APPEND: &str = "
WITH moved AS (
    UPDATE matches SET entries = $3, rng = $4, status = $5, touched = $6, turn_started = $7, result = $8
    WHERE id = $1 AND entries = $2 AND epoch = $9
    RETURNING id
), added AS (
    INSERT INTO entries (match_id, seq, id, seat, client_id)
    SELECT moved.id, $2 + e.ord - 1, e.id, e.seat, e.client_id
    FROM moved, UNNEST($10::bigint[], $11::bigint[], $12::text[]) WITH ORDINALITY AS e(id, seat, client_id, ord)
    RETURNING 1
)
SELECT (SELECT COUNT(*) FROM moved), (SELECT COUNT(*) FROM added)";

const LOAD: &str = "SELECT game, config, spectators, turn_seconds, status, rng, start, turn_started, entries, public_replays FROM matches WHERE id = $1";
const FACTS: &str = "SELECT game, config, spectators, turn_seconds, status, entries, result, rematch, public_replays FROM matches WHERE id = $1";
const SEATS: &str = "SELECT kind, token_hash, name FROM seats WHERE match_id = $1 ORDER BY seat";
const ENTRIES: &str = "SELECT id, seat, client_id FROM entries WHERE match_id = $1 ORDER BY seq";
const SEAT_OF: &str = "SELECT match_id, seat FROM seats WHERE token_hash = $1";
const START: &str = "UPDATE matches SET status = 'playing', touched = $2, turn_started = $3 WHERE id = $1 AND status = 'waiting' AND epoch = $4";
const UNFINISHED: &str = "SELECT id FROM matches WHERE status <> 'over' ORDER BY created, id";
const COUNT: &str = "SELECT COUNT(*) FROM matches";
const EXPIRE: &str =
    "DELETE FROM matches WHERE (status = 'over' AND touched < $1) OR touched < $2 RETURNING id";
/// Whether match `m`'s owner holds it now: its lease runs and its lock
/// session is alive (its key is locked).
macro_rules! leased {
    () => {
        "(m.owner_key IS NOT NULL AND COALESCE(m.lease_until > clock_timestamp(), FALSE) AND EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = 1952604525
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.objid = m.owner_key::oid
))"
    };
}

/// Matches of bots only, unfinished, that no owner holds.
const UNSERVED: &str = concat!(
    "SELECT m.id FROM matches m WHERE m.status <> 'over' AND m.bots_only AND NOT ",
    leased!(),
    " ORDER BY m.created, m.id"
);
/// The lock session's own key, locked for as long as it lives.
const OWNER_KEY: &str = "SELECT k FROM (SELECT nextval('owner_keys')::integer AS k) s WHERE pg_try_advisory_lock(1952604525, k)";
/// The match taken (`$3` is the taker's key, `$4` the lease in
/// milliseconds) when no other owner holds it; answers the new epoch.
const TAKE: &str = concat!(
    "UPDATE matches m SET epoch = m.epoch + 1, owner = $2, owner_key = $3,
    lease_until = clock_timestamp() + $4::bigint * interval '1 millisecond'
WHERE m.id = $1 AND (m.owner_key = $3 OR NOT ",
    leased!(),
    ") RETURNING m.epoch"
);
const OWNER_OF: &str = "SELECT owner FROM matches WHERE id = $1";
/// Whether `$2` holds match `$1` now.
const SERVES: &str = concat!(
    "SELECT m.owner = $2 AND ",
    leased!(),
    " FROM matches m WHERE m.id = $1"
);
/// The leases of the matches held under their epochs, renewed; answers
/// the ids renewed.
const RENEW: &str = "
UPDATE matches m SET lease_until = clock_timestamp() + $3::bigint * interval '1 millisecond'
FROM UNNEST($1::text[], $2::bigint[]) AS h(id, epoch)
WHERE m.id = h.id AND m.epoch = h.epoch
RETURNING m.id";
/// A lease given back, under the epoch it was taken with.
const RELEASE: &str =
    "UPDATE matches SET owner_key = NULL, lease_until = NULL WHERE id = $1 AND epoch = $2";
/// A seat given its token (and name), only if it has the kind asked, no
/// token yet, and its match is not over: of two takings, one changes it.
const TAKE_SEAT: &str = "
UPDATE seats SET token_hash = $4, name = COALESCE($5, name)
WHERE match_id = $1 AND seat = $2 AND kind = $3 AND token_hash IS NULL
  AND EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status <> 'over')";
/// Matches not over with a free open seat, newest first, ties by id (the
/// order `open_list::page` expects, as SQLite's store gives it).
const OPEN: &str = "
SELECT m.id, m.created, m.creator, m.lock_key FROM matches m
WHERE m.status <> 'over' AND EXISTS (
    SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.kind = 'open' AND s.token_hash IS NULL
)
ORDER BY m.created DESC, m.lock_key DESC";
/// A line kept, only under the owner's epoch `$7`, and the match's lines
/// from `$6` back dropped, in one statement; answers whether it was kept.
const SAY: &str = "
WITH added AS (
    INSERT INTO talk (match_id, n, seat, name, text)
    SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1 AND epoch = $7)
    RETURNING 1
), dropped AS (
    DELETE FROM talk WHERE match_id = $1 AND n <= $6 AND EXISTS (SELECT 1 FROM added)
)
SELECT COUNT(*) FROM added";
const TALK: &str =
    "SELECT n, seat, name, text FROM talk WHERE match_id = $1 ORDER BY n DESC LIMIT $2";
const REMATCH_OF: &str = "SELECT rematch FROM matches WHERE id = $1 FOR UPDATE";
const SET_REMATCH: &str = "UPDATE matches SET rematch = $2 WHERE id = $1";

/// `e` and its causes (a database error's own message is its cause).
fn err(e: impl std::error::Error) -> StoreError {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    StoreError(text)
}

fn int(n: impl TryInto<i64, Error: std::error::Error>) -> Result<i64, StoreError> {
    n.try_into().map_err(err)
}

fn count(n: i64) -> Result<usize, StoreError> {
    usize::try_from(n).map_err(err)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One database session and its prepared statements.
struct Session {
    client: Client,
    statements: BTreeMap<&'static str, Statement>,
}

impl Session {
    /// `sql`, prepared on this session the first time it is used.
    async fn statement(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).await.map_err(err)?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }
}

/// Opens a session; `ended` runs when it ends, whatever ends it.
async fn connect(
    config: &Config,
    runtime: &Handle,
    ended: impl FnOnce() + Send + 'static,
) -> Result<Session, StoreError> {
    let (client, connection) = config.connect(NoTls).await.map_err(err)?;
    runtime.spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!(error = %err(e), "a database session ended");
        }
        ended();
    });
    Ok(Session {
        client,
        statements: BTreeMap::new(),
    })
}

/// The pooled sessions: idle ones, and how many are open.
struct Pool {
    state: Mutex<(Vec<Session>, usize)>,
    freed: Condvar,
    size: usize,
}

/// A match this process owns.
struct Held {
    /// The epoch it raised when it took the match.
    epoch: i64,
    /// Ownerships not given back yet ([`Store::own`] minus
    /// [`Store::disown`]).
    holds: usize,
    /// The lock session it was taken under.
    session: u64,
    /// Whether another process may have it now (its lease was not renewed
    /// in time, or the lock session ended): nothing is written under it,
    /// and it goes once given back.
    lost: bool,
}

/// The lock session and what it holds.
#[derive(Default)]
struct Owned {
    held: BTreeMap<String, Held>,
    /// The lock session's number, raised at each new one.
    session: u64,
}

/// The lock session: its number, the key it holds, the session.
type LockSession = (u64, i64, Session);

/// [`Store`] on a PostgreSQL database shared by several processes.
pub struct PgStore {
    config: Config,
    runtime: Handle,
    pool: Pool,
    /// The session that holds this process's advisory lock.
    locks: Mutex<Option<LockSession>>,
    owned: Arc<Mutex<Owned>>,
    /// This process's peers' address, written as the owner of what it
    /// owns.
    peer: String,
    lost: Arc<watch::Sender<u64>>,
    /// How long a lease lasts unless renewed.
    lease: Duration,
    /// The matches whose leases were lost, as the heartbeat finds them.
    leases_lost: Mutex<Option<mpsc::UnboundedReceiver<Vec<String>>>>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("peer", &self.peer)
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://USER@HOST:PORT/DB`)
    /// and creates the schema if needed; `peer` is the address other
    /// processes reach this one at, `sessions` the number of pooled
    /// sessions. Runs its I/O on `runtime`, which must not be the caller's
    /// own async context (call it from a plain or a blocking thread).
    ///
    /// # Errors
    /// A URL that does not parse, or a database that cannot be reached or
    /// set up.
    pub fn open(
        url: &str,
        peer: &str,
        sessions: usize,
        runtime: Handle,
    ) -> Result<Self, StoreError> {
        Self::open_leased(url, peer, sessions, runtime, DEFAULT_LEASE)
    }

    /// [`PgStore::open`] with the owner's leases lasting `lease` unless
    /// renewed (at least 3 ms; renewed every third of it).
    ///
    /// # Errors
    /// As [`PgStore::open`].
    pub fn open_leased(
        url: &str,
        peer: &str,
        sessions: usize,
        runtime: Handle,
        lease: Duration,
    ) -> Result<Self, StoreError> {
        let lease = lease.max(Duration::from_millis(3));
        let mut config: Config = url.parse().map_err(err)?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        if config.get_application_name().is_none() {
            config.application_name("tabletop-server");
        }
        let store = PgStore {
            config,
            runtime,
            pool: Pool {
                state: Mutex::new((Vec::new(), 0)),
                freed: Condvar::new(),
                size: sessions.max(1),
            },
            locks: Mutex::new(None),
            owned: Arc::new(Mutex::new(Owned::default())),
            peer: peer.to_owned(),
            lost: Arc::new(watch::channel(0).0),
            lease,
            leases_lost: Mutex::new(None),
        };
        store.run(async |s| {
            s.client
                .batch_execute(&format!("BEGIN; {SCHEMA} COMMIT;"))
                .await
                .map_err(err)
        })?;
        let (tell, told) = mpsc::unbounded_channel();
        *lock(&store.leases_lost) = Some(told);
        let beat = Heartbeat {
            config: store.config.clone(),
            owned: Arc::downgrade(&store.owned),
            lease,
            tell,
        };
        store.runtime.spawn(beat.run());
        Ok(store)
    }

    /// The matches whose leases this process lost (it did not renew them
    /// in time and another process may have taken them), in batches: their
    /// actors must stop. Answered once; `None` after.
    pub fn leases_lost(&self) -> Option<mpsc::UnboundedReceiver<Vec<String>>> {
        lock(&self.leases_lost).take()
    }

    /// How long a lease lasts unless renewed.
    pub fn lease(&self) -> Duration {
        self.lease
    }

    /// Changes each time the lock session is lost: every match this
    /// process owned may be another's now, and its actors must stop.
    pub fn lost(&self) -> watch::Receiver<u64> {
        self.lost.subscribe()
    }

    fn block_on<F: Future>(&self, f: F) -> F::Output {
        self.runtime.block_on(f)
    }

    /// A pooled session, or a new one while the pool has room.
    fn take(&self) -> Result<Session, StoreError> {
        let mut state = lock(&self.pool.state);
        loop {
            if let Some(s) = state.0.pop() {
                if !s.client.is_closed() {
                    return Ok(s);
                }
                state.1 = state.1.saturating_sub(1);
                continue;
            }
            if state.1 < self.pool.size {
                state.1 = state.1.saturating_add(1);
                break;
            }
            let (next, waited) = self
                .pool
                .freed
                .wait_timeout(state, POOL_WAIT)
                .unwrap_or_else(PoisonError::into_inner);
            state = next;
            if waited.timed_out() && state.0.is_empty() {
                return Err(StoreError("no database session is free".to_owned()));
            }
        }
        drop(state);
        let opened = self.block_on(connect(&self.config, &self.runtime, || {}));
        if opened.is_err() {
            let mut state = lock(&self.pool.state);
            state.1 = state.1.saturating_sub(1);
            self.pool.freed.notify_one();
        }
        opened
    }

    fn give_back(&self, s: Session) {
        let mut state = lock(&self.pool.state);
        if s.client.is_closed() {
            state.1 = state.1.saturating_sub(1);
        } else {
            state.0.push(s);
        }
        self.pool.freed.notify_one();
    }

    /// Runs `work` on a pooled session.
    fn run<T>(
        &self,
        work: impl AsyncFnOnce(&mut Session) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut session = self.take()?;
        let done = self.block_on(work(&mut session));
        self.give_back(session);
        done
    }

    /// The epoch under which this process owns `id`.
    fn epoch(&self, id: &str) -> Result<i64, StoreError> {
        lock(&self.owned)
            .held
            .get(id)
            .filter(|h| !h.lost)
            .map(|h| h.epoch)
            .ok_or_else(|| StoreError(format!("match {id}: this process does not own it")))
    }

    /// The lock session, opened anew when there is none or it ended: its
    /// end loses every ownership it held and tells [`PgStore::lost`].
    fn lock_session<'a>(
        &self,
        locks: &'a mut Option<LockSession>,
    ) -> Result<&'a mut LockSession, StoreError> {
        if locks.as_ref().is_some_and(|(_, _, s)| s.client.is_closed()) {
            *locks = None;
        }
        if locks.is_none() {
            let number = {
                let mut owned = lock(&self.owned);
                owned.session = owned.session.saturating_add(1);
                owned.session
            };
            let owned = Arc::clone(&self.owned);
            let lost = Arc::clone(&self.lost);
            let mut config = self.config.clone();
            // Named with the process's address, so an operator can tell
            // whose matches a session holds.
            config.application_name(format!("tabletop-server owner {}", self.peer));
            let mut session = self.block_on(connect(&config, &self.runtime, move || {
                let before = {
                    let mut o = lock(&owned);
                    let mut lost_now = 0usize;
                    for h in o.held.values_mut().filter(|h| h.session == number) {
                        lost_now = lost_now.saturating_add(usize::from(!h.lost));
                        h.lost = true;
                    }
                    lost_now
                };
                if before > 0 {
                    tracing::error!(
                        matches = before,
                        "the lock session ended: this process owns none of its matches now"
                    );
                }
                lost.send_modify(|n| *n = n.wrapping_add(1));
            }))?;
            let key = self.block_on(async {
                let stmt = session.statement(OWNER_KEY).await?;
                let row = session.client.query_opt(&stmt, &[]).await.map_err(err)?;
                let key: i32 = row
                    .ok_or_else(|| StoreError("every owner key is locked".to_owned()))?
                    .try_get(0)
                    .map_err(err)?;
                Ok::<_, StoreError>(i64::from(key))
            })?;
            *locks = Some((number, key, session));
        }
        locks
            .as_mut()
            .ok_or_else(|| StoreError("no lock session".to_owned()))
    }
}

/// Renews this process's leases every third of the lease, on a session of
/// its own, until the store is dropped; tells of those it could not renew
/// (another process raised the epoch, or the match is gone).
struct Heartbeat {
    config: Config,
    owned: Weak<Mutex<Owned>>,
    lease: Duration,
    tell: mpsc::UnboundedSender<Vec<String>>,
}

impl Heartbeat {
    async fn run(self) {
        let every = self.lease.checked_div(3).unwrap_or(self.lease);
        let mut tick = tokio::time::interval(every.max(Duration::from_millis(1)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut session: Option<Session> = None;
        loop {
            tick.tick().await;
            let Some(owned) = self.owned.upgrade() else {
                return;
            };
            let (ids, epochs): (Vec<String>, Vec<i64>) = lock(&owned)
                .held
                .iter()
                .filter(|(_, h)| !h.lost)
                .map(|(id, h)| (id.clone(), h.epoch))
                .unzip();
            if ids.is_empty() {
                continue;
            }
            if session.as_ref().is_none_or(|s| s.client.is_closed()) {
                session = connect(&self.config, &Handle::current(), || {}).await.ok();
            }
            let Some(s) = session.as_mut() else {
                tracing::warn!("no database session to renew the leases on");
                continue;
            };
            match self.renew(s, &ids, &epochs).await {
                Ok(renewed) => self.lose(&owned, &ids, &epochs, &renewed),
                Err(e) => tracing::warn!(error = %e, "the leases could not be renewed"),
            }
        }
    }

    /// The ids renewed.
    async fn renew(
        &self,
        s: &mut Session,
        ids: &[String],
        epochs: &[i64],
    ) -> Result<Vec<String>, StoreError> {
        let lease = int(self.lease.as_millis())?;
        let stmt = s.statement(RENEW).await?;
        let rows = s
            .client
            .query(&stmt, &[&ids, &epochs, &lease])
            .await
            .map_err(err)?;
        rows.iter().map(|r| r.try_get(0).map_err(err)).collect()
    }

    /// Marks lost the matches not renewed (still held under the epoch
    /// asked for), and tells of them.
    fn lose(&self, owned: &Mutex<Owned>, ids: &[String], epochs: &[i64], renewed: &[String]) {
        let renewed: BTreeSet<&String> = renewed.iter().collect();
        let mut lost = Vec::new();
        {
            let mut o = lock(owned);
            for (id, epoch) in ids.iter().zip(epochs) {
                if renewed.contains(id) {
                    continue;
                }
                if let Some(h) = o.held.get_mut(id).filter(|h| h.epoch == *epoch && !h.lost) {
                    h.lost = true;
                    lost.push(id.clone());
                }
            }
        }
        if !lost.is_empty() {
            tracing::error!(
                matches = lost.len(),
                "leases not renewed in time: another process may own these matches now"
            );
            let _ = self.tell.send(lost);
        }
    }
}

fn seat_kinds(rows: &[Row]) -> Result<Vec<StoredSeat>, StoreError> {
    rows.iter()
        .map(|r| {
            Ok(StoredSeat {
                kind: SeatKind::from_text(r.try_get::<_, &str>(0).map_err(err)?),
                token_hash: r.try_get(1).map_err(err)?,
                name: r.try_get(2).map_err(err)?,
            })
        })
        .collect()
}

fn turn_seconds(r: &Row, column: usize) -> Result<Option<u32>, StoreError> {
    r.try_get::<_, Option<i64>>(column)
        .map_err(err)?
        .map(|t| u32::try_from(t).map_err(err))
        .transpose()
}

/// The entries' columns as arrays, for `UNNEST`.
type EntryColumns<'a> = (Vec<i64>, Vec<Option<i64>>, Vec<Option<&'a str>>);

fn entry_columns(entries: &[StoredEntry]) -> Result<EntryColumns<'_>, StoreError> {
    let mut columns = (
        Vec::with_capacity(entries.len()),
        Vec::with_capacity(entries.len()),
        Vec::with_capacity(entries.len()),
    );
    for e in entries {
        columns.0.push(i64::from(e.id));
        columns.1.push(e.seat.map(int).transpose()?);
        columns.2.push(e.client_id.as_deref());
    }
    Ok(columns)
}

/// The parameters of [`CREATE`] for one new match, owned.
struct Creation<'a> {
    new: &'a NewMatch,
    columns: EntryColumns<'a>,
    kinds: Vec<&'a str>,
    hashes: Vec<Option<&'a str>>,
    names: Vec<Option<&'a str>>,
    bots_only: bool,
    status: &'static str,
    turn_seconds: Option<i64>,
    now: i64,
    started: i64,
    entries: i64,
}

impl<'a> Creation<'a> {
    fn of(new: &'a NewMatch) -> Result<Self, StoreError> {
        let m = &new.stored;
        let s = &m.setup;
        Ok(Creation {
            new,
            columns: entry_columns(&m.entries)?,
            kinds: s.seats.iter().map(|k| k.kind.as_str()).collect(),
            hashes: s.seats.iter().map(|k| k.token_hash.as_deref()).collect(),
            names: s.seats.iter().map(|k| k.name.as_deref()).collect(),
            bots_only: s.seats.iter().all(|k| k.kind.is_bot()),
            status: m.status.as_str(),
            turn_seconds: s.turn_seconds.map(i64::from),
            now: int(m.turn_started_ms / 1000)?,
            started: int(m.turn_started_ms)?,
            entries: int(m.entries.len())?,
        })
    }

    fn params(&self) -> [&(dyn ToSql + Sync); 20] {
        let s = &self.new.stored.setup;
        [
            &s.id,
            &s.game,
            &s.config,
            &s.spectators,
            &self.turn_seconds,
            &self.status,
            &self.new.stored.rng,
            &self.entries,
            &self.now,
            &s.start,
            &self.started,
            &self.bots_only,
            &self.kinds,
            &self.hashes,
            &self.columns.0,
            &self.columns.1,
            &self.columns.2,
            &self.names,
            &self.new.creator,
            &s.public_replays,
        ]
    }
}

impl Store for PgStore {
    fn create(&self, m: &NewMatch) -> Result<(), StoreError> {
        let creation = Creation::of(m)?;
        self.run(async |session| {
            let stmt = session.statement(CREATE).await?;
            session
                .client
                .execute(&stmt, &creation.params())
                .await
                .map_err(err)
                .map(|_| ())
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let (row, seats, rows) = self.run(async |s| {
            let (m, seats, entries) = (
                s.statement(LOAD).await?,
                s.statement(SEATS).await?,
                s.statement(ENTRIES).await?,
            );
            try_join3(
                s.client.query_opt(&m, &[&id]),
                s.client.query(&seats, &[&id]),
                s.client.query(&entries, &[&id]),
            )
            .await
            .map_err(err)
        })?;
        let Some(r) = row else {
            return Ok(None);
        };
        let mut entries = Vec::with_capacity(rows.len());
        for e in &rows {
            entries.push(StoredEntry {
                id: u32::try_from(e.try_get::<_, i64>(0).map_err(err)?).map_err(err)?,
                seat: e
                    .try_get::<_, Option<i64>>(1)
                    .map_err(err)?
                    .map(count)
                    .transpose()?,
                client_id: e.try_get(2).map_err(err)?,
            });
        }
        // Read outside one transaction: only the owner appends, and it
        // loads before it commits; a count that differs is refused.
        let stored: i64 = r.try_get(8).map_err(err)?;
        if count(stored)? != entries.len() {
            return Err(StoreError(format!(
                "match {id}: {stored} entries counted, {} read",
                entries.len()
            )));
        }
        Ok(Some(StoredMatch {
            setup: MatchSetup {
                id: id.to_owned(),
                game: r.try_get(0).map_err(err)?,
                config: r.try_get(1).map_err(err)?,
                spectators: r.try_get(2).map_err(err)?,
                public_replays: r.try_get(9).map_err(err)?,
                turn_seconds: turn_seconds(&r, 3)?,
                start: r.try_get(6).map_err(err)?,
                seats: seat_kinds(&seats)?,
            },
            rng: r.try_get(5).map_err(err)?,
            entries,
            status: Status::from_stored(r.try_get(4).map_err(err)?)?,
            turn_started_ms: u64::try_from(r.try_get::<_, i64>(7).map_err(err)?).map_err(err)?,
        }))
    }

    fn facts(&self, id: &str) -> Result<Option<StoredFacts>, StoreError> {
        let (row, seats) = self.run(async |s| {
            let (a, b) = (s.statement(FACTS).await?, s.statement(SEATS).await?);
            try_join(s.client.query_opt(&a, &[&id]), s.client.query(&b, &[&id]))
                .await
                .map_err(err)
        })?;
        let Some(r) = row else {
            return Ok(None);
        };
        let (seats, taken, names) = StoredFacts::seat_columns(seat_kinds(&seats)?);
        Ok(Some(StoredFacts {
            game: r.try_get(0).map_err(err)?,
            config: r.try_get(1).map_err(err)?,
            spectators: r.try_get(2).map_err(err)?,
            public_replays: r.try_get(8).map_err(err)?,
            turn_seconds: turn_seconds(&r, 3)?,
            status: Status::from_stored(r.try_get(4).map_err(err)?)?,
            entries: count(r.try_get(5).map_err(err)?)?,
            result: r.try_get(6).map_err(err)?,
            names,
            taken,
            seats,
            rematch: r.try_get(7).map_err(err)?,
        }))
    }

    fn seat_of(&self, token_hash: &str) -> Result<Option<(String, usize)>, StoreError> {
        let row = self.run(async |s| {
            let stmt = s.statement(SEAT_OF).await?;
            s.client.query_opt(&stmt, &[&token_hash]).await.map_err(err)
        })?;
        row.map(|r| {
            Ok((
                r.try_get(0).map_err(err)?,
                count(r.try_get(1).map_err(err)?)?,
            ))
        })
        .transpose()
    }

    fn append(&self, c: &Commit<'_>) -> Result<(), StoreError> {
        let epoch = self.epoch(c.id)?;
        let first = int(c.first_seq)?;
        let total = int(c.first_seq.saturating_add(c.entries.len()))?;
        let touched = int(c.now_ms / 1000)?;
        let started = int(c.now_ms)?;
        let status = c.status.as_str();
        let (ids, seats, client_ids) = entry_columns(c.entries)?;
        let row = self.run(async |s| {
            let stmt = s.statement(APPEND).await?;
            let params: [&(dyn ToSql + Sync); 12] = [
                &c.id,
                &first,
                &total,
                &c.rng,
                &status,
                &touched,
                &started,
                &c.result,
                &epoch,
                &ids,
                &seats,
                &client_ids,
            ];
            s.client.query_one(&stmt, &params).await.map_err(err)
        })?;
        let moved: i64 = row.try_get(0).map_err(err)?;
        let added: i64 = row.try_get(1).map_err(err)?;
        if moved != 1 || count(added)? != c.entries.len() {
            return Err(StoreError(format!(
                "match {}: no commit from entry {} (another count is stored, or another process owns the match)",
                c.id, c.first_seq
            )));
        }
        Ok(())
    }

    fn start_playing(&self, id: &str, now_ms: u64) -> Result<(), StoreError> {
        let epoch = self.epoch(id)?;
        let touched = int(now_ms / 1000)?;
        let started = int(now_ms)?;
        self.run(async |s| {
            let stmt = s.statement(START).await?;
            s.client
                .execute(&stmt, &[&id, &touched, &started, &epoch])
                .await
                .map_err(err)
                .map(|_| ())
        })
    }

    fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.ids(UNFINISHED, &[])
    }

    fn count(&self) -> Result<usize, StoreError> {
        let row = self.run(async |s| {
            let stmt = s.statement(COUNT).await?;
            s.client.query_one(&stmt, &[]).await.map_err(err)
        })?;
        count(row.try_get(0).map_err(err)?)
    }

    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError> {
        let (over, idle) = (int(over_before)?, int(idle_before)?);
        self.ids(EXPIRE, &[&over, &idle])
    }

    fn take_seat(&self, t: &SeatTaking<'_>) -> Result<bool, StoreError> {
        let seat = int(t.seat)?;
        let kind = t.kind.as_str();
        let changed = self.run(async |s| {
            let stmt = s.statement(TAKE_SEAT).await?;
            s.client
                .execute(&stmt, &[&t.match_id, &seat, &kind, &t.token_hash, &t.name])
                .await
                .map_err(err)
        })?;
        Ok(changed == 1)
    }

    fn open_matches(&self) -> Result<Vec<OpenMatch>, StoreError> {
        let rows = self.run(async |s| {
            let stmt = s.statement(OPEN).await?;
            s.client.query(&stmt, &[]).await.map_err(err)
        })?;
        rows.iter()
            .map(|r| {
                let created: i64 = r.try_get(1).map_err(err)?;
                let taken: i64 = r.try_get(3).map_err(err)?;
                Ok(OpenMatch {
                    id: r.try_get(0).map_err(err)?,
                    created: u64::try_from(created).map_err(err)?,
                    taken: u64::try_from(taken).map_err(err)?,
                    creator: r.try_get(2).map_err(err)?,
                })
            })
            .collect()
    }

    fn create_rematch(&self, of: &str, m: &NewMatch) -> Result<String, StoreError> {
        let creation = Creation::of(m)?;
        let new_id = m.stored.setup.id.as_str();
        self.run(async |s| {
            let (rematch_of, create, set) = (
                s.statement(REMATCH_OF).await?,
                s.statement(CREATE).await?,
                s.statement(SET_REMATCH).await?,
            );
            let tx = s.client.transaction().await.map_err(err)?;
            let earlier: Option<String> = tx
                .query_opt(&rematch_of, &[&of])
                .await
                .map_err(err)?
                .ok_or_else(|| StoreError(format!("no match {of} to rematch")))?
                .try_get(0)
                .map_err(err)?;
            if let Some(id) = earlier {
                tx.commit().await.map_err(err)?;
                return Ok(id);
            }
            tx.execute(&create, &creation.params()).await.map_err(err)?;
            tx.execute(&set, &[&of, &new_id]).await.map_err(err)?;
            tx.commit().await.map_err(err)?;
            Ok(new_id.to_owned())
        })
    }

    fn say(&self, id: &str, line: &Line) -> Result<(), StoreError> {
        let epoch = self.epoch(id)?;
        let n = int(line.n)?;
        let seat = int(line.seat)?;
        let dropped = n.saturating_sub(int(KEPT_LINES)?);
        let row = self.run(async |s| {
            let stmt = s.statement(SAY).await?;
            let params: [&(dyn ToSql + Sync); 7] =
                [&id, &n, &seat, &line.name, &line.text, &dropped, &epoch];
            s.client.query_one(&stmt, &params).await.map_err(err)
        })?;
        if row.try_get::<_, i64>(0).map_err(err)? != 1 {
            return Err(StoreError(format!(
                "match {id}: line {n} not kept (another process owns the match)"
            )));
        }
        Ok(())
    }

    fn talk(&self, id: &str, count_of: usize) -> Result<Vec<Line>, StoreError> {
        let limit = int(count_of)?;
        let rows = self.run(async |s| {
            let stmt = s.statement(TALK).await?;
            s.client.query(&stmt, &[&id, &limit]).await.map_err(err)
        })?;
        let mut lines = Vec::with_capacity(rows.len());
        for r in rows.iter().rev() {
            lines.push(Line {
                n: u64::try_from(r.try_get::<_, i64>(0).map_err(err)?).map_err(err)?,
                seat: count(r.try_get(1).map_err(err)?)?,
                name: r.try_get(2).map_err(err)?,
                text: r.try_get(3).map_err(err)?,
            });
        }
        Ok(lines)
    }

    fn unserved_bot_matches(&self) -> Result<Vec<String>, StoreError> {
        self.ids(UNSERVED, &[])
    }

    fn own(&self, id: &str) -> Result<Option<Owner>, StoreError> {
        let mut locks = lock(&self.locks);
        let lost_here = match lock(&self.owned).held.get_mut(id) {
            Some(h) if !h.lost => {
                h.holds = h.holds.saturating_add(1);
                return Ok(Some(Owner::Here));
            }
            held => held.is_some(),
        };
        let (number, key, session) = self.lock_session(&mut locks)?;
        let (number, key) = (*number, *key);
        let (peer, lease) = (self.peer.as_str(), int(self.lease.as_millis())?);
        let taken = self.block_on(async {
            // A match lost here is taken again only once its actor has
            // stopped and given it back.
            if !lost_here {
                let take = session.statement(TAKE).await?;
                let row = session
                    .client
                    .query_opt(&take, &[&id, &peer, &key, &lease])
                    .await
                    .map_err(err)?;
                if let Some(row) = row {
                    return Ok(Some(Ok(row.try_get::<_, i64>(0).map_err(err)?)));
                }
            }
            let owner_of = session.statement(OWNER_OF).await?;
            let row = session
                .client
                .query_opt(&owner_of, &[&id])
                .await
                .map_err(err)?;
            row.map(|r| r.try_get::<_, Option<String>>(0).map(Err).map_err(err))
                .transpose()
        })?;
        match taken {
            None => Ok(None),
            Some(Ok(epoch)) => {
                lock(&self.owned).held.insert(
                    id.to_owned(),
                    Held {
                        epoch,
                        holds: 1,
                        session: number,
                        lost: false,
                    },
                );
                Ok(Some(Owner::Here))
            }
            Some(Err(Some(peer))) => Ok(Some(Owner::Elsewhere(peer))),
            Some(Err(None)) => Err(StoreError(format!(
                "match {id}: held by a process that wrote no address"
            ))),
        }
    }

    fn disown(&self, id: &str) -> Result<(), StoreError> {
        let epoch = {
            let mut owned = lock(&self.owned);
            let Some(h) = owned.held.get_mut(id) else {
                return Ok(());
            };
            h.holds = h.holds.saturating_sub(1);
            if h.holds > 0 {
                return Ok(());
            }
            let epoch = (!h.lost).then_some(h.epoch);
            owned.held.remove(id);
            epoch
        };
        // A lease lost is another's, or free already.
        let Some(epoch) = epoch else {
            return Ok(());
        };
        self.run(async |s| {
            let release = s.statement(RELEASE).await?;
            s.client
                .execute(&release, &[&id, &epoch])
                .await
                .map_err(err)
                .map(|_| ())
        })
    }

    fn serves(&self, id: &str, peer: &str) -> Result<bool, StoreError> {
        let row = self.run(async |s| {
            let stmt = s.statement(SERVES).await?;
            s.client.query_opt(&stmt, &[&id, &peer]).await.map_err(err)
        })?;
        row.map_or(Ok(false), |r| {
            Ok(r.try_get::<_, Option<bool>>(0).map_err(err)? == Some(true))
        })
    }
}

impl PgStore {
    /// The ids a query answers in its first column.
    fn ids(
        &self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<String>, StoreError> {
        let rows = self.run(async |s| {
            let stmt = s.statement(sql).await?;
            s.client.query(&stmt, params).await.map_err(err)
        })?;
        rows.iter().map(|r| r.try_get(0).map_err(err)).collect()
    }
}

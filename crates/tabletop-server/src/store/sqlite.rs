//! The embedded store: one SQLite file in WAL mode, the entry log written
//! synchronously (a commit is on disk before anyone is told of it).

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::types::FromSql;
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::store::lines::{KEPT_LINES, Line};
use crate::store::{
    Commit, MatchSetup, NewMatch, OpenMatch, SeatKind, SeatTaking, Status, Store, StoreError,
    StoredEntry, StoredFacts, StoredMatch, StoredSeat, Write,
};

/// [`Store`] on one SQLite database file.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// The file's checkpointer; none in memory.
    checkpointer: Option<Checkpointer>,
}

/// Steps committed between two checkpoints: at two to three pages each,
/// about SQLite's own 1,000 pages of WAL.
const CHECKPOINT_STEPS: usize = 400;

/// The writing connection's own checkpoint, past this many WAL pages: a
/// floor should the checkpointer fall behind (SQLite's default is 1,000
/// pages, and each such checkpoint held up every connection of the server
/// while it wrote them).
const WRITER_CHECKPOINT_PAGES: i64 = 20_000;

/// A thread of its own that copies the WAL's pages into the database file
/// (a passive checkpoint, through a connection of its own) when nudged:
/// the copy and its sync leave the journal's writer thread, where the
/// steps are committed, and a passive checkpoint neither waits for nor holds up the
/// writer. A commit is durable once its WAL frames are synced, before any
/// checkpoint. Dropping it ends the thread.
#[derive(Debug)]
struct Checkpointer {
    nudge: mpsc::SyncSender<()>,
    /// Steps committed since the last nudge.
    steps: AtomicUsize,
    /// The checkpoints run so far, announced as each ends.
    passes: Arc<(Mutex<u64>, Condvar)>,
}

impl Checkpointer {
    fn spawn(path: &Path, sync: Sync) -> Result<Self, StoreError> {
        let conn = Connection::open(path).map_err(err)?;
        conn.pragma_update(None, "synchronous", sync.pragma())
            .map_err(err)?;
        let (nudge, nudged) = mpsc::sync_channel::<()>(1);
        let passes = Arc::new((Mutex::new(0_u64), Condvar::new()));
        let announced = Arc::clone(&passes);
        std::thread::Builder::new()
            .name("sqlite-checkpoint".to_owned())
            .spawn(move || {
                while nudged.recv().is_ok() {
                    // Busy (another checkpoint) or read-only: the next
                    // nudge tries again; the writer's floor stays.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                    let (count, ran) = &*announced;
                    if let Ok(mut count) = count.lock() {
                        *count = (*count).saturating_add(1);
                        ran.notify_all();
                    }
                }
            })
            .map_err(err)?;
        Ok(Checkpointer {
            nudge,
            steps: AtomicUsize::new(0),
            passes,
        })
    }

    /// `steps` more committed: a nudge every [`CHECKPOINT_STEPS`].
    fn committed(&self, steps: usize) {
        let before = self.steps.fetch_add(steps, Ordering::Relaxed);
        if before.saturating_add(steps) >= CHECKPOINT_STEPS {
            self.steps.store(0, Ordering::Relaxed);
            // Full: a checkpoint is under way or nudged already.
            let _ = self.nudge.try_send(());
        }
    }
}

/// When a commit reaches the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sync {
    /// Each commit is on disk when it returns (`synchronous = FULL`): an
    /// acknowledged move survives a crash of the process and of the
    /// machine.
    #[default]
    Full,
    /// Each commit is in the operating system when it returns and on disk
    /// at the next checkpoint (`synchronous = NORMAL`): an acknowledged
    /// move survives a crash of the process (`kill -9`), not a power cut;
    /// a commit costs a fraction of the CPU.
    Normal,
}

impl Sync {
    /// Its value of SQLite's `synchronous`.
    fn pragma(self) -> &'static str {
        match self {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        }
    }
}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

fn to_i64(n: u64) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(err)
}

fn count_of(n: usize) -> Result<i64, StoreError> {
    i64::try_from(n).map_err(err)
}

fn from_i64(n: i64) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(err)
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    spectators INTEGER NOT NULL,
    turn_seconds INTEGER,
    status TEXT NOT NULL,
    rng TEXT NOT NULL,
    entries INTEGER NOT NULL,
    created INTEGER NOT NULL,
    touched INTEGER NOT NULL,
    start TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token_hash TEXT UNIQUE,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    id INTEGER NOT NULL,
    seat INTEGER,
    client_id TEXT,
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE IF NOT EXISTS talk (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT,
    text TEXT NOT NULL,
    PRIMARY KEY (match_id, n)
);
";

/// Columns added since the first schema, by table, with their type: a
/// database of an earlier version gains them when opened (seat names and
/// rematches came with open seats, creators with the paged lobby list,
/// public replays with replays kept to their seats).
const ADDED_COLUMNS: &[(&str, &str, &str)] = &[
    ("matches", "start", "TEXT"),
    ("matches", "result", "TEXT"),
    ("matches", "turn_started", "INTEGER NOT NULL DEFAULT 0"),
    ("matches", "rematch", "TEXT"),
    ("seats", "name", "TEXT"),
    ("matches", "creator", "TEXT"),
    ("matches", "public_replays", "INTEGER NOT NULL DEFAULT 0"),
];

/// Made once the added columns are there: the open seats no one has
/// taken, for the lobby's list of matches with a free seat.
const INDEXES: &str = "
CREATE INDEX IF NOT EXISTS seats_free ON seats(match_id) WHERE kind = 'open' AND token_hash IS NULL;
";

impl SqliteStore {
    /// Waits at most `timeout` for the checkpointer's first pass to end
    /// (the WAL copied into the database file off the writer); whether it
    /// did. A store in memory has no checkpointer.
    pub fn checkpointed(&self, timeout: Duration) -> bool {
        let Some(checkpointer) = &self.checkpointer else {
            return false;
        };
        let (count, ran) = &*checkpointer.passes;
        let Ok(count) = count.lock() else {
            return false;
        };
        ran.wait_timeout_while(count, timeout, |count| *count == 0)
            .is_ok_and(|(count, _)| *count > 0)
    }

    /// Opens (creating if needed) the database at `path`.
    ///
    /// # Errors
    /// When the file cannot be opened or the schema not created.
    pub fn open(path: &Path, sync: Sync) -> Result<Self, StoreError> {
        let conn = Connection::open(path).map_err(err)?;
        let mut store = Self::init(conn, sync)?;
        store
            .conn()?
            .pragma_update(None, "wal_autocheckpoint", WRITER_CHECKPOINT_PAGES)
            .map_err(err)?;
        store.checkpointer = Some(Checkpointer::spawn(path, sync)?);
        Ok(store)
    }

    /// A database in memory (for tests and benchmarks).
    ///
    /// # Errors
    /// When the schema cannot be created.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::init(Connection::open_in_memory().map_err(err)?, Sync::Full)
    }

    fn init(conn: Connection, sync: Sync) -> Result<Self, StoreError> {
        // WAL; with `synchronous = FULL` each commit is on disk when it
        // returns, which is what "committed before anyone is told" needs
        // across a power cut.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(err)?;
        conn.pragma_update(None, "synchronous", sync.pragma())
            .map_err(err)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(err)?;
        conn.execute_batch(SCHEMA).map_err(err)?;
        for (table, column, kind) in ADDED_COLUMNS {
            let present: bool = conn
                .query_row(
                    "SELECT COUNT(*) > 0 FROM pragma_table_info(?1) WHERE name = ?2",
                    [table, column],
                    |r| r.get(0),
                )
                .map_err(err)?;
            if !present {
                conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                    .map_err(err)?;
            }
        }
        conn.execute_batch(INDEXES).map_err(err)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
            checkpointer: None,
        })
    }

    fn conn(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError("the database lock is poisoned".to_owned()))
    }
}

/// Runs the statement `sql`, without parameters, prepared once per
/// connection (`BEGIN`, `COMMIT`, savepoints) rather than parsed each time.
fn run(conn: &Connection, sql: &str) -> Result<(), StoreError> {
    conn.prepare_cached(sql)
        .and_then(|mut s| s.execute([]))
        .map(|_| ())
        .map_err(err)
}

/// Runs `work` in one transaction, committed when it succeeds and rolled
/// back when it fails.
fn in_transaction<T>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    run(conn, "BEGIN IMMEDIATE")?;
    match work(conn) {
        Ok(done) => {
            run(conn, "COMMIT")?;
            Ok(done)
        }
        Err(e) => {
            // The transaction is abandoned whether or not the rollback is.
            let _ = run(conn, "ROLLBACK");
            Err(e)
        }
    }
}

/// `c`'s entries and the match's new position, inside the caller's
/// transaction.
fn append_in(tx: &Connection, c: &Commit<'_>) -> Result<(), StoreError> {
    let first = count_of(c.first_seq)?;
    let total = count_of(c.first_seq.saturating_add(c.entries.len()))?;
    let touched = to_i64(c.now_ms / 1000)?;
    let started = to_i64(c.now_ms)?;
    // The match moves on only from the entry count the commit starts at:
    // a commit from another count changes nothing.
    let moved = tx
        .prepare_cached(
            "UPDATE matches SET entries = ?3, rng = ?4, status = ?5, touched = ?6, turn_started = ?7, result = ?8 WHERE id = ?1 AND entries = ?2",
        )
        .and_then(|mut s| {
            s.execute(params![
                c.id,
                first,
                total,
                c.rng,
                c.status.as_str(),
                touched,
                started,
                c.result,
            ])
        })
        .map_err(err)?;
    if moved != 1 {
        return Err(StoreError(format!(
            "match {}: no commit from entry {} (another count is stored)",
            c.id, c.first_seq
        )));
    }
    insert_entries(tx, c.id, c.first_seq, c.entries)
}

/// One write of a batch, inside the caller's transaction.
fn write_in(tx: &Connection, write: &Write<'_>) -> Result<(), StoreError> {
    match write {
        Write::Create(m) => insert_match(tx, m),
        Write::Start { id, now_ms } => start_in(tx, id, *now_ms),
        Write::Commit(c) => append_in(tx, c),
    }
}

/// Marks the waiting match `id` playing, its first turn from `now_ms`.
fn start_in(conn: &Connection, id: &str, now_ms: u64) -> Result<(), StoreError> {
    let touched = to_i64(now_ms / 1000)?;
    let started = to_i64(now_ms)?;
    conn.prepare_cached(
        "UPDATE matches SET status = 'playing', touched = ?2, turn_started = ?3 WHERE id = ?1 AND status = 'waiting'",
    )
    .and_then(|mut s| s.execute(params![id, touched, started]))
    .map_err(err)
    .map(|_| ())
}

/// Runs `work` in a savepoint of the transaction under way: kept when it
/// succeeds, undone when it fails. The outer error is the savepoint's
/// own, which leaves the transaction in doubt: the caller abandons it.
fn in_savepoint<T>(
    conn: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<Result<T, StoreError>, StoreError> {
    run(conn, "SAVEPOINT step")?;
    let done = work(conn);
    if done.is_err() {
        run(conn, "ROLLBACK TO step")?;
    }
    run(conn, "RELEASE step")?;
    Ok(done)
}

fn insert_entries(
    conn: &Connection,
    id: &str,
    first_seq: usize,
    entries: &[StoredEntry],
) -> Result<(), StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "INSERT INTO entries (match_id, seq, id, seat, client_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .map_err(err)?;
    for (seq, entry) in (first_seq..).zip(entries) {
        let seat = entry.seat.map(count_of).transpose()?;
        stmt.execute(params![
            id,
            count_of(seq)?,
            i64::from(entry.id),
            seat,
            entry.client_id
        ])
        .map_err(err)?;
    }
    Ok(())
}

/// The one row `sql` finds for `key` (its only parameter), read by `row`;
/// `None` when there is none.
fn one_row<T>(
    conn: &Connection,
    sql: &str,
    key: &str,
    row: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<Option<T>, StoreError> {
    conn.prepare_cached(sql)
        .map_err(err)?
        .query_row(params![key], row)
        .optional()
        .map_err(err)
}

/// What a match row says of its game, its terms and its phase: the
/// columns both a load and the facts begin with.
struct Leading {
    game: String,
    config: String,
    spectators: bool,
    public_replays: bool,
    turn_seconds: Option<u32>,
    status: Status,
}

/// The row of match `id`: its [`Leading`] columns and the three columns
/// `more` names after them; `None` when unknown.
fn match_row<A: FromSql, B: FromSql, C: FromSql>(
    conn: &Connection,
    id: &str,
    more: &str,
) -> Result<Option<(Leading, A, B, C)>, StoreError> {
    let sql = format!(
        "SELECT game, config, spectators, public_replays, turn_seconds, status, {more} FROM matches WHERE id = ?1"
    );
    let row = one_row(conn, &sql, id, |r| {
        Ok((
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?),
            r.get::<_, String>(5)?,
            (r.get(6)?, r.get(7)?, r.get(8)?),
        ))
    })?;
    let Some(((game, config, spectators, public_replays, turn_seconds), status, (a, b, c))) = row
    else {
        return Ok(None);
    };
    let leading = Leading {
        game,
        config,
        spectators,
        public_replays,
        turn_seconds,
        status: Status::from_stored(&status)?,
    };
    Ok(Some((leading, a, b, c)))
}

fn seat_kinds(conn: &Connection, id: &str) -> Result<Vec<StoredSeat>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT kind, token_hash, name FROM seats WHERE match_id = ?1 ORDER BY seat",
        )
        .map_err(err)?;
    stmt.query_map(params![id], |r| {
        Ok(StoredSeat {
            kind: SeatKind::from_text(&r.get::<_, String>(0)?),
            token_hash: r.get(1)?,
            name: r.get(2)?,
        })
    })
    .map_err(err)?
    .collect::<Result<Vec<_>, _>>()
    .map_err(err)
}

/// Inserts a new match with its seats and setup entries (in the caller's
/// transaction).
fn insert_match(tx: &Connection, new: &NewMatch) -> Result<(), StoreError> {
    let m = &new.stored;
    let s = &m.setup;
    let now = to_i64(m.turn_started_ms / 1000)?;
    let started = to_i64(m.turn_started_ms)?;
    let entries = count_of(m.entries.len())?;
    tx.prepare_cached(
        "INSERT INTO matches (id, game, config, spectators, turn_seconds, status, rng, entries, created, touched, start, turn_started, creator, public_replays)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11, ?12, ?13)",
    )
    .and_then(|mut stmt| {
        stmt.execute(params![
            s.id,
            s.game,
            s.config,
            s.spectators,
            s.turn_seconds,
            m.status.as_str(),
            m.rng,
            entries,
            now,
            s.start,
            started,
            new.creator,
            s.public_replays,
        ])
    })
    .map_err(err)?;
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO seats (match_id, seat, kind, token_hash, name) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .map_err(err)?;
    for (seat, kind) in s.seats.iter().enumerate() {
        stmt.execute(params![
            s.id,
            count_of(seat)?,
            kind.kind.as_str(),
            kind.token_hash,
            kind.name
        ])
        .map_err(err)?;
    }
    insert_entries(tx, &s.id, 0, &m.entries)
}

/// A match's public facts (`None` when unknown).
fn facts_of(conn: &Connection, id: &str) -> Result<Option<StoredFacts>, StoreError> {
    let Some((m, entries, result, rematch)) =
        match_row::<i64, Option<String>, Option<String>>(conn, id, "entries, result, rematch")?
    else {
        return Ok(None);
    };
    let (seats, taken, names) = StoredFacts::seat_columns(seat_kinds(conn, id)?);
    Ok(Some(StoredFacts {
        game: m.game,
        config: m.config,
        spectators: m.spectators,
        public_replays: m.public_replays,
        turn_seconds: m.turn_seconds,
        status: m.status,
        entries: usize::try_from(entries).map_err(err)?,
        result,
        names,
        taken,
        seats,
        rematch,
    }))
}

impl Store for SqliteStore {
    fn create(&self, m: &NewMatch) -> Result<(), StoreError> {
        let conn = self.conn()?;
        in_transaction(&conn, |tx| insert_match(tx, m))
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let conn = self.conn()?;
        let Some((m, rng, start, turn_started)) =
            match_row::<String, Option<String>, i64>(&conn, id, "rng, start, turn_started")?
        else {
            return Ok(None);
        };
        let seats = seat_kinds(&conn, id)?;
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, seat, client_id FROM entries WHERE match_id = ?1 ORDER BY seq",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id], |r| {
                Ok((
                    r.get::<_, u32>(0)?,
                    r.get::<_, Option<i64>>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })
            .map_err(err)?;
        let mut entries = Vec::new();
        for row in rows {
            let (entry, seat, client_id) = row.map_err(err)?;
            let seat = seat.map(|s| usize::try_from(s).map_err(err)).transpose()?;
            entries.push(StoredEntry {
                id: entry,
                seat,
                client_id,
            });
        }
        Ok(Some(StoredMatch {
            setup: MatchSetup {
                id: id.to_owned(),
                game: m.game,
                config: m.config,
                spectators: m.spectators,
                public_replays: m.public_replays,
                turn_seconds: m.turn_seconds,
                start,
                seats,
            },
            rng,
            entries,
            status: m.status,
            turn_started_ms: from_i64(turn_started)?,
        }))
    }

    fn facts(&self, id: &str) -> Result<Option<StoredFacts>, StoreError> {
        facts_of(&*self.conn()?, id)
    }

    fn seat_of(&self, token_hash: &str) -> Result<Option<(String, usize)>, StoreError> {
        let conn = self.conn()?;
        let row = one_row(
            &conn,
            "SELECT match_id, seat FROM seats WHERE token_hash = ?1",
            token_hash,
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)),
        )?;
        row.map(|(m, s)| Ok((m, usize::try_from(s).map_err(err)?)))
            .transpose()
    }

    fn append(&self, c: &Commit<'_>) -> Result<(), StoreError> {
        in_transaction(&*self.conn()?, |tx| append_in(tx, c))?;
        if let Some(checkpointer) = &self.checkpointer {
            checkpointer.committed(1);
        }
        Ok(())
    }

    fn append_all(&self, commits: &[Commit<'_>]) -> Vec<Result<(), StoreError>> {
        let writes: Vec<Write<'_>> = commits.iter().cloned().map(Write::Commit).collect();
        self.write_all(&writes)
    }

    fn write_all(&self, writes: &[Write<'_>]) -> Vec<Result<(), StoreError>> {
        let conn = match self.conn() {
            Ok(conn) => conn,
            Err(e) => return vec![Err(e); writes.len()],
        };
        // One transaction, one sync. A batch is first written whole, with
        // no savepoint (each costs two statements and a copy of each page
        // it changes); should any write be refused, that transaction is
        // undone and the batch written again with a savepoint for each
        // write, so that a refused one leaves the others in.
        let whole = in_transaction(&conn, |tx| writes.iter().try_for_each(|w| write_in(tx, w)));
        let written = match whole {
            Ok(()) => Ok(vec![Ok(()); writes.len()]),
            Err(_) => in_transaction(&conn, |tx| {
                writes
                    .iter()
                    .map(|w| in_savepoint(tx, |tx| write_in(tx, w)))
                    .collect()
            }),
        };
        match written {
            Ok(outcomes) => {
                if let Some(checkpointer) = &self.checkpointer {
                    checkpointer.committed(writes.len());
                }
                outcomes
            }
            Err(e) => vec![Err(e); writes.len()],
        }
    }

    fn is_embedded(&self) -> bool {
        true
    }

    fn start_playing(&self, id: &str, now_ms: u64) -> Result<(), StoreError> {
        start_in(&*self.conn()?, id, now_ms)
    }

    fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn()?;
        let mut stmt = conn
            .prepare_cached("SELECT id FROM matches WHERE status != 'over' ORDER BY created, id")
            .map_err(err)?;
        stmt.query_map([], |r| r.get(0))
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)
    }

    fn count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn()?
            .query_row("SELECT COUNT(*) FROM matches", [], |r| r.get(0))
            .map_err(err)?;
        usize::try_from(n).map_err(err)
    }

    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError> {
        let conn = self.conn()?;
        in_transaction(&conn, |tx| {
            let mut stmt = tx
                .prepare_cached(
                    "DELETE FROM matches WHERE (status = 'over' AND touched < ?1) OR touched < ?2 RETURNING id",
                )
                .map_err(err)?;
            stmt.query_map(params![to_i64(over_before)?, to_i64(idle_before)?], |r| {
                r.get(0)
            })
            .map_err(err)?
            .collect::<Result<Vec<String>, _>>()
            .map_err(err)
        })
    }

    fn take_seat(&self, t: &SeatTaking<'_>) -> Result<bool, StoreError> {
        let seat = count_of(t.seat)?;
        let taken = self
            .conn()?
            .prepare_cached(
                "UPDATE seats SET token_hash = ?4, name = COALESCE(?5, name)
                 WHERE match_id = ?1 AND seat = ?2 AND kind = ?3 AND token_hash IS NULL
                 AND EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND status != 'over')",
            )
            .and_then(|mut s| {
                s.execute(params![
                    t.match_id,
                    seat,
                    t.kind.as_str(),
                    t.token_hash,
                    t.name
                ])
            })
            .map_err(err)?;
        Ok(taken == 1)
    }

    fn open_matches(&self) -> Result<Vec<OpenMatch>, StoreError> {
        let conn = self.conn()?;
        conn.prepare_cached(
            "SELECT m.id, m.created, m.creator, m.rowid FROM matches m
             WHERE m.status != 'over' AND EXISTS (
                 SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.kind = 'open' AND s.token_hash IS NULL
             )
             ORDER BY m.created DESC, m.rowid DESC",
        )
        .map_err(err)?
        .query_map([], |r| {
            Ok((r.get(0)?, r.get::<_, i64>(1)?, r.get(2)?, r.get::<_, i64>(3)?))
        })
        .map_err(err)?
        .map(|row| {
            let (id, created, creator, taken) = row.map_err(err)?;
            Ok(OpenMatch {
                id,
                created: from_i64(created)?,
                taken: from_i64(taken)?,
                creator,
            })
        })
        .collect()
    }

    fn say(&self, id: &str, line: &Line) -> Result<(), StoreError> {
        let n = to_i64(line.n)?;
        let seat = count_of(line.seat)?;
        let dropped = n.saturating_sub(count_of(KEPT_LINES)?);
        in_transaction(&*self.conn()?, |tx| {
            tx.prepare_cached(
                "INSERT INTO talk (match_id, n, seat, name, text) VALUES (?1, ?2, ?3, ?4, ?5)",
            )
            .and_then(|mut s| s.execute(params![id, n, seat, line.name, line.text]))
            .map_err(err)?;
            tx.prepare_cached("DELETE FROM talk WHERE match_id = ?1 AND n <= ?2")
                .and_then(|mut s| s.execute(params![id, dropped]))
                .map_err(err)
                .map(|_| ())
        })
    }

    fn talk(&self, id: &str, count: usize) -> Result<Vec<Line>, StoreError> {
        let conn = self.conn()?;
        // The count is written into the statement: a bound limit made
        // SQLite prepare it again at each call (one statement is cached
        // per count, and the lobby asks for one).
        let mut stmt = conn
            .prepare_cached(&format!(
                "SELECT n, seat, name, text FROM talk WHERE match_id = ?1 ORDER BY n DESC LIMIT {}",
                count_of(count)?
            ))
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get(2)?,
                    r.get(3)?,
                ))
            })
            .map_err(err)?;
        let mut lines = Vec::new();
        for row in rows {
            let (n, seat, name, text) = row.map_err(err)?;
            lines.push(Line {
                n: from_i64(n)?,
                seat: usize::try_from(seat).map_err(err)?,
                name,
                text,
            });
        }
        lines.reverse();
        Ok(lines)
    }

    fn create_rematch(&self, of: &str, m: &NewMatch) -> Result<String, StoreError> {
        let conn = self.conn()?;
        in_transaction(&conn, |tx| {
            let earlier = one_row(tx, "SELECT rematch FROM matches WHERE id = ?1", of, |r| {
                r.get::<_, Option<String>>(0)
            })?
            .ok_or_else(|| StoreError(format!("no match {of} to rematch")))?;
            if let Some(id) = earlier {
                return Ok(id);
            }
            insert_match(tx, m)?;
            tx.prepare_cached("UPDATE matches SET rematch = ?2 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![of, m.stored.setup.id]))
                .map_err(err)?;
            Ok(m.stored.setup.id.clone())
        })
    }
}

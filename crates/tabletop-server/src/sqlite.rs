//! The embedded store: one SQLite file in WAL mode, the entry log written
//! synchronously (a commit is on disk before anyone is told of it).

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension, params};

use crate::store::{
    Commit, NewMatch, SeatKind, Status, Store, StoreError, StoredEntry, StoredMatch, StoredSeat,
};

/// [`Store`] on one SQLite database file.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

fn to_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn from_i64(n: i64) -> u64 {
    u64::try_from(n).unwrap_or_default()
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
";

impl SqliteStore {
    /// Opens (creating if needed) the database at `path`.
    ///
    /// # Errors
    /// When the file cannot be opened or the schema not created.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let conn = Connection::open(path).map_err(err)?;
        Self::init(conn)
    }

    /// A database in memory (for tests and benchmarks).
    ///
    /// # Errors
    /// When the schema cannot be created.
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::init(Connection::open_in_memory().map_err(err)?)
    }

    fn init(conn: Connection) -> Result<Self, StoreError> {
        // WAL with `synchronous = FULL`: each commit is durable when it
        // returns, which is what "committed before anyone is told" needs.
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(err)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(err)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(err)?;
        conn.execute_batch(SCHEMA).map_err(err)?;
        // A database from before the `start` column gains it.
        let has_start: bool = conn
            .query_row(
                "SELECT COUNT(*) > 0 FROM pragma_table_info('matches') WHERE name = 'start'",
                [],
                |r| r.get(0),
            )
            .map_err(err)?;
        if !has_start {
            conn.execute_batch("ALTER TABLE matches ADD COLUMN start TEXT")
                .map_err(err)?;
        }
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError("the database lock is poisoned".to_owned()))
    }
}

fn insert_entries(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    first_seq: usize,
    entries: &[StoredEntry],
) -> Result<(), StoreError> {
    let mut stmt = tx
        .prepare_cached(
            "INSERT INTO entries (match_id, seq, id, seat, client_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        )
        .map_err(err)?;
    for (seq, entry) in (first_seq..).zip(entries) {
        let seat = entry.seat.and_then(|s| i64::try_from(s).ok());
        stmt.execute(params![
            id,
            i64::try_from(seq).map_err(err)?,
            i64::from(entry.id),
            seat,
            entry.client_id
        ])
        .map_err(err)?;
    }
    Ok(())
}

impl Store for SqliteStore {
    fn create(&self, m: &NewMatch) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(err)?;
        tx.execute(
            "INSERT INTO matches (id, game, config, spectators, turn_seconds, status, rng, entries, created, touched, start)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10)",
            params![
                m.id,
                m.game,
                m.config,
                m.spectators,
                m.turn_seconds,
                m.status.as_str(),
                m.rng,
                i64::try_from(m.entries.len()).map_err(err)?,
                to_i64(m.now),
                m.start
            ],
        )
        .map_err(err)?;
        for (seat, s) in m.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (match_id, seat, kind, token_hash) VALUES (?1, ?2, ?3, ?4)",
                params![
                    m.id,
                    i64::try_from(seat).map_err(err)?,
                    s.kind.as_str(),
                    s.token_hash
                ],
            )
            .map_err(err)?;
        }
        insert_entries(&tx, &m.id, 0, &m.entries)?;
        tx.commit().map_err(err)
    }

    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        let conn = self.conn()?;
        let row = conn
            .query_row(
                "SELECT game, config, spectators, turn_seconds, status, rng, touched, start FROM matches WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, bool>(2)?,
                        r.get::<_, Option<u32>>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, String>(5)?,
                        r.get::<_, i64>(6)?,
                        r.get::<_, Option<String>>(7)?,
                    ))
                },
            )
            .optional()
            .map_err(err)?;
        let Some((game, config, spectators, turn_seconds, status, rng, touched, start)) = row
        else {
            return Ok(None);
        };
        let mut stmt = conn
            .prepare_cached("SELECT kind, token_hash FROM seats WHERE match_id = ?1 ORDER BY seat")
            .map_err(err)?;
        let seats = stmt
            .query_map(params![id], |r| {
                let kind: String = r.get(0)?;
                Ok(StoredSeat {
                    kind: if kind == "person" {
                        SeatKind::Person
                    } else {
                        SeatKind::Bot(kind)
                    },
                    token_hash: r.get(1)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, seat, client_id FROM entries WHERE match_id = ?1 ORDER BY seq",
            )
            .map_err(err)?;
        let entries = stmt
            .query_map(params![id], |r| {
                Ok(StoredEntry {
                    id: r.get(0)?,
                    seat: r
                        .get::<_, Option<i64>>(1)?
                        .and_then(|s| usize::try_from(s).ok()),
                    client_id: r.get(2)?,
                })
            })
            .map_err(err)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(Some(StoredMatch {
            created: NewMatch {
                id: id.to_owned(),
                game,
                config,
                spectators,
                turn_seconds,
                start,
                seats,
                rng,
                entries,
                status: Status::from_stored(&status),
                now: from_i64(touched),
            },
        }))
    }

    fn seat_of(&self, token_hash: &str) -> Result<Option<(String, usize)>, StoreError> {
        let conn = self.conn()?;
        conn.query_row(
            "SELECT match_id, seat FROM seats WHERE token_hash = ?1",
            params![token_hash],
            |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)),
        )
        .optional()
        .map_err(err)
        .map(|row| row.and_then(|(m, s)| usize::try_from(s).ok().map(|s| (m, s))))
    }

    fn append(&self, c: &Commit<'_>) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(err)?;
        let stored: i64 = tx
            .query_row(
                "SELECT entries FROM matches WHERE id = ?1",
                params![c.id],
                |r| r.get(0),
            )
            .map_err(err)?;
        if usize::try_from(stored).ok() != Some(c.first_seq) {
            return Err(StoreError(format!(
                "match {}: {stored} entries stored, a commit from entry {}",
                c.id, c.first_seq
            )));
        }
        insert_entries(&tx, c.id, c.first_seq, c.entries)?;
        let total = c.first_seq.saturating_add(c.entries.len());
        tx.execute(
            "UPDATE matches SET entries = ?2, rng = ?3, status = ?4, touched = ?5 WHERE id = ?1",
            params![
                c.id,
                i64::try_from(total).map_err(err)?,
                c.rng,
                c.status.as_str(),
                to_i64(c.now)
            ],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    fn set_status(&self, id: &str, status: Status, now: u64) -> Result<(), StoreError> {
        self.conn()?
            .execute(
                "UPDATE matches SET status = ?2, touched = ?3 WHERE id = ?1",
                params![id, status.as_str(), to_i64(now)],
            )
            .map_err(err)
            .map(|_| ())
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

    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(err)?;
        let ids = {
            let mut stmt = tx
                .prepare_cached(
                    "DELETE FROM matches WHERE (status = 'over' AND touched < ?1) OR touched < ?2 RETURNING id",
                )
                .map_err(err)?;
            stmt.query_map(params![to_i64(over_before), to_i64(idle_before)], |r| {
                r.get(0)
            })
            .map_err(err)?
            .collect::<Result<Vec<String>, _>>()
            .map_err(err)?
        };
        tx.commit().map_err(err)?;
        Ok(ids)
    }
}

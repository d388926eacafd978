//! What the server keeps: matches, seats and the entry log, behind a small
//! interface so that another backend (several processes sharing one
//! PostgreSQL, one process owning a match at a time) changes nothing else.

use serde::Serialize;

/// The phase of a match, as the lobby tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Created; no person has connected yet.
    Waiting,
    /// Under way.
    Playing,
    /// Over: the result is final.
    Over,
}

impl Status {
    /// The status as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// The stored text read back; unknown text reads as playing (a match
    /// that goes on is never lost).
    pub fn from_stored(text: &str) -> Self {
        match text {
            "waiting" => Status::Waiting,
            "over" => Status::Over,
            _ => Status::Playing,
        }
    }
}

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, who connects with a capability token.
    Person,
    /// A bot of the game, by name.
    Bot(String),
}

impl SeatKind {
    /// `person`, or the bot's name.
    pub fn as_str(&self) -> &str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Bot(name) => name,
        }
    }
}

/// One seat of a stored match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeat {
    /// Who sits there.
    pub kind: SeatKind,
    /// The hash of its capability token (persons only).
    pub token_hash: Option<String>,
}

/// One applied entry: an action of a seat, or a chance outcome (no seat).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEntry {
    /// The action or chance outcome id.
    pub id: u32,
    /// The seat that acted; `None` for chance.
    pub seat: Option<usize>,
    /// The client's id for the action, so a resent action applies once.
    pub client_id: Option<String>,
}

/// A match as created.
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// The match id.
    pub id: String,
    /// The registry name of the game (`armadora`).
    pub game: String,
    /// The game's config as JSON.
    pub config: String,
    /// Whether spectators may watch.
    pub spectators: bool,
    /// The per-turn deadline in seconds, if any.
    pub turn_seconds: Option<u32>,
    /// The position the match starts from when it is not the game's
    /// first (JSON of [`TestStart`](crate::games::TestStart)): only on a
    /// server started with the hidden test flag `--test-starts`.
    pub start: Option<String>,
    /// The seats, in order.
    pub seats: Vec<StoredSeat>,
    /// The generator's position (JSON of `DiceRng`) after `entries`.
    pub rng: String,
    /// Entries applied at creation (the setup's chance outcomes).
    pub entries: Vec<StoredEntry>,
    /// The status at creation.
    pub status: Status,
    /// Seconds since the epoch.
    pub now: u64,
}

/// A stored match, everything needed to resume it.
#[derive(Debug, Clone)]
pub struct StoredMatch {
    /// The match as created, with its status, generator and entries as of
    /// the last commit.
    pub created: NewMatch,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
#[error("store: {0}")]
pub struct StoreError(pub String);

/// A commit of entries after an accepted action.
#[derive(Debug, Clone)]
pub struct Commit<'a> {
    /// The match.
    pub id: &'a str,
    /// The sequence number of the first entry (the entries applied before).
    pub first_seq: usize,
    /// The entries, in order.
    pub entries: &'a [StoredEntry],
    /// The generator's position after them.
    pub rng: &'a str,
    /// The status after them.
    pub status: Status,
    /// Seconds since the epoch.
    pub now: u64,
}

/// The store's interface.
pub trait Store: Send + Sync {
    /// Saves a new match with its seats and setup entries.
    ///
    /// # Errors
    /// A database failure, or an id already taken.
    fn create(&self, m: &NewMatch) -> Result<(), StoreError>;
    /// A match by id, with its entries; `None` when unknown.
    ///
    /// # Errors
    /// A database failure.
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;
    /// The match and seat a token hash opens.
    ///
    /// # Errors
    /// A database failure.
    fn seat_of(&self, token_hash: &str) -> Result<Option<(String, usize)>, StoreError>;
    /// Appends entries, durably, before anyone is told of them. Refused
    /// when `first_seq` is not the number of entries stored.
    ///
    /// # Errors
    /// A database failure or a sequence gap.
    fn append(&self, commit: &Commit<'_>) -> Result<(), StoreError>;
    /// Sets a match's status.
    ///
    /// # Errors
    /// A database failure.
    fn set_status(&self, id: &str, status: Status, now: u64) -> Result<(), StoreError>;
    /// The ids of matches not over.
    ///
    /// # Errors
    /// A database failure.
    fn unfinished(&self) -> Result<Vec<String>, StoreError>;
    /// Deletes matches over before `over_before` and matches not touched
    /// since `idle_before`; answers their ids.
    ///
    /// # Errors
    /// A database failure.
    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError>;
}

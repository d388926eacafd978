//! What the server keeps: matches, seats and the entry log, behind a small
//! interface with two backends: SQLite for one process, PostgreSQL for
//! several sharing one database, each match owned by one process at a time.

pub mod clock;
pub mod journal;
pub mod lines;
pub mod postgres;
pub mod sqlite;

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

use crate::store::lines::Line;

/// The phase of a match, as the lobby tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
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

    /// The stored text read back.
    ///
    /// # Errors
    /// Text no version of the server writes: the store is damaged, and the
    /// match is refused rather than guessed at.
    pub fn from_stored(text: &str) -> Result<Self, StoreError> {
        match text {
            "waiting" => Ok(Status::Waiting),
            "playing" => Ok(Status::Playing),
            "over" => Ok(Status::Over),
            other => Err(StoreError(format!("unknown status {other:?}"))),
        }
    }
}

/// Who sits in a seat; written `"person"`, `"open"` or the bot's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, who connects with a capability token.
    Person,
    /// A person who takes the seat from the lobby: its token is made when
    /// the seat is taken, and handed out that once.
    Open,
    /// A bot of the game, by name.
    Bot(String),
}

impl SeatKind {
    /// `person`, `open`, or the bot's name.
    pub fn as_str(&self) -> &str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Open => "open",
            SeatKind::Bot(name) => name,
        }
    }

    /// The kind a stored or requested text names.
    pub fn from_text(text: &str) -> Self {
        match text {
            "person" => SeatKind::Person,
            "open" => SeatKind::Open,
            bot => SeatKind::Bot(bot.to_owned()),
        }
    }

    /// Whether a bot sits there.
    pub fn is_bot(&self) -> bool {
        matches!(self, SeatKind::Bot(_))
    }
}

impl Serialize for SeatKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl JsonSchema for SeatKind {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SeatKind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Who sits in a seat: `person`, `open` (a seat a person takes from the lobby), or the name of one of the game's bots.",
            "type": "string"
        })
    }
}

/// One seat of a stored match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSeat {
    /// Who sits there.
    pub kind: SeatKind,
    /// The hash of its capability token (persons only; an open seat's
    /// once taken).
    pub token_hash: Option<String>,
    /// The name its player gave when taking it (at most
    /// [`MAX_NAME_CHARS`](crate::matches::names::MAX_NAME_CHARS) characters,
    /// checked by the lobby), if any.
    pub name: Option<String>,
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

/// What every match has from its creation on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSetup {
    /// The match id.
    pub id: String,
    /// The registry name of the game (`armadora`).
    pub game: String,
    /// The game's config as JSON.
    pub config: String,
    /// Whether spectators may watch.
    pub spectators: bool,
    /// Whether, once the match is over, anyone may replay it through any
    /// seat's eyes (else a seat's eyes need that seat's token).
    pub public_replays: bool,
    /// The per-turn deadline in seconds, if any.
    pub turn_seconds: Option<u32>,
    /// The position the match starts from when it is not the game's
    /// first (JSON of [`TestStart`](crate::matches::games::TestStart)): only on a
    /// server started with the hidden test flag `--test-starts`.
    pub start: Option<String>,
    /// The seats, in order.
    pub seats: Vec<StoredSeat>,
}

/// A match as created: what it is stored as from then on, and who created
/// it.
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// The match as first stored: its setup's chance outcomes applied,
    /// and its first turn starting at its creation (`turn_started_ms`,
    /// also when it was created).
    pub stored: StoredMatch,
    /// Who created it: the creating address's group, kept only to share
    /// the lobby's list fairly and never shown; `None` when not known.
    pub creator: Option<String>,
}

/// A stored match, everything needed to resume it.
#[derive(Debug, Clone)]
pub struct StoredMatch {
    /// What it is.
    pub setup: MatchSetup,
    /// The generator's position after the last commit.
    pub rng: String,
    /// Every entry, in order.
    pub entries: Vec<StoredEntry>,
    /// The status.
    pub status: Status,
    /// When the turn now under way started (the last commit, or the
    /// match's start), in milliseconds since the epoch: a turn's deadline
    /// runs from it, whoever connects since.
    pub turn_started_ms: u64,
}

/// The public facts of a match, read without loading it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFacts {
    /// The registry name of the game.
    pub game: String,
    /// The config as JSON.
    pub config: String,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// Whether spectators may watch.
    pub spectators: bool,
    /// Whether any seat's replay is open to anyone once the match is over.
    pub public_replays: bool,
    /// The per-turn deadline, if any.
    pub turn_seconds: Option<u32>,
    /// The status.
    pub status: Status,
    /// Entries so far.
    pub entries: usize,
    /// The result as JSON once over.
    pub result: Option<String>,
    /// Each seat's player name, by seat (`None` where none was given).
    pub names: Vec<Option<String>>,
    /// By seat: whether a token opens it (a person's seat from its
    /// creation, an open seat once taken; never a bot's).
    pub taken: Vec<bool>,
    /// The id of the match's rematch, once one was asked for.
    pub rematch: Option<String>,
}

impl StoredFacts {
    /// The seats' kinds, whether each is taken, and their names, in the
    /// fields' order: how both backends fill [`StoredFacts`] from the
    /// stored seats.
    #[must_use]
    pub fn seat_columns(seats: Vec<StoredSeat>) -> (Vec<SeatKind>, Vec<bool>, Vec<Option<String>>) {
        let names = seats.iter().map(|s| s.name.clone()).collect();
        let taken = seats.iter().map(|s| s.token_hash.is_some()).collect();
        (seats.into_iter().map(|s| s.kind).collect(), taken, names)
    }

    /// The open seats no one has taken yet.
    pub fn free_seats(&self) -> Vec<usize> {
        self.seats
            .iter()
            .zip(&self.taken)
            .enumerate()
            .filter(|(_, (kind, taken))| **kind == SeatKind::Open && !**taken)
            .map(|(seat, _)| seat)
            .collect()
    }
}

/// A match not over with a seat free, as the lobby pages through them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenMatch {
    /// The match id.
    pub id: String,
    /// When it was created, in seconds since the epoch.
    pub created: u64,
    /// Where the store took it in among all matches, larger for later
    /// ones: it orders two matches created in the same second.
    pub taken: u64,
    /// Who created it: the creating address's group (never shown to
    /// anyone), `None` for a rematch or a match stored before creators
    /// were kept.
    pub creator: Option<String>,
}

/// A seat given to the person who takes it.
#[derive(Debug, Clone, Copy)]
pub struct SeatTaking<'a> {
    /// The match.
    pub match_id: &'a str,
    /// The seat.
    pub seat: usize,
    /// The kind the seat must have: [`SeatKind::Open`] for a seat taken
    /// from the lobby, [`SeatKind::Person`] for a rematch's seat kept for
    /// the person who held it.
    pub kind: &'a SeatKind,
    /// The hash of the token made for it.
    pub token_hash: &'a str,
    /// The player's name, if one is given (else the stored one stays).
    pub name: Option<&'a str>,
}

/// One write of a batch ([`Store::write_all`]): a new match, its start,
/// or a step of one.
#[derive(Debug, Clone)]
pub enum Write<'a> {
    /// A new match, as [`Store::create`] saves it.
    Create(&'a NewMatch),
    /// A waiting match starts at `now_ms`, as [`Store::start_playing`]
    /// marks it.
    Start {
        /// The match.
        id: &'a str,
        /// Milliseconds since the epoch: its first turn starts now.
        now_ms: u64,
    },
    /// A step, as [`Store::append`] appends it.
    Commit(Commit<'a>),
}

/// Why the store failed. Its text is for the server's log only: clients are
/// told `unavailable`.
#[derive(Debug, Clone, thiserror::Error)]
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
    /// The result as JSON, when they end the game.
    pub result: Option<&'a str>,
    /// Milliseconds since the epoch: the next turn starts now.
    pub now_ms: u64,
}

/// Which process serves a match, as [`Store::own`] finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// This process: it alone commits to the match until it disowns it.
    Here,
    /// Another process, reached at this address (`HOST:PORT` of its
    /// peers' listener).
    Elsewhere(String),
}

/// The store's interface. Every method blocks: the server calls them
/// from `spawn_blocking`, but for commits to an embedded store, which the
/// journal's writer thread makes (see [`crate::store::journal`]).
pub trait Store: Send + Sync {
    /// Saves a new match with its seats and setup entries.
    ///
    /// # Errors
    /// A database failure, or an id already taken.
    fn create(&self, m: &NewMatch) -> Result<(), StoreError>;
    /// A match by id, with its entries; `None` when unknown.
    ///
    /// # Errors
    /// A database failure, or a match stored damaged.
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError>;
    /// A match's public facts, without its entries; `None` when unknown.
    ///
    /// # Errors
    /// A database failure, or a match stored damaged.
    fn facts(&self, id: &str) -> Result<Option<StoredFacts>, StoreError>;
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
    /// Appends each commit as [`Store::append`] does, each refused or
    /// taken on its own, and answers for each in order. A store that can
    /// make them durable together (one transaction, one sync) does so.
    ///
    /// By default one [`Store::append`] after the other.
    fn append_all(&self, commits: &[Commit<'_>]) -> Vec<Result<(), StoreError>> {
        commits.iter().map(|c| self.append(c)).collect()
    }
    /// Makes each write as [`Store::create`], [`Store::start_playing`] or
    /// [`Store::append`] does,
    /// each refused or taken on its own, and answers for each in order. A
    /// store that can make them durable together (one transaction, one
    /// sync) does so.
    ///
    /// By default the commits in one [`Store::append_all`], then each new
    /// match and start on its own (a batch never holds a step of a match
    /// it creates or starts: a match is played only once it is created,
    /// and its first step waits for its start).
    fn write_all(&self, writes: &[Write<'_>]) -> Vec<Result<(), StoreError>> {
        let commits: Vec<Commit<'_>> = writes
            .iter()
            .filter_map(|w| match w {
                Write::Commit(c) => Some(c.clone()),
                Write::Create(_) | Write::Start { .. } => None,
            })
            .collect();
        let mut committed = self.append_all(&commits).into_iter();
        writes
            .iter()
            .map(|w| match w {
                Write::Create(m) => self.create(m),
                Write::Start { id, now_ms } => self.start_playing(id, *now_ms),
                Write::Commit(_) => committed
                    .next()
                    .unwrap_or_else(|| Err(StoreError("the store gave no outcome".to_owned()))),
            })
            .collect()
    }
    /// Whether the store lives in this process and waits only on its own
    /// files: its writes are then grouped, one [`Store::write_all`] for
    /// every step, new match and start waiting, made by the journal's writer
    /// thread (see [`crate::store::journal`]). `false` (the default) for
    /// a store that waits on the network or on the async runtime: each
    /// write is then made on its own from the blocking pool.
    fn is_embedded(&self) -> bool {
        false
    }
    /// A waiting match starts: its first turn's deadline runs from `now_ms`.
    ///
    /// # Errors
    /// A database failure.
    fn start_playing(&self, id: &str, now_ms: u64) -> Result<(), StoreError>;
    /// The ids of matches not over.
    ///
    /// # Errors
    /// A database failure.
    fn unfinished(&self) -> Result<Vec<String>, StoreError>;
    /// How many matches are stored.
    ///
    /// # Errors
    /// A database failure.
    fn count(&self) -> Result<usize, StoreError>;
    /// Deletes matches over before `over_before` and matches not touched
    /// since `idle_before` (seconds since the epoch); answers their ids.
    ///
    /// # Errors
    /// A database failure.
    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError>;
    /// Gives a seat its token hash (and name), atomically: only when the
    /// seat has the kind asked, no token opens it yet and its match is not
    /// over. Answers whether it did: of two takings of one seat, one
    /// answers `true`.
    ///
    /// # Errors
    /// A database failure.
    fn take_seat(&self, taking: &SeatTaking<'_>) -> Result<bool, StoreError>;
    /// Every match not over with at least one open seat no one has
    /// taken, newest first: by creation second, then by id, descending.
    ///
    /// # Errors
    /// A database failure, or a match stored damaged.
    fn open_matches(&self) -> Result<Vec<OpenMatch>, StoreError>;
    /// Saves `m` as the rematch of the match `of`, atomically: only when
    /// `of` has none yet. Answers the rematch's id: `m`'s when it was saved
    /// now, the earlier one's otherwise (and `m` is not saved).
    ///
    /// # Errors
    /// A database failure, or `of` unknown.
    fn create_rematch(&self, of: &str, m: &NewMatch) -> Result<String, StoreError>;
    /// Keeps a line said at match `id`'s table (its `n` one more than the
    /// last kept); past [`KEPT_LINES`](crate::store::lines::KEPT_LINES) lines the
    /// oldest are dropped. Deleted with the match.
    ///
    /// # Errors
    /// A database failure, an unknown match, or an `n` kept already.
    fn say(&self, id: &str, line: &Line) -> Result<(), StoreError>;
    /// The last `count` lines kept of match `id`, oldest first.
    ///
    /// # Errors
    /// A database failure, or a line stored damaged.
    fn talk(&self, id: &str, count: usize) -> Result<Vec<Line>, StoreError>;
    /// The unfinished matches whose seats are all bots' that no process
    /// serves now: they play on with no one connected, so a process takes
    /// them up (at its start, and after their owner stopped).
    ///
    /// By default every unfinished match of bots only: one process serves
    /// them all, and skips those it has loaded.
    ///
    /// # Errors
    /// A database failure.
    fn unserved_bot_matches(&self) -> Result<Vec<String>, StoreError> {
        let mut ids = Vec::new();
        for id in self.unfinished()? {
            if self
                .facts(&id)?
                .is_some_and(|f| f.seats.iter().all(SeatKind::is_bot))
            {
                ids.push(id);
            }
        }
        Ok(ids)
    }
    /// Makes this process the match's owner before it loads it, so that
    /// its commits are the only ones the store takes; or tells which
    /// process owns it. Each `Here` is undone by one [`Store::disown`].
    /// `None` for an unknown match.
    ///
    /// By default a known match is always here: one process serves every
    /// match.
    ///
    /// # Errors
    /// A database failure.
    fn own(&self, id: &str) -> Result<Option<Owner>, StoreError> {
        Ok(self.facts(id)?.map(|_| Owner::Here))
    }
    /// Gives up what one [`Store::own`] took, once the match's actor has
    /// stopped committing.
    ///
    /// # Errors
    /// A database failure.
    fn disown(&self, id: &str) -> Result<(), StoreError> {
        let _ = id;
        Ok(())
    }
    /// Whether the process reached at `peer` holds match `id` now (its
    /// lease runs and its lock session lives): a connection served
    /// through it ends when it does not, so that its client reconnects
    /// and the match is taken up.
    ///
    /// By default `true`: one process serves every match.
    ///
    /// # Errors
    /// A database failure.
    fn serves(&self, id: &str, peer: &str) -> Result<bool, StoreError> {
        let _ = (id, peer);
        Ok(true)
    }
}

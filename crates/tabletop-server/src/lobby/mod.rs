//! The matches of the process: creating them, answering their public facts
//! from the store, and loading them lazily (by replaying their entries)
//! when a seat or a spectator connects, within the live-match limits, once
//! the store has made this process their owner.

pub mod error;
pub mod open_list;
pub mod replay;
pub mod seats;
pub mod token;
pub mod turn;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use tabletop_engines::dice_core::DiceRng;

use crate::connection::limits::MAX_TURN_SECONDS;
use crate::lobby::error::LobbyError;
use crate::matches::actor::{Actor, Command, Handle, Loaded, MatchInfo, Services};
use crate::matches::games::{Table, TestStart};
use crate::matches::names::table_names;
use crate::matches::talk::TOLD_LINES;
use crate::store::clock::{now_ms, now_secs};
use crate::store::{
    MatchSetup, NewMatch, Owner, SeatKind, Status, Store, StoreError, StoredEntry, StoredFacts,
    StoredMatch, StoredSeat,
};

/// A request to create a match.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// A game string of the registry (`armadora(players=3,advanced=true)`).
    pub game: String,
    /// One kind per seat: `person`, `open` (a seat a person takes from
    /// the lobby) or a bot's name; all persons when absent.
    #[serde(default)]
    pub seats: Option<Vec<String>>,
    /// Each seat's player name, aligned with `seats` (`null` for a seat
    /// without one): only a `person` seat is named here (an open seat's
    /// name comes when it is taken), each name checked as a name taking
    /// an open seat is.
    #[serde(default)]
    pub names: Option<Vec<Option<String>>>,
    /// Whether spectators may watch (default yes).
    #[serde(default = "yes")]
    pub spectators: bool,
    /// Whether, once the match is over, anyone may replay it through any
    /// seat's eyes (default no: a seat's eyes need that seat's token).
    #[serde(default)]
    pub public_replays: bool,
    /// A per-turn deadline in seconds (1 to a week), after which the
    /// fallback bot acts for a person.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// Tests only: the position to start from, refused as an unknown
    /// field unless the server was started with `--test-starts`.
    #[serde(default)]
    #[schemars(skip)]
    pub start: Option<TestStart>,
}

fn yes() -> bool {
    true
}

/// One seat of a created match, as the lobby answers it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CreatedSeat {
    /// The seat's number.
    pub seat: usize,
    /// `person`, `open` or the bot's name.
    pub kind: SeatKind,
    /// The capability token of a person's seat, handed out this once (an
    /// open seat's comes when it is taken).
    pub token: Option<String>,
    /// The page that plays the seat, the token in its fragment.
    pub link: Option<String>,
}

/// The answer to `POST /api/matches`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Created {
    /// The match id.
    pub id: String,
    /// Its seats.
    pub seats: Vec<CreatedSeat>,
    /// The spectators' page, when the match has spectators.
    pub spectate: Option<String>,
}

/// Which match, of which game, and who sits where: what the facts of a
/// match, a listed match and a replay all begin with.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MatchHeading {
    /// The match id.
    pub id: String,
    /// The game's registry name.
    pub game: String,
    /// The game's config, every parameter.
    #[schemars(with = "serde_json::Value", extend("tsType" = "GameConfig"))]
    pub config: Box<RawValue>,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
}

/// The public facts of a match (`GET /api/matches/{id}`).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Facts {
    /// The match, its game and its seats.
    #[serde(flatten)]
    pub heading: MatchHeading,
    /// Whether spectators may watch.
    pub spectators: bool,
    /// Whether anyone may replay the finished match through any seat's
    /// eyes.
    pub public_replays: bool,
    /// The per-turn deadline, if any.
    pub turn_seconds: Option<u32>,
    /// The phase.
    pub status: Status,
    /// Entries so far.
    pub entries: usize,
    /// The result once over.
    #[schemars(with = "Option<serde_json::Value>", extend("tsType" = "GameResult | null"))]
    pub result: Option<Box<RawValue>>,
    /// Each seat's player name, given when the match was created or an
    /// open seat was taken; `null` where none was.
    pub names: Vec<Option<String>>,
    /// The open seats no one has taken yet.
    pub free: Vec<usize>,
    /// The id of the match's rematch, once a seat asked for one.
    pub rematch: Option<String>,
}

impl Facts {
    /// The facts of match `id` as stored.
    ///
    /// # Errors
    /// A config or result stored as something other than JSON.
    pub fn of(id: &str, f: StoredFacts) -> Result<Self, LobbyError> {
        Ok(Facts {
            free: f.free_seats(),
            heading: MatchHeading {
                id: id.to_owned(),
                game: f.game,
                config: raw(f.config)?,
                seats: f.seats,
            },
            spectators: f.spectators,
            public_replays: f.public_replays,
            turn_seconds: f.turn_seconds,
            status: f.status,
            entries: f.entries,
            result: f.result.map(raw).transpose()?,
            names: f.names,
            rematch: f.rematch,
        })
    }
}

/// Who asks for a match to be loaded: a seat may use every live slot;
/// a spectator, or a match of bots only, leaves the seats' reserve free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Load {
    /// A seat's `hello`.
    Seat,
    /// A spectator, a match of bots only going live, or a restart.
    Other,
}

/// Where a match is served.
#[derive(Debug)]
pub enum Served {
    /// Live in this process.
    Here(Handle, MatchInfo),
    /// Owned by another process, reached at this address.
    Elsewhere(String),
}

struct Live {
    handle: Handle,
    info: MatchInfo,
    task: tokio::task::JoinHandle<()>,
    /// The actor's task: the entry its end removes.
    actor: tokio::task::Id,
}

/// The live matches by id, shared with the task that removes each once
/// its actor stops.
type LiveMap = Arc<Mutex<BTreeMap<String, Live>>>;

/// Whether `live`'s actor still takes commands.
fn running(live: &Live) -> bool {
    !live.handle.commands.is_closed()
}

/// Every match of the process.
pub struct Lobby {
    services: Services,
    live: LiveMap,
    created: AtomicU64,
    stored: AtomicUsize,
    /// Held shared while a match is inserted and counted, and alone
    /// while `expire` counts again: a recount that already sees a new
    /// match is never followed by that match's own increment. Inserts do
    /// not wait on each other, so that a wave of new matches shares the
    /// journal's batches.
    counting: tokio::sync::RwLock<()>,
    /// Held while an open seat's name is checked against the table's
    /// names and the seat taken.
    pub(crate) naming: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lobby").finish_non_exhaustive()
    }
}

/// Runs store work on a blocking thread.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, LobbyError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| LobbyError::Store(e.to_string()))?
        .map_err(LobbyError::from)
}

/// A new match's id: random, or the one a test start names.
fn match_id(start: Option<&TestStart>) -> Result<String, LobbyError> {
    match start.and_then(|s| s.match_id.clone()) {
        Some(id)
            if !id.is_empty()
                && id.len() <= 64
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            Ok(id)
        }
        Some(_) => Err(LobbyError::BadRequest(
            "a match id of 1 to 64 letters, digits, `-` or `_`".to_owned(),
        )),
        None => token::random_hex::<8>().map_err(|e| LobbyError::Store(e.to_string())),
    }
}

/// The page that plays a seat: its token rides in the fragment, which
/// browsers never send to a server.
pub(crate) fn play_link(id: &str, token: &str) -> String {
    format!("/play/{id}#token={token}")
}

/// The seat kinds a request names for `table`: one per seat, each a
/// person or one of the game's bots (all persons when none are named).
fn seat_kinds(table: &Table, seats: Option<&[String]>) -> Result<Vec<SeatKind>, LobbyError> {
    let players = table.players();
    let kinds: Vec<SeatKind> = match seats {
        Some(seats) => seats.iter().map(|s| SeatKind::from_text(s)).collect(),
        None => vec![SeatKind::Person; players],
    };
    if kinds.len() != players {
        return Err(LobbyError::BadRequest(format!(
            "the game has {players} seats; {} seat kinds were given",
            kinds.len()
        )));
    }
    let bots = table.seatable_bots();
    if let Some(SeatKind::Bot(name)) = kinds
        .iter()
        .find(|k| matches!(k, SeatKind::Bot(name) if !bots.contains(name)))
    {
        return Err(LobbyError::BadRequest(format!(
            "{} has no bot called {name:?}; a seat is `person` or one of {}",
            table.name(),
            bots.join(", ")
        )));
    }
    Ok(kinds)
}

/// The names a request gives the seats of `kinds`: one per seat, a
/// name only for a person's seat, each checked as a taken seat's name is
/// (none at all when the request gives none).
fn seat_names(
    kinds: &[SeatKind],
    names: Option<&[Option<String>]>,
) -> Result<Vec<Option<String>>, LobbyError> {
    let Some(names) = names else {
        return Ok(vec![None; kinds.len()]);
    };
    if names.len() != kinds.len() {
        return Err(LobbyError::BadRequest(format!(
            "the game has {} seats; {} names were given",
            kinds.len(),
            names.len()
        )));
    }
    if let Some(seat) = kinds
        .iter()
        .zip(names)
        .position(|(kind, name)| name.is_some() && *kind != SeatKind::Person)
    {
        return Err(LobbyError::BadRequest(format!(
            "seat {seat} is no person's seat: only a person's seat is named when a match is created"
        )));
    }
    Ok(table_names(names)?)
}

/// The seats of the new match `id`, as stored and as answered: a fresh
/// token for each person's seat, its hash kept.
fn new_seats(
    id: &str,
    kinds: Vec<SeatKind>,
    names: Vec<Option<String>>,
) -> Result<(Vec<StoredSeat>, Vec<CreatedSeat>), LobbyError> {
    let mut seats = Vec::with_capacity(kinds.len());
    let mut answer = Vec::with_capacity(kinds.len());
    for (seat, (kind, name)) in kinds.into_iter().zip(names).enumerate() {
        let token = match kind {
            SeatKind::Person => {
                Some(token::new_token().map_err(|e| LobbyError::Store(e.to_string()))?)
            }
            SeatKind::Open | SeatKind::Bot(_) => None,
        };
        seats.push(StoredSeat {
            kind: kind.clone(),
            token_hash: token.as_deref().map(token::token_hash),
            name,
        });
        answer.push(CreatedSeat {
            seat,
            kind,
            link: token.as_deref().map(|t| play_link(id, t)),
            token,
        });
    }
    Ok((seats, answer))
}

/// A stored match's table before its first entry: its config's, or its
/// test start's; why not when the stored setup does not build one.
pub(crate) fn table_of(setup: &MatchSetup) -> Result<Table, String> {
    match &setup.start {
        None => Table::from_config(&setup.game, &setup.config).map_err(|e| e.to_string()),
        Some(start) => {
            let start: TestStart = serde_json::from_str(start).map_err(|e| e.to_string())?;
            Table::from_start(&setup.game, &setup.config, &start)
        }
    }
}

/// The live matches, locked.
fn lock_live(live: &Mutex<BTreeMap<String, Live>>) -> MutexGuard<'_, BTreeMap<String, Live>> {
    live.lock().unwrap_or_else(PoisonError::into_inner)
}

/// JSON text as a raw value; text that is not JSON is a damaged store.
pub(crate) fn raw(json: String) -> Result<Box<RawValue>, LobbyError> {
    RawValue::from_string(json).map_err(|e| LobbyError::Store(e.to_string()))
}

impl Lobby {
    /// A lobby over the services' store, which holds `stored` matches.
    pub fn new(services: Services, stored: usize) -> Self {
        Lobby {
            services,
            live: Arc::new(Mutex::new(BTreeMap::new())),
            created: AtomicU64::new(0),
            stored: AtomicUsize::new(stored),
            counting: tokio::sync::RwLock::new(()),
            naming: tokio::sync::Mutex::new(()),
        }
    }

    /// The live matches. A match leaves when its actor stops (the task
    /// that waits on it removes it), so no call looks through them all;
    /// one that stopped and is not yet removed is skipped where it is
    /// found, and pruned where the count is what matters.
    fn live(&self) -> MutexGuard<'_, BTreeMap<String, Live>> {
        lock_live(&self.live)
    }

    /// What the operator's view counts.
    pub fn metrics(&self) -> &Arc<crate::metrics::Metrics> {
        &self.services.metrics
    }

    /// Whether the store answers a read.
    ///
    /// # Errors
    /// The store failing.
    pub async fn ready(&self) -> Result<(), LobbyError> {
        let store = self.store();
        blocking(move || store.facts("").map(|_| ())).await
    }

    /// Matches loaded now.
    pub fn live_count(&self) -> usize {
        let mut live = self.live();
        live.retain(|_, l| running(l));
        live.len()
    }

    /// Whether one more match may go live for `who`, with `bots_only` its
    /// seats; why not otherwise.
    fn room(
        live: &mut BTreeMap<String, Live>,
        limits: &crate::connection::limits::Limits,
        who: Load,
        bots_only: bool,
    ) -> Result<(), LobbyError> {
        let cap = match who {
            Load::Seat => limits.live_matches,
            Load::Other => limits.live_matches.saturating_sub(limits.seat_reserve),
        };
        if live.len() >= cap || bots_only {
            live.retain(|_, l| running(l));
        }
        if live.len() >= cap {
            return Err(LobbyError::Busy("too many live matches".to_owned()));
        }
        if bots_only && live.values().filter(|l| l.info.bots_only()).count() >= limits.bot_matches {
            return Err(LobbyError::Busy(
                "too many matches of bots only under way".to_owned(),
            ));
        }
        Ok(())
    }

    /// The table a match starts from, and the test start to store: the
    /// game's first position unless a test start is given to a server
    /// that accepts them.
    fn start_of(
        &self,
        table: Table,
        start: Option<&TestStart>,
    ) -> Result<(Table, Option<String>), LobbyError> {
        match start {
            None => Ok((table, None)),
            Some(_) if !self.services.limits.test_starts => {
                Err(LobbyError::BadRequest("unknown field `start`".to_owned()))
            }
            Some(start) => {
                let table = Table::from_start(table.name(), &table.config_json(), start)
                    .map_err(LobbyError::BadRequest)?;
                let stored =
                    serde_json::to_string(start).map_err(|e| LobbyError::Store(e.to_string()))?;
                Ok((table, Some(stored)))
            }
        }
    }

    /// Creates a match: answers its id and a token per person seat.
    ///
    /// # Errors
    /// A game string, seat list or deadline the server does not accept,
    /// a limit reached, or the store failing.
    pub async fn create(&self, request: CreateMatch) -> Result<Created, LobbyError> {
        self.create_from(request, None).await
    }

    /// [`Lobby::create`] for the creator `creator` (see
    /// [`crate::lobby::open_list::creator_of`]), kept to share the list of open matches
    /// fairly and never shown.
    ///
    /// # Errors
    /// As [`Lobby::create`].
    pub async fn create_from(
        &self,
        request: CreateMatch,
        creator: Option<String>,
    ) -> Result<Created, LobbyError> {
        let limits = &self.services.limits;
        if let Some(t) = request.turn_seconds {
            if !(1..=MAX_TURN_SECONDS).contains(&t) {
                return Err(LobbyError::BadRequest(format!(
                    "turn_seconds is {t}; a deadline is 1 to {MAX_TURN_SECONDS} seconds"
                )));
            }
        }
        let table = Table::new(&request.game).map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        let (table, start) = self.start_of(table, request.start.as_ref())?;
        let game = table.name();
        let kinds = seat_kinds(&table, request.seats.as_deref())?;
        let bots_only = kinds.iter().all(SeatKind::is_bot);
        if bots_only {
            Self::room(&mut self.live(), limits, Load::Other, true)?;
        }
        let names = seat_names(&kinds, request.names.as_deref())?;
        let id = match_id(request.start.as_ref())?;
        let (seats, answer) = new_seats(&id, kinds, names)?;
        let mut new = self.new_match(
            table,
            MatchSetup {
                id: id.clone(),
                game: String::new(),
                config: String::new(),
                spectators: request.spectators,
                public_replays: request.public_replays,
                turn_seconds: request.turn_seconds.or(limits.default_turn_seconds),
                start,
                seats,
            },
        )?;
        new.creator = creator;
        let journal = Arc::clone(&self.services.journal);
        self.insert_counted(
            async move { journal.create(new).await.map_err(LobbyError::from) },
            |()| true,
        )
        .await?;
        tracing::info!(r#match = %id, %game, bots_only, "created");
        if bots_only {
            // Bots play on their own: load the match now (unless another
            // process on the same database took it up first).
            self.serve(&id, Load::Other).await?;
        }
        Ok(Created {
            spectate: request.spectators.then(|| format!("/play/{id}#spectate")),
            id,
            seats: answer,
        })
    }

    /// A new match of `table` (the game and config are its own, whatever
    /// `setup` says of them) with its setup's chance resolved by a fresh
    /// generator, if the server may keep one more match.
    ///
    /// # Errors
    /// The server keeps as many matches as it may, or the generator fails.
    pub(crate) fn new_match(
        &self,
        mut table: Table,
        setup: MatchSetup,
    ) -> Result<NewMatch, LobbyError> {
        let limits = &self.services.limits;
        if self.stored.load(Ordering::SeqCst) >= limits.stored_matches {
            return Err(LobbyError::TooManyMatches);
        }
        let seed = match limits.dice_seed {
            Some(seed) => token::derived_seed(seed, self.created.fetch_add(1, Ordering::SeqCst)),
            None => token::os_seed().map_err(|e| LobbyError::Store(e.to_string()))?,
        };
        let mut rng = DiceRng::from_seed_bytes(seed);
        let entries: Vec<StoredEntry> = table
            .resolve_chance(&mut rng)
            .into_iter()
            .map(|id| StoredEntry {
                id,
                seat: None,
                client_id: None,
            })
            .collect();
        let bots_only = setup.seats.iter().all(|s| s.kind.is_bot());
        Ok(NewMatch {
            stored: StoredMatch {
                setup: MatchSetup {
                    game: table.name().to_owned(),
                    config: table.config_json(),
                    ..setup
                },
                rng: serde_json::to_string(&rng).map_err(|e| LobbyError::Store(e.to_string()))?,
                entries,
                status: if bots_only {
                    Status::Playing
                } else {
                    Status::Waiting
                },
                turn_started_ms: now_ms(),
            },
            creator: None,
        })
    }

    /// Awaits `insert`, a store write that may add a match, and counts
    /// the match when `added` says it was added; never while `expire`
    /// counts again (see `counting`).
    pub(crate) async fn insert_counted<T>(
        &self,
        insert: impl Future<Output = Result<T, LobbyError>>,
        added: impl FnOnce(&T) -> bool,
    ) -> Result<T, LobbyError> {
        let _counting = self.counting.read().await;
        let out = insert.await?;
        if added(&out) {
            self.stored.fetch_add(1, Ordering::SeqCst);
        }
        Ok(out)
    }

    /// A match's public facts, read from the store: nothing is loaded.
    ///
    /// # Errors
    /// An unknown id, or the store failing.
    pub async fn facts(&self, id: &str) -> Result<Facts, LobbyError> {
        Facts::of(id, self.stored_facts(id).await?)
    }

    /// The store, for a blocking call.
    pub(crate) fn store(&self) -> Arc<dyn Store> {
        Arc::clone(&self.services.store)
    }

    /// A match's facts as stored; `NotFound` for an unknown id.
    pub(crate) async fn stored_facts(&self, id: &str) -> Result<StoredFacts, LobbyError> {
        let store = self.store();
        let key = id.to_owned();
        blocking(move || store.facts(&key))
            .await?
            .ok_or(LobbyError::NotFound)
    }

    /// The live match `id`, loaded here when it is not live and no other
    /// process owns it, if the limits leave room for `who`.
    ///
    /// # Errors
    /// An unknown id, a match served by another process (busy), a limit
    /// reached, or the store failing.
    pub async fn handle(&self, id: &str, who: Load) -> Result<(Handle, MatchInfo), LobbyError> {
        match self.serve(id, who).await? {
            Served::Here(handle, info) => Ok((handle, info)),
            Served::Elsewhere(_) => Err(LobbyError::Busy(
                "another process serves this match".to_owned(),
            )),
        }
    }

    /// The match `id` live here (loaded from the store once this process
    /// owns it, if the limits leave room for `who`), or the address of the
    /// process that owns it.
    ///
    /// # Errors
    /// An unknown id, a limit reached, or the store failing.
    pub async fn serve(&self, id: &str, who: Load) -> Result<Served, LobbyError> {
        if let Some(l) = self.live().get(id).filter(|l| running(l)) {
            return Ok(Served::Here(l.handle.clone(), l.info.clone()));
        }
        let store = self.store();
        let key = id.to_owned();
        match blocking(move || store.own(&key)).await? {
            None => return Err(LobbyError::NotFound),
            Some(Owner::Elsewhere(peer)) => return Ok(Served::Elsewhere(peer)),
            Some(Owner::Here) => {}
        }
        let loaded = self.load(id, who).await;
        if !matches!(loaded, Ok((_, _, true))) {
            // Live already, or not loaded: this ownership is not needed.
            self.disown(id).await;
        }
        let (handle, info, _) = loaded?;
        Ok(Served::Here(handle, info))
    }

    /// Gives up one ownership of `id`; a failure is only logged, since
    /// the process's end gives it up as well.
    async fn disown(&self, id: &str) {
        let store = self.store();
        let key = id.to_owned();
        if let Err(e) = blocking(move || store.disown(&key)).await {
            tracing::warn!(r#match = %id, error = %e, "the match could not be disowned");
        }
    }

    /// Loads the owned match `id` and starts its actor; answers whether
    /// this call started it (or found it live).
    async fn load(&self, id: &str, who: Load) -> Result<(Handle, MatchInfo, bool), LobbyError> {
        let store = self.store();
        let key = id.to_owned();
        let stored = blocking(move || store.load(&key))
            .await?
            .ok_or(LobbyError::NotFound)?;
        let info = MatchInfo {
            id: id.to_owned(),
            seats: stored.setup.seats.iter().map(|s| s.kind.clone()).collect(),
            spectators: stored.setup.spectators,
            turn_seconds: stored.setup.turn_seconds,
        };
        Self::room(
            &mut self.live(),
            &self.services.limits,
            who,
            info.bots_only(),
        )?;
        let broken = |why: String| LobbyError::Store(format!("match {id}: {why}"));
        let mut table = table_of(&stored.setup).map_err(broken)?;
        let mut applied = BTreeSet::new();
        for entry in &stored.entries {
            table
                .replay_entry(entry.id)
                .map_err(|e| broken(e.to_string()))?;
            if let (Some(seat), Some(client_id)) = (entry.seat, &entry.client_id) {
                applied.insert((seat, client_id.clone()));
            }
        }
        let rng: DiceRng = serde_json::from_str(&stored.rng).map_err(|e| broken(e.to_string()))?;
        let store = self.store();
        let key = id.to_owned();
        let last_lines = blocking(move || store.talk(&key, TOLD_LINES)).await?;
        let loaded = Loaded {
            info: info.clone(),
            config: raw(stored.setup.config.clone())?,
            table,
            rng,
            status: stored.status,
            applied,
            turn_started_ms: stored.turn_started_ms,
            names: stored.setup.seats.iter().map(|s| s.name.clone()).collect(),
            talk: last_lines,
        };
        let mut live = self.live();
        if let Some(l) = live.get(id).filter(|l| running(l)) {
            return Ok((l.handle.clone(), l.info.clone(), false));
        }
        Self::room(&mut live, &self.services.limits, who, info.bots_only())?;
        let (handle, actor) = Actor::new(loaded, self.services.clone()).spawn();
        let actor_id = actor.id();
        // Once the actor has stopped (and so stopped committing), the
        // match leaves the live ones, and the ownership goes.
        let store = self.store();
        let key = id.to_owned();
        let matches = Arc::clone(&self.live);
        let task = tokio::spawn(async move {
            let _ = actor.await;
            {
                let mut live = lock_live(&matches);
                if live.get(&key).is_some_and(|l| l.actor == actor_id) {
                    live.remove(&key);
                }
            }
            if let Err(e) = blocking(move || store.disown(&key)).await {
                tracing::warn!(error = %e, "a stopped match could not be disowned");
            }
        });
        live.insert(
            id.to_owned(),
            Live {
                handle: handle.clone(),
                info: info.clone(),
                task,
                actor: actor_id,
            },
        );
        Ok((handle, info, true))
    }

    /// The match and seat a token opens.
    ///
    /// # Errors
    /// The store failing.
    pub async fn seat_of(&self, token: &str) -> Result<Option<(String, usize)>, LobbyError> {
        let hash = token::token_hash(token);
        let store = self.store();
        blocking(move || store.seat_of(&hash)).await
    }

    /// Stops every match after the command it is handling (each commit is
    /// already durable) and waits for them.
    pub async fn drain(&self) {
        let live: Vec<Live> = std::mem::take(&mut *self.live()).into_values().collect();
        for l in &live {
            let _ = l.handle.commands.send(Command::Shutdown).await;
        }
        for l in live {
            let _ = l.task.await;
        }
    }

    /// Takes up the unfinished matches of bots only that no process
    /// serves, so they play on after a restart or after the process that
    /// served them stopped, as many as the limit on them allows; the
    /// others load when first used. Answers how many it took up.
    ///
    /// # Errors
    /// The store failing.
    pub async fn resume(&self) -> Result<usize, LobbyError> {
        let store = self.store();
        let ids = blocking(move || store.unserved_bot_matches()).await?;
        let mut taken = 0usize;
        for id in &ids {
            if self.live().get(id).is_some_and(running) {
                continue;
            }
            match self.serve(id, Load::Other).await {
                Ok(Served::Here(..)) => taken = taken.saturating_add(1),
                Ok(Served::Elsewhere(_)) | Err(LobbyError::NotFound) => {}
                Err(LobbyError::Busy(why)) => {
                    tracing::debug!(r#match = %id, %why, "not resumed now");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(taken)
    }

    /// Deletes expired matches and unloads them; answers how many.
    ///
    /// # Errors
    /// The store failing.
    pub async fn expire(&self) -> Result<usize, LobbyError> {
        let limits = &self.services.limits;
        let now = now_secs();
        let over_before = now.saturating_sub(limits.expire_over.as_secs());
        let idle_before = now.saturating_sub(limits.expire_idle.as_secs());
        let store = self.store();
        let ids = blocking(move || store.expire(over_before, idle_before)).await?;
        // Counted again: other processes on the same database create and
        // expire matches too.
        let store = self.store();
        {
            let _counting = self.counting.write().await;
            let stored = blocking(move || store.count()).await?;
            self.stored.store(stored, Ordering::SeqCst);
        }
        self.unload(&ids).await;
        Ok(ids.len())
    }

    /// Stops the live matches `ids` after the command each is handling:
    /// gone from the store, or owned elsewhere now. Their connections end,
    /// and their clients resume wherever the matches are served.
    pub async fn unload(&self, ids: &[String]) {
        let gone: Vec<Live> = {
            let mut live = self.live();
            ids.iter().filter_map(|id| live.remove(id)).collect()
        };
        for l in gone {
            let _ = l.handle.commands.send(Command::Shutdown).await;
        }
    }
}

//! The matches of the process: creating them, and loading them lazily
//! (by replaying their entries) when first used.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_engines::dice_core::DiceRng;

use crate::actor::{Actor, Handle, MatchInfo, now_secs};
use crate::games::{Table, TestStart};
use crate::limits::Limits;
use crate::store::{NewMatch, SeatKind, Status, Store, StoreError, StoredEntry, StoredSeat};
use crate::token;

/// A request to create a match.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// A game string of the registry (`armadora(players=3,advanced=true)`).
    pub game: String,
    /// One kind per seat: `person` or a bot's name; all persons when
    /// absent.
    #[serde(default)]
    pub seats: Option<Vec<String>>,
    /// Whether spectators may watch (default yes).
    #[serde(default = "yes")]
    pub spectators: bool,
    /// A per-turn deadline in seconds, after which the fallback bot acts
    /// for a person.
    #[serde(default)]
    pub turn_seconds: Option<u32>,
    /// Tests only: the position to start from, refused as an unknown
    /// field unless the server was started with `--test-starts`.
    #[serde(default)]
    pub start: Option<TestStart>,
}

fn yes() -> bool {
    true
}

/// Why the lobby refused.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// The request is not acceptable (HTTP 400).
    #[error("{0}")]
    BadRequest(String),
    /// No match has this id (HTTP 404).
    #[error("no match has this id")]
    NotFound,
    /// A limit is reached (HTTP 503).
    #[error("{0}")]
    Busy(String),
    /// The store failed (HTTP 500).
    #[error("{0}")]
    Store(String),
}

impl From<StoreError> for LobbyError {
    fn from(e: StoreError) -> Self {
        LobbyError::Store(e.to_string())
    }
}

struct Live {
    handle: Handle,
    info: MatchInfo,
    task: tokio::task::JoinHandle<()>,
}

/// Every match of the process.
pub struct Lobby {
    store: Arc<dyn Store>,
    limits: Limits,
    live: Mutex<HashMap<String, Live>>,
    created: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Lobby {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lobby").finish_non_exhaustive()
    }
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, LobbyError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| LobbyError::Store(e.to_string()))?
        .map_err(LobbyError::from)
}

fn seat_kind(text: &str) -> SeatKind {
    if text == "person" {
        SeatKind::Person
    } else {
        SeatKind::Bot(text.to_owned())
    }
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

impl Lobby {
    /// A lobby over `store`.
    pub fn new(store: Arc<dyn Store>, limits: Limits) -> Self {
        Lobby {
            store,
            limits,
            live: Mutex::new(HashMap::new()),
            created: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// The store.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Matches loaded now.
    pub fn live_count(&self) -> usize {
        self.live.lock().map_or(0, |mut live| {
            live.retain(|_, l| !l.handle.commands.is_closed());
            live.len()
        })
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
            Some(_) if !self.limits.test_starts => {
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
    /// A game string or seat list the server does not accept, or the store
    /// failing.
    pub async fn create(&self, request: CreateMatch) -> Result<Value, LobbyError> {
        let table = Table::new(&request.game).map_err(|e| LobbyError::BadRequest(e.to_string()))?;
        let (mut table, start) = self.start_of(table, request.start.as_ref())?;
        let players = table.players();
        let kinds: Vec<SeatKind> = match &request.seats {
            Some(seats) => seats.iter().map(|s| seat_kind(s)).collect(),
            None => vec![SeatKind::Person; players],
        };
        if kinds.len() != players {
            return Err(LobbyError::BadRequest(format!(
                "the game has {players} seats; {} seat kinds were given",
                kinds.len()
            )));
        }
        let bots = table.bot_names();
        if let Some(SeatKind::Bot(name)) = kinds
            .iter()
            .find(|k| matches!(k, SeatKind::Bot(name) if !bots.contains(&name.as_str())))
        {
            return Err(LobbyError::BadRequest(format!(
                "{} has no bot called {name:?}; a seat is `person` or one of {}",
                table.name(),
                bots.join(", ")
            )));
        }
        let all_bots = kinds.iter().all(|k| matches!(k, SeatKind::Bot(_)));
        if all_bots && self.live_count() >= self.limits.live_matches {
            return Err(LobbyError::Busy("too many live matches".to_owned()));
        }
        let seed = match self.limits.dice_seed {
            Some(seed) => {
                let n = self
                    .created
                    .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                token::derived_seed(seed, n)
            }
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
        let id = match_id(request.start.as_ref())?;
        let mut seats = Vec::with_capacity(players);
        let mut answer = Vec::with_capacity(players);
        for (seat, kind) in kinds.iter().enumerate() {
            let token = match kind {
                SeatKind::Person => {
                    Some(token::new_token().map_err(|e| LobbyError::Store(e.to_string()))?)
                }
                SeatKind::Bot(_) => None,
            };
            seats.push(StoredSeat {
                kind: kind.clone(),
                token_hash: token.as_deref().map(token::token_hash),
            });
            answer.push(json!({
                "seat": seat,
                "kind": kind.as_str(),
                "token": token,
                "link": token.as_ref().map(|t| format!("/play/{id}#token={t}")),
            }));
        }
        let new = NewMatch {
            id: id.clone(),
            game: table.name().to_owned(),
            config: table.config_json(),
            spectators: request.spectators,
            turn_seconds: request.turn_seconds.or(self.limits.default_turn_seconds),
            start,
            seats,
            rng: serde_json::to_string(&rng).map_err(|e| LobbyError::Store(e.to_string()))?,
            entries,
            status: if all_bots {
                Status::Playing
            } else {
                Status::Waiting
            },
            now: now_secs(),
        };
        let store = Arc::clone(&self.store);
        blocking(move || store.create(&new)).await?;
        if all_bots {
            // Bots play on their own: load the match now.
            self.handle(&id).await?;
        }
        Ok(json!({
            "id": id,
            "seats": answer,
            "spectate": request.spectators.then(|| format!("/play/{id}#spectate")),
        }))
    }

    /// The live match `id`, loaded from the store when it is not.
    ///
    /// # Errors
    /// An unknown id, too many live matches, or the store failing.
    pub async fn handle(&self, id: &str) -> Result<(Handle, MatchInfo), LobbyError> {
        if let Some(found) = self.live_handle(id) {
            return Ok(found);
        }
        let store = Arc::clone(&self.store);
        let key = id.to_owned();
        let stored = blocking(move || store.load(&key))
            .await?
            .ok_or(LobbyError::NotFound)?
            .created;
        if self.live_count() >= self.limits.live_matches {
            return Err(LobbyError::Busy("too many live matches".to_owned()));
        }
        let broken = |why: String| LobbyError::Store(format!("match {id}: {why}"));
        let mut table = match &stored.start {
            None => Table::from_config(&stored.game, &stored.config)
                .map_err(|e| broken(e.to_string()))?,
            Some(start) => {
                let start: TestStart =
                    serde_json::from_str(start).map_err(|e| broken(e.to_string()))?;
                Table::from_start(&stored.game, &stored.config, &start).map_err(broken)?
            }
        };
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
        let info = MatchInfo {
            id: id.to_owned(),
            seats: stored.seats.iter().map(|s| s.kind.clone()).collect(),
            spectators: stored.spectators,
            turn_seconds: stored.turn_seconds,
        };
        let mut live = self
            .live
            .lock()
            .map_err(|_| LobbyError::Store("the lobby's lock is poisoned".to_owned()))?;
        if let Some(l) = live.get(id).filter(|l| !l.handle.commands.is_closed()) {
            return Ok((l.handle.clone(), l.info.clone()));
        }
        let actor = Actor::new(
            info.clone(),
            table,
            rng,
            stored.status,
            Arc::clone(&self.store),
            self.limits.clone(),
            applied,
        );
        let (handle, task) = actor.spawn();
        live.insert(
            id.to_owned(),
            Live {
                handle: handle.clone(),
                info: info.clone(),
                task,
            },
        );
        Ok((handle, info))
    }

    fn live_handle(&self, id: &str) -> Option<(Handle, MatchInfo)> {
        let live = self.live.lock().ok()?;
        live.get(id)
            .filter(|l| !l.handle.commands.is_closed())
            .map(|l| (l.handle.clone(), l.info.clone()))
    }

    /// The match and seat a token opens.
    ///
    /// # Errors
    /// The store failing.
    pub async fn seat_of(&self, token: &str) -> Result<Option<(String, usize)>, LobbyError> {
        let hash = token::token_hash(token);
        let store = Arc::clone(&self.store);
        blocking(move || store.seat_of(&hash)).await
    }

    /// Stops every match after the command it is handling (each commit is
    /// already durable) and waits for them.
    pub async fn drain(&self) {
        let live: Vec<Live> = self
            .live
            .lock()
            .map(|mut live| live.drain().map(|(_, l)| l).collect())
            .unwrap_or_default();
        for l in &live {
            let _ = l
                .handle
                .commands
                .send(crate::actor::Command::Shutdown)
                .await;
        }
        for l in live {
            let _ = l.task.await;
        }
    }

    /// Loads every unfinished match whose seats are all bots, so they play
    /// on after a restart; the others load when first used. Answers the
    /// number of unfinished matches.
    ///
    /// # Errors
    /// The store failing.
    pub async fn resume(&self) -> Result<usize, LobbyError> {
        let store = Arc::clone(&self.store);
        let ids = blocking(move || store.unfinished()).await?;
        for id in &ids {
            let store = Arc::clone(&self.store);
            let key = id.clone();
            let Some(m) = blocking(move || store.load(&key)).await? else {
                continue;
            };
            if m.created
                .seats
                .iter()
                .all(|s| matches!(s.kind, SeatKind::Bot(_)))
            {
                self.handle(id).await?;
            }
        }
        Ok(ids.len())
    }

    /// Deletes expired matches and unloads them; answers how many.
    ///
    /// # Errors
    /// The store failing.
    pub async fn expire(&self) -> Result<usize, LobbyError> {
        let now = now_secs();
        let over_before = now.saturating_sub(self.limits.expire_over.as_secs());
        let idle_before = now.saturating_sub(self.limits.expire_idle.as_secs());
        let store = Arc::clone(&self.store);
        let ids = blocking(move || store.expire(over_before, idle_before)).await?;
        let gone: Vec<Live> = self
            .live
            .lock()
            .map(|mut live| ids.iter().filter_map(|id| live.remove(id)).collect())
            .unwrap_or_default();
        for l in gone {
            let _ = l
                .handle
                .commands
                .send(crate::actor::Command::Shutdown)
                .await;
        }
        Ok(ids.len())
    }
}

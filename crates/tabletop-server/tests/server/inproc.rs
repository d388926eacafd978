//! The in-process harness: a lobby over an in-memory store (or a store
//! that fails on demand), its matches' actors driven through their
//! command channels, frames read from the subscribers' queues.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

use serde_json::Value;
use tabletop_engines::dice_core::Viewer;
use tabletop_server::connection::limits::Limits;
use tabletop_server::lobby::{CreateMatch, Load, Lobby};
use tabletop_server::matches::actor::{Command, Frame, OptIns, Services};
use tabletop_server::matches::bots::BotPool;
use tabletop_server::store::lines::Line;
use tabletop_server::store::sqlite::SqliteStore;
use tabletop_server::store::{
    Commit, NewMatch, OpenMatch, SeatTaking, Store, StoreError, StoredFacts, StoredMatch, Write,
};
use tabletop_server::wire::client_message::ActionRef;
use tabletop_server::wire::code::Reason;
use tokio::sync::{mpsc, oneshot};

/// The cause a failing store gives: it must reach the log only.
pub const STORE_FAULT: &str = "disk I/O error at page 4711 of /secret/server.db";

/// A store in memory whose commits fail while `failing` is set, and
/// which notes each batch of writes it is given (its size and the thread
/// that wrote it) and each commit appended alone. Embedded, as SQLite is,
/// unless made otherwise. While `held`, a batch waits in `write_all`
/// (at most ten seconds) until it is released; `batch_arrived` is
/// notified as each batch reaches it.
pub struct FailingStore {
    pub inner: SqliteStore,
    pub failing: AtomicBool,
    pub embedded: bool,
    pub batches: Mutex<Vec<(usize, ThreadId)>>,
    pub alone: Mutex<Vec<ThreadId>>,
    pub held: Mutex<bool>,
    pub released: Condvar,
    pub batch_arrived: tokio::sync::Notify,
}

impl FailingStore {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::embedded(true))
    }

    pub fn embedded(embedded: bool) -> Self {
        FailingStore {
            inner: SqliteStore::in_memory().unwrap(),
            failing: AtomicBool::new(false),
            embedded,
            batches: Mutex::new(Vec::new()),
            alone: Mutex::new(Vec::new()),
            held: Mutex::new(false),
            released: Condvar::new(),
            batch_arrived: tokio::sync::Notify::new(),
        }
    }

    /// Holds the next batches in `write_all` (`true`) or lets them go.
    pub fn hold(&self, on: bool) {
        *self.held.lock().unwrap() = on;
        self.released.notify_all();
    }

    pub fn fail(&self, on: bool) {
        self.failing.store(on, Ordering::SeqCst);
    }
}

impl Store for FailingStore {
    fn create(&self, m: &NewMatch) -> Result<(), StoreError> {
        self.inner.create(m)
    }
    fn load(&self, id: &str) -> Result<Option<StoredMatch>, StoreError> {
        self.inner.load(id)
    }
    fn facts(&self, id: &str) -> Result<Option<StoredFacts>, StoreError> {
        self.inner.facts(id)
    }
    fn seat_of(&self, token_hash: &str) -> Result<Option<(String, usize)>, StoreError> {
        self.inner.seat_of(token_hash)
    }
    fn append(&self, commit: &Commit<'_>) -> Result<(), StoreError> {
        self.alone.lock().unwrap().push(std::thread::current().id());
        if self.failing.load(Ordering::SeqCst) {
            return Err(StoreError(STORE_FAULT.to_owned()));
        }
        self.inner.append(commit)
    }
    fn append_all(&self, commits: &[Commit<'_>]) -> Vec<Result<(), StoreError>> {
        let writes: Vec<Write<'_>> = commits.iter().cloned().map(Write::Commit).collect();
        self.write_all(&writes)
    }
    fn write_all(&self, writes: &[Write<'_>]) -> Vec<Result<(), StoreError>> {
        self.batches
            .lock()
            .unwrap()
            .push((writes.len(), std::thread::current().id()));
        // A permit is kept if nobody waits yet: the waiter cannot miss it.
        self.batch_arrived.notify_one();
        let held = self.held.lock().unwrap();
        drop(
            self.released
                .wait_timeout_while(held, Duration::from_secs(10), |held| *held)
                .unwrap(),
        );
        if self.failing.load(Ordering::SeqCst) {
            // Commits fail; new matches and starts are saved, as `create`
            // and `start_playing` save them.
            return writes
                .iter()
                .map(|w| match w {
                    Write::Create(m) => self.inner.create(m),
                    Write::Start { id, now_ms } => self.inner.start_playing(id, *now_ms),
                    Write::Commit(_) => Err(StoreError(STORE_FAULT.to_owned())),
                })
                .collect();
        }
        self.inner.write_all(writes)
    }
    fn is_embedded(&self) -> bool {
        self.embedded
    }
    fn start_playing(&self, id: &str, now_ms: u64) -> Result<(), StoreError> {
        self.inner.start_playing(id, now_ms)
    }
    fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.inner.unfinished()
    }
    fn count(&self) -> Result<usize, StoreError> {
        self.inner.count()
    }
    fn expire(&self, over_before: u64, idle_before: u64) -> Result<Vec<String>, StoreError> {
        self.inner.expire(over_before, idle_before)
    }
    fn take_seat(&self, taking: &SeatTaking<'_>) -> Result<bool, StoreError> {
        self.inner.take_seat(taking)
    }
    fn open_matches(&self) -> Result<Vec<OpenMatch>, StoreError> {
        self.inner.open_matches()
    }
    fn create_rematch(&self, of: &str, m: &NewMatch) -> Result<String, StoreError> {
        self.inner.create_rematch(of, m)
    }
    fn say(&self, id: &str, line: &Line) -> Result<(), StoreError> {
        self.inner.say(id, line)
    }
    fn talk(&self, id: &str, count: usize) -> Result<Vec<Line>, StoreError> {
        self.inner.talk(id, count)
    }
}

pub fn lobby_on(store: Arc<dyn Store>, limits: Limits) -> Lobby {
    let services = Services::new(store, limits, Arc::new(BotPool::new(1).unwrap()));
    Lobby::new(services, 0)
}

pub fn lobby() -> Lobby {
    lobby_on(
        Arc::new(SqliteStore::in_memory().unwrap()),
        Limits::default(),
    )
}

/// A request for `game` with the defaults a request in JSON gets:
/// persons in every seat, no names, spectators, no public replays, no
/// deadline.
pub fn asked(game: &str) -> CreateMatch {
    CreateMatch {
        game: game.into(),
        seats: None,
        names: None,
        spectators: true,
        public_replays: false,
        turn_seconds: None,
        start: None,
    }
}

pub async fn create(lobby: &Lobby, game: &str) -> String {
    lobby.create(asked(game)).await.unwrap().id
}

pub async fn try_subscribe(
    lobby: &Lobby,
    id: &str,
    viewer: Viewer,
    last_seq: Option<usize>,
    queue: usize,
) -> Result<(u64, mpsc::Receiver<Frame>), Reason> {
    let who = match viewer {
        Viewer::Seat(_) => Load::Seat,
        Viewer::Spectator => Load::Other,
    };
    let (handle, _) = lobby.handle(id, who).await.unwrap();
    let (frames, rx) = mpsc::channel(queue);
    let (reply, sub) = oneshot::channel();
    handle
        .commands
        .send(Command::Subscribe {
            viewer,
            last_seq,
            opt_ins: OptIns::default(),
            frames,
            reply,
        })
        .await
        .unwrap();
    sub.await.unwrap().map(|sub| (sub, rx))
}

pub async fn subscribe(
    lobby: &Lobby,
    id: &str,
    viewer: Viewer,
    last_seq: Option<usize>,
    queue: usize,
) -> (u64, mpsc::Receiver<Frame>) {
    try_subscribe(lobby, id, viewer, last_seq, queue)
        .await
        .unwrap()
}

pub fn json(frame: &Frame) -> Value {
    serde_json::from_str(frame).unwrap()
}

/// The next frame within the wait; `None` when the queue ended.
pub async fn next(rx: &mut mpsc::Receiver<Frame>) -> Option<Value> {
    tokio::time::timeout(crate::common::WAIT, rx.recv())
        .await
        .expect("a frame within the wait")
        .map(|f| json(&f))
}

/// Seat `seat` takes the action of id `action` at sequence number `seq`
/// (the seat and action as [`mover`] gives them): the update each of
/// `subscribers` (the seats' by seat number, then any others) is sent.
pub async fn act(
    commands: &mpsc::Sender<Command>,
    subscribers: &mut [(u64, mpsc::Receiver<Frame>)],
    (seat, action): (usize, u32),
    seq: usize,
    client_id: String,
) -> Vec<Value> {
    commands
        .send(Command::Act {
            sub: subscribers[seat].0,
            seat,
            seq,
            action: ActionRef::Id(action),
            client_id,
        })
        .await
        .unwrap();
    let mut updates = Vec::with_capacity(subscribers.len());
    for (_, rx) in subscribers {
        let frame = next(rx).await.unwrap();
        assert_eq!(frame["type"], "update", "{frame}");
        updates.push(frame);
    }
    updates
}

/// The seat offered moves in the latest frames, and its first legal id.
pub fn mover(latest: &[Value]) -> Option<(usize, u32)> {
    latest.iter().enumerate().find_map(|(seat, f)| {
        f["update"]["legal"]
            .as_array()
            .filter(|l| !l.is_empty())
            .map(|l| (seat, l[0][0].as_u64().unwrap() as u32))
    })
}

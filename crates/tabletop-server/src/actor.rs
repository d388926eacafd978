//! One task per live match: it owns the table, the generator and the
//! subscribers, takes commands from a channel (no lock, no race), commits
//! each accepted action to the store and only then tells every subscriber
//! its own update.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use tabletop_engines::dice_core::{DiceRng, Viewer};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep_until};

use crate::games::{FALLBACK_BOT, Table};
use crate::limits::Limits;
use crate::protocol::{self, ActionRef, Refusal};
use crate::store::{Commit, SeatKind, Status, Store, StoredEntry};

/// A frame on its way to one connection.
pub type Frame = Arc<str>;

/// The public facts of a match.
#[derive(Debug, Clone)]
pub struct MatchInfo {
    /// The match id.
    pub id: String,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// Whether spectators may watch.
    pub spectators: bool,
    /// The per-turn deadline, if any.
    pub turn_seconds: Option<u32>,
}

/// What a connection, the lobby or a bot asks of a match.
#[derive(Debug)]
pub enum Command {
    /// A connection joins as `viewer`; the actor sends it `welcome` and
    /// then every update.
    Subscribe {
        /// Whose eyes.
        viewer: Viewer,
        /// The last sequence number the client saw.
        last_seq: Option<usize>,
        /// Whether its updates carry view patches.
        view_patches: bool,
        /// Whether legal texts are sent to it only once.
        known_texts: bool,
        /// Where its frames go.
        frames: mpsc::Sender<Frame>,
        /// The subscriber's number, for later commands.
        reply: oneshot::Sender<u64>,
    },
    /// A connection left.
    Unsubscribe {
        /// The subscriber's number.
        sub: u64,
    },
    /// An action of the seat the connection is bound to.
    Act {
        /// The subscriber's number.
        sub: u64,
        /// The bound seat (from the token, never from the message).
        seat: usize,
        /// The sequence number the client saw.
        seq: usize,
        /// The action.
        action: ActionRef,
        /// The client's id for it.
        client_id: String,
    },
    /// A bot's (or the fallback's) choice for the decision at `seq`.
    BotMove {
        /// The seat.
        seat: usize,
        /// The decision's sequence number.
        seq: usize,
        /// The chosen id.
        id: Option<u32>,
    },
    /// The public facts, for the lobby.
    Facts {
        /// Where they go.
        reply: oneshot::Sender<Value>,
    },
    /// Stop: the server drains.
    Shutdown,
}

/// The handle of a live match.
#[derive(Debug, Clone)]
pub struct Handle {
    /// Commands to the actor.
    pub commands: mpsc::Sender<Command>,
}

struct Subscriber {
    id: u64,
    viewer: Viewer,
    frames: mpsc::Sender<Frame>,
    /// The last view sent, when the subscriber asked for view patches:
    /// kept as text, a fraction of the memory of its parsed form.
    last_view: Option<String>,
    patches: bool,
    /// The ids whose legal text it was told (sorted), when it asked to
    /// be told each text once.
    texts_sent: Option<Vec<u32>>,
}

impl Subscriber {
    /// Whether its frames are built for it alone.
    fn tailored(&self) -> bool {
        self.patches || self.texts_sent.is_some()
    }

    /// `update` as this subscriber is told it: the texts it knows
    /// dropped, and with `patch` (an `update` frame, not a `welcome` or
    /// `stale` one) the view as a patch of the last one it was sent.
    /// Remembers what it now knows.
    fn tell(&mut self, update: &Value, patch: bool) -> Value {
        let mut told = update.clone();
        if let Some(sent) = &mut self.texts_sent {
            protocol::drop_known_texts(&mut told, sent);
        }
        if self.patches {
            let last = self
                .last_view
                .as_deref()
                .and_then(|text| serde_json::from_str::<Value>(text).ok());
            if let (true, Some(last)) = (patch, &last) {
                protocol::patch_view(&mut told, last);
            }
            self.last_view = update.get("view").map(Value::to_string);
        }
        told
    }
}

/// A match actor's state.
pub struct Actor {
    info: MatchInfo,
    table: Table,
    rng: DiceRng,
    status: Status,
    store: Arc<dyn Store>,
    limits: Limits,
    subscribers: Vec<Subscriber>,
    next_sub: u64,
    applied: BTreeSet<(usize, String)>,
    bot_pending: Option<usize>,
    deadline: Option<Instant>,
    commands: mpsc::WeakSender<Command>,
}

/// Seconds since the epoch.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

impl Actor {
    /// An actor for a loaded match; `applied` are the client ids already
    /// in the log.
    pub fn new(
        info: MatchInfo,
        table: Table,
        rng: DiceRng,
        status: Status,
        store: Arc<dyn Store>,
        limits: Limits,
        applied: BTreeSet<(usize, String)>,
    ) -> Self {
        Actor {
            info,
            table,
            rng,
            status,
            store,
            limits,
            subscribers: Vec::new(),
            next_sub: 0,
            applied,
            bot_pending: None,
            deadline: None,
            commands: mpsc::channel(1).0.downgrade(),
        }
    }

    /// Starts the actor's task; answers its handle and the task.
    pub fn spawn(mut self) -> (Handle, tokio::task::JoinHandle<()>) {
        let (tx, rx) = mpsc::channel(256);
        self.commands = tx.downgrade();
        let task = tokio::spawn(self.run(rx));
        (Handle { commands: tx }, task)
    }

    fn seat_kind(&self, seat: usize) -> Option<&SeatKind> {
        self.info.seats.get(seat)
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        self.schedule();
        loop {
            let unload_at = if self.subscribers.is_empty()
                && self.bot_pending.is_none()
                && self.deadline.is_none()
            {
                Some(Instant::now().checked_add(self.limits.unload_after))
            } else {
                None
            };
            let deadline = self.deadline;
            let command = tokio::select! {
                command = rx.recv() => match command {
                    Some(c) => c,
                    None => break,
                },
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.deadline = None;
                    self.turn_timeout();
                    continue;
                }
                () = sleep_until(unload_at.flatten().unwrap_or_else(Instant::now)), if unload_at.flatten().is_some() => break,
            };
            match command {
                Command::Shutdown => break,
                command => {
                    if !self.handle(command).await {
                        break;
                    }
                }
            }
        }
    }

    /// Handles one command; `false` stops the actor.
    async fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Subscribe {
                viewer,
                last_seq,
                view_patches,
                known_texts,
                frames,
                reply,
            } => {
                let id = self.next_sub;
                self.next_sub = self.next_sub.saturating_add(1);
                let seq = self.table.entry_count();
                let since = last_seq.unwrap_or(0).min(seq);
                let seat = match viewer {
                    Viewer::Seat(s) => Some(s),
                    Viewer::Spectator => None,
                };
                let seats: Vec<String> = self
                    .info
                    .seats
                    .iter()
                    .map(|k| k.as_str().to_owned())
                    .collect();
                let config = serde_json::from_str(&self.table.config_json()).unwrap_or(Value::Null);
                let mut subscriber = Subscriber {
                    id,
                    viewer,
                    frames,
                    last_view: None,
                    patches: view_patches,
                    texts_sent: known_texts.then(Vec::new),
                };
                let update = subscriber.tell(&self.table.update(viewer, since), false);
                let frame = protocol::welcome(
                    &self.info.id,
                    seat,
                    self.table.name(),
                    &config,
                    &seats,
                    seq,
                    &update,
                );
                if subscriber.frames.try_send(Arc::from(frame)).is_ok() {
                    self.subscribers.push(subscriber);
                }
                let _ = reply.send(id);
                if seat.is_some() && self.status == Status::Waiting {
                    self.status = Status::Playing;
                    let store = Arc::clone(&self.store);
                    let id = self.info.id.clone();
                    let _ = tokio::task::spawn_blocking(move || {
                        store.set_status(&id, Status::Playing, now_secs())
                    })
                    .await;
                }
                self.schedule();
                true
            }
            Command::Unsubscribe { sub } => {
                self.subscribers.retain(|s| s.id != sub);
                true
            }
            Command::Act {
                sub,
                seat,
                seq,
                action,
                client_id,
            } => self.act(sub, seat, seq, &action, client_id).await,
            Command::BotMove { seat, seq, id } => {
                if self.bot_pending == Some(seq) {
                    self.bot_pending = None;
                }
                let ok = match id {
                    Some(id) if seq == self.table.entry_count() => {
                        match self.table.apply_as(seat, id) {
                            Ok(()) => self.commit(seat, seq, None).await,
                            Err(_) => true,
                        }
                    }
                    _ => true,
                };
                self.schedule();
                ok
            }
            Command::Facts { reply } => {
                let _ = reply.send(self.facts());
                true
            }
            Command::Shutdown => false,
        }
    }

    /// The public facts of the match.
    pub fn facts(&self) -> Value {
        json!({
            "id": self.info.id,
            "game": self.table.name(),
            "config": serde_json::from_str::<Value>(&self.table.config_json()).unwrap_or(Value::Null),
            "seats": self.info.seats.iter().map(SeatKind::as_str).collect::<Vec<_>>(),
            "spectators": self.info.spectators,
            "turn_seconds": self.info.turn_seconds,
            "status": self.status,
            "entries": self.table.entry_count(),
            "result": self.table.result(),
        })
    }

    fn send_to(&mut self, sub: u64, frame: String) {
        self.send_built(sub, |_| frame);
    }

    /// Sends subscriber `sub` the frame `build` makes for it; a subscriber
    /// whose queue is full is dropped (it may resume).
    fn send_built(&mut self, sub: u64, build: impl FnOnce(&mut Subscriber) -> String) {
        let limit_hit = self
            .subscribers
            .iter_mut()
            .find(|s| s.id == sub)
            .is_some_and(|s| {
                let frame: Frame = Arc::from(build(s));
                s.frames.try_send(frame).is_err()
            });
        if limit_hit {
            self.subscribers.retain(|s| s.id != sub);
        }
    }

    fn viewer_of(&self, sub: u64) -> Viewer {
        self.subscribers
            .iter()
            .find(|s| s.id == sub)
            .map_or(Viewer::Spectator, |s| s.viewer)
    }

    async fn act(
        &mut self,
        sub: u64,
        seat: usize,
        seq: usize,
        action: &ActionRef,
        client_id: String,
    ) -> bool {
        let now = self.table.entry_count();
        let viewer = self.viewer_of(sub);
        if self.applied.contains(&(seat, client_id.clone())) {
            // Applied already: the client is told what it missed instead.
            let update = self.table.update(viewer, seq.min(now));
            self.send_built(sub, |s| protocol::update(now, &s.tell(&update, true)));
            return true;
        }
        if seq != now {
            let update = self.table.update(viewer, seq.min(now));
            self.send_built(sub, |s| {
                protocol::stale(&client_id, now, &s.tell(&update, false))
            });
            return true;
        }
        if matches!(self.seat_kind(seat), Some(SeatKind::Bot(_)) | None) {
            let refusal = Refusal::new("not_your_seat", format!("seat {seat} is played by a bot"));
            self.send_to(sub, protocol::refused(Some(&client_id), &refusal));
            return true;
        }
        let applied = self
            .table
            .action_id(seat, action)
            .and_then(|id| self.table.apply_as(seat, id));
        if let Err(refusal) = applied {
            self.send_to(sub, protocol::refused(Some(&client_id), &refusal));
            return true;
        }
        let ok = self.commit(seat, seq, Some(client_id)).await;
        self.schedule();
        ok
    }

    /// The action just applied at `seq` by `seat`, then the chance it
    /// leads to: committed, then told. `false` when the store failed: the
    /// actor stops and the match reloads from what was committed.
    async fn commit(&mut self, seat: usize, seq: usize, client_id: Option<String>) -> bool {
        let ids = self.table.ids_from(seq);
        let Some((&action, _)) = ids.split_first() else {
            return true;
        };
        let chance = self.table.resolve_chance(&mut self.rng);
        let mut entries = vec![StoredEntry {
            id: action,
            seat: Some(seat),
            client_id: client_id.clone(),
        }];
        entries.extend(chance.into_iter().map(|id| StoredEntry {
            id,
            seat: None,
            client_id: None,
        }));
        let status = if self.table.is_over() {
            Status::Over
        } else if self.status == Status::Waiting {
            Status::Waiting
        } else {
            Status::Playing
        };
        let rng = serde_json::to_string(&self.rng).unwrap_or_default();
        let store = Arc::clone(&self.store);
        let id = self.info.id.clone();
        let stored = tokio::task::spawn_blocking(move || {
            store.append(&Commit {
                id: &id,
                first_seq: seq,
                entries: &entries,
                rng: &rng,
                status,
                now: now_secs(),
            })
        })
        .await;
        if !matches!(stored, Ok(Ok(()))) {
            let refusal = Refusal::new("unavailable", "the move could not be saved; reconnect");
            let frame: Frame = Arc::from(protocol::error(&refusal));
            for s in &self.subscribers {
                let _ = s.frames.try_send(Arc::clone(&frame));
            }
            return false;
        }
        self.status = status;
        if let Some(client_id) = client_id {
            self.applied.insert((seat, client_id));
        }
        self.broadcast(seq);
        true
    }

    /// Tells every subscriber its own update from `since`.
    fn broadcast(&mut self, since: usize) {
        let seq = self.table.entry_count();
        // Built once per viewer: the update, and its frame with the whole
        // view (shared by every subscriber of that viewer without patches).
        let mut updates: Vec<(Viewer, Value, Option<Frame>)> = Vec::new();
        let mut dropped = Vec::new();
        for s in &mut self.subscribers {
            let i = if let Some(i) = updates.iter().position(|(v, _, _)| *v == s.viewer) {
                i
            } else {
                updates.push((s.viewer, self.table.update(s.viewer, since), None));
                updates.len().saturating_sub(1)
            };
            let Some((_, update, whole)) = updates.get_mut(i) else {
                continue;
            };
            let frame: Frame = if s.tailored() {
                Arc::from(protocol::update(seq, &s.tell(update, true)))
            } else {
                Arc::clone(whole.get_or_insert_with(|| Arc::from(protocol::update(seq, update))))
            };
            if s.frames.try_send(frame).is_err() {
                // A client that does not read: dropped; it may resume.
                dropped.push(s.id);
            }
        }
        self.subscribers.retain(|s| !dropped.contains(&s.id));
    }

    /// After any change: start the bot whose turn it is, or the deadline
    /// of the person whose turn it is.
    fn schedule(&mut self) {
        let Some(seat) = self.table.seat_to_move() else {
            self.deadline = None;
            return;
        };
        let seq = self.table.entry_count();
        match self.seat_kind(seat).cloned() {
            Some(SeatKind::Bot(name)) => {
                if self.bot_pending == Some(seq) {
                    return;
                }
                self.bot_pending = Some(seq);
                self.deadline = None;
                self.start_bot(&name, seat, seq);
            }
            Some(SeatKind::Person) => {
                self.deadline = self.info.turn_seconds.and_then(|s| {
                    Instant::now().checked_add(std::time::Duration::from_secs(u64::from(s)))
                });
            }
            None => {}
        }
    }

    fn start_bot(&self, name: &str, seat: usize, seq: usize) {
        let Some(commands) = self.commands.upgrade() else {
            return;
        };
        // Derived from the match's key and the step: a resumed match's
        // bots choose as they would have.
        let step = u64::try_from(seq).unwrap_or(u64::MAX);
        let mut rng = self.rng.decision_rng(step);
        let mut fallback_rng = rng.clone();
        let job = self.table.bot_job(name, seat);
        let fallback = self.table.bot_job(FALLBACK_BOT, seat);
        let budget = self.limits.bot_budget;
        tokio::spawn(async move {
            let mut id = None;
            if let Some(job) = job {
                let thinking = tokio::task::spawn_blocking(move || job(&mut rng));
                if let Ok(Ok(choice)) = tokio::time::timeout(budget, thinking).await {
                    id = choice;
                }
            }
            if id.is_none() {
                id = fallback.and_then(|f| f(&mut fallback_rng));
            }
            let _ = commands.send(Command::BotMove { seat, seq, id }).await;
        });
    }

    /// A person's turn ran out: the fallback bot acts for them, logged as
    /// a normal entry.
    fn turn_timeout(&mut self) {
        if let Some(seat) = self.table.seat_to_move() {
            let seq = self.table.entry_count();
            self.bot_pending = Some(seq);
            self.start_bot(FALLBACK_BOT, seat, seq);
        }
    }
}

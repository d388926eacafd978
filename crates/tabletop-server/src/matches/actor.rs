//! One task per live match: it owns the table, the generator and the
//! subscribers, takes commands from a channel (no lock, no race), commits
//! each accepted action to the store and only then tells every subscriber
//! its own update, built once per viewer from the step's own entries.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use serde_json::value::RawValue;
use tabletop_engines::dice_core::{DiceRng, Viewer};
use tabletop_engines::{Mark, Told};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, sleep_until};

use crate::connection::limits::Limits;
use crate::matches::bots::{BotPool, Priority};
use crate::matches::games::{FALLBACK_BOT, Table};
use crate::matches::talk::Talk;
use crate::metrics::{self, Metrics};
use crate::store::clock::{instant_of, now_ms};
use crate::store::journal::{Journal, Step};
use crate::store::lines::Line;
use crate::store::{SeatKind, Status, Store, StoredEntry};
use crate::wire::client_message::ActionRef;
use crate::wire::code::{Code, Reason};
use crate::wire::patch::{self, KeptView, Members, PatchOp};
use crate::wire::server_message::{Legal, ServerMessage, UpdateBody, ViewPart};

/// A frame on its way to one connection.
pub type Frame = Arc<str>;

/// The public facts of a match the lobby keeps for a live one.
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

impl MatchInfo {
    /// Whether every seat is a bot's.
    pub fn bots_only(&self) -> bool {
        self.seats.iter().all(SeatKind::is_bot)
    }
}

/// What a connection, the lobby or a bot asks of a match.
#[derive(Debug)]
pub enum Command {
    /// A connection joins as `viewer`; the actor sends it `welcome` and
    /// then every update, or answers why not.
    Subscribe {
        /// Whose eyes.
        viewer: Viewer,
        /// The last sequence number the client saw.
        last_seq: Option<usize>,
        /// What it asked for.
        opt_ins: OptIns,
        /// Where its frames go.
        frames: mpsc::Sender<Frame>,
        /// The subscriber's number, for later commands, or the refusal.
        reply: oneshot::Sender<Result<u64, Reason>>,
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
    /// A line of talk of the seat the connection is bound to, its text
    /// checked already.
    Say {
        /// The subscriber's number.
        sub: u64,
        /// The bound seat (from the token, never from the message).
        seat: usize,
        /// The line, trimmed.
        text: String,
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
    /// Whether its updates carry a patch of the last view it was sent.
    /// Every subscriber is sent every update (or dropped), so that view is
    /// always the viewer's view before the step.
    patches: bool,
    /// The ids whose legal text it was told (sorted), when it asked to be
    /// told each text once.
    texts_sent: Option<Vec<u32>>,
    /// Whether its updates carry each entry's narration.
    narration: bool,
}

impl Subscriber {
    /// The legal actions as this subscriber is told them now; remembers
    /// the texts it is sent.
    fn legal<'a>(&mut self, told: &'a Told, known: &'a mut Vec<u32>) -> Legal<'a> {
        let Some(sent) = &mut self.texts_sent else {
            return Legal::whole(told.legal());
        };
        known.clone_from(sent);
        for a in told.legal() {
            if let Err(at) = sent.binary_search(&a.id()) {
                sent.insert(at, a.id());
            }
        }
        Legal {
            actions: told.legal(),
            known,
        }
    }
}

/// What a subscriber asked for (the protocol's opt-ins).
#[derive(Debug, Clone, Copy, Default)]
pub struct OptIns {
    /// Whether its updates carry view patches.
    pub view_patches: bool,
    /// Whether legal texts are sent to it only once.
    pub known_texts: bool,
    /// Whether its updates carry each entry's narration.
    pub narration: bool,
}

/// What an actor starts with.
pub struct Loaded {
    /// The match's public facts.
    pub info: MatchInfo,
    /// The game's config (JSON) for welcomes.
    pub config: Box<RawValue>,
    /// The table, replayed to its last entry.
    pub table: Table,
    /// The generator after the last entry.
    pub rng: DiceRng,
    /// The status.
    pub status: Status,
    /// The client ids already in the log, by seat.
    pub applied: BTreeSet<(usize, String)>,
    /// When the turn under way started, in milliseconds since the epoch.
    pub turn_started_ms: u64,
    /// Each seat's player name, by seat.
    pub names: Vec<Option<String>>,
    /// The last lines of talk kept, oldest first.
    pub talk: Vec<Line>,
}

/// What every actor shares with the process.
#[derive(Clone)]
pub struct Services {
    /// The store.
    pub store: Arc<dyn Store>,
    /// The store's writer of steps and new matches: every one waiting
    /// in one batch.
    pub(crate) journal: Arc<Journal>,
    /// The limits.
    pub limits: Limits,
    /// The bots' threads.
    pub bots: Arc<BotPool>,
    /// What the operator's view counts.
    pub metrics: Arc<Metrics>,
}

impl Services {
    /// What actors share: `store`, and its journal, which writes their
    /// steps.
    pub fn new(store: Arc<dyn Store>, limits: Limits, bots: Arc<BotPool>) -> Self {
        Services {
            journal: Journal::new(Arc::clone(&store)),
            store,
            limits,
            bots,
            metrics: Arc::new(Metrics::new()),
        }
    }
}

/// A match actor's state.
pub struct Actor {
    info: MatchInfo,
    config: Box<RawValue>,
    table: Table,
    rng: DiceRng,
    status: Status,
    services: Services,
    subscribers: Vec<Subscriber>,
    next_sub: u64,
    applied: BTreeSet<(usize, String)>,
    bot_pending: Option<usize>,
    /// When the turn under way started: set when a step ends and when the
    /// match starts, never by a connection.
    turn_started: Instant,
    deadline: Option<Instant>,
    commands: mpsc::WeakSender<Command>,
    /// Each seat's player name, by seat, as last read.
    names: Vec<Option<String>>,
    talk: Talk,
    /// Each viewer's view as last told to a subscriber that takes view
    /// patches (JSON text), with the entry count it was told at: where
    /// that viewer's next patch starts, so the view before a step is not
    /// written again from the mark.
    patched_views: Vec<(Viewer, usize, KeptView)>,
}

/// `viewer`'s view told at entry count `at`, taken out of `views`, the
/// views told at the last step; `None` when it was told at another count
/// or not at all (no subscriber of that viewer took patches then).
fn view_at(
    views: &mut Vec<(Viewer, usize, KeptView)>,
    viewer: Viewer,
    at: usize,
) -> Option<KeptView> {
    let i = views
        .iter()
        .position(|(v, told_at, _)| *v == viewer && *told_at == at)?;
    Some(views.swap_remove(i).2)
}

/// The frame `message` as shared text.
fn frame(message: &ServerMessage<'_>) -> Frame {
    Arc::from(message.to_text())
}

impl Actor {
    /// An actor for a loaded match.
    pub fn new(loaded: Loaded, services: Services) -> Self {
        let talk = Talk::new(loaded.talk, &services.limits);
        Actor {
            info: loaded.info,
            config: loaded.config,
            table: loaded.table,
            rng: loaded.rng,
            status: loaded.status,
            services,
            subscribers: Vec::new(),
            next_sub: 0,
            applied: loaded.applied,
            bot_pending: None,
            turn_started: instant_of(loaded.turn_started_ms),
            deadline: None,
            commands: mpsc::channel(1).0.downgrade(),
            names: loaded.names,
            talk,
            patched_views: Vec::new(),
        }
    }

    /// Starts the actor's task; answers its handle and the task.
    pub fn spawn(mut self) -> (Handle, tokio::task::JoinHandle<()>) {
        let (tx, rx) = mpsc::channel(64);
        self.commands = tx.downgrade();
        let task = tokio::spawn(self.run(rx));
        (Handle { commands: tx }, task)
    }

    fn seat_kind(&self, seat: usize) -> Option<&SeatKind> {
        self.info.seats.get(seat)
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        tracing::debug!(r#match = %self.info.id, "loaded");
        self.schedule();
        loop {
            let idle = self.subscribers.is_empty()
                && self.bot_pending.is_none()
                && self.deadline.is_none();
            let unload_at = idle
                .then(|| Instant::now().checked_add(self.services.limits.unload_after))
                .flatten();
            let deadline = self.deadline;
            let command = tokio::select! {
                command = rx.recv() => match command {
                    Some(c) => c,
                    None => break,
                },
                () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    self.deadline = None;
                    if !self.turn_timeout().await {
                        break;
                    }
                    continue;
                }
                () = sleep_until(unload_at.unwrap_or_else(Instant::now)), if unload_at.is_some() => break,
            };
            if !self.handle(command).await {
                break;
            }
        }
        tracing::debug!(r#match = %self.info.id, "unloaded");
    }

    /// Handles one command; `false` stops the actor.
    async fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Subscribe {
                viewer,
                last_seq,
                opt_ins,
                frames,
                reply,
            } => {
                let answer = self.subscribe(viewer, last_seq, opt_ins, frames);
                let joined = answer.is_ok();
                let _ = reply.send(answer);
                if joined && matches!(viewer, Viewer::Seat(_)) && self.status == Status::Waiting {
                    self.start_playing().await;
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
            Command::Say { sub, seat, text } => {
                self.say(sub, seat, text).await;
                true
            }
            Command::BotMove { seat, seq, id } => self.bot_move(seat, seq, id).await,
            Command::Shutdown => false,
        }
    }

    fn subscribe(
        &mut self,
        viewer: Viewer,
        last_seq: Option<usize>,
        opt_ins: OptIns,
        frames: mpsc::Sender<Frame>,
    ) -> Result<u64, Reason> {
        self.make_room(viewer)?;
        let id = self.next_sub;
        self.next_sub = self.next_sub.saturating_add(1);
        let mut subscriber = Subscriber {
            id,
            viewer,
            frames,
            patches: opt_ins.view_patches,
            texts_sent: opt_ins.known_texts.then(Vec::new),
            narration: opt_ins.narration,
        };
        // No `last_seq`: the client has seen nothing, so it is told every
        // entry from the first.
        let welcome = self.welcome(&mut subscriber, last_seq.unwrap_or(0));
        if subscriber.frames.try_send(welcome).is_ok() {
            self.subscribers.push(subscriber);
        }
        Ok(id)
    }

    /// Room for one more connection of `viewer`: a spectator beyond the
    /// limit is refused; a seat's oldest connections beyond its limit are
    /// told they were replaced and dropped.
    fn make_room(&mut self, viewer: Viewer) -> Result<(), Reason> {
        let limits = &self.services.limits;
        match viewer {
            Viewer::Spectator => {
                let watching = self
                    .subscribers
                    .iter()
                    .filter(|s| s.viewer == viewer)
                    .count();
                if watching >= limits.spectators {
                    return Err(Reason::new(
                        Code::SpectatorsFull,
                        format!("this match has {watching} spectators, as many as it allows"),
                    ));
                }
            }
            Viewer::Seat(_) => {
                let mine: Vec<u64> = self
                    .subscribers
                    .iter()
                    .filter(|s| s.viewer == viewer)
                    .map(|s| s.id)
                    .collect();
                let over = mine
                    .len()
                    .saturating_add(1)
                    .saturating_sub(limits.seat_connections.max(1));
                let replaced = Reason::new(
                    Code::Replaced,
                    "a newer connection of this seat took this one's place",
                );
                let message = frame(&ServerMessage::Error { reason: &replaced });
                for old in mine.into_iter().take(over) {
                    if let Some(s) = self.subscribers.iter().find(|s| s.id == old) {
                        let _ = s.frames.try_send(Arc::clone(&message));
                    }
                    self.subscribers.retain(|s| s.id != old);
                }
            }
        }
        Ok(())
    }

    /// The welcome frame of a new subscriber: the match, the seats, and
    /// the entries since `last_seq` as seen by its viewer.
    fn welcome(&self, subscriber: &mut Subscriber, last_seq: usize) -> Frame {
        let viewer = subscriber.viewer;
        let seq = self.table.entry_count();
        let told = self.table.tell_since(last_seq, viewer);
        let odds = self.odds_for(&told);
        let mut known = Vec::new();
        let legal = subscriber.legal(&told, &mut known);
        let message = ServerMessage::Welcome {
            match_id: &self.info.id,
            seat: match viewer {
                Viewer::Seat(s) => Some(s),
                Viewer::Spectator => None,
            },
            game: self.table.name(),
            config: &self.config,
            seats: &self.info.seats,
            seq,
            update: UpdateBody::new(
                &told,
                ViewPart::Whole(told.view()),
                legal,
                odds.as_deref(),
                subscriber.narration,
            ),
            talk: self.talk.lines(),
        };
        frame(&message)
    }
    /// The first seat connected: the match is under way, and its first
    /// turn starts now.
    async fn start_playing(&mut self) {
        self.status = Status::Playing;
        self.turn_started = Instant::now();
        // With the steps of the writer's next batch, under its one sync.
        let saved = self
            .services
            .journal
            .start(self.info.id.clone(), now_ms())
            .await;
        if saved.is_err() {
            // The status is a lobby fact; the match plays on, and the next
            // commit writes the status again.
            tracing::warn!(r#match = %self.info.id, "the match's start could not be saved");
        }
    }

    /// Age of War's odds, for an update that offers legal actions.
    fn odds_for(&self, told: &Told) -> Option<Vec<tabletop_engines::odds::ConquestOdds>> {
        if told.legal().is_empty() {
            None
        } else {
            self.table.odds()
        }
    }

    /// Sends `told` to subscriber `sub` alone, as `stale` (with the
    /// client's id) or as an `update`, with its whole view: after a stale
    /// answer or a resend, the subscriber's view is the one now.
    fn send_told(&mut self, sub: u64, told: &Told, stale: Option<&str>) {
        let seq = self.table.entry_count();
        let odds = self.odds_for(told);
        let Some(s) = self.subscribers.iter_mut().find(|s| s.id == sub) else {
            return;
        };
        let mut known = Vec::new();
        let legal = s.legal(told, &mut known);
        // A resent action's update follows every update the subscriber was
        // sent, so its view did not change: the patch is empty.
        let view = match (stale, s.patches) {
            (None, true) => ViewPart::Patch(&[]),
            _ => ViewPart::Whole(told.view()),
        };
        let update = UpdateBody::new(told, view, legal, odds.as_deref(), s.narration);
        let message = match stale {
            Some(client_id) => ServerMessage::Stale {
                client_id,
                seq,
                update,
            },
            None => ServerMessage::Update { seq, update },
        };
        if s.frames.try_send(frame(&message)).is_err() {
            self.subscribers.retain(|s| s.id != sub);
        }
    }

    fn refuse(&mut self, sub: u64, client_id: Option<&str>, reason: &Reason) {
        self.services.metrics.refusal(reason.code);
        let message = frame(&ServerMessage::Refused { client_id, reason });
        let full = self
            .subscribers
            .iter()
            .find(|s| s.id == sub)
            .is_some_and(|s| s.frames.try_send(message).is_err());
        if full {
            self.subscribers.retain(|s| s.id != sub);
        }
    }

    async fn act(
        &mut self,
        sub: u64,
        seat: usize,
        seq: usize,
        action: &ActionRef,
        client_id: String,
    ) -> bool {
        let arrived = Instant::now();
        let now = self.table.entry_count();
        if self.applied.contains(&(seat, client_id.clone())) {
            // Applied already: the client is told what it missed instead.
            let told = self.table.tell_since(seq.min(now), Viewer::Seat(seat));
            self.send_told(sub, &told, None);
            return true;
        }
        if seq != now {
            let told = self.table.tell_since(seq.min(now), Viewer::Seat(seat));
            self.send_told(sub, &told, Some(&client_id));
            return true;
        }
        if !matches!(
            self.seat_kind(seat),
            Some(SeatKind::Person | SeatKind::Open)
        ) {
            let reason = Reason::new(Code::NotYourSeat, format!("seat {seat} is played by a bot"));
            self.refuse(sub, Some(&client_id), &reason);
            return true;
        }
        let mark = self.table.mark();
        let applied = self
            .table
            .action_id(seat, action)
            .and_then(|id| self.table.apply_as(seat, id).map(|()| id));
        match applied {
            Err(reason) => {
                self.refuse(sub, Some(&client_id), &reason);
                true
            }
            Ok(id) => {
                let ok = self.commit(&mark, seat, id, Some(client_id)).await;
                if ok {
                    self.services.metrics.action(metrics::Actor::Person);
                    self.services.metrics.act_to_told(arrived.elapsed());
                }
                self.schedule();
                ok
            }
        }
    }

    /// A line `seat` says: kept, then told to every subscriber, seats and
    /// spectators; refused to `sub` alone when too fast or not kept. The
    /// match plays on either way.
    async fn say(&mut self, sub: u64, seat: usize, text: String) {
        // Only an open seat gains its name after the match was loaded,
        // when someone takes it: read the names again for it alone.
        let unnamed = self.names.get(seat).is_none_or(Option::is_none);
        if unnamed && self.seat_kind(seat) == Some(&SeatKind::Open) {
            self.read_names().await;
        }
        let name = self.names.get(seat).cloned().flatten();
        let line = match self.talk.next(seat, name, text) {
            Ok(line) => line,
            Err(reason) => return self.refuse(sub, None, &reason),
        };
        let store = Arc::clone(&self.services.store);
        let (id, kept) = (self.info.id.clone(), line.clone());
        let saved = tokio::task::spawn_blocking(move || store.say(&id, &kept)).await;
        if !matches!(saved, Ok(Ok(()))) {
            tracing::warn!(r#match = %self.info.id, "a line of talk could not be saved");
            let reason = Reason::new(
                Code::Unavailable,
                "the line could not be kept; say it again",
            );
            return self.refuse(sub, None, &reason);
        }
        let message = frame(&ServerMessage::Said {
            n: line.n,
            seat,
            name: line.name.as_deref(),
            text: &line.text,
        });
        self.talk.kept(line);
        let mut dropped = Vec::new();
        for s in &self.subscribers {
            if s.frames.try_send(Arc::clone(&message)).is_err() {
                dropped.push(s.id);
            }
        }
        self.subscribers.retain(|s| !dropped.contains(&s.id));
    }

    /// The seats' names as stored now: a seat taken since the match was
    /// loaded has its name there.
    async fn read_names(&mut self) {
        let store = Arc::clone(&self.services.store);
        let id = self.info.id.clone();
        if let Ok(Ok(Some(facts))) = tokio::task::spawn_blocking(move || store.facts(&id)).await {
            self.names = facts.names;
        }
    }

    async fn bot_move(&mut self, seat: usize, seq: usize, id: Option<u32>) -> bool {
        if self.bot_pending == Some(seq) {
            self.bot_pending = None;
        }
        let mut ok = true;
        if let Some(id) = id.filter(|_| seq == self.table.entry_count()) {
            let mark = self.table.mark();
            if self.table.apply_as(seat, id).is_ok() {
                ok = self.commit(&mark, seat, id, None).await;
                if ok {
                    self.services.metrics.action(metrics::Actor::Bot);
                }
            }
        }
        self.schedule();
        ok
    }

    /// The action `id` of `seat` just applied after `mark`, then the
    /// chance it leads to: committed, then told. `false` when they could
    /// not be saved: the actor stops and the match reloads from what was
    /// committed.
    async fn commit(
        &mut self,
        mark: &Mark,
        seat: usize,
        id: u32,
        client_id: Option<String>,
    ) -> bool {
        let first_seq = mark.at();
        let chance = self.table.resolve_chance(&mut self.rng);
        let mut entries = Vec::with_capacity(chance.len().saturating_add(1));
        entries.push(StoredEntry {
            id,
            seat: Some(seat),
            client_id: client_id.clone(),
        });
        entries.extend(chance.into_iter().map(|id| StoredEntry {
            id,
            seat: None,
            client_id: None,
        }));
        let status = if self.table.is_over() {
            Status::Over
        } else {
            self.status
        };
        let started = Instant::now();
        let saved = match (
            serde_json::to_string(&self.rng),
            self.table
                .result()
                .map(|r| serde_json::to_string(&r))
                .transpose(),
        ) {
            (Ok(rng), Ok(result)) => self
                .services
                .journal
                .write(Step {
                    id: self.info.id.clone(),
                    first_seq,
                    entries,
                    rng,
                    status,
                    result,
                    now_ms: now_ms(),
                })
                .await
                .map_err(|e| e.to_string()),
            (Err(e), _) | (_, Err(e)) => Err(e.to_string()),
        };
        match &saved {
            Ok(()) => self.services.metrics.commit(started.elapsed()),
            Err(_) => self.services.metrics.store_error(),
        }
        if let Err(why) = saved {
            tracing::error!(r#match = %self.info.id, error = %why, "a step could not be saved; the match stops");
            let reason = Reason::new(Code::Unavailable, "the move could not be saved; reconnect");
            let message = frame(&ServerMessage::Error { reason: &reason });
            for s in &self.subscribers {
                let _ = s.frames.try_send(Arc::clone(&message));
            }
            return false;
        }
        self.status = status;
        self.turn_started = Instant::now();
        if let Some(client_id) = client_id {
            self.applied.insert((seat, client_id));
        }
        self.broadcast(mark);
        true
    }

    /// What `viewer` is told of the step after `mark`, with the legal
    /// texts some subscriber of that viewer is to be sent: every one for
    /// a subscriber that takes every text, else those it was not told.
    fn tell(&self, mark: &Mark, viewer: Viewer) -> Told {
        let sent: Option<Vec<&[u32]>> = self
            .subscribers
            .iter()
            .filter(|s| s.viewer == viewer)
            .map(|s| s.texts_sent.as_deref())
            .collect();
        match &sent {
            Some(sent) => self.table.tell_texts(mark, viewer, &|id| {
                sent.iter().any(|texts| texts.binary_search(&id).is_err())
            }),
            None => self.table.tell(mark, viewer),
        }
    }

    /// Tells every subscriber its own update of the step after `mark`:
    /// each viewer's update is built once, and each of its frames (whole
    /// view, or view patch) is written once and shared by every subscriber
    /// it fits; only a seat to move that asked for known texts gets a
    /// frame of its own.
    fn broadcast(&mut self, mark: &Mark) {
        let seq = self.table.entry_count();
        let mut viewers: Vec<Viewer> = Vec::new();
        for s in &self.subscribers {
            if !viewers.contains(&s.viewer) {
                viewers.push(s.viewer);
            }
        }
        let mut dropped = Vec::new();
        let mut last_views = std::mem::take(&mut self.patched_views);
        for viewer in viewers {
            let told = self.tell(mark, viewer);
            let odds = self.odds_for(&told);
            let wants_patch = self
                .subscribers
                .iter()
                .any(|s| s.viewer == viewer && s.patches);
            let before = wants_patch
                .then(|| view_at(&mut last_views, viewer, mark.at()))
                .map(|kept| kept.unwrap_or_else(|| KeptView::new(mark.view_text(viewer))));
            let (ops, members): (Vec<PatchOp<'_>>, Members) = match &before {
                Some(before) => patch::diff_kept(before, told.view()),
                // No subscriber of this viewer takes patches: no diff, and
                // the empty list is never sent.
                None => (Vec::new(), Members::default()),
            };
            // Shared frames by opt-in: whole view or patch, with or
            // without narration.
            let mut shared: [Option<Frame>; 4] = [None, None, None, None];
            for s in self.subscribers.iter_mut().filter(|s| s.viewer == viewer) {
                let view = if s.patches {
                    ViewPart::Patch(&ops)
                } else {
                    ViewPart::Whole(told.view())
                };
                let tailored = s.texts_sent.is_some() && !told.legal().is_empty();
                let narration = s.narration;
                let frame_for = |legal: Legal<'_>| {
                    frame(&ServerMessage::Update {
                        seq,
                        update: UpdateBody::new(&told, view, legal, odds.as_deref(), narration),
                    })
                };
                let sent = if tailored {
                    let mut known = Vec::new();
                    let legal = s.legal(&told, &mut known);
                    frame_for(legal)
                } else {
                    let slot = usize::from(s.patches) | usize::from(s.narration) << 1;
                    match shared.get_mut(slot) {
                        Some(Some(f)) => Arc::clone(f),
                        Some(cache) => {
                            let f = frame_for(Legal::whole(told.legal()));
                            *cache = Some(Arc::clone(&f));
                            f
                        }
                        None => frame_for(Legal::whole(told.legal())),
                    }
                };
                if s.frames.try_send(sent).is_err() {
                    // A client that does not read: dropped; it may resume.
                    dropped.push(s.id);
                }
            }
            drop(ops);
            if wants_patch {
                let kept = KeptView::with_members(told.into_view(), members);
                self.patched_views.push((viewer, seq, kept));
            }
        }
        self.subscribers.retain(|s| !dropped.contains(&s.id));
    }

    /// After any change: start the bot whose turn it is, or run the
    /// deadline of the person whose turn it is, from the turn's start.
    fn schedule(&mut self) {
        let Some(seat) = self.table.seat_to_move() else {
            self.deadline = None;
            return;
        };
        let seq = self.table.entry_count();
        match self.seat_kind(seat).cloned() {
            Some(SeatKind::Bot(name)) => {
                self.deadline = None;
                if self.bot_pending != Some(seq) {
                    self.bot_pending = Some(seq);
                    self.start_bot(&name, seat, seq);
                }
            }
            // An open seat no one has taken yet waits as a person who has
            // not come: its deadline runs too.
            Some(SeatKind::Person | SeatKind::Open) if self.status == Status::Playing => {
                self.deadline = self.info.turn_seconds.and_then(|s| {
                    self.turn_started
                        .checked_add(Duration::from_secs(u64::from(s)))
                });
            }
            Some(SeatKind::Person | SeatKind::Open) | None => self.deadline = None,
        }
    }

    fn start_bot(&self, name: &str, seat: usize, seq: usize) {
        let Some(commands) = self.commands.upgrade() else {
            return;
        };
        // Derived from the match's key and the step: a resumed match's
        // bots choose as they would have.
        let step = u64::try_from(seq).unwrap_or(u64::MAX);
        let rng = self.rng.decision_rng(step);
        let mut fallback_rng = rng.clone();
        let fallback = self.table.bot_job(FALLBACK_BOT, seat);
        let budget = self.services.limits.bot_budget;
        let priority = if self.info.bots_only() {
            Priority::BotsOnly
        } else {
            Priority::Person
        };
        let metrics = Arc::clone(&self.services.metrics);
        let asked = std::time::Instant::now();
        let answer = self.table.bot_job(name, seat).map(|job| {
            let until = std::time::Instant::now()
                .checked_add(budget)
                .unwrap_or_else(std::time::Instant::now);
            self.services.bots.submit(priority, job, rng, until)
        });
        tokio::spawn(async move {
            let mut id = None;
            if let Some(answer) = answer {
                if let Ok(Ok(choice)) = tokio::time::timeout(budget, answer).await {
                    id = choice;
                }
            }
            if id.is_none() {
                id = fallback.and_then(|f| f(&mut fallback_rng));
            }
            metrics.bot_thought(asked.elapsed());
            let _ = commands.send(Command::BotMove { seat, seq, id }).await;
        });
    }

    /// A person's turn ran out: the fallback bot acts for them at once,
    /// logged as a normal entry.
    async fn turn_timeout(&mut self) -> bool {
        let Some(seat) = self.table.seat_to_move() else {
            return true;
        };
        let seq = self.table.entry_count();
        let step = u64::try_from(seq).unwrap_or(u64::MAX);
        let mut rng = self.rng.decision_rng(step);
        let id = self
            .table
            .bot_job(FALLBACK_BOT, seat)
            .and_then(|f| f(&mut rng));
        tracing::debug!(r#match = %self.info.id, seat, "a turn ran out; the fallback bot acts");
        self.bot_move(seat, seq, id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(json: &str) -> KeptView {
        KeptView::new(RawValue::from_string(json.to_owned()).unwrap())
    }

    #[test]
    fn a_kept_view_starts_a_patch_only_at_the_count_it_was_told_at() {
        let mut views = vec![
            (Viewer::Seat(0), 4, text(r#"{"hand":[1]}"#)),
            (Viewer::Seat(1), 4, text(r#"{"hand":[2]}"#)),
        ];
        assert!(
            view_at(&mut views, Viewer::Seat(1), 5).is_none(),
            "told at 4"
        );
        assert!(view_at(&mut views, Viewer::Spectator, 4).is_none());
        let kept = view_at(&mut views, Viewer::Seat(1), 4).map(|v| v.text().get().to_owned());
        assert_eq!(kept.as_deref(), Some(r#"{"hand":[2]}"#));
        assert!(
            view_at(&mut views, Viewer::Seat(1), 4).is_none(),
            "taken once"
        );
        assert_eq!(views.len(), 1);
    }
}

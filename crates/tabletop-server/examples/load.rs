//! The load benchmark (not a test): many live matches, two socket clients
//! each, actions at a fixed total rate; reports the latency from an action
//! sent to every seat of its match told, the server's memory per live
//! match and the bytes sent per action per seat.
//!
//! ```sh
//! cargo build --release -p tabletop-server --bins --examples
//! target/release/examples/load --matches 1000 --rate 200 --seconds 30 --game 'armadora(players=2)' --view-patches --known-texts
//! ```
//!
//! `--view-patches` and `--known-texts` make every client ask for view
//! patches and for each legal text once (protocol version 2); without
//! them each update carries the whole view and every text. `--sync
//! normal` starts the server with `--sync normal` (commits on disk at
//! checkpoints rather than at once); `--threads N` starts it with
//! `--threads N` (N serving threads instead of its default).
//!
//! `--db postgres://USER@HOST:PORT/DB --processes N` starts N server
//! processes on that PostgreSQL database instead: each match is created
//! on one of them and its two seats connect to two different ones (with
//! N > 1), so one seat of every match is served through the process that
//! owns the match. The CPU and memory are the processes' sums; with
//! `--db-data DIR` (the cluster's data directory) the database's CPU is
//! reported too.
//!
//! `--find-ceiling` looks for the highest rate at which the p99 from an
//! action sent to every seat told stays under 50 ms (`--p99-ms`): it
//! probes `--rate` (the first probe), doubling it until a probe fails,
//! then halves the gap between the highest rate that passed and the
//! lowest that failed until they are within 5 %; each probe lasts
//! `--probe-seconds` (10), at most `--max-probes` (12) of them, none
//! started after `--max-seconds` (600). A probe passes when 95 % of its
//! rate was sent and the p99 over every action sent (one never told
//! counting as the slowest) is under the bound. Every match place keeps
//! a live match: one that ends is replaced by a new one at once, so that
//! a probe's rate is not capped by the actions left in the matches'
//! games, and the servers' work includes starting matches as they end.
//! Before the first probe the matches play 0 to 63 actions each (match
//! `m` plays `m × 37 mod 64`), spread over a game's course so that they
//! do not all end, and start again, together; before each probe the
//! servers are let fall idle (at most 10 s). It prints each probe, with a
//! second line: the load generator's own CPU (it shares the cores with
//! the server, so at the ceiling the two together may be what is full),
//! the matches replaced during the probe and the ticks that found no
//! match able to act; then the result:
//!
//! ```sh
//! target/release/examples/load --find-ceiling --rate 1000 --probe-seconds 5 --max-probes 12 --matches 1000 --game 'armadora(players=2)' --view-patches --known-texts
//! ```
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::doc_markdown,
    reason = "a benchmark program: a failure ends the run"
)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[path = "../tests/shared/http.rs"]
mod http;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;
type Sink = SplitSink<Socket, Message>;
/// One seat's sending half, shared by the actions sent on it.
type SeatSink = Arc<tokio::sync::Mutex<Sink>>;
/// Per match place, per seat: the sending half of the seat's socket (a
/// new match in a place brings new seats).
type Sinks = Arc<Vec<Mutex<Vec<SeatSink>>>>;

fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_owned())
}

/// The run's flags (quoted in docs/server.md and the README: keep them).
#[derive(Clone)]
struct Options {
    matches: usize,
    rate: u64,
    seconds: u64,
    game: String,
    view_patches: bool,
    known_texts: bool,
    sync: String,
    /// `--threads`: the server's serving threads, if not its default.
    threads: Option<String>,
    db: String,
    processes: usize,
    db_data: String,
    server: String,
    /// `--find-ceiling`: probe rates instead of one run at `--rate`.
    ceiling: Option<Ceiling>,
}

/// The ceiling search's bounds (`--find-ceiling`).
#[derive(Clone, Copy)]
struct Ceiling {
    /// The first rate probed (`--rate`), doubled until a probe fails.
    start: u64,
    /// Each probe's length (`--probe-seconds`).
    probe_seconds: u64,
    /// At most this many probes (`--max-probes`).
    max_probes: usize,
    /// No probe starts after this many seconds (`--max-seconds`).
    max_seconds: u64,
    /// The p99 a probe must stay under (`--p99-ms`).
    p99: Duration,
}

impl Options {
    fn from_args() -> Self {
        let matches: usize = arg("--matches", "1000").parse().unwrap();
        let rate: u64 = arg("--rate", "200").parse().unwrap();
        let seconds: u64 = arg("--seconds", "30").parse().unwrap();
        let game = arg("--game", "armadora(players=2)");
        let flag = |name: &str| std::env::args().any(|a| a == name);
        let view_patches = flag("--view-patches");
        let known_texts = flag("--known-texts");
        let sync = arg("--sync", "full");
        let threads = Some(arg("--threads", "")).filter(|n| !n.is_empty());
        let db = arg("--db", "");
        let processes: usize = arg("--processes", "1").parse().unwrap();
        assert!(
            processes == 1 || db.starts_with("postgres"),
            "several processes share a PostgreSQL database: give --db postgres://…"
        );
        let db_data = arg("--db-data", "");
        let exe = std::env::current_exe().unwrap();
        let default_server = exe
            .parent()
            .and_then(|p| p.parent())
            .map(|p| p.join("tabletop-server"))
            .unwrap();
        let server = arg("--server", default_server.to_str().unwrap());
        let ceiling = flag("--find-ceiling").then(|| Ceiling {
            start: rate,
            probe_seconds: arg("--probe-seconds", "10").parse().unwrap(),
            max_probes: arg("--max-probes", "12").parse().unwrap(),
            max_seconds: arg("--max-seconds", "600").parse().unwrap(),
            p99: Duration::from_millis(arg("--p99-ms", "50").parse().unwrap()),
        });
        Self {
            matches,
            rate,
            seconds,
            game,
            view_patches,
            known_texts,
            sync,
            threads,
            db,
            processes,
            db_data,
            server,
            ceiling,
        }
    }
}

async fn post(addr: &str, body: &Value) -> Value {
    let mut stream = http::send(addr, "POST", "/api/matches", &body.to_string()).await;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (_, body) = response.split_once("\r\n\r\n").unwrap();
    serde_json::from_str(body).unwrap()
}

/// The server processes of the run, their addresses and scratch folder.
struct Servers {
    children: Vec<Child>,
    addrs: Vec<String>,
    dir: PathBuf,
}

impl Servers {
    fn start(options: &Options) -> Self {
        let dir = std::env::temp_dir().join(format!("tabletop-server-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut children = Vec::new();
        let mut addrs = Vec::new();
        for _ in 0..options.processes {
            let (child, addr) = spawn_server(options, &dir);
            addrs.push(addr);
            children.push(child);
        }
        Self {
            children,
            addrs,
            dir,
        }
    }

    fn pids(&self) -> Vec<u32> {
        self.children.iter().map(Child::id).collect()
    }

    fn stop(self) {
        for mut child in self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One server process with every limit lifted, and the address it
/// listens on.
fn spawn_server(options: &Options, dir: &std::path::Path) -> (Child, String) {
    let mut command = Command::new(&options.server);
    command.args(["--listen", "127.0.0.1:0", "--db"]);
    if options.db.is_empty() {
        command.arg(dir.join("load.sqlite"));
    } else {
        command.arg(&options.db);
    }
    let mut child = command
        .args([
            "--max-connections",
            "100000",
            "--max-http-connections",
            "100000",
            "--max-connections-per-address",
            "100000",
            "--max-connections-per-prefix",
            "100000",
            "--max-live-matches",
            "100000",
            "--create-burst",
            "100000",
            "--creates-per-minute",
            "100000",
        ])
        .args([
            "--unload-after",
            "3600",
            "--dice-seed",
            "1",
            "--sync",
            &options.sync,
        ])
        .args(options.threads.iter().flat_map(|n| ["--threads", n]))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "cannot start the server {}: {e} (build it with `cargo build --release -p tabletop-server --bins --examples`, or name it with --server)",
                options.server
            )
        });
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap()
        .to_owned();
    (child, addr)
}

/// The PostgreSQL postmaster's process id, from the cluster's data
/// directory (none without `--db-data`).
fn postmaster_pid(db_data: &str) -> Option<u32> {
    (!db_data.is_empty()).then(|| {
        std::fs::read_to_string(format!("{db_data}/postmaster.pid"))
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    })
}

/// The processes' resident memory, summed.
fn rss_kib(pids: &[u32]) -> u64 {
    pids.iter()
        .map(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/status"))
                .unwrap_or_default()
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
                .unwrap_or(0)
        })
        .sum()
}

/// How long an action may go untold before its match acts again.
const GIVE_UP: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Table {
    /// Per seat: the last seq seen and its legal ids.
    latest: Vec<(u64, Vec<u64>)>,
    /// Per seat: whether it heard from the server yet.
    heard: Vec<bool>,
    /// Which match sits in this place (the ceiling search puts a new one
    /// in the place of one that ended): frames of an older one are not
    /// this table's.
    round: u64,
    /// An action in flight: the seq it was sent at, when, who was told.
    pending: Option<(u64, Instant, Vec<bool>)>,
    /// A new match is being made for this place (it ended mid-probe).
    renewing: bool,
}

impl Table {
    /// A new match of `players` seats in this place.
    fn reset(&mut self, players: usize) -> u64 {
        self.round += 1;
        self.latest = vec![(0, Vec::new()); players];
        self.heard = vec![false; players];
        self.pending = None;
        self.renewing = false;
        self.round
    }

    /// A seat of the match of `round` told of `seq`: the action's latency
    /// once every seat is told.
    fn told(
        &mut self,
        round: u64,
        seat: usize,
        seq: u64,
        legal: Vec<u64>,
        arrived: Instant,
    ) -> Option<Duration> {
        if round != self.round {
            return None;
        }
        self.latest[seat] = (seq, legal);
        self.heard[seat] = true;
        let mut done = None;
        if let Some((at, sent, told)) = &mut self.pending {
            if seq > *at {
                told[seat] = true;
                if told.iter().all(|&b| b) {
                    done = Some(arrived.duration_since(*sent));
                }
            }
        }
        if done.is_some() {
            self.pending = None;
        }
        done
    }

    /// Marks the place as being given a new match when its match is over
    /// and no new one is on its way already; answers whether it did (the
    /// caller then makes the new match).
    fn claim_renewal(&mut self) -> bool {
        let claimed = !self.renewing && self.over();
        self.renewing |= claimed;
        claimed
    }

    /// Whether the match is over: every seat heard of the same last entry
    /// and nobody may act.
    fn over(&self) -> bool {
        let top = self.latest.iter().map(|l| l.0).max().unwrap_or(0);
        self.pending.is_none()
            && self.heard.iter().all(|&h| h)
            && self
                .latest
                .iter()
                .all(|(seq, legal)| *seq == top && legal.is_empty())
    }

    /// The next action of this match, now pending: the seat to act, the
    /// seq it acts at and the action's id; none while an action is in
    /// flight, the seats disagree or nobody may act.
    fn start_action(&mut self, sent: u64) -> Option<(usize, u64, u64)> {
        // An action not told within a few seconds (refused, or lost with
        // its connection) is given up, so that the match plays on.
        if self
            .pending
            .as_ref()
            .is_some_and(|(_, at, _)| at.elapsed() > GIVE_UP)
        {
            self.pending = None;
        }
        if self.pending.is_some() {
            return None;
        }
        let top = self.latest.iter().map(|l| l.0).max().unwrap_or(0);
        let mover = self
            .latest
            .iter()
            .position(|(seq, legal)| *seq == top && !legal.is_empty());
        let to_act = mover.filter(|_| self.latest.iter().all(|l| l.0 == top))?;
        let id = self.latest[to_act].1[(sent as usize) % self.latest[to_act].1.len()];
        self.pending = Some((top, Instant::now(), vec![false; self.latest.len()]));
        Some((to_act, top, id))
    }
}

#[derive(Default)]
struct Figures {
    latencies: Vec<Duration>,
    frame_bytes: Vec<usize>,
    /// Frames other than updates and welcomes, and seats' connections
    /// that ended, by kind.
    odd: std::collections::BTreeMap<String, u64>,
}

/// What the seats' readers share with the driving loop.
#[derive(Clone)]
struct Shared {
    tables: Arc<Vec<Mutex<Table>>>,
    figures: Arc<Mutex<Figures>>,
    measuring: Arc<AtomicBool>,
    /// The next action's client id: unique over the run, since the
    /// server answers a client id it applied already with what the seat
    /// missed, and tells the other seats nothing.
    client_ids: Arc<AtomicU64>,
}

impl Shared {
    fn new(matches: usize) -> Self {
        Self {
            tables: Arc::new((0..matches).map(|_| Mutex::default()).collect()),
            figures: Arc::new(Mutex::new(Figures::default())),
            measuring: Arc::new(AtomicBool::new(false)),
            client_ids: Arc::new(AtomicU64::new(1)),
        }
    }

    /// The latencies and frame sizes noted so far, sorted; none are kept.
    fn take_figures(&self) -> (Vec<Duration>, Vec<usize>) {
        let mut f = self.figures.lock().unwrap();
        let mut latencies = std::mem::take(&mut f.latencies);
        latencies.sort();
        let mut bytes = std::mem::take(&mut f.frame_bytes);
        bytes.sort_unstable();
        (latencies, bytes)
    }
}

fn percentile<T: Copy + Ord>(sorted: &[T], p: f64) -> T {
    sorted[(((sorted.len() - 1) as f64) * p).round() as usize]
}

/// Creates every match and connects its seats, each on the process
/// after the one before.
async fn open_matches(options: &Options, addrs: &[String], shared: &Shared) -> Sinks {
    let mut sinks = Vec::new();
    for m in 0..options.matches {
        sinks.push(Mutex::new(open_match(options, addrs, shared, m).await));
    }
    Arc::new(sinks)
}

/// Creates match `m` on its process and connects its seats, in its
/// table's place; answers the seats' sending halves.
async fn open_match(
    options: &Options,
    addrs: &[String],
    shared: &Shared,
    m: usize,
) -> Vec<SeatSink> {
    let created = post(
        &addrs[m % options.processes],
        &json!({"game": options.game, "seats": ["person", "person"]}),
    )
    .await;
    let mut seat_sinks = Vec::new();
    let seats = created["seats"].as_array().unwrap();
    let round = shared.tables[m].lock().unwrap().reset(seats.len());
    for (seat, s) in seats.iter().enumerate() {
        // The seats of a match on different processes.
        let addr = &addrs[(m + seat) % options.processes];
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/ws"),
            Some(client_config()),
            false,
        )
        .await
        .unwrap();
        let (mut sink, stream) = ws.split();
        sink.send(Message::text(
            json!({
                "type": "hello",
                "token": s["token"],
                "view_patches": options.view_patches,
                "known_texts": options.known_texts,
            })
            .to_string(),
        ))
        .await
        .unwrap();
        tokio::spawn(read_seat(stream, shared.clone(), (m, round), seat));
        seat_sinks.push(Arc::new(tokio::sync::Mutex::new(sink)));
    }
    seat_sinks
}

/// A seat's socket: reads of a few KiB, as the server's own. The default
/// buffer (128 KiB), zeroed before each read, took a quarter of the
/// clients' CPU, which the server's ceiling shares on two cores.
fn client_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(READ_BUFFER)
}

/// The read buffer of a seat's socket, in bytes: an update frame is
/// under a KiB at the median.
const READ_BUFFER: usize = 8 * 1024;

/// What a seat reads of a frame: the rest (the view, its patch, the
/// texts) is skipped unread and nothing of it is kept, so that the
/// clients' share of the cores stays small.
#[derive(Deserialize)]
struct SeenFrame<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    seq: Option<u64>,
    #[serde(borrow)]
    update: Option<SeenUpdate<'a>>,
}

/// The legal actions of an update, each `[id, …]`, as their text.
#[derive(Deserialize)]
struct SeenUpdate<'a> {
    #[serde(default, borrow)]
    legal: Vec<&'a RawValue>,
}

/// A legal action's id: the number that opens its `[id, …]`.
fn legal_id(action: &RawValue) -> Option<u64> {
    let inside = action.get().strip_prefix('[')?;
    inside.split([',', ']']).next()?.trim().parse().ok()
}

/// One seat's frames: its table told, and while measuring the update
/// frames' sizes and the completed actions' latencies noted.
async fn read_seat(
    mut stream: SplitStream<Socket>,
    shared: Shared,
    (m, round): (usize, u64),
    seat: usize,
) {
    let note = |kind: String| *shared.figures.lock().unwrap().odd.entry(kind).or_default() += 1;
    loop {
        let message = match stream.next().await {
            Some(Ok(message)) => message,
            Some(Err(e)) => break note(format!("connection ended: {e}")),
            None => break note("connection ended".to_owned()),
        };
        let Message::Text(text) = message else {
            continue;
        };
        let arrived = Instant::now();
        let frame: SeenFrame<'_> = serde_json::from_str(text.as_str()).unwrap();
        if frame.kind != "update" && frame.kind != "welcome" {
            note(frame.kind.to_owned());
        }
        let Some(seq) = frame.seq else {
            continue;
        };
        let legal: Vec<u64> = frame
            .update
            .map(|u| u.legal.iter().copied().filter_map(legal_id).collect())
            .unwrap_or_default();
        let done = shared.tables[m]
            .lock()
            .unwrap()
            .told(round, seat, seq, legal, arrived);
        if shared.measuring.load(Ordering::Relaxed) && frame.kind == "update" {
            let mut f = shared.figures.lock().unwrap();
            f.frame_bytes.push(text.len());
            if let Some(latency) = done {
                f.latencies.push(latency);
            }
        }
    }
}

/// The actions sent, the ticks with no action to send, and the matches
/// that ended and were replaced while they were sent.
struct Driven {
    sent: u64,
    skipped: u64,
    renewed: u64,
}

/// How actions are sent: `rate` a second for `seconds`.
#[derive(Clone, Copy)]
struct Pace {
    rate: u64,
    seconds: u64,
}

/// What a new match in a place needs. The ceiling search puts a new
/// match in the place of one that ended as soon as it ends: a probe's
/// rate is then offered to as many live matches as the run has, however
/// many actions a game lasts (a two-seat Armadöra match about 60 from its
/// start: 1,000 of them part-way through may hold no more than a probe
/// of five seconds at 6,000 actions/s).
#[derive(Clone)]
struct Renewal {
    options: Arc<Options>,
    addrs: Arc<Vec<String>>,
    shared: Shared,
    sinks: Sinks,
}

impl Renewal {
    /// Replaces the match in place `m`, in the background.
    fn renew(&self, m: usize) {
        let r = self.clone();
        tokio::spawn(async move { r.replace(m).await });
    }

    /// Puts a new match in place `m`: the old one's seats closed, the new
    /// one's connected.
    async fn replace(&self, m: usize) {
        let sinks = &self.sinks;
        let old = std::mem::take(&mut *sinks[m].lock().unwrap());
        for sink in &old {
            let _ = sink.lock().await.close().await;
        }
        let new = open_match(&self.options, &self.addrs, &self.shared, m).await;
        *sinks[m].lock().unwrap() = new;
    }

    /// Puts a new match in the place of every match that ended (and is
    /// not being replaced already), one after another; answers how many.
    async fn replace_ended(&self) -> usize {
        let mut replaced = 0;
        for m in 0..self.sinks.len() {
            let claimed = self.shared.tables[m].lock().unwrap().claim_renewal();
            if claimed {
                self.replace(m).await;
                replaced += 1;
            }
        }
        replaced
    }
}

/// Sends actions at the pace given, one match a tick in turn. With a
/// renewal (the ceiling search), a tick whose match is busy or over goes
/// to the next one that can act, so that the rate offered is the rate
/// sent while any match can act, and a match found over is replaced.
async fn drive(pace: Pace, shared: &Shared, sinks: &Sinks, renewal: Option<&Renewal>) -> Driven {
    let tables = &shared.tables;
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / pace.rate.max(1)));
    let until = Instant::now() + Duration::from_secs(pace.seconds);
    let tries = if renewal.is_some() { tables.len() } else { 1 };
    let mut next = 0usize;
    let mut sent = 0u64;
    let mut skipped = 0u64;
    let mut renewed = 0u64;
    while Instant::now() < until {
        tick.tick().await;
        let started = (0..tries).find_map(|_| {
            let m = next % tables.len();
            next += 1;
            let mut table = tables[m].lock().unwrap();
            if let Some(renewal) = renewal.filter(|_| table.claim_renewal()) {
                renewed += 1;
                renewal.renew(m);
            }
            Some(m).zip(table.start_action(sent))
        });
        match started {
            Some((m, action)) if send(shared, sinks, m, action) => sent += 1,
            _ => skipped += 1,
        }
    }
    Driven {
        sent,
        skipped,
        renewed,
    }
}

/// Sends the action `(seat, seq, id)` of the match in place `m`, pending
/// in its table; false (and nothing pending) when the place's seats are
/// being replaced.
fn send(shared: &Shared, sinks: &Sinks, m: usize, (to_act, top, id): (usize, u64, u64)) -> bool {
    let Some(sink) = sinks[m].lock().unwrap().get(to_act).cloned() else {
        shared.tables[m].lock().unwrap().pending = None;
        return false;
    };
    let client_id = shared.client_ids.fetch_add(1, Ordering::Relaxed);
    let text = format!(r#"{{"type":"act","seq":{top},"action":{id},"client_id":"b{client_id}"}}"#);
    tokio::spawn(async move {
        let _ = sink.lock().await.send(Message::text(text)).await;
    });
    true
}

/// The most actions [`stagger`] has a match play.
const STAGGER: usize = 64;

/// Before the first probe: match `m` plays `m × 37 mod 64` actions (each
/// match one at a time, as fast as the server tells them; at most a
/// minute), so that the matches are spread over a game's course. Started
/// together and sent actions in turn, they would all end together, and
/// their replacements start together, in waves that fail whichever probe
/// they fall in; spread, they end and are replaced at a steady pace, as
/// on a server in its steady state. Answers the actions sent.
async fn stagger(renewal: &Renewal) -> u64 {
    let Renewal { shared, sinks, .. } = renewal;
    let tables = &shared.tables;
    let mut quota: Vec<usize> = (0..tables.len()).map(|m| m * 37 % STAGGER).collect();
    let until = Instant::now() + Duration::from_secs(60);
    let mut sent = 0;
    while quota.iter().any(|&q| q > 0) && Instant::now() < until {
        for (m, quota) in quota.iter_mut().enumerate().filter(|(_, q)| **q > 0) {
            let started = {
                let mut table = tables[m].lock().unwrap();
                if table.claim_renewal() {
                    renewal.renew(m);
                }
                if table.renewing {
                    // Ended early: its replacement starts from the start.
                    *quota = 0;
                    None
                } else {
                    table.start_action(sent)
                }
            };
            if started.is_some_and(|action| send(shared, sinks, m, action)) {
                *quota -= 1;
                sent += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    sent
}

/// What the run measured, for the report.
struct Measured {
    base: u64,
    loaded: u64,
    end_rss: u64,
    cpu: u64,
    /// The load generator's own CPU time, in clock ticks.
    own_cpu: u64,
    db_cpu: Option<u64>,
    driven: Driven,
    latencies: Vec<Duration>,
    bytes: Vec<usize>,
}

/// The run's setting, the report's first lines.
fn describe(options: &Options) {
    println!(
        "game: {} (view patches: {}, known texts: {}, --sync {}{})",
        options.game,
        options.view_patches,
        options.known_texts,
        options.sync,
        options
            .threads
            .as_ref()
            .map(|n| format!(", --threads {n}"))
            .unwrap_or_default()
    );
    println!(
        "server processes: {} on {}",
        options.processes,
        if options.db.starts_with("postgres://") || options.db.starts_with("postgresql://") {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
}

/// The report on stdout (its lines are quoted in docs/server.md and the
/// README: keep them).
fn report(options: &Options, measured: &Measured) {
    let Options { matches, .. } = options;
    let Measured {
        driven: Driven { sent, skipped, .. },
        latencies,
        bytes,
        ..
    } = measured;
    let seconds = options.seconds;
    describe(options);
    println!(
        "live matches: {matches} ({} WebSocket connections)",
        matches * 2
    );
    println!(
        "actions: {} sent in {seconds} s ({:.0}/s), {} completed, {skipped} ticks skipped (match busy or game over)",
        sent,
        *sent as f64 / seconds as f64,
        latencies.len()
    );
    if !latencies.is_empty() {
        println!(
            "action to every seat told: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            percentile(latencies, 0.5).as_secs_f64() * 1e3,
            percentile(latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().unwrap().as_secs_f64() * 1e3
        );
    }
    if !bytes.is_empty() {
        println!(
            "bytes per action per seat (update frames): median {}, p99 {}",
            percentile(bytes, 0.5),
            percentile(bytes, 0.99)
        );
    }
    println!(
        "server memory: {} KiB at start, {} KiB with the matches live, {} KiB at the end: {:.1} KiB per live match",
        measured.base,
        measured.loaded,
        measured.end_rss,
        (measured.end_rss.max(measured.loaded) - measured.base) as f64 / *matches as f64
    );
    println!(
        "server CPU: {:.2} ms per action",
        measured.cpu as f64 * 10.0 / (*sent).max(1) as f64
    );
    println!(
        "load generator CPU: {:.2} ms per action (this process, on the same cores)",
        measured.own_cpu as f64 * 10.0 / (*sent).max(1) as f64
    );
    if let Some(db_cpu) = measured.db_cpu {
        println!(
            "database CPU: {:.2} ms per action",
            db_cpu as f64 * 10.0 / (*sent).max(1) as f64
        );
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 1)]
async fn main() {
    let options = Options::from_args();
    let servers = Servers::start(&options);
    let pids = servers.pids();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let base = rss_kib(&pids);

    let shared = Shared::new(options.matches);
    let started = Instant::now();
    let sinks = open_matches(&options, &servers.addrs, &shared).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let loaded = rss_kib(&pids);
    eprintln!(
        "{} matches of {} created and connected in {:.1} s",
        options.matches,
        options.game,
        started.elapsed().as_secs_f64()
    );
    if let Some(ceiling) = options.ceiling {
        find_ceiling(&options, ceiling, &servers, &shared, &sinks).await;
    } else {
        let measured = measure(&options, &pids, &shared, &sinks).await;
        report(
            &options,
            &Measured {
                base,
                loaded,
                ..measured
            },
        );
    }
    servers.stop();
}

/// One run at `--rate` for `--seconds`: its figures (the memory at start
/// and with the matches live left to the caller).
async fn measure(options: &Options, pids: &[u32], shared: &Shared, sinks: &Sinks) -> Measured {
    let postmaster = postmaster_pid(&options.db_data);
    shared.measuring.store(true, Ordering::Relaxed);
    let cpu_before = cpu_ticks(pids);
    let own_before = own_cpu_ticks();
    let db_before = postmaster.map(database_cpu_ticks);
    let pace = Pace {
        rate: options.rate,
        seconds: options.seconds,
    };
    let driven = drive(pace, shared, sinks, None).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let cpu = cpu_ticks(pids) - cpu_before;
    let own_cpu = own_cpu_ticks() - own_before;
    let db_cpu = postmaster
        .map(database_cpu_ticks)
        .zip(db_before)
        .map(|(a, b)| a - b);
    let end_rss = rss_kib(pids);
    let (latencies, bytes) = shared.take_figures();
    Measured {
        base: 0,
        loaded: 0,
        end_rss,
        cpu,
        own_cpu,
        db_cpu,
        driven,
        latencies,
        bytes,
    }
}

/// One probe of the ceiling search.
struct Probe {
    rate: u64,
    seconds: u64,
    sent: u64,
    /// The actions told, sorted.
    latencies: Vec<Duration>,
    /// The servers' CPU time in the probe, in clock ticks.
    cpu: u64,
    /// The load generator's own, in clock ticks.
    own_cpu: u64,
    /// Ticks that found no match able to act (every one busy or over).
    skipped: u64,
    /// Matches that ended during the probe, each replaced by a new one.
    renewed: u64,
}

impl Probe {
    /// The p99 over every action sent, one never told counting as slower
    /// than any told (none when more than 1 % were never told).
    fn p99(&self) -> Option<Duration> {
        let at = ((self.sent.max(1) - 1) as f64 * 0.99).round() as usize;
        self.latencies.get(at).copied()
    }

    /// Whether the servers kept up: 95 % of the rate offered sent, and
    /// the p99 under the bound.
    fn passes(&self, ceiling: &Ceiling) -> bool {
        self.sent as f64 >= 0.95 * (self.rate * self.seconds) as f64
            && self.p99().is_some_and(|p99| p99 < ceiling.p99)
    }

    fn print(&self, n: usize, ceiling: &Ceiling) {
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
        println!(
            "probe {n}: offered {}/s, sent {:.0}/s, told p50 {}, p99 {}, server CPU {:.3} ms per action ({:.0} % of a core): {}",
            self.rate,
            self.sent as f64 / self.seconds as f64,
            self.latencies
                .get(self.latencies.len() / 2)
                .map_or_else(|| "-".to_owned(), |&d| ms(d)),
            self.p99()
                .map_or_else(|| "over 1 % never told".to_owned(), ms),
            self.cpu as f64 * 10.0 / self.sent.max(1) as f64,
            self.cpu as f64 / self.seconds as f64,
            if self.passes(ceiling) {
                "under"
            } else {
                "over"
            }
        );
        println!(
            "probe {n} beside it: load generator CPU {:.3} ms per action ({:.0} % of a core), {} matches ended and replaced, {} ticks with no match able to act",
            self.own_cpu as f64 * 10.0 / self.sent.max(1) as f64,
            self.own_cpu as f64 / self.seconds as f64,
            self.renewed,
            self.skipped,
        );
    }
}

/// Sends actions at `rate` for one probe and measures them.
async fn probe(rate: u64, ceiling: &Ceiling, pids: &[u32], renewal: &Renewal) -> Probe {
    let Renewal { shared, sinks, .. } = renewal;
    drop(shared.take_figures());
    shared.measuring.store(true, Ordering::Relaxed);
    let cpu_before = cpu_ticks(pids);
    let own_before = own_cpu_ticks();
    let pace = Pace {
        rate,
        seconds: ceiling.probe_seconds,
    };
    let driven = drive(pace, shared, sinks, Some(renewal)).await;
    // The actions in flight told.
    tokio::time::sleep(Duration::from_millis(500)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let cpu = cpu_ticks(pids) - cpu_before;
    let own_cpu = own_cpu_ticks() - own_before;
    Probe {
        rate,
        seconds: ceiling.probe_seconds,
        sent: driven.sent,
        latencies: shared.take_figures().0,
        cpu,
        own_cpu,
        skipped: driven.skipped,
        renewed: driven.renewed,
    }
}

/// The next rate to probe: doubled until a probe fails, then halfway
/// between the highest that passed and the lowest that failed, until
/// they are within 5 % of each other.
fn next_rate(passed: Option<u64>, failed: Option<u64>) -> Option<u64> {
    match (passed, failed) {
        (Some(p), None) => Some(p * 2),
        (None, Some(f)) => (f >= 20).then_some(f / 2),
        (Some(p), Some(f)) => (f - p > (p / 20).max(10)).then_some(p.midpoint(f)),
        (None, None) => None,
    }
}

/// Finds the highest rate whose p99 stays under the bound: probes rates
/// (bounded in count and time), printing each, then the result.
async fn find_ceiling(
    options: &Options,
    ceiling: Ceiling,
    servers: &Servers,
    shared: &Shared,
    sinks: &Sinks,
) {
    describe(options);
    let started = Instant::now();
    let pids = servers.pids();
    let renewal = Renewal {
        options: Arc::new(options.clone()),
        addrs: Arc::new(servers.addrs.clone()),
        shared: shared.clone(),
        sinks: Arc::clone(sinks),
    };
    let staggered = stagger(&renewal).await;
    eprintln!("the matches spread over a game's course: {staggered} actions");
    let (mut passed, mut failed) = (None, None);
    let mut rate = ceiling.start.max(1);
    for n in 1..=ceiling.max_probes {
        if started.elapsed() > Duration::from_secs(ceiling.max_seconds) {
            println!("time bound reached ({} s)", ceiling.max_seconds);
            break;
        }
        let replaced = renewal.replace_ended().await;
        if replaced > 0 {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let waiting = settle(shared).await;
        let rested = rest(&pids).await;
        let odd = std::mem::take(&mut shared.figures.lock().unwrap().odd);
        eprintln!(
            "before probe {n}: {replaced} ended matches replaced, {waiting} places still waiting, the servers idle after {:.1} s; other frames and ends: {odd:?}",
            rested.as_secs_f64()
        );
        let probe = probe(rate, &ceiling, &pids, &renewal).await;
        probe.print(n, &ceiling);
        if probe.passes(&ceiling) {
            passed = Some(rate);
        } else {
            failed = Some(rate);
        }
        let Some(next) = next_rate(passed, failed) else {
            break;
        };
        rate = next;
    }
    // No match is left half made when the servers stop.
    settle(shared).await;
    let bound = ceiling.p99.as_millis();
    match (passed, failed) {
        // Within 5 %, not cut short by the search's bounds.
        (Some(p), Some(f)) if next_rate(passed, failed).is_none() => {
            println!("ceiling: {p} actions/s (p99 under {bound} ms; {f}/s was over)");
        }
        (Some(p), Some(f)) => {
            println!(
                "ceiling: {p} actions/s (p99 under {bound} ms; {f}/s was over; the probes ran out before the two were within 5 %: raise --max-probes or --max-seconds)"
            );
        }
        (Some(p), None) => {
            println!("ceiling: over {p} actions/s (p99 under {bound} ms; no rate probed was over)");
        }
        (None, _) => {
            println!("ceiling: under {rate} actions/s (no rate probed kept p99 under {bound} ms)");
        }
    }
}

/// Waits, at most [`GIVE_UP`], for the actions of an earlier probe to be
/// told (or given up) and the matches it replaced to be made, so that
/// none is counted in the next; answers how many places still wait.
async fn settle(shared: &Shared) -> usize {
    let until = Instant::now() + GIVE_UP;
    loop {
        let waiting = shared
            .tables
            .iter()
            .filter(|t| {
                let t = t.lock().unwrap();
                t.renewing
                    || t.pending
                        .as_ref()
                        .is_some_and(|(_, at, _)| at.elapsed() <= GIVE_UP)
            })
            .count();
        if waiting == 0 || Instant::now() > until {
            return waiting;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits, at most [`GIVE_UP`] twice, until the servers are idle (under
/// a tick of CPU in a quarter of a second): work a probe past the ceiling
/// left behind (a checkpoint, queued frames) is then not counted in the
/// next. Answers how long it waited.
async fn rest(pids: &[u32]) -> Duration {
    let started = Instant::now();
    let mut before = cpu_ticks(pids);
    while started.elapsed() < 2 * GIVE_UP {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let now = cpu_ticks(pids);
        if now - before <= 1 {
            break;
        }
        before = now;
    }
    started.elapsed()
}

/// The processes' user + system CPU time in clock ticks (1/100 s),
/// summed.
fn cpu_ticks(pids: &[u32]) -> u64 {
    pids.iter()
        .map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
            let fields: Vec<&str> = after.split_whitespace().collect();
            let utime: u64 = fields.get(11).and_then(|v| v.parse().ok()).unwrap_or(0);
            let stime: u64 = fields.get(12).and_then(|v| v.parse().ok()).unwrap_or(0);
            utime + stime
        })
        .sum()
}

/// This process's own CPU time (every thread's), in clock ticks: the
/// share of the cores the load generator takes beside the server.
fn own_cpu_ticks() -> u64 {
    cpu_ticks(&[std::process::id()])
}

/// The database's CPU time: its postmaster's and every child's (the
/// sessions, the WAL writer, the checkpointer), those living now.
fn database_cpu_ticks(postmaster: u32) -> u64 {
    let children =
        std::fs::read_to_string(format!("/proc/{postmaster}/task/{postmaster}/children"))
            .unwrap_or_default();
    let mut pids: Vec<u32> = children
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect();
    pids.push(postmaster);
    cpu_ticks(&pids)
}

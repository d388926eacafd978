//! `tabletop-server`: serve the games over HTTP and WebSocket.
#![allow(
    clippy::doc_markdown,
    reason = "the docs name WebSocket and SQLite as words"
)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use tabletop_server::connection::limits::{Limits, MAX_TURN_SECONDS};
use tabletop_server::connection::network::PrefixLengths;
use tabletop_server::server::{Config, Database, serve};
use tabletop_server::store::sqlite::Sync;

/// mimalloc rather than the system's allocator: each step builds every
/// viewer's view and frames, many small short-lived allocations, which it
/// serves in about two thirds of the time (docs/server.md, "Load").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The reference game server: a REST lobby, one WebSocket per seat, an
/// embedded SQLite database (or PostgreSQL shared by several processes),
/// bots.
#[derive(Debug, Parser)]
#[command(version)]
struct Cli {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The SQLite database file (created if missing) [default:
    /// $XDG_DATA_HOME/tabletop-server/server.db, or
    /// ~/.local/share/tabletop-server/server.db]; or a PostgreSQL URL,
    /// `postgres://USER@HOST:PORT/DB`, which several processes may share:
    /// each serves any match, one process owning a match at a time.
    #[arg(long, value_name = "FILE|URL")]
    db: Option<String>,
    /// When a SQLite commit reaches the disk: `full`, before the move is
    /// told to anyone (it survives a power cut); `normal`, at the next
    /// checkpoint (it survives a crash of the process, not of the
    /// machine; a commit costs less CPU). PostgreSQL follows its own
    /// `synchronous_commit`.
    #[arg(long, value_enum, default_value_t = SyncArg::Full)]
    sync: SyncArg,
    /// With PostgreSQL: the sessions this process opens for its queries
    /// (one more holds the locks of the matches it owns).
    #[arg(long, default_value_t = 8)]
    db_sessions: usize,
    /// With PostgreSQL: where the other processes reach this one, for
    /// the connections they serve through it (the matches it owns). Port
    /// 0 picks a free one; the address must be one the others reach
    /// (the loopback when they all run on this machine). Keep it off the
    /// public network: it has no limit per client address.
    #[arg(long, default_value = "127.0.0.1:0")]
    peer_listen: SocketAddr,
    /// With PostgreSQL: how long, in milliseconds, this process's hold on
    /// a match lasts unless renewed (it renews every third of it). A
    /// process that hangs, or loses the database, loses its matches to
    /// another process after it; the database's clock measures it.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(3..))]
    lease_ms: u64,
    /// Threads that serve connections and matches [default: 1 with
    /// SQLite, one per core with PostgreSQL]. With SQLite a thread of its
    /// own commits the steps (every step waiting in one transaction), so
    /// one thread serves without waiting on the disk, and without the
    /// hand-offs between serving threads, which cost more CPU than a step.
    /// Bots and lobby queries have threads of their own either way.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Open WebSocket connections at most.
    #[arg(long, default_value_t = 10_000)]
    max_connections: usize,
    /// Open HTTP connections at most (WebSockets aside).
    #[arg(long, default_value_t = 1_024)]
    max_http_connections: usize,
    /// Open connections (HTTP and WebSocket) from one client address at
    /// most. Behind a reverse proxy every client has the proxy's address.
    #[arg(long, default_value_t = 256)]
    max_connections_per_address: usize,
    /// Open connections (HTTP and WebSocket) from one network (the
    /// addresses that share their first --ipv4-prefix or --ipv6-prefix
    /// bits) at most. Besides, a network holding N connections gets a new
    /// HTTP connection only while more than N are free: the last places
    /// go to networks holding none, so a crowd from a few networks never
    /// takes them all.
    #[arg(long, default_value_t = 512)]
    max_connections_per_prefix: usize,
    /// Leading bits of an IPv4 address that name its network, for
    /// --max-connections-per-prefix and the places kept (an IPv4-mapped
    /// IPv6 address counts as IPv4); 32 makes each address a network.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u8).range(0..=32))]
    ipv4_prefix: u8,
    /// Leading bits of an IPv6 address that name its network (a /64 is
    /// commonly one customer's).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(0..=128))]
    ipv6_prefix: u8,
    /// Milliseconds a client has to send a request's head while at most
    /// half of --max-http-connections are taken; an idle keep-alive
    /// connection is closed after as long.
    #[arg(long, default_value_t = 5_000)]
    header_timeout_ms: u64,
    /// Milliseconds a client has to send a request's head when all of
    /// --max-http-connections are taken: from half taken, a new
    /// connection's time shrinks from --header-timeout-ms to this, so
    /// half-sent heads are shed faster the fuller the server.
    #[arg(long, default_value_t = 1_000)]
    header_timeout_min_ms: u64,
    /// Milliseconds a client has to send a request's body.
    #[arg(long, default_value_t = 5_000)]
    body_timeout_ms: u64,
    /// Milliseconds SIGTERM's drain waits for requests under way before
    /// closing what is left.
    #[arg(long, default_value_t = 5_000)]
    drain_timeout_ms: u64,
    /// Matches in memory at most.
    #[arg(long, default_value_t = 5_000)]
    max_live_matches: usize,
    /// Of the live matches, how many only a seat's hello may load
    /// (spectators and matches of bots only leave them free).
    #[arg(long, default_value_t = 500)]
    seat_reserve: usize,
    /// Live matches of bots only at most.
    #[arg(long, default_value_t = 64)]
    max_bot_matches: usize,
    /// Threads that run the bots, shared by every match (matches with a
    /// person first).
    #[arg(long, default_value_t = 1)]
    bot_threads: usize,
    /// Spectators per match at most.
    #[arg(long, default_value_t = 64)]
    max_spectators: usize,
    /// Connections of one seat at most; a newer one replaces the oldest.
    #[arg(long, default_value_t = 4)]
    max_seat_connections: usize,
    /// Matches one client address may create per minute, sustained.
    #[arg(long, default_value_t = 30)]
    creates_per_minute: u32,
    /// Matches one client address may create in a burst.
    #[arg(long, default_value_t = 10)]
    create_burst: u32,
    /// Lobby requests that cost the server (seats taken, rematches,
    /// replays, turns, lists of open matches) one client address may make per
    /// minute, sustained.
    #[arg(long, default_value_t = 60)]
    lobby_requests_per_minute: u32,
    /// Such lobby requests one client address may make in a burst.
    #[arg(long, default_value_t = 20)]
    lobby_burst: u32,
    /// Lines of talk one seat may say per minute, sustained.
    #[arg(long, default_value_t = 30)]
    talk_lines_per_minute: u32,
    /// Lines of talk one seat may say in a burst.
    #[arg(long, default_value_t = 3)]
    talk_burst: u32,
    /// Matches stored at most; creation is refused beyond.
    #[arg(long, default_value_t = 1_000_000)]
    max_stored_matches: usize,
    /// An origin (`https://games.example.org`) whose pages may open a
    /// WebSocket besides the server's own; repeat for several.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Frames queued for a connection before it is dropped as not reading.
    #[arg(long, default_value_t = 64)]
    send_queue: usize,
    /// Messages per second a connection may send, sustained.
    #[arg(long, default_value_t = 10)]
    rate: u32,
    /// Messages a connection may send in a burst.
    #[arg(long, default_value_t = 30)]
    burst: u32,
    /// Milliseconds a new connection has to send `hello` or `spectate`.
    #[arg(long, default_value_t = 10_000)]
    hello_timeout_ms: u64,
    /// Milliseconds without a message either way after which a connection
    /// is closed.
    #[arg(long, default_value_t = 300_000)]
    idle_timeout_ms: u64,
    /// Milliseconds a bot may think before the fallback bot answers.
    #[arg(long, default_value_t = 2_000)]
    bot_budget_ms: u64,
    /// Seconds a match with no one connected stays in memory.
    #[arg(long, default_value_t = 60)]
    unload_after: u64,
    /// Seconds after its end that a finished match is deleted.
    #[arg(long, default_value_t = 7 * 24 * 3600)]
    expire_over: u64,
    /// Seconds without activity after which an unfinished match is deleted.
    #[arg(long, default_value_t = 30 * 24 * 3600)]
    expire_idle: u64,
    /// Seconds between expiry runs.
    #[arg(long, default_value_t = 3600)]
    expire_every: u64,
    /// Seconds a person may take for a turn before the fallback bot acts
    /// for them, in matches created without their own deadline.
    #[arg(long)]
    turn_seconds: Option<u32>,
    /// Serve this built npm package `tabletop-engines` (a directory such
    /// as `js/` after `bash js/scripts/build.sh`) for the offline table,
    /// `/offline`: people at one screen and bots, in the browser.
    #[arg(long, value_name = "DIR")]
    offline_table: Option<PathBuf>,
    /// Serve the operator's metrics, Prometheus (OpenMetrics) text on
    /// `GET /metrics`, on this address: off by default, never on
    /// `--listen`'s port. Keep it off the public network.
    #[arg(long, value_name = "ADDR")]
    metrics_listen: Option<SocketAddr>,
    /// Derive every match's dice from this number instead of the operating
    /// system's generator. For tests and reproducible benchmarks only:
    /// whoever knows it knows every die.
    #[arg(long, hide = true)]
    dice_seed: Option<u64>,
    /// Accept a start position in `POST /api/matches` (`start`: a record,
    /// resampled for a viewer). For tests only.
    #[arg(long, hide = true)]
    test_starts: bool,
}

/// `--sync`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SyncArg {
    Full,
    Normal,
}

fn default_db() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("tabletop-server").join("server.db")
}

/// Logs to standard error, filtered by `RUST_LOG` (`info` when unset).
/// No log line carries a token: tokens are read once, hashed, and never
/// written anywhere.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
}

impl Cli {
    /// The limits the flags set (the rest at their defaults).
    fn limits(&self) -> Limits {
        Limits {
            connections: self.max_connections,
            http_connections: self.max_http_connections,
            connections_per_address: self.max_connections_per_address,
            connections_per_prefix: self.max_connections_per_prefix,
            prefix_lengths: PrefixLengths {
                ipv4: self.ipv4_prefix,
                ipv6: self.ipv6_prefix,
            },
            header_timeout: Duration::from_millis(self.header_timeout_ms),
            header_timeout_min: Duration::from_millis(self.header_timeout_min_ms),
            body_timeout: Duration::from_millis(self.body_timeout_ms),
            drain_timeout: Duration::from_millis(self.drain_timeout_ms),
            live_matches: self.max_live_matches,
            seat_reserve: self.seat_reserve.min(self.max_live_matches),
            bot_matches: self.max_bot_matches,
            bot_threads: self.bot_threads.max(1),
            spectators: self.max_spectators,
            seat_connections: self.max_seat_connections.max(1),
            creates_per_minute: self.creates_per_minute,
            create_burst: self.create_burst,
            lobby_requests_per_minute: self.lobby_requests_per_minute,
            lobby_burst: self.lobby_burst,
            talk_lines_per_minute: self.talk_lines_per_minute,
            talk_burst: self.talk_burst,
            stored_matches: self.max_stored_matches,
            allow_origins: self.allow_origin.clone(),
            send_queue: self.send_queue.max(1),
            messages_per_second: self.rate,
            message_burst: self.burst,
            bot_budget: Duration::from_millis(self.bot_budget_ms),
            hello_timeout: Duration::from_millis(self.hello_timeout_ms),
            idle_timeout: Duration::from_millis(self.idle_timeout_ms),
            unload_after: Duration::from_secs(self.unload_after),
            expire_over: Duration::from_secs(self.expire_over),
            expire_idle: Duration::from_secs(self.expire_idle),
            expire_every: Duration::from_secs(self.expire_every.max(1)),
            dice_seed: self.dice_seed,
            default_turn_seconds: self.turn_seconds,
            test_starts: self.test_starts,
            ..Limits::default()
        }
    }

    /// `--db`: a PostgreSQL URL, or else a SQLite file.
    fn database(&self) -> Database {
        match &self.db {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Database::Postgres {
                    url: url.clone(),
                    sessions: self.db_sessions.max(1),
                    peer_listen: self.peer_listen,
                    lease: Duration::from_millis(self.lease_ms),
                }
            }
            file => Database::Sqlite {
                path: file.as_ref().map_or_else(default_db, PathBuf::from),
                sync: match self.sync {
                    SyncArg::Full => Sync::Full,
                    SyncArg::Normal => Sync::Normal,
                },
            },
        }
    }
}

/// The runtime: `--threads`, or by default one thread with SQLite and one
/// per core with PostgreSQL.
fn runtime(threads: Option<u16>, db: &Database) -> std::io::Result<tokio::runtime::Runtime> {
    // `None`: one per core.
    let threads = threads.map(usize::from).or(match db {
        Database::Sqlite { .. } => Some(1),
        Database::Postgres { .. } => None,
    });
    match threads {
        Some(1) => tokio::runtime::Builder::new_current_thread(),
        None => tokio::runtime::Builder::new_multi_thread(),
        Some(n) => {
            let mut b = tokio::runtime::Builder::new_multi_thread();
            b.worker_threads(n);
            b
        }
    }
    .enable_all()
    .build()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(t) = cli
        .turn_seconds
        .filter(|t| !(1..=MAX_TURN_SECONDS).contains(t))
    {
        eprintln!(
            "tabletop-server: --turn-seconds {t}: a deadline is 1 to {MAX_TURN_SECONDS} seconds"
        );
        return ExitCode::FAILURE;
    }
    init_logging();
    let config = Config {
        listen: cli.listen,
        db: cli.database(),
        limits: cli.limits(),
        offline_table: cli.offline_table.clone(),
        metrics_listen: cli.metrics_listen,
    };
    let runtime = match runtime(cli.threads, &config.db) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tabletop-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "stopped");
            eprintln!("tabletop-server: {e}");
            ExitCode::FAILURE
        }
    }
}

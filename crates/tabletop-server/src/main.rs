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
use tabletop_server::limits::Limits;
use tabletop_server::server::{Config, serve};

/// The reference game server: a REST lobby, one WebSocket per seat, an
/// embedded SQLite database, bots.
#[derive(Debug, Parser)]
#[command(version)]
struct Cli {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The SQLite database file (created if missing) [default:
    /// $XDG_DATA_HOME/tabletop-server/server.db, or
    /// ~/.local/share/tabletop-server/server.db].
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Open WebSocket connections at most.
    #[arg(long, default_value_t = 10_000)]
    max_connections: usize,
    /// Matches in memory at most.
    #[arg(long, default_value_t = 5_000)]
    max_live_matches: usize,
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

fn default_db() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("tabletop-server").join("server.db")
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let limits = Limits {
        connections: cli.max_connections,
        live_matches: cli.max_live_matches,
        send_queue: cli.send_queue.max(1),
        messages_per_second: cli.rate,
        message_burst: cli.burst,
        bot_budget: Duration::from_millis(cli.bot_budget_ms),
        hello_timeout: Duration::from_millis(cli.hello_timeout_ms),
        idle_timeout: Duration::from_millis(cli.idle_timeout_ms),
        unload_after: Duration::from_secs(cli.unload_after),
        expire_over: Duration::from_secs(cli.expire_over),
        expire_idle: Duration::from_secs(cli.expire_idle),
        expire_every: Duration::from_secs(cli.expire_every.max(1)),
        dice_seed: cli.dice_seed,
        default_turn_seconds: cli.turn_seconds,
        test_starts: cli.test_starts,
        ..Limits::default()
    };
    let config = Config {
        listen: cli.listen,
        db: cli.db.unwrap_or_else(default_db),
        limits,
        offline_table: cli.offline_table,
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tabletop-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabletop-server: {e}");
            ExitCode::FAILURE
        }
    }
}

//! The server process: the store, the lobby, the routes (and, on a shared
//! PostgreSQL, the peers' listener), expiry, and a drain on SIGTERM with
//! nothing lost.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use std::io::Write;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};

use crate::connection::addresses::Addresses;
use crate::connection::limits::Limits;
use crate::http::app::App;
use crate::http::operator::{Scraped, metrics_router};
use crate::http::routes::{peer_router, router};
use crate::lobby::{Lobby, blocking};
use crate::matches::actor::Services;
use crate::matches::bots::BotPool;
use crate::offline::{Engines, OfflineError};
use crate::store::Store;
use crate::store::postgres::PgStore;
use crate::store::sqlite::SqliteStore;

/// How often a process on a shared database looks for matches of bots
/// only that no process serves (their owner stopped), to take them up.
const ADOPT_EVERY: Duration = Duration::from_secs(1);

/// Where the matches are kept.
#[derive(Debug, Clone)]
pub enum Database {
    /// One SQLite file, for one process.
    Sqlite {
        /// The file.
        path: PathBuf,
        /// When its commits reach the disk.
        sync: crate::store::sqlite::Sync,
    },
    /// One PostgreSQL database, shared by every process that names it.
    Postgres {
        /// `postgres://USER@HOST:PORT/DB`.
        url: String,
        /// Pooled sessions for the queries (one more holds the locks).
        sessions: usize,
        /// Where the other processes reach this one (for connections
        /// whose match this one owns).
        peer_listen: SocketAddr,
        /// How long this process's hold on a match lasts unless renewed:
        /// a process that hangs loses its matches to another after it.
        lease: Duration,
    },
}

impl Database {
    /// What the log says of it: the file, or only the kind (a URL may
    /// hold a password).
    fn describe(&self) -> String {
        match self {
            Database::Sqlite { path, .. } => path.display().to_string(),
            Database::Postgres { .. } => "PostgreSQL".to_owned(),
        }
    }
}

/// Where the server listens and keeps its data.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// The database.
    pub db: Database,
    /// Limits and timings.
    pub limits: Limits,
    /// A built npm package `tabletop-engines` to serve for the offline
    /// table (`/offline`), if any.
    pub offline_table: Option<PathBuf>,
    /// Where the metrics are served (`GET /metrics`), if anywhere: never
    /// the public listener's port.
    pub metrics_listen: Option<SocketAddr>,
}

/// Why the server stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The socket or a signal handler.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The store.
    #[error("{0}")]
    Store(String),
    /// The offline table's package.
    #[error("--offline-table: {0}")]
    Offline(#[from] OfflineError),
    /// `--metrics-listen` names the public listener's port.
    #[error("--metrics-listen {0}: metrics are never served on the public port (--listen)")]
    MetricsOnPublic(SocketAddr),
    /// The SQLite file may not be written.
    #[error(
        "the database file {0} is read-only: the server writes every move to it; give it write permission, or serve a copy"
    )]
    ReadOnly(PathBuf),
    /// The peers' listener has no address other processes can reach.
    #[error("--peer-listen {0}: other processes must reach it: name an address of this machine")]
    PeerAddress(SocketAddr),
}

fn store_error(e: impl std::fmt::Display) -> ServeError {
    ServeError::Store(e.to_string())
}

/// The store, and on a shared database the peers' listener and the
/// signals that this process lost its matches.
type Opened = (Arc<dyn Store>, Option<TcpListener>, Option<Lost>);

/// What tells a process on a shared database that it lost matches: its
/// lock session (all of them), or leases not renewed in time (those).
struct Lost {
    session: watch::Receiver<u64>,
    leases: Option<mpsc::UnboundedReceiver<Vec<String>>>,
}

/// Opens the database (off the async threads: both backends block).
async fn open(db: &Database) -> Result<Opened, ServeError> {
    match db {
        Database::Sqlite { path, sync } => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            if std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()) {
                return Err(ServeError::ReadOnly(path.clone()));
            }
            let (file, sync) = (path.clone(), *sync);
            let store = blocking(move || SqliteStore::open(&file, sync))
                .await
                .map_err(|e| {
                    if e.to_string().contains("readonly") {
                        ServeError::ReadOnly(path.clone())
                    } else {
                        store_error(e)
                    }
                })?;
            Ok((Arc::new(store), None, None))
        }
        Database::Postgres {
            url,
            sessions,
            peer_listen,
            lease,
        } => {
            let peers = TcpListener::bind(peer_listen).await?;
            let peer = peers.local_addr()?;
            if peer.ip().is_unspecified() {
                return Err(ServeError::PeerAddress(peer));
            }
            let (url, sessions, lease) = (url.clone(), *sessions, *lease);
            let runtime = tokio::runtime::Handle::current();
            let store = blocking(move || {
                PgStore::open_leased(&url, &peer.to_string(), sessions, runtime, lease)
            })
            .await
            .map_err(store_error)?;
            let lost = Lost {
                session: store.lost(),
                leases: store.leases_lost(),
            };
            Ok((Arc::new(store), Some(peers), Some(lost)))
        }
    }
}

async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut term) = signal(SignalKind::terminate()) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Opens the store, resumes unfinished bot matches, serves until SIGTERM
/// or Ctrl-C, then drains: connections are closed, every match finishes
/// the command at hand (each commit is durable already) and stops.
///
/// The first line on standard output is `listening on http://ADDR`; on a
/// shared PostgreSQL, the second is `peers on ADDR`.
///
/// # Errors
/// The address, or the database, cannot be opened, or the offline
/// table's package cannot be read.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    if let Some(metrics) = config
        .metrics_listen
        .filter(|m| shares_port(*m, config.listen))
    {
        return Err(ServeError::MetricsOnPublic(metrics));
    }
    let engines = match &config.offline_table {
        Some(dir) => Some(Arc::new(Engines::load(dir)?)),
        None => None,
    };
    let (store, peers, lost) = open(&config.db).await?;
    let counted = Arc::clone(&store);
    let stored = blocking(move || counted.count())
        .await
        .map_err(store_error)?;
    let services = Services::new(
        store,
        config.limits.clone(),
        Arc::new(BotPool::new(config.limits.bot_threads)?),
    );
    let lobby = Arc::new(Lobby::new(services, stored));
    lobby.resume().await.map_err(store_error)?;
    let listener = TcpListener::bind(config.listen).await?;
    let addr = listener.local_addr()?;
    let metrics = match config.metrics_listen {
        Some(at) => Some(TcpListener::bind(at).await?),
        None => None,
    };
    announce(addr, peers.as_ref(), metrics.as_ref())?;
    tracing::info!(%addr, db = %config.db.describe(), stored, "listening");
    let (stop, shutdown) = watch::channel(false);
    let app = Arc::new(App {
        lobby: Arc::clone(&lobby),
        limits: config.limits.clone(),
        connections: AtomicUsize::new(0),
        http_connections: Arc::new(AtomicUsize::new(0)),
        addresses: Arc::new(Addresses::new(&config.limits)),
        shutdown: shutdown.clone(),
        engines,
        relay: true,
    });
    let mut tasks = background(&lobby, &config.limits, lost);
    tasks.push(tokio::spawn(async move {
        stop_signal().await;
        tracing::info!("stopping: draining connections and matches");
        let _ = stop.send(true);
    }));
    let relaying = peers.map(|peers| (peers, peer_app(&app)));
    if let Some(metrics) = metrics {
        let scraped = Scraped {
            public: Arc::clone(&app),
            peers: relaying.as_ref().map(|(_, peer_app)| Arc::clone(peer_app)),
        };
        tasks.push(tokio::spawn(serve_metrics(metrics, scraped)));
    }
    let public = crate::http::serve(listener, Arc::clone(&app), router(app), shutdown.clone());
    match relaying {
        Some((peers, peer_app)) => {
            let relayed = crate::http::serve(
                peers,
                Arc::clone(&peer_app),
                peer_router(peer_app),
                shutdown,
            );
            tokio::join!(public, relayed);
        }
        None => public.await,
    }
    for task in tasks {
        task.abort();
    }
    lobby.drain().await;
    tracing::info!("stopped");
    Ok(())
}

/// Prints where the server listens, one line an address, in one write: a
/// reader that takes the first line and goes away is no error.
fn announce(
    addr: std::net::SocketAddr,
    peers: Option<&TcpListener>,
    metrics: Option<&TcpListener>,
) -> std::io::Result<()> {
    let mut lines = vec![format!("listening on http://{addr}\n")];
    if let Some(peers) = peers {
        lines.push(format!("peers on {}\n", peers.local_addr()?));
    }
    if let Some(metrics) = metrics {
        lines.push(format!("metrics on http://{}\n", metrics.local_addr()?));
    }
    let lines = lines.concat();
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(lines.as_bytes()).and_then(|()| out.flush());
    Ok(())
}

/// Serves the operator's metrics until the task is aborted.
async fn serve_metrics(listener: TcpListener, scraped: Scraped) {
    if let Err(e) = axum::serve(listener, metrics_router(scraped)).await {
        tracing::error!(error = %e, "the metrics listener stopped");
    }
}

/// The tasks beside the connections: expiry; on a shared database, taking
/// up matches of bots only that no process serves, and stopping every
/// match when the lock session is lost, and those whose leases were lost.
fn background(
    lobby: &Arc<Lobby>,
    limits: &crate::connection::limits::Limits,
    lost: Option<Lost>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = vec![every(
        limits.expire_every,
        Arc::clone(lobby),
        |lobby| async move {
            match lobby.expire().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(matches = n, "expired"),
                Err(e) => tracing::error!(error = %e, "expiry failed"),
            }
        },
    )];
    if let Some(Lost {
        session: mut lost,
        leases,
    }) = lost
    {
        if let Some(mut leases) = leases {
            let lobby = Arc::clone(lobby);
            tasks.push(tokio::spawn(async move {
                while let Some(ids) = leases.recv().await {
                    lobby.metrics().leases_lost(ids.len());
                    // Another process may own them now: they stop, and
                    // their clients resume wherever they are served.
                    lobby.unload(&ids).await;
                }
            }));
        }
        // Matches of bots only play on with no one connected: when their
        // owner stops, a process takes them up.
        tasks.push(every(ADOPT_EVERY, Arc::clone(lobby), |lobby| async move {
            match lobby.resume().await {
                Ok(0) => {}
                Ok(n) => {
                    lobby.metrics().taken_up(n);
                    tracing::info!(matches = n, "took up matches of bots only");
                }
                Err(e) => tracing::error!(error = %e, "taking up matches failed"),
            }
        }));
        let lobby = Arc::clone(lobby);
        tasks.push(tokio::spawn(async move {
            while lost.changed().await.is_ok() {
                lobby.metrics().lock_session_lost();
                // Another process may own them now: they stop, and their
                // clients resume wherever the matches are served.
                lobby.drain().await;
            }
        }));
    }
    tasks
}

/// What the peers' listener shares: the public one's lobby, no limit per
/// address or network and no share kept (the relayed connections come
/// from a few processes), and no relaying again.
fn peer_app(app: &App) -> Arc<App> {
    Arc::new(App {
        lobby: Arc::clone(&app.lobby),
        connections: AtomicUsize::new(0),
        http_connections: Arc::new(AtomicUsize::new(0)),
        addresses: Arc::new(Addresses::for_peers(&app.limits)),
        limits: app.limits.clone(),
        shutdown: app.shutdown.clone(),
        engines: None,
        relay: false,
    })
}

/// Whether a listener on `metrics` could take connections meant for
/// `public`: the same port, on the same or an unspecified address.
fn shares_port(metrics: SocketAddr, public: SocketAddr) -> bool {
    metrics.port() != 0
        && metrics.port() == public.port()
        && (metrics.ip() == public.ip()
            || metrics.ip().is_unspecified()
            || public.ip().is_unspecified())
}

/// Runs `work` on the lobby every `period`, from now on.
fn every<F, Work>(period: Duration, lobby: Arc<Lobby>, work: F) -> tokio::task::JoinHandle<()>
where
    F: Fn(Arc<Lobby>) -> Work + Send + 'static,
    Work: Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        loop {
            tick.tick().await;
            work(Arc::clone(&lobby)).await;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::shares_port;

    fn at(ip: [u8; 4], port: u16) -> std::net::SocketAddr {
        std::net::SocketAddr::from((ip, port))
    }

    #[test]
    fn metrics_on_the_public_port_are_refused_on_any_address_that_reaches_it() {
        let public = at([127, 0, 0, 1], 8080);
        assert!(shares_port(at([127, 0, 0, 1], 8080), public));
        assert!(shares_port(at([0, 0, 0, 0], 8080), public));
        assert!(shares_port(
            at([127, 0, 0, 1], 8080),
            at([0, 0, 0, 0], 8080)
        ));
        assert!(!shares_port(at([127, 0, 0, 1], 9090), public));
        assert!(!shares_port(at([127, 0, 0, 2], 8080), public));
        // Port 0 is a fresh port, never the public one.
        assert!(!shares_port(at([127, 0, 0, 1], 0), at([127, 0, 0, 1], 0)));
    }
}

//! The server process: the store, the lobby, the routes, expiry, and a
//! drain on SIGTERM with nothing lost.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::actor::Services;
use crate::addresses::Addresses;
use crate::app::App;
use crate::bots::BotPool;
use crate::limits::Limits;
use crate::lobby::Lobby;
use crate::offline::{Engines, OfflineError};
use crate::routes::router;
use crate::sqlite::SqliteStore;
use crate::store::Store;

/// Where the server listens and keeps its data.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// The SQLite database file.
    pub db: PathBuf,
    /// When its commits reach the disk.
    pub sync: crate::sqlite::Sync,
    /// Limits and timings.
    pub limits: Limits,
    /// A built npm package `tabletop-engines` to serve for the offline
    /// table (`/offline`), if any.
    pub offline_table: Option<PathBuf>,
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
/// The first line on standard output is `listening on http://ADDR`.
///
/// # Errors
/// The address, or the database, cannot be opened, or the offline
/// table's package cannot be read.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let engines = match &config.offline_table {
        Some(dir) => Some(Arc::new(Engines::load(dir)?)),
        None => None,
    };
    if let Some(dir) = config.db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let store: Arc<dyn Store> = Arc::new(
        SqliteStore::open(&config.db, config.sync).map_err(|e| ServeError::Store(e.to_string()))?,
    );
    let stored = store
        .count()
        .map_err(|e| ServeError::Store(e.to_string()))?;
    let services = Services {
        store,
        limits: config.limits.clone(),
        bots: Arc::new(BotPool::new(config.limits.bot_threads)?),
    };
    let lobby = Arc::new(Lobby::new(services, stored));
    lobby
        .resume()
        .await
        .map_err(|e| ServeError::Store(e.to_string()))?;
    let listener = TcpListener::bind(config.listen).await?;
    let addr = listener.local_addr()?;
    println!("listening on http://{addr}");
    tracing::info!(%addr, db = %config.db.display(), stored, "listening");
    let (stop, shutdown) = watch::channel(false);
    let app = Arc::new(App {
        lobby: Arc::clone(&lobby),
        limits: config.limits.clone(),
        connections: AtomicUsize::new(0),
        addresses: Arc::new(Addresses::new(&config.limits)),
        shutdown: shutdown.clone(),
        engines,
    });
    let expiry = {
        let lobby = Arc::clone(&lobby);
        let every = config.limits.expire_every;
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                match lobby.expire().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(matches = n, "expired"),
                    Err(e) => tracing::error!(error = %e, "expiry failed"),
                }
            }
        })
    };
    let signal = tokio::spawn(async move {
        stop_signal().await;
        tracing::info!("stopping: draining connections and matches");
        let _ = stop.send(true);
    });
    crate::http::serve(listener, Arc::clone(&app), router(app), shutdown).await;
    signal.abort();
    expiry.abort();
    lobby.drain().await;
    tracing::info!("stopped");
    Ok(())
}

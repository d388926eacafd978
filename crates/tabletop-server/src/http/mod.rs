//! The HTTP server beneath the routes: accepts connections within the
//! limits (all HTTP connections, one client address's and one network's,
//! the last places kept for networks holding fewer), gives each a
//! deadline for every request head (the shorter the fuller the server),
//! and drains on shutdown: idle connections close, requests under way
//! finish, and whatever is still open when the drain's time is up is
//! closed.

pub mod app;
pub mod operator;
pub mod relay;
pub mod routes;
pub mod socket;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower_service::Service;

use crate::connection::addresses::Slot;
use crate::http::app::{App, Peer};

/// How long to wait after an accept error (out of file descriptors, say)
/// before accepting again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Counts an HTTP connection while it lives.
struct Open(Arc<AtomicUsize>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves `router` on `listener` until `stop` turns true, then drains.
pub async fn serve(
    listener: TcpListener,
    app: Arc<App>,
    router: Router,
    mut stop: watch::Receiver<bool>,
) {
    let open = Arc::clone(&app.http_connections);
    let mut connections = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.changed() => break,
        };
        // Reap the connections that ended, so the set stays small.
        while connections.try_join_next().is_some() {}
        let (stream, addr) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(ACCEPT_PAUSE).await;
                continue;
            }
        };
        let before = open.fetch_add(1, Ordering::SeqCst);
        let counted = Open(Arc::clone(&open));
        let cap = app.limits.http_connections;
        if before >= cap {
            tracing::debug!(%addr, "refused: too many connections");
            continue;
        }
        // The places free, this one's included.
        let free = cap.saturating_sub(before);
        let slot = match app.addresses.connect(addr.ip(), free) {
            Ok(slot) => slot,
            Err(why) => {
                tracing::debug!(%addr, %why, "refused");
                continue;
            }
        };
        let header_timeout = app.limits.header_timeout_at(before.saturating_add(1));
        let task = connection(
            stream,
            addr,
            slot,
            router.clone(),
            header_timeout,
            stop.clone(),
        );
        connections.spawn(async move {
            let _counted = counted;
            task.await;
        });
    }
    // The drain: every connection was told to shut down gracefully (the
    // same signal), and the listener is closed; wait for them, bounded.
    drop(listener);
    let drained = tokio::time::timeout(app.limits.drain_timeout, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::info!(
            left = connections.len(),
            "closing the connections still open after the drain"
        );
        connections.shutdown().await;
    }
}

/// One HTTP connection: requests in turn, each head within
/// `header_timeout`, until the client closes, a WebSocket takes it over,
/// or the server drains.
async fn connection(
    stream: TcpStream,
    addr: SocketAddr,
    slot: Slot,
    router: Router,
    header_timeout: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let peer = Peer {
        ip: addr.ip(),
        slot: Arc::new(slot),
    };
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(peer.clone());
        // A router is always ready: it needs no `poll_ready` first.
        router.clone().call(request)
    });
    let conn = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(conn);
    tokio::select! {
        result = conn.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(%addr, error = %e, "connection ended");
            }
        }
        _ = stop.changed() => {
            conn.as_mut().graceful_shutdown();
            let _ = conn.await;
        }
    }
}

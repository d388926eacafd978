//! What an operator asks of a running process: whether it is alive
//! (`GET /healthz`) and whether its store answers (`GET /readyz`), on the
//! public listener for a load balancer; and its metrics (`GET /metrics`),
//! on the `--metrics-listen` address alone.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::http::app::App;
use crate::metrics::Connections;

/// The content type of the OpenMetrics text Prometheus scrapes.
const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// `GET /healthz`: the process answers.
pub async fn healthz() -> Response {
    (StatusCode::OK, "alive\n").into_response()
}

/// `GET /readyz`: the store answers a read (`503` when it does not).
pub async fn readyz(State(app): State<Arc<App>>) -> Response {
    match app.lobby.ready().await {
        Ok(()) => (StatusCode::OK, "ready\n").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: the store does not answer");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the store does not answer\n",
            )
                .into_response()
        }
    }
}

/// What the metrics listener reads: the public listener's app and, on a
/// shared database, the peers' listener's.
#[derive(Debug, Clone)]
pub struct Scraped {
    /// The public listener's.
    pub public: Arc<App>,
    /// The peers' listener's, whose WebSockets are relayed ones.
    pub peers: Option<Arc<App>>,
}

async fn metrics(State(scraped): State<Scraped>) -> Response {
    let app = &scraped.public;
    let mut open = vec![
        (
            Connections::Http,
            app.http_connections.load(Ordering::SeqCst),
        ),
        (
            Connections::WebSocket,
            app.connections.load(Ordering::SeqCst),
        ),
    ];
    if let Some(peers) = &scraped.peers {
        open.push((
            Connections::Relayed,
            peers.connections.load(Ordering::SeqCst),
        ));
    }
    let text = app.lobby.metrics().scrape(app.lobby.live_count(), &open);
    ([(header::CONTENT_TYPE, OPENMETRICS)], text).into_response()
}

/// The metrics listener's routes: `GET /metrics` alone.
pub fn metrics_router(scraped: Scraped) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(scraped)
}

//! The HTTP routes: the REST lobby, the pages and their assets, and the
//! WebSocket upgrade. Handlers are small; what they share is passed in
//! [`App`], and the client's address comes with each request ([`Peer`]).

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use schemars::JsonSchema;
use serde::Serialize;

use crate::app::{App, Peer};
use crate::games::{GameInfo, catalogue};
use crate::lobby::CreateMatch;
use crate::lobby_error::LobbyError;

/// The largest body `POST /api/matches` reads: a request names a game and
/// its seats (a test start carries a record, and may be larger).
const MAX_BODY: usize = 16 * 1024;
/// The largest body with a test start (`--test-starts`).
const MAX_TEST_BODY: usize = 1024 * 1024;

/// The routes.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/matches", post(create_match))
        .route("/api/matches/{id}", get(match_facts))
        .route("/ws", get(crate::socket::upgrade))
        .route("/", get(lobby_page))
        .route("/play/{id}", get(play_page))
        .route("/web/{name}", get(web_asset))
        .route("/offline", get(offline_page))
        .route("/web/engines/{*path}", get(engines_file))
        .with_state(app)
}

/// The peers' listener's routes: the WebSocket alone, for connections
/// that another process serves through this one.
pub fn peer_router(app: Arc<App>) -> Router {
    Router::new()
        .route("/ws", get(crate::socket::upgrade))
        .with_state(app)
}

/// The pages and their assets: plain HTML, CSS and ES modules embedded in
/// the binary, no build step. `/` is the lobby, `/play/{id}` the page a
/// capability link opens, `/offline` the offline table (with
/// `--offline-table`); they load their modules from `/web/`.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "lobby.html",
        "text/html; charset=utf-8",
        include_str!("../web/lobby.html"),
    ),
    (
        "play.html",
        "text/html; charset=utf-8",
        include_str!("../web/play.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/lobby.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/play.js"),
    ),
    (
        "patch.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/patch.js"),
    ),
    (
        "sentences.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/sentences.js"),
    ),
    (
        "age-of-war.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/age-of-war.js"),
    ),
    (
        "armadora.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/armadora.js"),
    ),
    (
        "era.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/era.js"),
    ),
    (
        "offline.html",
        "text/html; charset=utf-8",
        include_str!("../web/offline.html"),
    ),
    (
        "offline.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/offline.js"),
    ),
    (
        "generic.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/generic.js"),
    ),
];

fn asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => not_found(),
    }
}

async fn lobby_page() -> Response {
    asset("lobby.html")
}

async fn play_page() -> Response {
    asset("play.html")
}

async fn web_asset(Path(name): Path<String>) -> Response {
    asset(&name)
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found").into_response()
}

/// The offline table, only when the server has a package to run it on.
async fn offline_page(State(app): State<Arc<App>>) -> Response {
    if app.engines.is_some() {
        asset("offline.html")
    } else {
        not_found()
    }
}

/// A file of the offline table's package: only those it lists, read at
/// start (a path names an entry of that list, never the file system).
async fn engines_file(State(app): State<Arc<App>>, Path(path): Path<String>) -> Response {
    let Some(file) = app.engines.as_deref().and_then(|e| e.get(&path)) else {
        return not_found();
    };
    (
        [
            (header::CONTENT_TYPE, file.kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        file.body.clone(),
    )
        .into_response()
}

/// The answer to `GET /api/games`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Games {
    /// Every game the server plays.
    pub games: Vec<GameInfo>,
    /// The offline table's page, when the server serves one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offline: Option<&'static str>,
}

async fn games(State(app): State<Arc<App>>) -> Json<Games> {
    Json(Games {
        games: catalogue(),
        offline: app.engines.is_some().then_some("/offline"),
    })
}

/// Whether the request says its body is JSON (`application/json`, with
/// or without parameters such as a charset).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"))
}

async fn create_match(State(app): State<Arc<App>>, request: Request<Body>) -> Response {
    match create(&app, request).await {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn create(app: &App, request: Request<Body>) -> Result<crate::lobby::Created, LobbyError> {
    if !is_json(request.headers()) {
        return Err(LobbyError::UnsupportedMediaType);
    }
    let ip = request.extensions().get::<Peer>().map(|p| p.ip);
    let limit = if app.limits.test_starts {
        MAX_TEST_BODY
    } else {
        MAX_BODY
    };
    let body = tokio::time::timeout(
        app.limits.body_timeout,
        axum::body::to_bytes(request.into_body(), limit),
    )
    .await
    .map_err(|_| LobbyError::BadRequest("the body did not arrive in time".to_owned()))?
    .map_err(|_| LobbyError::BadRequest(format!("a body of at most {limit} bytes")))?;
    let wanted: CreateMatch =
        serde_json::from_slice(&body).map_err(|e| LobbyError::BadRequest(e.to_string()))?;
    if let Some(ip) = ip {
        if !app.addresses.may_create(ip) {
            return Err(LobbyError::RateLimited);
        }
    }
    app.lobby.create(wanted).await
}

async fn match_facts(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.lobby.facts(&id).await {
        Ok(facts) => Json(facts).into_response(),
        Err(e) => e.into_response(),
    }
}

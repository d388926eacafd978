//! The HTTP routes: the REST lobby, the pages and their assets, and the
//! WebSocket upgrade. Handlers are small; what they share is passed in
//! [`App`], and the client's address comes with each request ([`Peer`]).

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Extension, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::http::app::{App, Peer};
use crate::lobby::CreateMatch;
use crate::lobby::error::LobbyError;
use crate::lobby::seats::{AskRematch, TakeSeat};
use crate::matches::games::{GameInfo, catalogue};

/// The largest body `POST /api/matches` reads: a request names a game and
/// its seats (a test start carries a record, and may be larger).
const MAX_BODY: usize = 16 * 1024;
/// The largest body with a test start (`--test-starts`).
const MAX_TEST_BODY: usize = 1024 * 1024;

/// The routes.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/matches", post(create_match).get(open_matches))
        .route("/api/matches/{id}", get(match_facts))
        .route("/api/matches/{id}/seats/{seat}", post(take_seat))
        .route("/api/matches/{id}/rematch", post(rematch))
        .route("/api/matches/{id}/replay", get(replay))
        .route("/api/matches/{id}/turn", get(turn))
        .route("/ws", get(crate::http::socket::upgrade))
        .route("/healthz", get(crate::http::operator::healthz))
        .route("/readyz", get(crate::http::operator::readyz))
        .route("/", get(lobby_page))
        .route("/play/{id}", get(play_page))
        .route("/replay/{id}", get(replay_page))
        .route("/web/{name}", get(web_asset))
        .route("/web/i18n/{name}", get(message_file))
        .route("/web/games/{name}", get(game_drawing))
        .route("/web/schemas/{name}", get(game_view_schema))
        .route("/offline", get(offline_page))
        .route("/web/engines/{*path}", get(engines_file))
        .with_state(app)
}

/// The peers' listener's routes: the WebSocket alone, for connections
/// that another process serves through this one.
pub fn peer_router(app: Arc<App>) -> Router {
    Router::new()
        .route("/ws", get(crate::http::socket::upgrade))
        .with_state(app)
}

/// The pages and their assets: plain HTML, CSS and ES modules embedded in
/// the binary, no build step: `(path under web/, content type, text)` of
/// every file under `web/`, listed by the build script. `/` is the lobby,
/// `/play/{id}` the page a capability link opens, `/replay/{id}` a
/// finished match stepped through, `/offline` the offline table (with
/// `--offline-table`); they load their modules from `/web/`, their
/// messages, one file per language, from `/web/i18n/`, and a game's own
/// drawing, when it has one, from `/web/games/{game}.js`.
const ASSETS: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

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

async fn replay_page() -> Response {
    asset("replay.html")
}

async fn web_asset(Path(name): Path<String>) -> Response {
    asset(&name)
}

/// A language's messages (`/web/i18n/es.js`).
async fn message_file(Path(name): Path<String>) -> Response {
    asset(&format!("i18n/{name}"))
}

/// A game's own drawing (`/web/games/armadora.js`); for a game without
/// one, the generic drawing under that name, so a page loads a drawing
/// for any game without a failed request.
async fn game_drawing(Path(name): Path<String>) -> Response {
    let path = format!("games/{name}");
    if ASSETS.iter().any(|(n, _, _)| *n == path) {
        return asset(&path);
    }
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        "export * from \"/web/generic.js\";\n",
    )
        .into_response()
}

/// A game's view schema (`/web/schemas/pig`), for the generic drawing.
async fn game_view_schema(Path(name): Path<String>) -> Response {
    match crate::wire::view_schema::view_schema(&name) {
        Some(schema) => (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            schema,
        )
            .into_response(),
        None => not_found(),
    }
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
    answer(StatusCode::CREATED, create(&app, request).await)
}

/// The JSON body of `request`, read within the body's deadline and at
/// most `limit` bytes, as a `T`.
async fn json_body<T: DeserializeOwned>(
    app: &App,
    request: Request<Body>,
    limit: usize,
) -> Result<T, LobbyError> {
    if !is_json(request.headers()) {
        return Err(LobbyError::UnsupportedMediaType);
    }
    let body = tokio::time::timeout(
        app.limits.body_timeout,
        axum::body::to_bytes(request.into_body(), limit),
    )
    .await
    .map_err(|_| LobbyError::BadRequest("the body did not arrive in time".to_owned()))?
    .map_err(|_| LobbyError::BadRequest(format!("a body of at most {limit} bytes")))?;
    serde_json::from_slice(&body).map_err(|e| LobbyError::BadRequest(e.to_string()))
}

fn peer_ip(request: &Request<Body>) -> Option<std::net::IpAddr> {
    request.extensions().get::<Peer>().map(|p| p.ip)
}

/// Whether the request's address may make one more lobby request that
/// costs the server (a seat taken, a rematch, a replay, the list of open
/// matches).
fn may_ask(app: &App, ip: Option<std::net::IpAddr>) -> Result<(), LobbyError> {
    match ip {
        Some(ip) if !app.addresses.may_ask(ip) => Err(LobbyError::RateLimited),
        _ => Ok(()),
    }
}

/// Whether the request's address may create one more match (a rematch
/// counts as one).
fn may_create(app: &App, ip: Option<std::net::IpAddr>) -> Result<(), LobbyError> {
    match ip {
        Some(ip) if !app.addresses.may_create(ip) => Err(LobbyError::RateLimited),
        _ => Ok(()),
    }
}

async fn create(app: &App, request: Request<Body>) -> Result<crate::lobby::Created, LobbyError> {
    let ip = peer_ip(&request);
    let limit = if app.limits.test_starts {
        MAX_TEST_BODY
    } else {
        MAX_BODY
    };
    let wanted: CreateMatch = json_body(app, request, limit).await?;
    may_create(app, ip)?;
    app.lobby
        .create_from(
            wanted,
            ip.map(|ip| crate::lobby::open_list::creator_of(ip, app.limits.prefix_lengths)),
        )
        .await
}

/// The answer to a lobby request: `status` and the JSON of what it
/// answers, or the refusal.
fn answer<T: Serialize>(status: StatusCode, result: Result<T, LobbyError>) -> Response {
    match result {
        Ok(body) => (status, Json(body)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/matches`'s query: only the open matches are listed, a page
/// at a time (`after` the cursor an earlier page answered as `next`).
#[derive(Debug, Deserialize)]
struct ListQuery {
    #[serde(default)]
    open: Option<bool>,
    #[serde(default)]
    after: Option<String>,
}

async fn open_matches(
    State(app): State<Arc<App>>,
    peer: Option<Extension<Peer>>,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Response {
    let listed = async {
        let Ok(Query(ListQuery {
            open: Some(true),
            after,
        })) = query
        else {
            return Err(LobbyError::BadRequest(
                "only matches with a free seat are listed: GET /api/matches?open=true".to_owned(),
            ));
        };
        may_ask(&app, peer.map(|Extension(p)| p.ip))?;
        app.lobby.open_matches(after.as_deref()).await
    };
    answer(StatusCode::OK, listed.await)
}

async fn take_seat(
    State(app): State<Arc<App>>,
    Path((id, seat)): Path<(String, String)>,
    request: Request<Body>,
) -> Response {
    let taken = async {
        let seat: usize = seat.parse().map_err(|_| LobbyError::UnknownSeat)?;
        let ip = peer_ip(&request);
        let wanted: TakeSeat = json_body(&app, request, MAX_BODY).await?;
        may_ask(&app, ip)?;
        app.lobby.take_seat(&id, seat, wanted).await
    };
    answer(StatusCode::CREATED, taken.await)
}

async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    request: Request<Body>,
) -> Response {
    let rematch = async {
        let ip = peer_ip(&request);
        let wanted: AskRematch = json_body(&app, request, MAX_BODY).await?;
        may_ask(&app, ip)?;
        // A rematch may create a match: it counts as one.
        may_create(&app, ip)?;
        app.lobby.rematch(&id, wanted).await
    };
    answer(StatusCode::CREATED, rematch.await)
}

/// `GET /api/matches/{id}/replay`'s query: the seat whose eyes, or none
/// for the spectators'.
#[derive(Debug, Deserialize)]
struct ReplayQuery {
    #[serde(default)]
    seat: Option<usize>,
}

async fn replay(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Response {
    let replay = async {
        let Ok(Query(query)) = query else {
            return Err(LobbyError::UnknownSeat);
        };
        may_ask(&app, peer.map(|Extension(p)| p.ip))?;
        // A seat's token travels in a header, never in the URL, so it stays
        // out of logs.
        app.lobby
            .replay(&id, query.seat, crate::lobby::turn::bearer(&headers))
            .await
    };
    answer(StatusCode::OK, replay.await)
}

async fn match_facts(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    answer(StatusCode::OK, app.lobby.facts(&id).await)
}

/// Whether it is the turn of the seat whose token the request carries
/// (`Authorization: Bearer TOKEN`), as that seat sees it.
async fn turn(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
) -> Response {
    let turn = async {
        may_ask(&app, peer.map(|Extension(p)| p.ip))?;
        let token = crate::lobby::turn::bearer(&headers).ok_or(LobbyError::UnknownToken)?;
        app.lobby.turn(&id, token).await
    };
    answer(StatusCode::OK, turn.await)
}

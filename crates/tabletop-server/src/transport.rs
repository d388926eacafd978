//! HTTP and WebSocket: the REST lobby and one socket per client. The seat
//! comes from the connection's token, never from a message field.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Json;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tabletop_engines::dice_core::Viewer;
use tokio::sync::{mpsc, oneshot, watch};

use crate::actor::{Command, Frame, Handle};
use crate::games::catalogue;
use crate::limits::{Bucket, Limits};
use crate::lobby::{CreateMatch, Lobby, LobbyError};
use crate::offline::Engines;
use crate::protocol::{self, ClientMessage, Refusal};

/// Frames larger than this close the connection at the WebSocket layer;
/// smaller ones above the protocol's own limit get a typed refusal.
const MAX_FRAME: usize = 64 * 1024;
/// Each connection's read buffer.
const READ_BUFFER: usize = 4 * 1024;

/// What every request handler shares.
#[derive(Debug)]
pub struct App {
    /// The matches.
    pub lobby: Arc<Lobby>,
    /// The limits.
    pub limits: Limits,
    /// Open WebSocket connections.
    pub connections: AtomicUsize,
    /// Set when the server drains.
    pub shutdown: watch::Receiver<bool>,
    /// The offline table's package, when `--offline-table` is given.
    pub engines: Option<Arc<Engines>>,
}

/// The routes.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/matches", axum::routing::post(create_match))
        .route("/api/matches/{id}", get(match_facts))
        .route("/ws", get(upgrade))
        .route("/", get(lobby_page))
        .route("/play/{id}", get(play_page))
        .route("/web/{name}", get(web_asset))
        .route("/offline", get(offline_page))
        .route("/web/engines/{*path}", get(engines_file))
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
                (axum::http::header::CONTENT_TYPE, *kind),
                (axum::http::header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
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
            (axum::http::header::CONTENT_TYPE, file.kind),
            (axum::http::header::CACHE_CONTROL, "no-cache"),
        ],
        file.body.clone(),
    )
        .into_response()
}

fn lobby_error(e: &LobbyError) -> Response {
    let (status, code) = match e {
        LobbyError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
        LobbyError::NotFound => (StatusCode::NOT_FOUND, "unknown_match"),
        LobbyError::Busy(_) => (StatusCode::SERVICE_UNAVAILABLE, "busy"),
        LobbyError::Store(_) => (StatusCode::INTERNAL_SERVER_ERROR, "unavailable"),
    };
    (
        status,
        Json(json!({ "error": { "code": code, "text": e.to_string() } })),
    )
        .into_response()
}

async fn games(State(app): State<Arc<App>>) -> Json<Value> {
    let list: Vec<Value> = catalogue()
        .into_iter()
        .map(|g| {
            json!({
                "name": g.name,
                "config": g.config,
                "players": g.players,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "bots": g.bots,
            })
        })
        .collect();
    let mut answer = serde_json::Map::new();
    answer.insert("games".to_owned(), Value::Array(list));
    if app.engines.is_some() {
        answer.insert("offline".to_owned(), json!("/offline"));
    }
    Json(Value::Object(answer))
}

async fn create_match(State(app): State<Arc<App>>, body: axum::body::Bytes) -> Response {
    let request: CreateMatch = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return lobby_error(&LobbyError::BadRequest(e.to_string())),
    };
    match app.lobby.create(request).await {
        Ok(answer) => (StatusCode::CREATED, Json(answer)).into_response(),
        Err(e) => lobby_error(&e),
    }
}

async fn match_facts(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let handle = match app.lobby.handle(&id).await {
        Ok((handle, _)) => handle,
        Err(e) => return lobby_error(&e),
    };
    let (reply, answer) = oneshot::channel();
    if handle
        .commands
        .send(Command::Facts { reply })
        .await
        .is_err()
    {
        return lobby_error(&LobbyError::Busy(
            "the match is unloading; retry".to_owned(),
        ));
    }
    match answer.await {
        Ok(facts) => Json(facts).into_response(),
        Err(_) => lobby_error(&LobbyError::Busy(
            "the match is unloading; retry".to_owned(),
        )),
    }
}

/// Counts a connection while it lives.
struct Counted(Arc<App>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn upgrade(State(app): State<Arc<App>>, ws: WebSocketUpgrade) -> Response {
    if app.connections.fetch_add(1, Ordering::SeqCst) >= app.limits.connections {
        app.connections.fetch_sub(1, Ordering::SeqCst);
        return lobby_error(&LobbyError::Busy("too many connections".to_owned()));
    }
    let counted = Counted(Arc::clone(&app));
    // Small buffers: a connection holds a few KiB, not the 128 KiB read
    // and write buffers of the defaults.
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _counted = counted;
            connection(app, socket).await;
        })
}

async fn send(socket: &mut WebSocket, limits: &Limits, text: &str) -> bool {
    let message = Message::Text(text.to_owned().into());
    matches!(
        tokio::time::timeout(limits.send_timeout, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn close_with(socket: &mut WebSocket, limits: &Limits, refusal: &Refusal) {
    let _ = send(socket, limits, &protocol::error(refusal)).await;
    let _ = tokio::time::timeout(limits.send_timeout, socket.send(Message::Close(None))).await;
}

/// A bound connection: the match, and the seat (`None` for a spectator).
struct Bound {
    handle: Handle,
    seat: Option<usize>,
    last_seq: Option<usize>,
    view_patches: bool,
    known_texts: bool,
}

async fn hello(app: &App, socket: &mut WebSocket) -> Result<Bound, Refusal> {
    let first = tokio::time::timeout(app.limits.hello_timeout, socket.recv()).await;
    let text = match first {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Ok(_))) => return Err(Refusal::new("bad_message", "the first message is hello")),
        _ => return Err(Refusal::new("timeout", "no hello")),
    };
    let message =
        protocol::decode(text.as_str()).map_err(|e| Refusal::new(e.code(), e.to_string()))?;
    let unknown = |e: LobbyError| match e {
        LobbyError::NotFound => Refusal::new("unknown_match", "no match has this id"),
        LobbyError::Busy(why) => Refusal::new("busy", why),
        e => Refusal::new("unavailable", e.to_string()),
    };
    match message {
        ClientMessage::Hello {
            token,
            last_seq,
            view_patches,
            known_texts,
        } => {
            let (match_id, seat) = app
                .lobby
                .seat_of(&token)
                .await
                .map_err(unknown)?
                .ok_or_else(|| Refusal::new("unknown_token", "no seat has this token"))?;
            let (handle, _) = app.lobby.handle(&match_id).await.map_err(unknown)?;
            Ok(Bound {
                handle,
                seat: Some(seat),
                last_seq,
                view_patches,
                known_texts,
            })
        }
        ClientMessage::Spectate {
            match_id,
            last_seq,
            view_patches,
            known_texts,
        } => {
            let (handle, info) = app.lobby.handle(&match_id).await.map_err(unknown)?;
            if !info.spectators {
                return Err(Refusal::new(
                    "no_spectators",
                    "this match has no spectators",
                ));
            }
            Ok(Bound {
                handle,
                seat: None,
                last_seq,
                view_patches,
                known_texts,
            })
        }
        ClientMessage::Act { .. } => Err(Refusal::new("bad_message", "the first message is hello")),
    }
}

/// A bound connection's message: passed to the match, or refused here
/// (with the client id when there is one).
fn on_message(bound: &Bound, sub: u64, text: &str) -> Option<(Option<String>, Refusal)> {
    match protocol::decode(text) {
        Err(e) => Some((None, Refusal::new(e.code(), e.to_string()))),
        Ok(ClientMessage::Hello { .. } | ClientMessage::Spectate { .. }) => Some((
            None,
            Refusal::new("already_bound", "this connection is bound already"),
        )),
        Ok(ClientMessage::Act { client_id, .. }) if bound.seat.is_none() => Some((
            Some(client_id),
            Refusal::new("spectator", "a spectator does not act"),
        )),
        Ok(ClientMessage::Act {
            seq,
            action,
            client_id,
        }) => {
            let seat = bound.seat.unwrap_or_default();
            let act = Command::Act {
                sub,
                seat,
                seq,
                action,
                client_id: client_id.clone(),
            };
            match bound.handle.commands.try_send(act) {
                Ok(()) => None,
                Err(_) => Some((
                    Some(client_id),
                    Refusal::new("busy", "the match is busy; retry"),
                )),
            }
        }
    }
}

async fn connection(app: Arc<App>, mut socket: WebSocket) {
    let limits = app.limits.clone();
    let bound = match hello(&app, &mut socket).await {
        Ok(bound) => bound,
        Err(refusal) => return close_with(&mut socket, &limits, &refusal).await,
    };
    let (frames, mut outbox) = mpsc::channel::<Frame>(limits.send_queue);
    let (reply, sub) = oneshot::channel();
    let viewer = bound.seat.map_or(Viewer::Spectator, Viewer::Seat);
    let subscribe = Command::Subscribe {
        viewer,
        last_seq: bound.last_seq,
        view_patches: bound.view_patches,
        known_texts: bound.known_texts,
        frames,
        reply,
    };
    if bound.handle.commands.send(subscribe).await.is_err() {
        return close_with(
            &mut socket,
            &limits,
            &Refusal::new("busy", "the match is unloading; retry"),
        )
        .await;
    }
    let Ok(sub) = sub.await else {
        return close_with(
            &mut socket,
            &limits,
            &Refusal::new("busy", "the match is unloading; retry"),
        )
        .await;
    };
    let mut shutdown = app.shutdown.clone();
    let mut bucket = Bucket::new(limits.messages_per_second, limits.message_burst);
    let mut strikes = 0u32;
    loop {
        tokio::select! {
            frame = outbox.recv() => {
                let Some(frame) = frame else {
                    // Dropped by the match: a full queue, or the server
                    // drains. The client may resume.
                    break;
                };
                if !send(&mut socket, &limits, &frame).await {
                    break;
                }
            }
            incoming = tokio::time::timeout(limits.idle_timeout, socket.recv()) => {
                let text = match incoming {
                    Ok(Some(Ok(Message::Text(text)))) => text,
                    Ok(Some(Ok(Message::Binary(_)))) => {
                        let refusal = Refusal::new("bad_message", "messages are JSON text");
                        if !send(&mut socket, &limits, &protocol::refused(None, &refusal)).await {
                            break;
                        }
                        continue;
                    }
                    Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
                    _ => break,
                };
                if !bucket.take() {
                    strikes = strikes.saturating_add(1);
                    if strikes > limits.rate_strikes {
                        close_with(&mut socket, &limits, &Refusal::new("rate_limited", "too many messages")).await;
                        break;
                    }
                    let refusal = Refusal::new("rate_limited", "too many messages; slow down");
                    if !send(&mut socket, &limits, &protocol::refused(None, &refusal)).await {
                        break;
                    }
                    continue;
                }
                if let Some((client_id, refusal)) = on_message(&bound, sub, text.as_str()) {
                    if !send(&mut socket, &limits, &protocol::refused(client_id.as_deref(), &refusal)).await {
                        break;
                    }
                }
            }
            _ = shutdown.changed() => {
                close_with(&mut socket, &limits, &Refusal::new("shutdown", "the server is stopping; reconnect later")).await;
                break;
            }
        }
    }
    let _ = bound
        .handle
        .commands
        .send(Command::Unsubscribe { sub })
        .await;
}

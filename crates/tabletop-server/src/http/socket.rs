//! One WebSocket per client: bound to a seat by its token (never by a
//! message field) or to a match as a spectator, then passing the client's
//! actions to the match and the match's frames to the client.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tabletop_engines::dice_core::Viewer;
use tokio::sync::{mpsc, oneshot};

use crate::connection::limits::{Bucket, Limits};
use crate::http::app::{App, Peer};
use crate::http::relay::{self, Ended};
use crate::lobby::error::{ErrorBody, LobbyError};
use crate::lobby::{Load, Served};
use crate::matches::actor::{Command, Frame, Handle, OptIns};
use crate::matches::talk::line_text;
use crate::wire::client_message::{self, ClientMessage};
use crate::wire::code::{Code, Reason};
use crate::wire::server_message::ServerMessage;

/// Frames larger than this close the connection at the WebSocket layer;
/// smaller ones above the protocol's own limit get a typed refusal.
const MAX_FRAME: usize = 64 * 1024;
/// Each connection's read buffer.
const READ_BUFFER: usize = 4 * 1024;
/// Tries to reach the process that owns a connection's match (it may
/// just have stopped, and another be taking the match over).
const RELAY_ATTEMPTS: usize = 5;
/// The pause between two of them.
const RELAY_PAUSE: std::time::Duration = std::time::Duration::from_millis(100);

/// Counts a connection while it lives.
struct Counted(Arc<App>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The origin of the page that opens a WebSocket, when a browser says it:
/// allowed when it is this server's own (its host is the request's
/// `Host`) or one given with `--allow-origin`. A client that is no browser
/// sends none, and is allowed: the check keeps other sites' pages from
/// acting for a visitor who holds a link.
fn origin_allowed(headers: &HeaderMap, limits: &Limits) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if limits.allow_origins.iter().any(|o| o == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

fn refuse(status: StatusCode, reason: Reason) -> Response {
    (status, axum::Json(ErrorBody { error: reason })).into_response()
}

/// `GET /ws`: the upgrade, once the origin is allowed and a connection
/// is free.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &app.limits) {
        return refuse(
            StatusCode::FORBIDDEN,
            Reason::new(
                Code::ForbiddenOrigin,
                "pages of another origin may not open this server's WebSocket",
            ),
        );
    }
    if app.connections.fetch_add(1, Ordering::SeqCst) >= app.limits.connections {
        app.connections.fetch_sub(1, Ordering::SeqCst);
        return LobbyError::Busy("too many connections".to_owned()).into_response();
    }
    let counted = Counted(Arc::clone(&app));
    let slot = peer.map(|Extension(p)| p.slot);
    // Small buffers: a connection holds a few KiB, not the 128 KiB read
    // and write buffers of the defaults.
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _counted = counted;
            // The address's connection stays counted while the socket
            // lives.
            let _slot = slot;
            connection(app, socket).await;
        })
}

async fn send(socket: &mut WebSocket, limits: &Limits, text: &str) -> bool {
    let message = Message::Text(text.into());
    matches!(
        tokio::time::timeout(limits.send_timeout, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn send_refused(
    socket: &mut WebSocket,
    limits: &Limits,
    client_id: Option<&str>,
    reason: &Reason,
) -> bool {
    let text = ServerMessage::Refused { client_id, reason }.to_text();
    send(socket, limits, &text).await
}

fn stopping() -> Reason {
    Reason::new(Code::Shutdown, "the server is stopping; reconnect later")
}

async fn close_with(socket: &mut WebSocket, limits: &Limits, reason: &Reason) {
    let _ = send(socket, limits, &ServerMessage::Error { reason }.to_text()).await;
    let _ = tokio::time::timeout(limits.send_timeout, socket.send(Message::Close(None))).await;
}

/// A bound connection: the match, and the seat (`None` for a spectator).
struct Bound {
    handle: Handle,
    seat: Option<usize>,
    last_seq: Option<usize>,
    opt_ins: OptIns,
}

/// A connection's first message, read: the match, the seat (`None` for a
/// spectator), what the client asks for, and the message as it came.
struct Hello {
    match_id: String,
    seat: Option<usize>,
    last_seq: Option<usize>,
    opt_ins: OptIns,
    first: String,
}

/// What a connection is told when the lobby cannot bind it.
fn unbound(e: &LobbyError) -> Reason {
    e.reason()
}

async fn hello(app: &App, socket: &mut WebSocket) -> Result<Hello, Reason> {
    let first = tokio::time::timeout(app.limits.hello_timeout, socket.recv()).await;
    let text = match first {
        Ok(Some(Ok(Message::Text(text)))) => text,
        Ok(Some(Ok(_))) => return Err(Reason::new(Code::BadMessage, "the first message is hello")),
        _ => return Err(Reason::new(Code::Timeout, "no hello")),
    };
    let message =
        client_message::decode(text.as_str()).map_err(|e| Reason::new(e.code(), e.to_string()))?;
    let (match_id, seat, binding) = match message {
        ClientMessage::Hello { token, binding } => {
            let (match_id, seat) = app
                .lobby
                .seat_of(&token)
                .await
                .map_err(|e| unbound(&e))?
                .ok_or_else(|| Reason::new(Code::UnknownToken, "no seat has this token"))?;
            (match_id, Some(seat), binding)
        }
        ClientMessage::Spectate { match_id, binding } => {
            let facts = app.lobby.facts(&match_id).await.map_err(|e| unbound(&e))?;
            if !facts.spectators {
                return Err(Reason::new(
                    Code::NoSpectators,
                    "this match has no spectators",
                ));
            }
            (match_id, None, binding)
        }
        ClientMessage::Act { .. } | ClientMessage::Say { .. } => {
            return Err(Reason::new(Code::BadMessage, "the first message is hello"));
        }
    };
    Ok(Hello {
        match_id,
        seat,
        last_seq: binding.last_seq,
        opt_ins: OptIns {
            view_patches: binding.view_patches,
            known_texts: binding.known_texts,
            narration: binding.narration,
        },
        first: text.as_str().to_owned(),
    })
}

/// Binds the connection to its match, live here; or, when another
/// process owns the match, serves the connection through that process
/// until it ends (`None`). On the peers' listener a connection is never
/// sent on again.
async fn bind(app: &App, socket: &mut WebSocket, hello: Hello) -> Result<Option<Bound>, Reason> {
    // A seat may use every live slot; a spectator leaves the reserve free.
    let load = hello.seat.map_or(Load::Other, |_| Load::Seat);
    for _ in 0..RELAY_ATTEMPTS {
        let served = app
            .lobby
            .serve(&hello.match_id, load)
            .await
            .map_err(|e| unbound(&e))?;
        let peer = match served {
            Served::Here(handle, _) => {
                return Ok(Some(Bound {
                    handle,
                    seat: hello.seat,
                    last_seq: hello.last_seq,
                    opt_ins: hello.opt_ins,
                }));
            }
            Served::Elsewhere(_) if !app.relay => break,
            Served::Elsewhere(peer) => peer,
        };
        // Boxed: the relay's state is allocated only for a relayed
        // connection, not carried in every connection's task.
        if let Some(upstream) = Box::pin(relay::open(&peer, &hello.first, &app.limits)).await {
            let piped = relay::pipe(app, socket, upstream, &hello.match_id, &peer);
            match Box::pin(piped).await {
                Ended::Shutdown => close_with(socket, &app.limits, &stopping()).await,
                Ended::Closed => {
                    let close = socket.send(Message::Close(None));
                    let _ = tokio::time::timeout(app.limits.send_timeout, close).await;
                }
            }
            return Ok(None);
        }
        tokio::time::sleep(RELAY_PAUSE).await;
    }
    Err(Reason::new(
        Code::Busy,
        "the match is moving to another process; reconnect",
    ))
}

/// A bound connection's message: passed to the match, or refused here
/// (with the client id when there is one).
fn on_message(bound: &Bound, sub: u64, text: &str) -> Option<(Option<String>, Reason)> {
    let message = match client_message::decode(text) {
        Ok(m) => m,
        Err(e) => return Some((None, Reason::new(e.code(), e.to_string()))),
    };
    match (message, bound.seat) {
        (ClientMessage::Hello { .. } | ClientMessage::Spectate { .. }, _) => Some((
            None,
            Reason::new(Code::AlreadyBound, "this connection is bound already"),
        )),
        (ClientMessage::Say { .. }, None) => Some((
            None,
            Reason::new(
                Code::Spectator,
                "a spectator reads the talk and says nothing",
            ),
        )),
        (ClientMessage::Say { text }, Some(seat)) => {
            let text = match line_text(&text) {
                Ok(line) => line.to_owned(),
                Err(reason) => return Some((None, reason)),
            };
            let say = Command::Say { sub, seat, text };
            match bound.handle.commands.try_send(say) {
                Ok(()) => None,
                Err(_) => Some((None, Reason::new(Code::Busy, "the match is busy; retry"))),
            }
        }
        (ClientMessage::Act { client_id, .. }, None) => Some((
            Some(client_id),
            Reason::new(Code::Spectator, "a spectator does not act"),
        )),
        (
            ClientMessage::Act {
                seq,
                action,
                client_id,
            },
            Some(seat),
        ) => {
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
                    Reason::new(Code::Busy, "the match is busy; retry"),
                )),
            }
        }
    }
}

/// Subscribes the bound connection; its subscriber number and its queue
/// of frames, or why not.
async fn subscribe(bound: &Bound, limits: &Limits) -> Result<(u64, mpsc::Receiver<Frame>), Reason> {
    let unloading = || Reason::new(Code::Busy, "the match is unloading; retry");
    let (frames, outbox) = mpsc::channel::<Frame>(limits.send_queue);
    let (reply, sub) = oneshot::channel();
    let subscribe = Command::Subscribe {
        viewer: bound.seat.map_or(Viewer::Spectator, Viewer::Seat),
        last_seq: bound.last_seq,
        opt_ins: bound.opt_ins,
        frames,
        reply,
    };
    bound
        .handle
        .commands
        .send(subscribe)
        .await
        .map_err(|_| unloading())?;
    let sub = sub.await.map_err(|_| unloading())??;
    Ok((sub, outbox))
}

/// A connection bound to its match and subscribed: what its loop needs.
struct Open {
    bound: Bound,
    sub: u64,
    outbox: mpsc::Receiver<Frame>,
}

/// `hello`, the seat bound and subscribed; on a refusal the connection is
/// closed with its reason and there is nothing to serve.
async fn open(app: &App, socket: &mut WebSocket, limits: &Limits) -> Option<Open> {
    let bound = match hello(app, socket).await {
        Ok(hello) => bind(app, socket, hello).await,
        Err(reason) => Err(reason),
    };
    let bound = match bound {
        Ok(Some(bound)) => bound,
        Ok(None) => return None,
        Err(reason) => {
            close_with(socket, limits, &reason).await;
            return None;
        }
    };
    match subscribe(&bound, limits).await {
        Ok((sub, outbox)) => Some(Open { bound, sub, outbox }),
        Err(reason) => {
            close_with(socket, limits, &reason).await;
            None
        }
    }
}

async fn connection(app: Arc<App>, mut socket: WebSocket) {
    let limits = app.limits.clone();
    let Some(Open {
        bound,
        sub,
        mut outbox,
    }) = open(&app, &mut socket, &limits).await
    else {
        return;
    };
    let mut shutdown = app.shutdown.clone();
    let mut inbound = Inbound {
        bucket: Bucket::new(limits.messages_per_second, limits.message_burst),
        strikes: 0,
    };
    // One timer for the connection's life, moved on only when it fires
    // and a message went either way since: no timer is set and cleared
    // for each message.
    let mut last_message = tokio::time::Instant::now();
    let idle = tokio::time::sleep(limits.idle_timeout);
    tokio::pin!(idle);
    loop {
        tokio::select! {
            frame = outbox.recv() => {
                let Some(frame) = frame else {
                    // Dropped by the match: a full queue, a newer
                    // connection of the seat, or the server drains. The
                    // client may resume.
                    break;
                };
                if !send(&mut socket, &limits, &frame).await {
                    break;
                }
                last_message = tokio::time::Instant::now();
            }
            incoming = socket.recv() => {
                let message = match incoming {
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(message)) => message,
                };
                last_message = tokio::time::Instant::now();
                if !inbound.receive(&mut socket, &limits, &bound, sub, message).await {
                    break;
                }
            }
            () = &mut idle => {
                match last_message.checked_add(limits.idle_timeout) {
                    Some(quiet_until) if quiet_until <= tokio::time::Instant::now() => break,
                    Some(quiet_until) => idle.as_mut().reset(quiet_until),
                    // Beyond the clock's range: never idle.
                    None => idle.set(tokio::time::sleep(limits.idle_timeout)),
                }
            }
            _ = shutdown.changed() => {
                close_with(&mut socket, &limits, &stopping()).await;
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

/// A connection's incoming side: its rate of messages.
struct Inbound {
    bucket: Bucket,
    /// Messages in a row sent into an empty bucket.
    strikes: u32,
}

impl Inbound {
    /// One message from the client, answered; false when the connection
    /// ends.
    async fn receive(
        &mut self,
        socket: &mut WebSocket,
        limits: &Limits,
        bound: &Bound,
        sub: u64,
        message: Message,
    ) -> bool {
        // Every frame counts, whatever its kind: pings and binary frames
        // cost the server as much as text. A client told to slow down
        // that does is forgiven; one that keeps sending into an empty
        // bucket is cut off.
        if self.bucket.take() {
            self.strikes = 0;
        } else {
            self.strikes = self.strikes.saturating_add(1);
            if self.strikes > limits.rate_strikes {
                let reason = Reason::new(Code::RateLimited, "too many messages");
                close_with(socket, limits, &reason).await;
                return false;
            }
            let reason = Reason::new(Code::RateLimited, "too many messages; slow down");
            return send_refused(socket, limits, None, &reason).await;
        }
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                let reason = Reason::new(Code::BadMessage, "messages are JSON text");
                return send_refused(socket, limits, None, &reason).await;
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => return true,
        };
        match on_message(bound, sub, text.as_str()) {
            Some((client_id, reason)) => {
                send_refused(socket, limits, client_id.as_deref(), &reason).await
            }
            None => true,
        }
    }
}

//! A connection whose match another process owns, served through that
//! process: the client's `hello` (or `spectate`) is sent on to the owner's
//! peers' listener as it came, then every message passes both ways
//! unchanged. The owner builds every frame, so a client receives the same
//! bytes whichever process it reached; it checks the token, the seat and
//! the rate again. When the owner's side ends, so does the client's; the
//! client resumes from its last sequence number on any process, as after
//! any dropped connection. An owner silent for [`OWNER_CHECK`] has its
//! hold checked in the store: one that hangs keeps its sockets open but
//! loses its lease, and the connection then ends so that its client
//! reconnects and the match is taken up by a process that answers.

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as PeerMessage;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::connection::limits::Limits;
use crate::http::app::App;

/// How long reaching the owner may take: one that does not answer at once
/// has likely stopped, and the match is asked for again.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// How often a relayed connection whose owner sent nothing meanwhile asks
/// the store whether that owner still holds the match: with the default
/// lease of 5 s, a seat served through a process that hangs is told to
/// reconnect within about 7 s.
pub const OWNER_CHECK: std::time::Duration = std::time::Duration::from_secs(1);

/// The read buffer of a connection to an owner.
const READ_BUFFER: usize = 4 * 1024;

/// The connection to the owner.
pub type Upstream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens a connection to the process at `peer` and sends it the client's
/// first message; `None` when it cannot be reached in time.
pub async fn open(peer: &str, first: &str, limits: &Limits) -> Option<Upstream> {
    let url = format!("ws://{peer}/ws");
    let connect = CONNECT_TIMEOUT.min(limits.send_timeout);
    // Small buffers, as a client's own connection has (not 128 KiB
    // each way); frames go out at once (no Nagle).
    let config = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0);
    let opened = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let (mut upstream, _) = tokio::time::timeout(connect, opened).await.ok()?.ok()?;
    tokio::time::timeout(limits.send_timeout, upstream.send(PeerMessage::text(first)))
        .await
        .ok()?
        .ok()?;
    Some(upstream)
}

/// Why a relayed connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Either side closed or failed.
    Closed,
    /// This server drains: the client is to be told.
    Shutdown,
}

/// Passes messages both ways until either side ends, the owner at `peer`
/// no longer holds match `id`, or the server drains; closes the
/// connection to the owner.
pub async fn pipe(
    app: &App,
    socket: &mut WebSocket,
    mut upstream: Upstream,
    id: &str,
    peer: &str,
) -> Ended {
    let limits = &app.limits;
    let mut shutdown = app.shutdown.clone();
    let mut check = tokio::time::interval(OWNER_CHECK);
    check.reset();
    // Whether the owner sent anything since the last check: one that
    // does runs, and the store is not asked.
    let mut heard = false;
    let ended = loop {
        tokio::select! {
            _ = check.tick() => {
                if !std::mem::take(&mut heard) && !holds(app, id, peer).await {
                    break Ended::Closed;
                }
            }
            from_owner = upstream.next() => {
                heard = true;
                let text = match from_owner {
                    Some(Ok(PeerMessage::Text(text))) => text,
                    Some(Ok(PeerMessage::Close(_)) | Err(_)) | None => break Ended::Closed,
                    // The owner sends text only; its pongs answer the
                    // client's pings, which were answered here already.
                    Some(Ok(_)) => continue,
                };
                let sent = tokio::time::timeout(
                    limits.send_timeout,
                    socket.send(Message::Text(text.as_str().into())),
                );
                if !matches!(sent.await, Ok(Ok(()))) {
                    break Ended::Closed;
                }
            }
            from_client = socket.recv() => {
                // Every frame goes on, pings and binary ones too: the
                // owner counts each in the rate limit and refuses what it
                // refuses on a direct connection.
                let message = match from_client {
                    Some(Ok(Message::Text(text))) => PeerMessage::text(text.as_str()),
                    Some(Ok(Message::Binary(bytes))) => PeerMessage::Binary(bytes),
                    Some(Ok(Message::Ping(bytes))) => PeerMessage::Ping(bytes),
                    Some(Ok(Message::Pong(bytes))) => PeerMessage::Pong(bytes),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break Ended::Closed,
                };
                let sent = tokio::time::timeout(limits.send_timeout, upstream.send(message));
                if !matches!(sent.await, Ok(Ok(()))) {
                    break Ended::Closed;
                }
            }
            _ = shutdown.changed() => break Ended::Shutdown,
        }
    };
    let _ = tokio::time::timeout(limits.send_timeout, upstream.close(None)).await;
    ended
}

/// Whether the owner at `peer` still holds match `id`; a store that does
/// not answer leaves the connection as it is.
async fn holds(app: &App, id: &str, peer: &str) -> bool {
    let store = app.lobby.store();
    let (id, peer) = (id.to_owned(), peer.to_owned());
    crate::lobby::blocking(move || store.serves(&id, &peer))
        .await
        .unwrap_or(true)
}

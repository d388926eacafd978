//! The one way the server's tests and the load benchmark send an HTTP/1.1
//! request: a JSON body, `Connection: close`.

use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Connects to `addr` and sends the request; the stream, to read the
/// answer from.
pub async fn send(addr: &str, method: &str, path: &str, body: &str) -> TcpStream {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    stream
}

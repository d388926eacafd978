//! The test harness: the built server binary as a child process on
//! loopback, a raw HTTP client for the lobby and WebSocket clients, and a
//! fresh PostgreSQL database per test.
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single wait in a test may take: far above any latency a
/// loaded machine shows, so its end only means that what was awaited did
/// not happen at all.
pub const WAIT: Duration = Duration::from_secs(60);

/// The end of a wait of `WAIT` from now, for a loop that polls.
pub fn deadline() -> Instant {
    Instant::now() + WAIT
}

static NEXT_DIR: AtomicU64 = AtomicU64::new(0);

/// A fresh scratch directory.
pub fn scratch(name: &str) -> PathBuf {
    let n = NEXT_DIR.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!(
        "tabletop-server-test-{}-{name}-{n}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A title of every game, each on two seats.
pub const TWO_SEATS: &[&str] = &[
    "pig(players=2,target=20)",
    "age-of-war(players=2)",
    "armadora(players=2)",
    "era(players=2)",
];

/// Those, and Armadöra's advanced game on three seats: a board where a
/// seat's view is not the whole table.
pub fn every_table() -> impl Iterator<Item = &'static str> {
    TWO_SEATS
        .iter()
        .copied()
        .chain(["armadora(players=3,advanced=true)"])
}

/// A server on a fresh database whose clients may act as fast as a test
/// drives them.
pub fn unthrottled(name: &str) -> Server {
    Server::fresh(name, &["--rate", "1000", "--burst", "1000"])
}

/// The server binary, running.
pub struct Server {
    pub child: Child,
    pub addr: String,
    /// Where the other processes on its PostgreSQL database reach it.
    pub peer: Option<String>,
    /// Where its metrics are served, with `--metrics-listen`.
    pub metrics: Option<String>,
}

impl Server {
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Self::spawn(db.as_os_str(), extra, None)
    }

    /// A server on a fresh SQLite database in a scratch directory named
    /// after `name`.
    pub fn fresh(name: &str, extra: &[&str]) -> Server {
        Self::start(&scratch(name).join("db.sqlite"), extra)
    }

    /// The server with its log (`RUST_LOG=debug`) written to `log`.
    pub fn start_logged(db: &Path, extra: &[&str], log: &Path) -> Server {
        Self::spawn(db.as_os_str(), extra, Some(log))
    }

    /// A server on a PostgreSQL database (`--db URL`).
    pub fn start_on(db: &TestDb, extra: &[&str]) -> Server {
        Self::spawn(OsStr::new(&db.url), extra, None)
    }

    fn spawn(db: &OsStr, extra: &[&str], log: Option<&Path>) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabletop-server"));
        command
            .args(["--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped());
        // Tests create matches faster than a stranger may, unless they test
        // that limit.
        if !extra.contains(&"--create-burst") {
            command.args(["--create-burst", "100000", "--creates-per-minute", "100000"]);
        }
        if !extra.contains(&"--lobby-burst") {
            command.args([
                "--lobby-burst",
                "100000",
                "--lobby-requests-per-minute",
                "100000",
            ]);
        }
        match log {
            Some(path) => {
                command
                    .env("RUST_LOG", "debug")
                    .stderr(std::fs::File::create(path).unwrap());
            }
            None => {
                command.env("RUST_LOG", "warn").stderr(Stdio::inherit());
            }
        }
        let mut child = command.spawn().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let addr = told(&mut stdout, "listening on http://");
        let peer = db
            .to_string_lossy()
            .starts_with("postgres://")
            .then(|| told(&mut stdout, "peers on "));
        let metrics = extra
            .contains(&"--metrics-listen")
            .then(|| told(&mut stdout, "metrics on http://"));
        Server {
            child,
            addr,
            peer,
            metrics,
        }
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGSTOP: the process hangs, its sockets and database sessions
    /// open.
    /// SIGSTOP, then the stop itself awaited (`waitpid` with `WUNTRACED`
    /// reports it once every thread has stopped): a signal is delivered
    /// asynchronously, and a message sent before the process stops could
    /// still be acted on and committed.
    pub fn stop(&self) {
        use rustix::process::{Pid, WaitOptions, waitpid};
        self.signal("-STOP");
        let pid = Pid::from_child(&self.child);
        let status = waitpid(Some(pid), WaitOptions::UNTRACED).expect("waitpid");
        assert!(
            status.is_some_and(|(_, s)| s.stopped()),
            "{pid:?} did not stop: {status:?}"
        );
    }

    /// SIGCONT: a stopped process runs again.
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args([signal, &pid]).status().unwrap();
        assert!(sent.success(), "kill {signal} {pid}");
    }

    /// SIGTERM, then waits (for at most `WAIT`) for the exit.
    pub fn terminate(&mut self) -> Option<std::process::ExitStatus> {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        let deadline = deadline();
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }

    pub async fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        http(&self.addr, method, path, body).await
    }

    /// `POST path` with `body`: the status and the answer.
    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.http("POST", path, Some(body)).await
    }

    /// `POST /api/matches` with `body`: the status and the answer.
    pub async fn post_match(&self, body: &Value) -> (u16, Value) {
        self.post("/api/matches", body).await
    }

    /// A match of `game` on `seats`, which the server must create.
    pub async fn create(&self, game: &str, seats: &[&str]) -> Value {
        let (status, answer) = self
            .post_match(&json!({ "game": game, "seats": seats }))
            .await;
        assert_eq!(status, 201, "{answer}");
        answer
    }

    /// A new match of Pig for two people: its id and each seat's token.
    pub async fn pig_match(&self) -> (String, [String; 2]) {
        let created = self.create("pig(players=2)", &["person", "person"]).await;
        let seat = |n: usize| tokens(&created)[n].clone().unwrap();
        (
            created["id"].as_str().unwrap().to_owned(),
            [seat(0), seat(1)],
        )
    }

    /// A new match of Pig for two people: the token of seat `seat`.
    pub async fn pig_seat(&self, seat: usize) -> String {
        let (_, tokens) = self.pig_match().await;
        tokens[seat].clone()
    }

    /// `GET /api/matches/{id}`: the status and the match's public facts.
    pub async fn facts(&self, id: impl std::fmt::Display) -> (u16, Value) {
        self.http("GET", &format!("/api/matches/{id}"), None).await
    }

    pub async fn connect(&self) -> Client {
        Client::connect(&self.addr).await
    }

    /// A connection bound to seat 0 of a new match of Pig for two people,
    /// and the welcome it was sent.
    pub async fn pig_hello(&self) -> (Client, Value) {
        let token = self.pig_seat(0).await;
        let mut seat = self.connect().await;
        let welcome = seat.hello(&token, None).await;
        (seat, welcome)
    }
}

/// What the server's next line on stdout tells after `prefix`.
fn told(stdout: &mut impl BufRead, prefix: &str) -> String {
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    line.trim()
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("unexpected line {line:?}, not {prefix:?}"))
        .to_owned()
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The PostgreSQL cluster the tests use: `TABLETOP_TEST_POSTGRES`, a URL
/// (`postgres://USER@HOST:PORT/DB`, the user allowed to create
/// databases). Without it a PostgreSQL test fails, saying how to run it:
/// a test that passed without PostgreSQL could not fail.
pub fn postgres_url() -> String {
    std::env::var("TABLETOP_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "this test needs PostgreSQL: run `bash .ci/postgres` (it installs PostgreSQL when \
             missing, starts a temporary cluster and runs `cargo test --workspace` against it; \
             `bash .ci/postgres cargo test -p tabletop-server` for this crate alone), or set \
             TABLETOP_TEST_POSTGRES=postgres://USER@HOST:PORT/DB naming a cluster where USER \
             may create databases"
        )
    })
}

/// A fresh database on the test cluster, dropped with its value.
pub struct TestDb {
    pub url: String,
    name: String,
}

/// Runs `work` against the database at `url` on a thread of its own
/// (callable from a test's runtime or from a plain test).
fn on_database<T: Send + 'static>(
    url: String,
    work: impl AsyncFnOnce(&tokio_postgres::Client) -> T + Send + 'static,
) -> T {
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
                .await
                .unwrap_or_else(|e| panic!("TABLETOP_TEST_POSTGRES: {e}"));
            let driver = tokio::spawn(connection);
            let done = work(&client).await;
            drop(client);
            let _ = driver.await;
            done
        })
    })
    .join()
    .unwrap()
}

/// `url` naming the database `name` instead.
fn with_dbname(url: &str, name: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a postgres:// URL");
    let (authority, tail) = rest.split_once('/').unwrap_or((rest, ""));
    let query = tail
        .split_once('?')
        .map(|(_, q)| format!("?{q}"))
        .unwrap_or_default();
    format!("{scheme}://{authority}/{name}{query}")
}

impl TestDb {
    pub fn create(name: &str) -> TestDb {
        let n = NEXT_DIR.fetch_add(1, Ordering::SeqCst);
        let name = format!("tabletop_{}_{name}_{n}", std::process::id());
        let create = format!("CREATE DATABASE {name}");
        on_database(postgres_url(), async move |c| {
            c.batch_execute(&create).await.unwrap();
        });
        let url = with_dbname(&postgres_url(), &name);
        TestDb { url, name }
    }

    /// Runs `sql` on this database; answers the first column of each row
    /// as text.
    pub fn query(&self, sql: &str) -> Vec<Option<String>> {
        let sql = sql.to_owned();
        on_database(self.url.clone(), async move |c| {
            c.simple_query(&sql)
                .await
                .unwrap()
                .into_iter()
                .filter_map(|m| match m {
                    tokio_postgres::SimpleQueryMessage::Row(r) => Some(r.get(0).map(str::to_owned)),
                    _ => None,
                })
                .collect()
        })
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let drop_it = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        on_database(postgres_url(), async move |c| {
            let _ = c.batch_execute(&drop_it).await;
        });
    }
}

/// `request` sent as it is; the whole answer as text (empty when the
/// server closed without one).
pub async fn raw_http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    let _ = tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

/// The value of `series` (name and labels, as written) in a scrape: a
/// count, gauge or histogram count, each a whole number.
pub fn metric_value(text: &str, series: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {series} in\n{text}"))
        .parse()
        .unwrap()
}

/// The value of `series` scraped now from the metrics listener `addr`.
pub async fn metric(addr: &str, series: &str) -> u64 {
    let scraped = raw_http(
        addr,
        "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    metric_value(&scraped, series)
}

/// A connection to `addr` from the source address `from`: on Linux any
/// of 127.0.0.0/8 reaches the loopback, so one test has many clients.
pub async fn connect_from(from: [u8; 4], addr: &str) -> std::io::Result<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(std::net::SocketAddr::from((from, 0)))?;
    socket.connect(addr.parse().unwrap()).await
}

/// One HTTP/1.1 request, `Connection: close`.
pub async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = crate::http::send(addr, method, path, &body).await;
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .unwrap()
        .unwrap();
    let text = String::from_utf8(response).unwrap();
    let status: u16 = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    let value = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, value)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, verbatim.
    pub frames: Vec<String>,
}

impl Client {
    pub async fn connect(addr: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Client {
            ws,
            frames: Vec::new(),
        }
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// The next text frame as JSON; `None` when the connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a frame within the wait");
            match message {
                Some(Ok(Message::Text(text))) => {
                    self.frames.push(text.to_string());
                    return Some(serde_json::from_str(text.as_str()).unwrap());
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    pub async fn expect(&mut self, kind: &str) -> Value {
        let frame = self
            .next()
            .await
            .unwrap_or_else(|| panic!("closed; expected {kind}"));
        assert_eq!(frame["type"], kind, "{frame}");
        frame
    }

    pub async fn hello(&mut self, token: &str, last_seq: Option<usize>) -> Value {
        self.send(&json!({ "type": "hello", "token": token, "last_seq": last_seq }))
            .await;
        self.expect("welcome").await
    }

    pub async fn spectate(&mut self, id: &str) -> Value {
        self.send(&json!({ "type": "spectate", "match": id })).await;
        self.expect("welcome").await
    }

    pub async fn act(&mut self, seq: u64, action: Value, client_id: &str) {
        self.send(&json!({ "type": "act", "seq": seq, "action": action, "client_id": client_id }))
            .await;
    }
}

/// A small deterministic generator for the tests' choices.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The legal `(id, text)` pairs of a frame.
pub fn legal_of(frame: &Value) -> Vec<(u64, String)> {
    frame["update"]["legal"]
        .as_array()
        .map(|l| {
            l.iter()
                .map(|p| (p[0].as_u64().unwrap(), p[1].as_str().unwrap().to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// The tokens of the person seats of a created match, by seat.
pub fn tokens(created: &Value) -> Vec<Option<String>> {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_owned))
        .collect()
}

/// Every person seat of a match connected with a plain hello, before
/// anyone acts.
pub struct Seated {
    /// The seats' clients, in seat order.
    pub seats: Vec<Client>,
    /// Their welcomes.
    pub welcomes: Vec<Value>,
    /// The entries so far, as the first welcome counts them.
    pub seq: u64,
    /// The seat whose welcome offers legal actions.
    pub mover: usize,
}

impl Seated {
    pub async fn hello(server: &Server, tokens: &[Option<String>]) -> Seated {
        let mut seats = Vec::new();
        let mut welcomes = Vec::new();
        for t in tokens {
            let mut c = server.connect().await;
            welcomes.push(c.hello(t.as_deref().unwrap(), None).await);
            seats.push(c);
        }
        let seq = welcomes[0]["seq"].as_u64().unwrap();
        let mover = (0..welcomes.len())
            .find(|&s| !legal_of(&welcomes[s]).is_empty())
            .unwrap();
        Seated {
            seats,
            welcomes,
            seq,
            mover,
        }
    }
}

/// Every seat of a match plus a spectator, connected; plays to the end
/// with random legal actions of the person seats. Answers the clients
/// (person seats in seat order, then the spectator) and the final seq.
pub struct Table {
    pub clients: Vec<Client>,
    pub seats: Vec<Option<usize>>,
    pub latest: Vec<Value>,
}

impl Table {
    pub async fn join(server: &Server, created: &Value, spectator: bool) -> Table {
        Self::join_with(server, created, spectator, &json!({})).await
    }

    /// Joins with the protocol's opt-ins `opt_ins` (`{"narration": true}`)
    /// in every hello.
    pub async fn join_with(
        server: &Server,
        created: &Value,
        spectator: bool,
        opt_ins: &Value,
    ) -> Table {
        let mut clients = Vec::new();
        let mut seats = Vec::new();
        let mut latest = Vec::new();
        let with = |mut hello: Value| {
            for (k, v) in opt_ins.as_object().unwrap() {
                hello[k] = v.clone();
            }
            hello
        };
        for (seat, token) in tokens(created).into_iter().enumerate() {
            if let Some(token) = token {
                let mut c = server.connect().await;
                c.send(&with(json!({ "type": "hello", "token": token })))
                    .await;
                let w = c.expect("welcome").await;
                assert_eq!(w["seat"], seat);
                clients.push(c);
                seats.push(Some(seat));
                latest.push(w);
            }
        }
        if spectator {
            let mut c = server.connect().await;
            c.send(&with(json!({ "type": "spectate", "match": created["id"] })))
                .await;
            let w = c.expect("welcome").await;
            assert_eq!(w["seat"], Value::Null);
            clients.push(c);
            seats.push(None);
            latest.push(w);
        }
        Table {
            clients,
            seats,
            latest,
        }
    }

    fn max_seq(&self) -> u64 {
        self.latest
            .iter()
            .map(|f| f["seq"].as_u64().unwrap())
            .max()
            .unwrap()
    }

    /// Reads one frame on client `i`; answers whether it was a refusal for
    /// rate, after which the client waits and sends again.
    pub async fn pump(&mut self, i: usize) -> bool {
        let frame = self.clients[i].next().await.expect("open");
        match frame["type"].as_str().unwrap() {
            "update" | "stale" | "welcome" => self.latest[i] = frame,
            "refused" if frame["reason"]["code"] == "rate_limited" => return true,
            other => panic!("unexpected {other}: {frame}"),
        }
        false
    }

    /// Brings every client up to `seq`.
    pub async fn sync(&mut self, seq: u64) {
        for i in 0..self.clients.len() {
            while self.latest[i]["seq"].as_u64().unwrap() < seq {
                self.pump(i).await;
            }
        }
    }

    /// Plays random legal actions until the result; answers the number of
    /// actions the persons took.
    pub async fn play_out(&mut self, rng: &mut Lcg, max_actions: usize) -> usize {
        let mut actions = 0;
        let bots_only = self.seats.iter().all(Option::is_none);
        loop {
            let seq = self.max_seq();
            self.sync(seq).await;
            if !self.latest[0]["update"]["result"].is_null() {
                for f in &self.latest {
                    assert!(!f["update"]["result"].is_null(), "{f}");
                }
                return actions;
            }
            let mover = (0..self.clients.len())
                .find(|&i| self.seats[i].is_some() && !legal_of(&self.latest[i]).is_empty());
            let Some(i) = mover else {
                // A bot is to move: wait for its entry.
                assert!(!bots_only || actions == 0);
                self.pump(0).await;
                continue;
            };
            assert!(actions < max_actions, "the game did not end");
            let legal = legal_of(&self.latest[i]);
            let (id, text) = legal[rng.below(legal.len())].clone();
            // Half the actions by id, half by text.
            let action = if rng.below(2) == 0 {
                json!(id)
            } else {
                json!(text)
            };
            let client_id = format!("c{actions}");
            self.clients[i].act(seq, action.clone(), &client_id).await;
            actions += 1;
            loop {
                if self.pump(i).await {
                    // Told to slow down: a well-behaved client waits for
                    // its bucket and sends the same action again.
                    tokio::time::sleep(Duration::from_millis(300)).await;
                    self.clients[i].act(seq, action.clone(), &client_id).await;
                }
                if self.latest[i]["seq"].as_u64().unwrap() > seq {
                    break;
                }
            }
        }
    }
}

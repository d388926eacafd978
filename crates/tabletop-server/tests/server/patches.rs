//! View patches over real WebSockets: for every title, each seat and a
//! spectator are connected twice, once asking for view patches. Every
//! patch applied to the last view that connection had gives exactly the
//! view the plain connection got (byte for byte once serialised), the
//! rest of each update is the same, `welcome` and `stale` carry the whole
//! view, and the patches are smaller. Every other seat's patched
//! connection also asks for known texts: each legal text is sent once,
//! and the legal pairs rebuilt from the texts it was told are the plain
//! connection's.
use std::collections::BTreeMap;

use crate::common::{Client, Lcg, Server, every_table, legal_of, tokens};
use serde_json::{Value, json};
use tabletop_server::wire::patch;

/// A connection that asked for view patches, and the view it holds.
struct Patched {
    client: Client,
    view: Value,
    bytes: usize,
    /// The legal texts by id it was told, when it asked for known texts.
    texts: Option<BTreeMap<u64, String>>,
    /// The legal pairs its welcome rebuilt, and the welcome's sequence
    /// number.
    legal_now: Value,
    seq_now: u64,
}

impl Patched {
    async fn open(server: &Server, hello: Value) -> Patched {
        let mut client = server.connect().await;
        client.send(&hello).await;
        let welcome = client.expect("welcome").await;
        assert!(welcome["update"].get("view_patch").is_none(), "{welcome}");
        let view = welcome["update"]["view"].clone();
        assert!(!view.is_null(), "welcome carries the whole view: {welcome}");
        let mut p = Patched {
            client,
            view,
            bytes: 0,
            texts: (hello["known_texts"] == true).then(BTreeMap::new),
            legal_now: Value::Null,
            seq_now: welcome["seq"].as_u64().unwrap(),
        };
        p.legal_now = p.legal(&welcome["update"]["legal"]);
        p
    }

    /// The legal pairs as the client rebuilds them: with known texts, a
    /// text comes only for an id it was not told yet, `[id]` otherwise.
    fn legal(&mut self, legal: &Value) -> Value {
        let Some(texts) = &mut self.texts else {
            return legal.clone();
        };
        let pairs = legal.as_array().unwrap().iter().map(|pair| {
            let id = pair[0].as_u64().unwrap();
            match pair.as_array().unwrap().len() {
                2 => {
                    let text = pair[1].as_str().unwrap().to_owned();
                    assert!(
                        texts.insert(id, text).is_none(),
                        "the text of {id} was sent twice"
                    );
                }
                1 => assert!(texts.contains_key(&id), "{id} has no text yet"),
                _ => panic!("{pair}"),
            }
            json!([id, texts[&id]])
        });
        Value::Array(pairs.collect())
    }

    /// Reads the next update and checks it against the plain connection's.
    fn follow(&mut self, plain: &Value, text: &str, title: &str) {
        let frame: Value = serde_json::from_str(text).unwrap();
        assert_eq!(frame["type"], "update", "{title}: {frame}");
        assert_eq!(frame["seq"], plain["seq"], "{title}");
        let mut rest = frame["update"].as_object().unwrap().clone();
        assert!(!rest.contains_key("view"), "{title}: {frame}");
        let ops = rest.remove("view_patch").expect("a view patch");
        for op in ops.as_array().unwrap() {
            let kind = op["op"].as_str().unwrap();
            assert!(matches!(kind, "add" | "remove" | "replace"), "{op}");
        }
        patch::apply(&mut self.view, ops.as_array().unwrap())
            .unwrap_or_else(|e| panic!("{title}: {e}: {ops}"));
        assert_eq!(
            self.view.to_string(),
            plain["update"]["view"].to_string(),
            "{title}: the patched view differs from the whole view"
        );
        let legal = self.legal(&rest["legal"]);
        rest.insert("legal".to_owned(), legal);
        let mut plain_rest = plain["update"].as_object().unwrap().clone();
        plain_rest.remove("view");
        assert_eq!(rest, plain_rest, "{title}: the rest of the update differs");
        self.bytes += text.len();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_view_patch_gives_the_whole_view_the_plain_connection_got() {
    // Dice from a fixed seed: the games, and so the bytes compared, are
    // the same at every run (a Pig view is so small that some games'
    // patches would not be smaller than the whole views).
    let server = Server::fresh(
        "patches",
        &["--dice-seed", "7", "--rate", "1000", "--burst", "1000"],
    );
    for (n, title) in every_table().enumerate() {
        let mut rng = Lcg(n as u64 + 7);
        let players: usize = title
            .split("players=")
            .nth(1)
            .and_then(|rest| rest.get(..1)?.parse().ok())
            .unwrap();
        let created = server.create(title, &vec!["person"; players]).await;
        let id = created["id"].as_str().unwrap().to_owned();
        let tokens: Vec<String> = tokens(&created).into_iter().map(Option::unwrap).collect();
        // Plain connections: every seat, then a spectator; each with its
        // twin that asked for patches.
        let mut plain: Vec<Client> = Vec::new();
        let mut latest: Vec<Value> = Vec::new();
        let mut patched: Vec<Patched> = Vec::new();
        let hellos: Vec<(Value, Value)> = tokens
            .iter()
            .enumerate()
            .map(|(seat, t)| {
                (
                    json!({"type": "hello", "token": t}),
                    json!({"type": "hello", "token": t, "view_patches": true, "known_texts": seat % 2 == 0}),
                )
            })
            .chain([(
                json!({"type": "spectate", "match": id}),
                json!({"type": "spectate", "match": id, "view_patches": true}),
            )])
            .collect();
        for (hello, patched_hello) in &hellos {
            let mut c = server.connect().await;
            c.send(hello).await;
            latest.push(c.expect("welcome").await);
            plain.push(c);
            patched.push(Patched::open(&server, patched_hello.clone()).await);
        }
        let mut plain_bytes = 0;
        let mut updates = 0;
        let mut stales = 0;
        let mut reconnects = 0;
        for step in 0..3_000 {
            if !latest[0]["update"]["result"].is_null() {
                break;
            }
            let mover = (0..players)
                .find(|&s| !legal_of(&latest[s]).is_empty())
                .expect("a person to move");
            let seq = latest[mover]["seq"].as_u64().unwrap();
            if step % 7 == 3 && seq > 0 {
                // A stale act from the patched connection: answered with
                // the whole view, which later patches start from.
                let p = &mut patched[mover];
                p.client.act(seq - 1, json!(0), &format!("s{step}")).await;
                let stale = p.client.expect("stale").await;
                assert!(stale["update"].get("view_patch").is_none());
                assert_eq!(stale["update"]["view"], p.view, "{title}");
                let legal = p.legal(&stale["update"]["legal"]);
                assert_eq!(legal, latest[mover]["update"]["legal"], "{title}");
                p.view = stale["update"]["view"].clone();
                stales += 1;
            }
            if step % 11 == 5 {
                // A patched connection comes back with its last seq: the
                // welcome carries the whole view.
                let i = step % hellos.len();
                let mut hello = hellos[i].1.clone();
                hello["last_seq"] = json!(seq);
                let old = std::mem::replace(&mut patched[i], Patched::open(&server, hello).await);
                assert_eq!(old.view, patched[i].view, "{title}");
                patched[i].bytes = old.bytes;
                reconnects += 1;
            }
            let legal = legal_of(&latest[mover]);
            let (action, _) = legal[rng.below(legal.len())].clone();
            plain[mover]
                .act(seq, json!(action), &format!("a{step}"))
                .await;
            for i in 0..plain.len() {
                let frame = plain[i].expect("update").await;
                let text = plain[i].frames.last().unwrap().clone();
                plain_bytes += text.len();
                patched[i].client.expect("update").await;
                let ptext = patched[i].client.frames.last().unwrap().clone();
                patched[i].follow(&frame, &ptext, title);
                latest[i] = frame;
                updates += 1;
            }
        }
        assert!(
            !latest[0]["update"]["result"].is_null(),
            "{title}: not over"
        );
        let patched_bytes: usize = patched.iter().map(|p| p.bytes).sum();
        eprintln!(
            "{title}: {updates} updates compared ({stales} stale answers, {reconnects} reconnects): {plain_bytes} bytes whole, {patched_bytes} with patches"
        );
        assert!(patched_bytes < plain_bytes, "{title}");
    }
}

/// Every connection of a seat asked for known texts: a second connection
/// of a seat, opened mid-game, is sent every text it was not (whatever
/// the first was sent), and each connection rebuilds the same legal
/// pairs, every text written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_all_know_texts_are_each_sent_the_texts_they_lack() {
    let server = Server::fresh(
        "known-texts",
        &["--dice-seed", "5", "--rate", "1000", "--burst", "1000"],
    );
    let created = server
        .create("armadora(players=2)", &["person", "person"])
        .await;
    let tokens: Vec<String> = tokens(&created).into_iter().map(Option::unwrap).collect();
    let hello = |seat: usize| json!({"type": "hello", "token": tokens[seat], "view_patches": true, "known_texts": true});
    let mut seats = [
        vec![Patched::open(&server, hello(0)).await],
        vec![Patched::open(&server, hello(1)).await],
    ];
    let mut legal = [seats[0][0].legal_now.clone(), seats[1][0].legal_now.clone()];
    let mut rng = Lcg(5);
    let mut seq = seats[1][0].seq_now;
    for step in 0..80 {
        if step == 10 {
            // A second connection of each seat, from here on.
            for (seat, conns) in seats.iter_mut().enumerate() {
                let mut h = hello(seat);
                h["last_seq"] = json!(seq);
                let p = Patched::open(&server, h).await;
                assert_eq!(
                    p.legal_now, legal[seat],
                    "a new connection is told every text"
                );
                conns.push(p);
            }
        }
        let Some(mover) = (0..2).find(|&s| !legal[s].as_array().unwrap().is_empty()) else {
            break;
        };
        let pairs = legal[mover].as_array().unwrap().clone();
        let action = pairs[rng.below(pairs.len())][0].clone();
        seats[mover][0]
            .client
            .act(seq, action, &format!("k{step}"))
            .await;
        for (seat, conns) in seats.iter_mut().enumerate() {
            let mut rebuilt = Vec::new();
            for p in conns.iter_mut() {
                let frame = p.client.expect("update").await;
                seq = frame["seq"].as_u64().unwrap();
                rebuilt.push(p.legal(&frame["update"]["legal"]));
            }
            for pairs in &rebuilt {
                assert_eq!(
                    pairs, &rebuilt[0],
                    "each connection rebuilds the same pairs"
                );
                for pair in pairs.as_array().unwrap() {
                    assert!(!pair[1].as_str().unwrap().is_empty(), "{pair}: a text");
                }
            }
            legal[seat] = rebuilt.swap_remove(0);
        }
    }
    assert!(seq > 20, "the game went on: {seq}");
}

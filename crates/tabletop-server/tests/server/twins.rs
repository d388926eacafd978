//! Twins over real sockets: for every title, at random steps, two matches
//! that a viewer cannot tell apart (`resample_hidden` on the position),
//! each on its own server process on 127.0.0.1 with the same dice (the
//! viewer's connection possibly served through another process: see
//! `cluster`), driven with the same moves through WebSockets: every frame that viewer
//! receives (welcome, updates, refusals, stale answers), on a plain
//! connection and on one that asked for view patches, known texts and
//! narration, is byte-identical in both.
//!
//! The servers run with the hidden test flags `--dice-seed` (the same
//! dice for the n-th match of each) and `--test-starts` (a match created
//! at a given position, resampled for the viewer, with a chosen id).
use crate::common::{Client, Lcg, Server, every_table, scratch};
use serde_json::{Value, json};
use tabletop_engines::dice_core::{DiceRng, Viewer};
use tabletop_server::lobby::token::derived_seed;
use tabletop_server::matches::games::{Table, TestStart};

/// Twin games a title: each plays every frame kind (welcome, updates,
/// refusals, stale answers, patches, narration) many times over; the
/// engines' own twin tests (`dice_core::testkit::check_histories`) cover the
/// positions by the thousand. `TWIN_GAMES=N` plays more.
const GAMES_PER_TITLE: u64 = 6;
const STEPS_AFTER_TWIN: usize = 40;
const DICE_SEED: u64 = 11;

/// One twin: its server's match, a connection per seat, the viewer's two
/// connections, and a shadow of the server's table with the same dice.
struct Side {
    seats: Vec<Client>,
    /// The viewer's connections: plain, then with view patches, known
    /// texts and narration.
    viewer: [Client; 2],
    shadow: Table,
    rng: DiceRng,
}

fn kind(frame: &str) -> String {
    let f: Value = serde_json::from_str(frame).unwrap();
    f["type"].as_str().unwrap().to_owned()
}

async fn frame(c: &mut Client) -> String {
    c.next().await.expect("open");
    c.frames.last().unwrap().clone()
}

/// Where one twin's match is played: the server its seats connect to
/// (and that creates it), and the one its viewer connects to.
pub struct Twin<'a> {
    pub seats: &'a Server,
    pub viewer: &'a Server,
}

impl<'a> Twin<'a> {
    /// Everything on one server.
    pub fn on(server: &'a Server) -> Self {
        Twin {
            seats: server,
            viewer: server,
        }
    }
}

async fn side(at: &Twin<'_>, title: &str, start: &TestStart, n: u64, viewer: Viewer) -> Side {
    let server = at.seats;
    let game = Table::new(title).unwrap();
    let mut shadow = Table::from_start(game.name(), &game.config_json(), start).unwrap();
    let mut rng = DiceRng::from_seed_bytes(derived_seed(DICE_SEED, n));
    shadow.resolve_chance(&mut rng);
    let players = shadow.players();
    let (status, created) = server
        .post_match(&json!({ "game": title, "seats": vec!["person"; players], "start": start }))
        .await;
    assert_eq!(status, 201, "{created}");
    let mut seats = Vec::new();
    for s in created["seats"].as_array().unwrap() {
        let mut c = server.connect().await;
        c.hello(s["token"].as_str().unwrap(), None).await;
        seats.push(c);
    }
    let hello = match viewer {
        Viewer::Seat(seat) => {
            json!({ "type": "hello", "token": created["seats"][seat]["token"] })
        }
        Viewer::Spectator => json!({ "type": "spectate", "match": created["id"] }),
    };
    let mut patched_hello = hello.clone();
    patched_hello["view_patches"] = json!(true);
    patched_hello["known_texts"] = json!(true);
    patched_hello["narration"] = json!(true);
    let mut plain = at.viewer.connect().await;
    plain.send(&hello).await;
    let mut patched = at.viewer.connect().await;
    patched.send(&patched_hello).await;
    Side {
        seats,
        viewer: [plain, patched],
        shadow,
        rng,
    }
}

impl Side {
    /// Applies to the shadow what the server applies.
    fn shadow_play(&mut self, seat: usize, id: u32) {
        self.shadow.apply_as(seat, id).unwrap();
        self.shadow.resolve_chance(&mut self.rng);
    }

    /// Reads the update every seat's connection gets.
    async fn drain_seats(&mut self) {
        for c in &mut self.seats {
            let f: Value = serde_json::from_str(&frame(c).await).unwrap();
            assert_eq!(f["type"], "update", "{f}");
        }
    }
}

/// The position after `steps` random steps of a seeded game.
fn position(title: &str, seed: u64, steps: usize) -> (Table, usize) {
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut pick = Lcg(seed);
    let mut t = Table::new(title).unwrap();
    t.resolve_chance(&mut rng);
    let mut taken = 0;
    for _ in 0..steps {
        let Some(seat) = t.seat_to_move() else { break };
        taken += 1;
        let legal = t.legal_for(seat);
        let (id, _) = legal[pick.below(legal.len())].clone();
        t.apply_as(seat, id).unwrap();
        t.resolve_chance(&mut rng);
    }
    (t, taken)
}

#[derive(Default, Debug)]
pub struct Tally {
    games: u64,
    frames: u64,
    refusals: u64,
    /// Matches created on each server so far: the n-th gets the n-th dice.
    created: u64,
}

/// The next frame of each of the viewer's two connections on both twins:
/// a frame of `kind_of`, the same on both. Answers the frames compared.
async fn same_frames(sa: &mut Side, sb: &mut Side, kind_of: &str, case: &str) -> u64 {
    for c in 0..2 {
        let (fa, fb) = (
            frame(&mut sa.viewer[c]).await,
            frame(&mut sb.viewer[c]).await,
        );
        assert_eq!(kind(&fa), kind_of, "{fa}");
        assert_eq!(fa, fb, "{case}: the {kind_of} frames differ between twins");
    }
    2
}

async fn twin_game(twins: &[Twin<'_>; 2], title: &str, seed: u64, tally: &mut Tally) {
    let mut pick = Lcg(seed ^ 0xABCD);
    // A random step of the seeded game, which is first played to its end.
    let (_, length) = position(title, seed, 5_000);
    let (start, _) = position(title, seed, pick.below(length));
    if start.is_over() {
        return;
    }
    let players = start.players();
    let index = pick.below(players + 1);
    let viewer = if index == players {
        Viewer::Spectator
    } else {
        Viewer::Seat(index)
    };
    let record: Value = serde_json::from_str(&start.record_json()).unwrap();
    let id = format!("twin-{}-{seed}", title.replace(['(', ')', ',', '='], "-"));
    let starts = [1, 2].map(|resample| TestStart {
        record: record.clone(),
        viewer: match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        },
        resample_seed: Some(seed ^ resample),
        match_id: Some(id.clone()),
    });
    let n = tally.created;
    tally.created += 1;
    let mut sa = side(&twins[0], title, &starts[0], n, viewer).await;
    let mut sb = side(&twins[1], title, &starts[1], n, viewer).await;
    assert_eq!(sa.shadow.view_json(viewer), sb.shadow.view_json(viewer));
    let case = format!("{title} seed {seed} {viewer:?}");
    tally.frames += same_frames(&mut sa, &mut sb, "welcome", &case).await;
    tally.games += 1;
    for step in 0..STEPS_AFTER_TWIN {
        let Some(seat) = sa.shadow.seat_to_move() else {
            break;
        };
        let seq = sa.shadow.entry_count();
        // Probes from the viewer: out of turn, unknown, illegal, stale, on
        // either of its connections.
        if let Viewer::Seat(me) = viewer {
            let probe = match pick.below(4) {
                0 => Some((seq, json!(pick.below(sa.shadow.action_bound() as usize)))),
                1 => Some((seq, json!(4_000_000_000u32))),
                2 if seq > 0 => Some((seq - 1, json!(0))),
                _ => None,
            };
            let legal: Vec<u64> = sa
                .shadow
                .legal_for(me)
                .iter()
                .map(|(id, _)| u64::from(*id))
                .collect();
            if let Some((at, action)) = probe {
                let harmless = at != seq || !legal.contains(&action.as_u64().unwrap());
                if harmless {
                    let c = pick.below(2);
                    let cid = format!("probe{step}");
                    let (ca, cb) = (&mut sa.viewer[c], &mut sb.viewer[c]);
                    ca.act(at as u64, action.clone(), &cid).await;
                    cb.act(at as u64, action, &cid).await;
                    let (fa, fb) = (frame(ca).await, frame(cb).await);
                    assert_eq!(
                        fa, fb,
                        "{case}: a refusal or stale answer differs between twins"
                    );
                    tally.frames += 1;
                    tally.refusals += 1;
                }
            }
        }
        let legal_a = sa.shadow.legal_for(seat);
        let (id_a, _) = legal_a[pick.below(legal_a.len())].clone();
        // The move in the twin: one after which the viewer sees the same
        // table (the same move when it qualifies; always the same for the
        // viewer's own). Where none exists, the twins part because the
        // viewer learns what differs (an end that reveals everything).
        let mut after_a = sa.shadow.duplicate().unwrap();
        after_a.apply_as(seat, id_a).unwrap();
        after_a.resolve_chance(&mut sa.rng.clone());
        let target = after_a.view_json(viewer);
        let mut candidates: Vec<u32> = if viewer == Viewer::Seat(seat) {
            assert_eq!(legal_a, sb.shadow.legal_for(seat));
            vec![id_a]
        } else {
            sb.shadow
                .legal_for(seat)
                .iter()
                .map(|(id, _)| *id)
                .collect()
        };
        candidates.sort_by_key(|&c| c != id_a);
        let found = candidates.into_iter().find(|&c| {
            let mut t = sb.shadow.duplicate().unwrap();
            t.apply_as(seat, c).is_ok() && {
                t.resolve_chance(&mut sb.rng.clone());
                t.view_json(viewer) == target
            }
        });
        let Some(id_b) = found else {
            break;
        };
        let cid = format!("m{step}");
        sa.seats[seat].act(seq as u64, json!(id_a), &cid).await;
        sb.seats[seat].act(seq as u64, json!(id_b), &cid).await;
        sa.shadow_play(seat, id_a);
        sb.shadow_play(seat, id_b);
        tally.frames += same_frames(&mut sa, &mut sb, "update", &case).await;
        sa.drain_seats().await;
        sb.drain_seats().await;
        if sa.shadow.view_json(viewer) != sb.shadow.view_json(viewer) {
            // Chance showed the viewer something the twins drew apart.
            break;
        }
    }
}

/// The flags of every twin's server.
pub const FLAGS: &[&str] = &[
    "--dice-seed",
    "11",
    "--test-starts",
    "--rate",
    "100000",
    "--burst",
    "100000",
];

/// `games` twin games of every title on `twins`; answers the frames
/// compared.
pub async fn twin_titles(twins: &[Twin<'_>; 2], games: u64) -> u64 {
    let started = std::time::Instant::now();
    let mut created = 0;
    let mut frames = 0;
    for title in every_table() {
        let mut tally = Tally {
            created,
            ..Tally::default()
        };
        let mut seed = 0;
        while tally.games < games {
            assert!(
                seed < games * 4,
                "{title}: too few positions before the end"
            );
            twin_game(twins, title, seed, &mut tally).await;
            seed += 1;
        }
        created = tally.created;
        frames += tally.frames;
        eprintln!(
            "{title}: {} twin games, {} frames compared, {} of them refusals or stale answers ({:.1} s so far)",
            tally.games,
            tally.frames,
            tally.refusals,
            started.elapsed().as_secs_f64()
        );
        assert!(tally.frames > 2 * tally.games);
    }
    frames
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twins_a_viewer_cannot_tell_apart_are_sent_identical_frames_over_sockets() {
    let games: u64 = std::env::var("TWIN_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(GAMES_PER_TITLE);
    let dir = scratch("twins");
    let servers = [
        Server::start(&dir.join("a.sqlite"), FLAGS),
        Server::start(&dir.join("b.sqlite"), FLAGS),
    ];
    twin_titles(&[Twin::on(&servers[0]), Twin::on(&servers[1])], games).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_position_is_refused_without_the_test_flag() {
    let server = Server::fresh("no-test-starts", &[]);
    let record: Value =
        serde_json::from_str(&Table::new("pig(players=2)").unwrap().record_json()).unwrap();
    let (status, answer) = server
        .post_match(&json!({ "game": "pig(players=2)", "start": { "record": record } }))
        .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["code"], "bad_request");
    let (_, games) = server.http("GET", "/api/matches/twin", None).await;
    assert_eq!(games["error"]["code"], "unknown_match");
}

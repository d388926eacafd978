//! `replay` on records `play` wrote and on records from elsewhere: the
//! history from a viewpoint, seedless and format 1 records, and every kind
//! of bad record and bad usage with its exit status.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "a harness shared by the tests: a record that does not read fails the test"
)]

use super::common;

use common::{recorded, replay, temp_path};
use examples::cli::{EXIT_BAD_RECORD, EXIT_USAGE};
use serde_json::Value;

/// The lines between the header and the final score, as `play` told them.
fn told_lines(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|l| !l.starts_with("told as "))
        .skip(2)
        .collect()
}

/// `replay --view spectator` tells the history `play` told a spectator,
/// line for line, and `replay` alone what `play --omniscient` told.
fn replay_tells_what_play_told(game: &str) {
    for (play_args, replay_view) in [
        (&[][..], &["--view", "spectator"][..]),
        (&["--omniscient"][..], &[][..]),
        (&["--view", "1"][..], &["--view", "1"][..]),
    ] {
        let (path, out) = recorded(game, 4, play_args, "");
        let mut command_line = vec![path.to_str().unwrap()];
        command_line.extend(replay_view);
        let run = replay(&command_line, b"");
        assert_eq!(run.status, 0, "{}", run.err);
        let history: Vec<&str> = run
            .out
            .lines()
            .skip_while(|l| !l.starts_with("history as "))
            .skip(1)
            .take_while(|l| !(l.starts_with("as ") && l.ends_with(" sees it:")))
            .collect();
        let (blank, narration) = history.split_last().unwrap();
        assert_eq!(*blank, "");
        let told = told_lines(&out);
        assert!(told.len() > narration.len(), "{out}");
        assert_eq!(narration, &told[..narration.len()], "{game} {play_args:?}");
    }
}

for_every_game!(replay_tells_what_play_told);

/// `replay --view SEAT --json` holds the seat's history, and neither the
/// seed nor the generator.
fn a_seat_history_in_json_holds_no_seed_or_generator(game: &str) {
    let (path, _) = recorded(game, 4, &[], "");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let generator = record["generator"]["seed"].as_str().unwrap().to_string();
    let run = replay(&[path.to_str().unwrap(), "--view", "0", "--json"], b"");
    assert_eq!(run.status, 0, "{}", run.err);
    let out: Value = serde_json::from_str(&run.out).unwrap();
    assert_eq!(out["history"]["viewer"], serde_json::json!({"seat": 0}));
    assert_eq!(out["history"]["game"], game);
    assert_eq!(
        out["history"]["log"].as_array().unwrap().len(),
        usize::try_from(out["steps"].as_u64().unwrap()).unwrap()
    );
    assert!(!run.out.contains("\"seed\""), "{}", run.out);
    assert!(!run.out.contains("\"generator\""), "{}", run.out);
    assert!(!run.out.contains(&generator), "{}", run.out);
    let without_view = replay(&[path.to_str().unwrap(), "--json"], b"");
    let out: Value = serde_json::from_str(&without_view.out).unwrap();
    assert_eq!(out.get("history"), None);
    assert_eq!(out["status"], "finished");
}

for_every_game!(a_seat_history_in_json_holds_no_seed_or_generator);

/// A record of a game played with physical dice lists every outcome and
/// has no seed: it replays to the same end.
fn a_record_without_a_seed_replays_when_its_log_lists_every_outcome(game: &str) {
    let (path, _) = recorded(game, 4, &[], "");
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let with_seed = replay(&[path.to_str().unwrap(), "--json"], b"");
    let fields = record.as_object_mut().unwrap();
    fields.remove("seed");
    fields.remove("generator");
    let run = replay(&["-", "--json"], record.to_string().as_bytes());
    assert_eq!(run.status, 0, "{}", run.err);
    assert_eq!(run.out, with_seed.out);
}

for_every_game!(a_record_without_a_seed_replays_when_its_log_lists_every_outcome);

#[test]
fn a_seedless_record_that_needs_a_roll_names_the_entry() {
    let record = r#"{"game":"pig","format":2,"config":{"players":2,"target":30},
        "log":[{"action":"roll"},{"chance":4},{"action":"roll"},{"action":"hold"}]}"#;
    let run = replay(&["-"], record.as_bytes());
    assert_eq!(run.status, EXIT_BAD_RECORD);
    assert_eq!(
        run.err,
        "replay: entry 3: the game waits for a chance outcome and the record has no seed\n"
    );
}

#[test]
fn a_format_1_record_with_only_decisions_replays_from_its_seed() {
    let record = r#"{"game":"pig","format":1,"config":{"players":2,"target":30},"seed":5,
        "log":[{"action":"roll"},{"action":"roll"}]}"#;
    let run = replay(&["-"], record.as_bytes());
    assert_eq!(run.status, 0, "{}", run.err);
    assert!(
        run.out.starts_with("pig record: ongoing after "),
        "{}",
        run.out
    );
}

#[test]
fn a_bad_record_exits_1_with_one_line_naming_the_entry() {
    for (record, reason) in [
        (
            r#"{"game":"pig","format":2,"config":{},"seed":1,"log":[{"action":"roll"},{"chance":2},{"action":"fold"}]}"#,
            "replay: entry 2: unknown variant `fold`",
        ),
        (
            r#"{"game":"pig","format":2,"config":{},"seed":1,"log":[{"action":"hold"}]}"#,
            "replay: entry 0: illegal action: hold: you must roll at least once this turn",
        ),
        (r#"{"game":"chess"}"#, "replay: unknown game \"chess\""),
        ("[1, 2", "replay: not a record: "),
        (
            r#"{"game":"pig","format":3,"config":{},"log":[]}"#,
            "replay: record format 3 is not supported",
        ),
    ] {
        let run = replay(&["-"], record.as_bytes());
        assert_eq!(run.status, EXIT_BAD_RECORD, "{record}");
        assert!(run.err.starts_with(reason), "{record}: {}", run.err);
        assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    }
}

#[test]
fn a_file_that_is_not_utf8_text_is_a_bad_record() {
    let path = temp_path("latin1.json");
    std::fs::write(&path, b"{\"game\": \"p\xefg\"}").unwrap();
    let run = replay(&[path.to_str().unwrap()], b"");
    assert_eq!(run.status, EXIT_BAD_RECORD);
    assert!(
        run.err.starts_with("replay: not a record: not UTF-8 text"),
        "{}",
        run.err
    );
    let run = replay(&["-"], b"\xff\xfe{}");
    assert_eq!(run.status, EXIT_BAD_RECORD);
}

#[test]
fn a_seat_the_table_lacks_is_bad_usage_naming_the_seats() {
    let (path, _) = recorded("pig", 4, &[], "");
    for json in [&[][..], &["--json"][..]] {
        let mut args = vec![path.to_str().unwrap(), "--view", "9"];
        args.extend(json);
        let run = replay(&args, b"");
        assert_eq!(run.status, EXIT_USAGE, "{}", run.err);
        assert_eq!(run.err, "replay: --view 9: the table has seats 0 to 1\n");
        assert!(run.out.is_empty(), "{}", run.out);
    }
}

/// An endless input that is not text (`/dev/urandom`) is refused at its
/// first bytes, not read to an end that never comes.
#[test]
fn an_endless_input_that_is_not_text_is_refused_at_once() {
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut endless = std::io::BufReader::new(std::io::repeat(0xfe));
    let mut io = examples::cli::Io {
        input: &mut endless,
        output: &mut output,
        errors: &mut errors,
        progress: false,
        echo_answers: false,
    };
    let status = examples::cli::replay(["replay", "-"], &mut io);
    assert_eq!(status, EXIT_BAD_RECORD);
    let err = String::from_utf8(errors).unwrap();
    assert_eq!(
        err,
        "replay: not a record: not UTF-8 text (invalid byte at offset 0)\n"
    );
}

#[cfg(unix)]
#[test]
fn dev_urandom_is_refused_at_once() {
    let run = replay(&["/dev/urandom"], b"");
    assert_eq!(run.status, EXIT_BAD_RECORD);
    assert!(
        run.err.starts_with("replay: not a record: not UTF-8 text"),
        "{}",
        run.err
    );
}

/// An endless text input is refused once past the cap, having read no
/// more than the cap and a chunk.
#[test]
fn an_endless_text_input_is_refused_past_the_cap() {
    struct Counted(u64);
    impl std::io::Read for Counted {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(b' ');
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
    }
    let mut input = Counted(0);
    let err = examples::record_file::read_text(&mut input, 4 << 20).unwrap_err();
    assert_eq!(
        err,
        examples::record_file::ReadError::NotText("not a record: larger than 4 MiB".into())
    );
    assert!(input.0 <= (4 << 20) + 64 * 1024, "read {} bytes", input.0);
    assert_eq!(examples::record_file::MAX_RECORD_BYTES, 256 << 20);
}

#[test]
fn bad_usage_and_unreadable_paths_exit_2() {
    let missing = temp_path("no-such-record.json");
    let run = replay(&[missing.to_str().unwrap()], b"");
    assert_eq!(run.status, EXIT_USAGE);
    assert!(run.err.starts_with("replay: cannot read "), "{}", run.err);
    for args in [
        &[][..],
        &["a.json", "--view", "x"][..],
        &["a.json", "--what"][..],
    ] {
        let run = replay(args, b"");
        assert_eq!(run.status, EXIT_USAGE, "{args:?}");
        assert!(run.err.starts_with("error: "), "{}", run.err);
        assert!(run.err.contains("try '--help'"), "{}", run.err);
    }
}

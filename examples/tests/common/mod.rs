//! Running the tools in-process, as their binaries do, on given arguments
//! and input.

/// A test named after `$check` that runs `$check` on every game of the
/// registry, by name.
macro_rules! for_every_game {
    ($check:ident) => {
        mod $check {
            #[test]
            fn every_game() {
                for name in tabletop_engines::game_names() {
                    super::$check(name);
                }
            }
        }
    };
}

/// What a run of a tool left: its exit status, standard output and
/// standard error.
pub struct Run {
    pub status: u8,
    pub out: String,
    pub err: String,
}

type Tool = fn(Vec<String>, &mut examples::cli::Io<'_>) -> u8;

fn run(tool: Tool, name: &str, args: &[&str], input: &[u8]) -> Run {
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut io = examples::cli::Io {
        input: &mut &*input,
        output: &mut output,
        errors: &mut errors,
        progress: false,
        echo_answers: true,
    };
    let command_line = std::iter::once(name)
        .chain(args.iter().copied())
        .map(String::from)
        .collect();
    let status = tool(command_line, &mut io);
    Run {
        status,
        out: String::from_utf8_lossy(&output).into_owned(),
        err: String::from_utf8_lossy(&errors).into_owned(),
    }
}

/// `play ARGS`, reading `input` as the people's answers.
pub fn play(args: &[&str], input: &str) -> Run {
    run(examples::cli::play, "play", args, input.as_bytes())
}

/// `replay ARGS`, reading `input` for `-`.
pub fn replay(args: &[&str], input: &[u8]) -> Run {
    run(examples::cli::replay, "replay", args, input)
}

/// A fresh path in the temporary directory for a file named `name`.
/// Each call numbers its path, so tests that run at once and name their
/// files alike never write or read each other's.
pub fn temp_path(name: &str) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("examples-tests-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.join(format!("{call}-{name}"))
}

/// `play GAME --seed SEED --record PATH ARGS`, reading `input` as the
/// people's answers, which must exit 0; returns the record's path and what
/// `play` told.
pub fn recorded(game: &str, seed: u64, args: &[&str], input: &str) -> (std::path::PathBuf, String) {
    let path = temp_path(&format!("{game}-{seed}-{}.json", args.join("_")));
    let seed = seed.to_string();
    let mut command_line = vec![game, "--seed", &seed, "--record", path.to_str().unwrap()];
    command_line.extend(args);
    let run = play(&command_line, input);
    assert_eq!(run.status, 0, "{}{}", run.out, run.err);
    (path, run.out)
}

/// `ladder ARGS`.
pub fn ladder(args: &[&str]) -> Run {
    run(examples::ladder_cli::ladder, "ladder", args, b"")
}

//! The entry points the `play` and `replay` binaries call: their
//! command lines read, the game dispatched, and the exit status.

use std::ffi::OsString;
use std::io::{BufRead, Write};

use clap::Parser;
use dice_core::Viewer;

use crate::args::{PlayArgs, ReplayArgs};
use crate::games::{GameName, GameTask};
use crate::options::PlayOptions;
use crate::output::Output;
use crate::play::Ending;
use crate::playable::PlayableGame;
use crate::record_file::{ReadError, read_path};
use crate::replay::Refusal;

/// Exit status of `replay` for a record that does not read or replay.
pub const EXIT_BAD_RECORD: u8 = 1;
/// Exit status for bad usage, and for a path that cannot be read or written.
pub const EXIT_USAGE: u8 = 2;
/// Exit status of `play` when a person's input ends before the game.
pub const EXIT_INPUT_ENDED: u8 = 3;
/// Exit status of `play` when its one game is stopped by `--max-steps`.
pub const EXIT_STOPPED: u8 = 4;

/// Where a tool reads and writes: the process's own streams, or buffers
/// in tests.
pub struct Io<'a> {
    /// Answers of the people at `play`'s seats; `replay -` reads the record
    /// from here.
    pub input: &'a mut dyn BufRead,
    /// What the tool tells.
    pub output: &'a mut dyn Write,
    /// Errors.
    pub errors: &'a mut dyn Write,
    /// Whether `play` may draw a progress bar on the process's standard
    /// error (a terminal is there to see it); a caller holding the lock of
    /// standard error as `errors` would block it.
    pub progress: bool,
    /// Whether `play` writes each answer after its prompt (the input is a
    /// script, not a terminal that shows what is typed).
    pub echo_answers: bool,
}

/// Parses `args` (the program name first), or writes clap's message
/// (help to `output`, errors to `errors`) and says with which status to
/// exit.
fn parse<P: Parser>(args: Vec<OsString>, io: &mut Io<'_>) -> Result<P, u8> {
    P::try_parse_from(args).map_err(|e| {
        let to = if e.use_stderr() {
            &mut *io.errors
        } else {
            &mut *io.output
        };
        let _ = write!(to, "{}", e.render());
        u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE)
    })
}

/// `play` for the game named on the command line.
struct PlayTask<'a, 'io> {
    options: &'a PlayOptions,
    io: &'a mut Io<'io>,
}

impl GameTask for PlayTask<'_, '_> {
    type Output = Result<Ending, String>;

    fn run<G: PlayableGame>(self) -> Self::Output {
        let mut out = Output::new(&mut *self.io.output).echoing_answers(self.io.echo_answers);
        crate::play::run::<G>(
            self.options,
            &mut *self.io.input,
            &mut out,
            self.io.progress,
        )
    }
}

/// `replay` for the game a record names.
struct ReplayTask<'a> {
    json: String,
    view: Option<Viewer>,
    as_json: bool,
    out: &'a mut dyn Write,
}

impl GameTask for ReplayTask<'_> {
    type Output = Result<(), Refusal>;

    fn run<G: PlayableGame>(self) -> Self::Output {
        crate::replay::run::<G>(self.json, self.view, self.as_json, self.out)
    }
}

/// `play` on `args` (the program name first); returns the exit status.
pub fn play(args: impl IntoIterator<Item = impl Into<OsString>>, io: &mut Io<'_>) -> u8 {
    let args: PlayArgs = match parse(args.into_iter().map(Into::into).collect(), io) {
        Ok(args) => args,
        Err(status) => return status,
    };
    let options = args.options();
    if !options.humans.is_empty() && options.games > 1 {
        let _ = writeln!(
            io.errors,
            "play: people play one game at a time: --human takes no --games"
        );
        return EXIT_USAGE;
    }
    let ending = args.game.run(PlayTask {
        options: &options,
        io,
    });
    match ending {
        Ok(Ending::Finished) => 0,
        Ok(Ending::InputEnded) => EXIT_INPUT_ENDED,
        Ok(Ending::Stopped) => {
            let kept = options.record.as_ref().map_or_else(
                || "no record kept (--record FILE keeps one)".to_string(),
                |path| format!("its record is in {}", path.display()),
            );
            let _ = writeln!(
                io.errors,
                "play: the game was stopped after {} steps, unfinished; {kept}",
                options.max_steps
            );
            EXIT_STOPPED
        }
        Err(e) => {
            let _ = writeln!(io.errors, "play: {e}");
            EXIT_USAGE
        }
    }
}

/// `replay` on `args` (the program name first); returns the exit status.
pub fn replay(args: impl IntoIterator<Item = impl Into<OsString>>, io: &mut Io<'_>) -> u8 {
    let args: ReplayArgs = match parse(args.into_iter().map(Into::into).collect(), io) {
        Ok(args) => args,
        Err(status) => return status,
    };
    let json = match read_path(&args.file, &mut *io.input) {
        Ok(json) => json,
        Err(ReadError::Io(e)) => {
            let _ = writeln!(
                io.errors,
                "replay: cannot read {}: {e}",
                args.file.display()
            );
            return EXIT_USAGE;
        }
        Err(ReadError::NotText(reason)) => {
            let _ = writeln!(io.errors, "replay: {reason}");
            return EXIT_BAD_RECORD;
        }
    };
    let told = crate::replay::game_name(&json).and_then(|name| {
        let game = GameName::from_record_name(&name)
            .ok_or_else(|| Refusal::BadRecord(format!("unknown game \"{name}\"")))?;
        game.run(ReplayTask {
            json,
            view: args.view,
            as_json: args.json,
            out: &mut *io.output,
        })
    });
    match told {
        Ok(()) => 0,
        Err(Refusal::BadRecord(reason)) => {
            let _ = writeln!(io.errors, "replay: {reason}");
            EXIT_BAD_RECORD
        }
        Err(Refusal::BadUsage(reason)) => {
            let _ = writeln!(io.errors, "replay: {reason}");
            EXIT_USAGE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_is_printed_to_the_output_with_status_0() {
        let mut output = Vec::new();
        let mut errors = Vec::new();
        let mut io = Io {
            input: &mut std::io::empty(),
            output: &mut output,
            errors: &mut errors,
            progress: false,
            echo_answers: false,
        };
        assert_eq!(play(["play", "--help"], &mut io), 0);
        let help = String::from_utf8(output).unwrap();
        assert!(help.contains("--human <SEAT>"), "{help}");
        assert!(help.contains("Exit status: 0"), "{help}");
        assert!(errors.is_empty());
    }
}

//! Talk at the table: short lines of text the seats say to one another
//! and spectators read. A line is untrusted text: checked here before it
//! is kept or told, and pages show it as text only, never as markup.
//! Lines are not game entries: they never enter the log, a record or a
//! replay.

use std::collections::BTreeMap;

use crate::connection::limits::{Bucket, Limits};
use crate::matches::names::hidden;
use crate::store::lines::Line;
use crate::wire::code::{Code, Reason};

/// The most characters a line has.
pub const MAX_LINE_CHARS: usize = 200;

/// The Braille pattern blank: a symbol that shows nothing.
const BRAILLE_BLANK: char = '\u{2800}';
/// The lines a welcome carries: the match's last ones.
pub const TOLD_LINES: usize = 100;
/// `text` as a line to say: trimmed, 1 to [`MAX_LINE_CHARS`] characters
/// (not bytes), none of them hiding or breaking text ([`hidden`]).
///
/// # Errors
/// `talk_empty`, `talk_too_long` or `talk_character`, with a text naming
/// why.
pub fn line_text(text: &str) -> Result<&str, Reason> {
    let line = text.trim();
    let chars = line.chars().count();
    // A line of Braille blanks (U+2800, a symbol that shows nothing and is
    // neither a space nor ignorable) says nothing either; within text it
    // stands as any blank does.
    if line
        .chars()
        .all(|c| c.is_whitespace() || c == BRAILLE_BLANK)
    {
        return Err(Reason::new(
            Code::TalkEmpty,
            "a line of at least one character",
        ));
    }
    if chars > MAX_LINE_CHARS {
        return Err(Reason::new(
            Code::TalkTooLong,
            format!("a line of at most {MAX_LINE_CHARS} characters, not {chars}"),
        ));
    }
    if let Some((c, why)) = line.chars().find_map(|c| hidden(c).map(|why| (c, why))) {
        return Err(Reason::new(
            Code::TalkCharacter,
            format!("a line without {why} characters (U+{:04X})", u32::from(c)),
        ));
    }
    Ok(line)
}

/// A live match's talk: its last lines, and each seat's rate.
#[derive(Debug)]
pub struct Talk {
    /// The last [`TOLD_LINES`] lines, oldest first.
    lines: Vec<Line>,
    /// Each seat's bucket, from its first line on.
    rates: BTreeMap<usize, Bucket>,
    per_minute: u32,
    burst: u32,
}

impl Talk {
    /// The talk of a match whose last kept lines are `lines`.
    pub fn new(mut lines: Vec<Line>, limits: &Limits) -> Self {
        let over = lines.len().saturating_sub(TOLD_LINES);
        lines.drain(..over);
        Talk {
            lines,
            rates: BTreeMap::new(),
            per_minute: limits.talk_lines_per_minute,
            burst: limits.talk_burst,
        }
    }

    /// The last lines, oldest first.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The next line, `text` (checked already) said by `seat` called
    /// `name`, when the seat's rate allows one more.
    ///
    /// # Errors
    /// `talk_too_fast`.
    pub fn next(
        &mut self,
        seat: usize,
        name: Option<String>,
        text: String,
    ) -> Result<Line, Reason> {
        let (per_minute, burst) = (self.per_minute, self.burst);
        let bucket = self
            .rates
            .entry(seat)
            .or_insert_with(|| Bucket::per_minute(per_minute, burst));
        if !bucket.take() {
            return Err(Reason::new(
                Code::TalkTooFast,
                format!("at most {burst} lines at once and {per_minute} a minute; wait a little"),
            ));
        }
        let n = self.lines.last().map_or(1, |l| l.n.saturating_add(1));
        Ok(Line {
            n,
            seat,
            name,
            text,
        })
    }

    /// `line`, kept by the store: told from now on.
    pub fn kept(&mut self, line: Line) {
        if self.lines.len() >= TOLD_LINES {
            self.lines.remove(0);
        }
        self.lines.push(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Option<Code> {
        line_text(text).err().map(|r| r.code)
    }

    #[test]
    fn a_line_is_trimmed_and_kept_as_typed() {
        assert_eq!(line_text("  hi all  "), Ok("hi all"));
        for good in ["<b>x</b> & <img src=x>", "¿Qué tal? 😀", "Żółć!", "李小龍"] {
            assert_eq!(line_text(good), Ok(good));
        }
        assert_eq!(code(&"é".repeat(MAX_LINE_CHARS)), None);
    }

    #[test]
    fn empty_long_and_hidden_lines_are_refused() {
        assert_eq!(code(" \t "), Some(Code::TalkEmpty));
        assert_eq!(code("\u{2800} \u{2800}"), Some(Code::TalkEmpty));
        assert_eq!(code("\u{2800}x"), None, "a blank within text");
        assert_eq!(
            code(&"é".repeat(MAX_LINE_CHARS + 1)),
            Some(Code::TalkTooLong)
        );
        for bad in [
            "a\nb",
            "nul\0",
            "rtl\u{202E}x",
            "zero\u{200B}w",
            "\u{3164}x",
        ] {
            assert_eq!(code(bad), Some(Code::TalkCharacter), "{bad:?}");
        }
    }
}

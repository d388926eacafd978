//! Where the tools write for a person.

use std::io::Write;

/// Text for a person, line by line. Writing stops quietly once the reader
/// has gone (`play ... | head`): the game goes on to its end, and its
/// record is still written.
pub struct Output<'a> {
    writer: &'a mut dyn Write,
    gone: bool,
    echo: bool,
}

impl<'a> Output<'a> {
    /// Text written to `writer`.
    pub fn new(writer: &'a mut dyn Write) -> Self {
        Output {
            writer,
            gone: false,
            echo: false,
        }
    }

    /// The same output, writing each answer after its prompt when `echo`
    /// (answers read from a script, which the terminal does not show).
    #[must_use]
    pub fn echoing_answers(mut self, echo: bool) -> Self {
        self.echo = echo;
        self
    }

    /// Shows an answer just read, if answers are echoed.
    pub fn answer(&mut self, text: &str) {
        if self.echo {
            self.line(text);
        }
    }

    /// Writes `text` and ends the line; the lines of a drawing lose their
    /// trailing blanks.
    pub fn line(&mut self, text: &str) {
        for line in text.split('\n') {
            self.write(line.trim_end(), "\n");
        }
    }

    /// Writes a question and shows it at once, the answer to come on the
    /// same line.
    pub fn prompt(&mut self, text: &str) {
        self.write(text, "");
        if !self.gone && self.writer.flush().is_err() {
            self.gone = true;
        }
    }

    fn write(&mut self, text: &str, end: &str) {
        if !self.gone && write!(self.writer, "{text}{end}").is_err() {
            self.gone = true;
        }
    }
}

//! Reading a record file with a bound: at most [`MAX_RECORD_BYTES`], and
//! refused at the first bytes that are not UTF-8, so that an endless or
//! huge input (`/dev/urandom`, `/dev/zero`) is never read to its end.

use std::io::Read;
use std::path::Path;

/// The largest record the tools read: 256 mebibytes (a Pig record of
/// about 15 million entries). A larger input is refused before anything in it
/// is checked.
pub const MAX_RECORD_BYTES: u64 = 256 * 1024 * 1024;

/// How many bytes are read at a time.
const CHUNK: usize = 64 * 1024;

/// Why a record's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The path or stream could not be read.
    Io(String),
    /// The input is not a record's text: too large, or not UTF-8.
    NotText(String),
}

/// The text of the record at `path` (`-` for `stdin`).
///
/// # Errors
/// As [`read_text`]; a path that cannot be opened is [`ReadError::Io`].
pub fn read_path(path: &Path, stdin: &mut dyn Read) -> Result<String, ReadError> {
    if path.as_os_str() == "-" {
        return read_text(stdin, MAX_RECORD_BYTES);
    }
    let mut file = std::fs::File::open(path).map_err(|e| ReadError::Io(e.to_string()))?;
    read_text(&mut file, MAX_RECORD_BYTES)
}

/// Reads `input` to its end as UTF-8 text of at most `cap` bytes,
/// checking each chunk as it arrives.
///
/// # Errors
/// [`ReadError::NotText`] at the first byte that is not UTF-8, or once
/// more than `cap` bytes have come; [`ReadError::Io`] when reading fails.
pub fn read_text(input: &mut dyn Read, cap: u64) -> Result<String, ReadError> {
    let mut limited = input.take(cap.saturating_add(1));
    let mut bytes = Vec::new();
    let mut checked = 0;
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let read = match limited.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e.to_string())),
        };
        bytes.extend_from_slice(chunk.get(..read).unwrap_or_default());
        if u64::try_from(bytes.len()).map_or(true, |len| len > cap) {
            return Err(ReadError::NotText(format!(
                "not a record: larger than {} MiB",
                cap / (1024 * 1024)
            )));
        }
        let unchecked = bytes.get(checked..).unwrap_or_default();
        match std::str::from_utf8(unchecked) {
            Ok(_) => checked = bytes.len(),
            // A character cut by the chunk's end: checked with the next.
            Err(e) if e.error_len().is_none() => {
                checked = checked.saturating_add(e.valid_up_to());
            }
            Err(e) => return Err(not_utf8(checked.saturating_add(e.valid_up_to()))),
        }
    }
    String::from_utf8(bytes).map_err(|e| not_utf8(e.utf8_error().valid_up_to()))
}

fn not_utf8(at: usize) -> ReadError {
    ReadError::NotText(format!(
        "not a record: not UTF-8 text (invalid byte at offset {at})"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_input_is_refused_once_past_the_cap() {
        let mut endless = std::io::repeat(b' ');
        let err = read_text(&mut endless, 1024 * 1024).unwrap_err();
        assert_eq!(
            err,
            ReadError::NotText("not a record: larger than 1 MiB".into())
        );
    }

    #[test]
    fn an_endless_input_that_is_not_utf8_is_refused_at_its_first_chunk() {
        let mut endless = std::io::repeat(0xff);
        let err = read_text(&mut endless, MAX_RECORD_BYTES).unwrap_err();
        assert_eq!(err, not_utf8(0));
    }

    #[test]
    fn characters_cut_by_a_chunk_are_read_whole() {
        let text = "ö".repeat(CHUNK);
        assert_eq!(read_text(&mut text.as_bytes(), MAX_RECORD_BYTES), Ok(text));
        let mut cut = "ö".as_bytes().get(..1).unwrap();
        assert_eq!(read_text(&mut cut, 10), Err(not_utf8(0)));
        assert_eq!(read_text(&mut &b"{}"[..], 2), Ok("{}".to_string()));
        assert!(read_text(&mut &b"{} "[..], 2).is_err());
    }
}

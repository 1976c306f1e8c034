//! Writing to standard output, the same way for every command: when nobody reads any
//! more (`smashup faction pirates | head -1`, a closed pipe) the command stops quietly;
//! any other failure to write (a full disk: `> /dev/full`) is an error on standard
//! error and the exit code [`WRITE_FAILED`], never silence.

use std::io::Write;

/// The exit code when standard output cannot be written (EX_IOERR).
pub const WRITE_FAILED: u8 = 74;

/// Writes one line to standard output; a failure stops the process (see [`stop`]).
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{args}").and_then(|()| out.flush()) {
        stop(&e);
    }
}

/// True when a write failed only because nobody reads the output any more.
pub fn closed(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// The line said on standard error when the output could not be written.
pub fn failure(e: &std::io::Error) -> String {
    format!("Error: cannot write the output: {e}.")
}

/// Ends the process after a failed write: quietly with 0 for a closed output, with
/// the error and [`WRITE_FAILED`] otherwise.
pub fn stop(e: &std::io::Error) -> ! {
    if closed(e) {
        std::process::exit(0);
    }
    error_line(&failure(e));
    std::process::exit(WRITE_FAILED.into())
}

/// Says one line on standard error; if even that cannot be written, nothing more
/// can be done (unlike `eprintln!`, it never panics).
pub fn error_line(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

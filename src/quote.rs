//! Showing back what a person typed: in quotes, with control characters and escape
//! codes written out (`\u{1b}`) rather than sent raw to a terminal or screen reader,
//! and a long input cut short with its length, so one stray paste does not read out
//! three thousand characters. Players' names are shown the same way.

/// The characters shown of an input before it is cut.
const SHOWN: usize = 60;

/// `text` in double quotes, escaped, cut to [`SHOWN`] characters with "…" and its
/// length after: `"xxxx…" (3000 characters)`.
pub fn quote(text: &str) -> String {
    let (shown, count) = escaped(text);
    if count > SHOWN {
        format!("\"{shown}…\" ({count} characters)")
    } else {
        format!("\"{shown}\"")
    }
}

/// `text` escaped and cut like [`quote`], without the quotes: an input line echoed.
pub fn echo(text: &str) -> String {
    let (shown, count) = escaped(text);
    if count > SHOWN {
        format!("{shown}… ({count} characters)")
    } else {
        shown
    }
}

/// The longest player name shown, in characters.
const NAME: usize = 40;

/// A player's name as the game shows it (from `--names`, the set-up question or a
/// save): invisible characters written out like echoed input (an ESC or BEL never
/// reaches the terminal), cut to [`NAME`] characters, the last of them "…". Showing a
/// shown name again leaves it as it is.
pub fn name(text: &str) -> String {
    let shown = escape(text);
    if shown.chars().count() > NAME {
        shown.chars().take(NAME - 1).chain(['…']).collect()
    } else {
        shown
    }
}

/// `text` whole, with the invisible characters written out: text read from a file
/// (a saved game's log) shown as text, never as terminal codes.
pub fn escape(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars() {
        push_shown(&mut shown, c);
    }
    shown
}

/// The first [`SHOWN`] characters with the invisible ones escaped, and the length.
fn escaped(text: &str) -> (String, usize) {
    let mut shown = String::new();
    for c in text.chars().take(SHOWN) {
        push_shown(&mut shown, c);
    }
    (shown, text.chars().count())
}

/// Adds one character as it is shown: written out (`\u{1b}`) if invisible.
fn push_shown(shown: &mut String, c: char) {
    if invisible(c) {
        shown.extend(c.escape_default());
    } else {
        shown.push(c);
    }
}

/// Control characters, and the format characters that reorder or hide text.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::{echo, name, quote};

    #[test]
    fn escapes_control_characters_and_cuts_long_input() {
        assert_eq!(quote("pm5"), "\"pm5\"");
        assert_eq!(quote("a\u{1b}[31mb\tc"), "\"a\\u{1b}[31mb\\tc\"");
        let long = "x".repeat(3000);
        assert_eq!(
            quote(&long),
            format!("\"{}…\" (3000 characters)", "x".repeat(60))
        );
        assert_eq!(echo("play 1\u{7}"), "play 1\\u{7}");
    }

    #[test]
    fn names_are_escaped_cut_and_stay_so() {
        assert_eq!(name("Ann"), "Ann");
        assert_eq!(name("Ann\u{1b}]0;x\u{7}"), "Ann\\u{1b}]0;x\\u{7}");
        let long = name(&"\u{7}".repeat(30));
        assert_eq!(long.chars().count(), 40);
        assert!(long.ends_with('…') && !long.contains('\u{7}'));
        assert_eq!(name(&long), long);
    }
}

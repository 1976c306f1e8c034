//! Braille Ready Format pages, as embossers and braille software expect them: Braille
//! ASCII, at most [`CELLS`] cells a line and [`LINES`] lines a page, a form feed between
//! pages, and on the first line of every page a running title with the braille page
//! number at its right end.
//!
//! Paragraphs are laid out in the 1-3 list format of braille reference material: the
//! first line at cell 1 and runover lines at cell 3, so that a reader's finger finds each
//! entry's code at the left margin. Lines are broken only at spaces, after translation,
//! so the limits hold for contracted braille too and words are never split; a paragraph
//! that fits on a page is never split across two.

use super::ueb;

/// Cells a line: the common embosser and braille-display page width.
pub const CELLS: usize = 40;

/// Lines a page, the running-title line included: the common 11-inch braille page.
pub const LINES: usize = 25;

/// Line ending: CRLF, what most braille translation software and embosser drivers expect
/// (they read LF-only files too, but not all of them the other way round).
pub const EOL: &str = "\r\n";

/// Between two pages, so that the embosser starts a new sheet.
pub const FORM_FEED: char = '\x0c';

/// Blank cells a runover line starts with (it begins at cell 3).
const RUNOVER_INDENT: usize = 2;

/// Blank cells kept between the running title and the page number.
const TITLE_GAP: usize = 3;

/// Splits a word longer than a whole line into line-sized pieces. No translated word of
/// our sheets is that long; this only keeps the cell limit for data we do not know.
fn pieces(word: &str, width: usize) -> Vec<String> {
    let cells: Vec<char> = word.chars().collect();
    cells
        .chunks(width.max(1))
        .map(|c| c.iter().collect())
        .collect()
}

/// One translated paragraph as lines: the first from cell 1, runover lines from cell 3,
/// broken only at the braille spaces.
pub fn wrap(paragraph: &str) -> Vec<String> {
    let runover_width = CELLS - RUNOVER_INDENT;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut line_cells = 0;
    for word in paragraph.split(' ').filter(|w| !w.is_empty()) {
        for piece in pieces(word, runover_width) {
            let cells = piece.chars().count();
            let width = if lines.is_empty() {
                CELLS
            } else {
                runover_width
            };
            if line_cells > 0 && line_cells + 1 + cells > width {
                lines.push(std::mem::take(&mut line));
                line_cells = 0;
            }
            if line_cells > 0 {
                line.push(' ');
                line_cells += 1;
            } else if !lines.is_empty() {
                line.push_str(&" ".repeat(RUNOVER_INDENT));
            }
            line.push_str(&piece);
            line_cells += cells;
        }
    }
    if line_cells > 0 {
        lines.push(line);
    }
    lines
}

/// Fills pages of `LINES - 1` content lines with the wrapped paragraphs, starting a new
/// page for a paragraph that does not fit in what is left of the current one but would
/// fit on an empty page.
fn paginate(paragraphs: &[String]) -> Vec<Vec<String>> {
    let room = LINES - 1;
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    for paragraph in paragraphs {
        let lines = wrap(paragraph);
        for (k, line) in lines.iter().enumerate() {
            let used = pages.last().map_or(0, Vec::len);
            let keep_together = k == 0 && lines.len() <= room && used + lines.len() > room;
            if used > 0 && (used == room || keep_together) {
                pages.push(Vec::new());
            }
            if let Some(page) = pages.last_mut() {
                page.push(line.clone());
            }
        }
    }
    pages
}

/// The first line of a page: the running title centred (or as far right as leaves the
/// gap), and the braille page number ending at the last cell.
fn title_line(title: &str, number: &str) -> String {
    let title_cells = title.chars().count();
    let number_cells = number.chars().count();
    let last_start = CELLS.saturating_sub(number_cells + TITLE_GAP + title_cells);
    let start = (CELLS.saturating_sub(title_cells) / 2).min(last_start);
    let gap = CELLS.saturating_sub(start + title_cells + number_cells);
    format!("{}{title}{}{number}", " ".repeat(start), " ".repeat(gap))
}

/// A whole BRF document. `titles` are translations of the running title, longest
/// first: the first that fits beside the largest page number is used on every page.
pub fn document(titles: &[String], paragraphs: &[String]) -> String {
    let pages = paginate(paragraphs);
    let widest_number = ueb::number(pages.len()).chars().count();
    let title = titles
        .iter()
        .find(|t| t.chars().count() + TITLE_GAP + widest_number <= CELLS)
        .map_or("", String::as_str);
    pages
        .iter()
        .enumerate()
        .map(|(k, lines)| {
            let mut page = title_line(title, &ueb::number(k + 1));
            page.push_str(EOL);
            for line in lines {
                page.push_str(line);
                page.push_str(EOL);
            }
            page
        })
        .collect::<Vec<_>>()
        .join(&FORM_FEED.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_with_runover_at_cell_3() {
        let words = ["ABCDEFGHI"; 12].join(" ");
        let lines = wrap(&words);
        assert_eq!(lines[0], "ABCDEFGHI ABCDEFGHI ABCDEFGHI ABCDEFGHI");
        assert_eq!(lines[1], "  ABCDEFGHI ABCDEFGHI ABCDEFGHI");
        assert_eq!(lines.len(), 4);
        for line in &lines[1..] {
            assert!(line.starts_with("  ") && !line.starts_with("   "));
        }
        assert_eq!(lines.join(" ").split_whitespace().count(), 12);
    }

    #[test]
    fn a_word_longer_than_a_line_is_cut_to_fit() {
        let lines = wrap(&"X".repeat(100));
        assert!(
            lines.iter().all(|l| l.chars().count() <= CELLS),
            "{lines:?}"
        );
        assert_eq!(lines.concat().replace(' ', ""), "X".repeat(100));
    }

    #[test]
    fn empty_paragraphs_give_no_lines() {
        assert!(wrap("").is_empty());
        assert!(wrap("   ").is_empty());
    }

    #[test]
    fn title_line_has_the_page_number_at_the_right_end() {
        let line = title_line(",PIRATES", "#C");
        assert_eq!(line.chars().count(), CELLS);
        assert!(line.ends_with("   #C"));
        assert_eq!(line.trim_start().split("  ").next(), Some(",PIRATES"));
        let long = "X".repeat(CELLS - 6);
        assert_eq!(title_line(&long, "#AB"), format!("{long}   #AB"));
    }

    #[test]
    fn pages_keep_the_limits_and_paragraphs_together() {
        let paragraph = ["ABCDEFGHI"; 20].join(" ");
        let per_paragraph = wrap(&paragraph).len();
        let paragraphs = vec![paragraph; 20];
        let doc = document(&[",LONG TITLE".into(), ",SHORT".into()], &paragraphs);
        let pages: Vec<&str> = doc.split(FORM_FEED).collect();
        assert!(pages.len() > 1);
        for (k, page) in pages.iter().enumerate() {
            let lines: Vec<&str> = page.strip_suffix(EOL).unwrap().split(EOL).collect();
            assert!(lines.len() <= LINES);
            assert!(lines.iter().all(|l| l.chars().count() <= CELLS));
            assert!(lines[0].ends_with(&ueb::number(k + 1)));
            assert!(lines[0].contains(",LONG TITLE"));
            // Every paragraph starts and ends on the same page.
            assert_eq!((lines.len() - 1) % per_paragraph, 0, "page {k}");
        }
    }

    #[test]
    fn a_title_too_long_for_the_line_falls_back_to_a_shorter_one() {
        let doc = document(&["X".repeat(CELLS), ",SHORT".into()], &["A".into()]);
        assert!(doc.starts_with(&format!("{},SHORT", " ".repeat(17))));
        let none = document(&["X".repeat(CELLS)], &["A".into()]);
        assert!(none.starts_with(&format!("{}#A\r\nA\r\n", " ".repeat(CELLS - 2))));
    }
}

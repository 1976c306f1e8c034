//! Braille reference sheets: one per faction, one of bases per set, and an index, each
//! as plain text (`.txt`, for a screen reader or large print) and as embosser-ready
//! braille (`.brf`). The sheets list what the braille labels of the cards show, code and
//! name first, then the ability, so that a reader can match a label to its sheet entry.
//!
//! Grade 1 (uncontracted) braille is built in ([`ueb`]); grade 2 (contracted) uses
//! liblouis ([`louis`]). Pages are laid out by [`brf`].

pub mod brf;
pub mod louis;
pub mod ueb;

use crate::cards::model::{Faction, SetId};
use crate::cards::Catalog;
use crate::lookup;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Uncontracted or contracted braille.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Grade 1, uncontracted: letter for letter, built in.
    One,
    /// Grade 2, contracted: what most adult readers use; needs liblouis.
    Two,
}

impl FromStr for Grade {
    type Err = String;

    /// `1` or `2`, as typed on the command line.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "1" => Ok(Grade::One),
            "2" => Ok(Grade::Two),
            _ => Err(format!("grade must be 1 or 2, not \"{s}\"")),
        }
    }
}

impl fmt::Display for Grade {
    /// `1` or `2`, as typed on the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Grade::One => "1",
            Grade::Two => "2",
        })
    }
}

/// Why braille could not be made or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BrailleError {
    /// A character that has no braille sign here, and the text it is in.
    Untranslatable { ch: char, text: String },
    /// Grade 2 was asked for and `lou_translate` is not installed.
    NoLiblouis,
    /// `lou_translate` ran but failed; what it said.
    Liblouis(String),
    /// A sheet could not be written.
    Write { path: PathBuf, message: String },
}

impl fmt::Display for BrailleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrailleError::Untranslatable { ch, text } => write!(
                f,
                "no braille sign for {ch:?} (U+{:04X}) in: {text}",
                u32::from(*ch)
            ),
            BrailleError::NoLiblouis => write!(
                f,
                "grade 2 braille needs liblouis's lou_translate, which is not installed \
                 (Debian/Ubuntu: apt-get install liblouis-bin); --grade 1 needs nothing"
            ),
            BrailleError::Liblouis(message) => write!(f, "{message}"),
            BrailleError::Write { path, message } => {
                write!(f, "cannot write {}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for BrailleError {}

/// Puts a comma between numbers that only a space separates ("4 3 2" becomes "4, 3, 2"):
/// braille translators read such a run as one spaced number.
fn keep_numbers_apart(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c.is_ascii_digit() {
            let mut space = String::new();
            while let Some(s) = chars.next_if(|n| n.is_whitespace()) {
                space.push(s);
            }
            if !space.is_empty() && chars.peek().is_some_and(char::is_ascii_digit) {
                out.push(',');
            }
            out.push_str(&space);
        }
    }
    out
}

impl Grade {
    /// Each line of print as one line of Braille ASCII, with a comma put between numbers
    /// that only a space separates ("4 3 2" would read as one spaced number). Every
    /// character is first checked by the grade 1 translator, so that both grades refuse
    /// the same characters.
    pub fn translate(self, lines: &[String]) -> Result<Vec<String>, BrailleError> {
        let lines: Vec<String> = lines.iter().map(|l| keep_numbers_apart(l)).collect();
        let grade1 = lines
            .iter()
            .map(|l| ueb::grade1(l))
            .collect::<Result<Vec<_>, _>>()?;
        match self {
            Grade::One => Ok(grade1),
            Grade::Two => louis::translate(louis::Direction::Forward, &lines),
        }
    }
}

/// One reference sheet, in print; [`Sheet::text`] and [`Sheet::brf`] give its two files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The file name without extension: the faction id, `bases-<set key>`, or `index`.
    pub name: String,
    /// The running title of the braille pages ("Pirates", "Bases, Core Set").
    pub title: String,
    /// The paragraphs: an opening one or two, then one per card or base.
    pub paragraphs: Vec<String>,
}

impl Sheet {
    /// The plain-text sheet: one paragraph a line, LF line endings.
    pub fn text(&self) -> String {
        self.paragraphs.iter().map(|p| format!("{p}\n")).collect()
    }

    /// Shorter and shorter forms of the title, dropping words from the end, so that the
    /// page layout can use the longest whose braille fits beside the page number.
    fn titles(&self) -> Vec<String> {
        let words: Vec<&str> = self.title.split_whitespace().collect();
        (1..=words.len())
            .rev()
            .map(|n| {
                words[..n]
                    .join(" ")
                    .trim_end_matches([',', ':', ';'])
                    .to_string()
            })
            .collect()
    }

    /// The embosser-ready sheet in the given grade (see [`brf`]).
    pub fn brf(&self, grade: Grade) -> Result<String, BrailleError> {
        let titles = self.titles();
        let mut print = titles.clone();
        print.extend(self.paragraphs.iter().cloned());
        let braille = grade.translate(&print)?;
        let (titles, paragraphs) = braille.split_at(titles.len());
        Ok(brf::document(titles, paragraphs))
    }
}

/// "pm5 Pirate King, power 5, 1 copy: Special: when a base ...".
fn entry_paragraph(entry: &lookup::SheetEntry) -> String {
    format!("{}: {}", entry.heading, entry.body)
}

/// A faction's sheet: its heading, its summary, then its cards in sheet order.
pub fn faction_sheet(faction: &Faction) -> Sheet {
    let mut paragraphs = vec![lookup::faction_heading(faction), faction.summary.clone()];
    paragraphs.extend(lookup::faction_sheet(faction).iter().map(entry_paragraph));
    Sheet {
        name: faction.id.clone(),
        title: faction.name.clone(),
        paragraphs,
    }
}

/// A set's bases sheet.
pub fn bases_sheet(catalog: &Catalog, set: SetId) -> Sheet {
    let bases: Vec<_> = catalog.bases_of(set).collect();
    let mut paragraphs = vec![format!(
        "{} bases in {}. Each gives its code (b and its breakpoint), its name, its VP \
         for first, second and third place, then its ability.",
        bases.len(),
        set.name()
    )];
    paragraphs.extend(
        bases
            .into_iter()
            .map(|b| entry_paragraph(&lookup::base_entry(b))),
    );
    Sheet {
        name: format!("bases-{}", set.key()),
        title: format!("Bases, {}", set.name()),
        paragraphs,
    }
}

/// The index: the code scheme, every faction's letter, name and set, and the base sheets.
pub fn index_sheet(catalog: &Catalog) -> Sheet {
    let mut paragraphs = vec![
        "Smash Up braille reference: one sheet for each faction, one sheet of bases for \
         each set, and this index."
            .to_string(),
        "Card codes: a minion's code is its faction's letter, m, then its power (pm5 is a \
         Pirates minion of power 5). An action's code is the faction's letter, then a \
         (pa). A base's code is b, then its breakpoint (b21)."
            .to_string(),
        "Factions: letter, name and set.".to_string(),
    ];
    paragraphs.extend(lookup::faction_list(catalog));
    paragraphs.push("Base sheets, one for each set:".to_string());
    paragraphs.extend(
        SetId::ALL
            .into_iter()
            .map(|s| format!("{}: {} bases.", s.name(), catalog.bases_of(s).count())),
    );
    Sheet {
        name: "index".to_string(),
        title: "Smash Up reference index".to_string(),
        paragraphs,
    }
}

/// Every sheet: the index, the factions in catalog order, then the bases set by set.
pub fn sheets(catalog: &Catalog) -> Vec<Sheet> {
    let mut sheets = vec![index_sheet(catalog)];
    sheets.extend(catalog.factions.iter().map(faction_sheet));
    sheets.extend(SetId::ALL.into_iter().map(|s| bases_sheet(catalog, s)));
    sheets
}

/// Writes every sheet's `.txt` and `.brf` into `dir` (created if missing) and returns
/// the paths written. Everything is translated before anything is written, so that a
/// missing liblouis leaves the folder as it was.
pub fn write_sheets(
    catalog: &Catalog,
    dir: &Path,
    grade: Grade,
) -> Result<Vec<PathBuf>, BrailleError> {
    let mut files = Vec::new();
    for sheet in sheets(catalog) {
        files.push((dir.join(format!("{}.txt", sheet.name)), sheet.text()));
        files.push((dir.join(format!("{}.brf", sheet.name)), sheet.brf(grade)?));
    }
    let write_error = |path: &Path, e: std::io::Error| BrailleError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|e| write_error(dir, e))?;
    for (path, contents) in &files {
        std::fs::write(path, contents).map_err(|e| write_error(path, e))?;
    }
    Ok(files.into_iter().map(|(path, _)| path).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_from_the_command_line() {
        assert_eq!("1".parse(), Ok(Grade::One));
        assert_eq!(" 2 ".parse(), Ok(Grade::Two));
        assert!("3".parse::<Grade>().is_err());
        assert!("".parse::<Grade>().is_err());
        assert_eq!(Grade::Two.to_string(), "2");
    }

    #[test]
    fn numbers_are_kept_apart() {
        assert_eq!(
            keep_numbers_apart("b21 Tortuga 4 3 2"),
            "b21 Tortuga 4, 3, 2"
        );
        assert_eq!(keep_numbers_apart("VP 4, 3, 2"), "VP 4, 3, 2");
        assert_eq!(keep_numbers_apart("power 2 or 3"), "power 2 or 3");
        assert_eq!(keep_numbers_apart("2  \n5 "), "2,  \n5 ");
        assert_eq!(keep_numbers_apart(""), "");
    }

    #[test]
    fn titles_shorten_word_by_word() {
        let sheet = Sheet {
            name: "bases-world-tour".into(),
            title: "Bases, World Tour: International Incident".into(),
            paragraphs: Vec::new(),
        };
        assert_eq!(
            sheet.titles(),
            [
                "Bases, World Tour: International Incident",
                "Bases, World Tour: International",
                "Bases, World Tour",
                "Bases, World",
                "Bases"
            ]
        );
    }

    #[test]
    fn grade_1_translates_without_liblouis() {
        let lines = Grade::One
            .translate(&["pm5 Pirate King".into(), "b21 Tortuga 4 3 2".into()])
            .unwrap();
        assert_eq!(lines, ["PM#E ,PIRATE ,KING", "B#BA ,TORTUGA #D1 #C1 #B"]);
    }

    #[test]
    fn an_untranslatable_character_is_an_error_in_both_grades() {
        for grade in [Grade::One, Grade::Two] {
            let err = grade.translate(&["smile \u{1f600}".into()]).unwrap_err();
            assert!(matches!(
                err,
                BrailleError::Untranslatable {
                    ch: '\u{1f600}',
                    ..
                }
            ));
        }
    }
}

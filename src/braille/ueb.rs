//! Unified English Braille grade 1 (uncontracted), built in so that braille works with
//! no system library: print text to North American Braille ASCII (the form BRF files and
//! embossers use), and Braille ASCII to Unicode braille cells (for braille displays and
//! screen readers that show braille as text).
//!
//! What it writes, following the UEB rulebook:
//! - letters, with the modifiers for accented Latin letters (`ñ` is `^]N`);
//! - capitals: a single capital `,A`, a capitalised word `,,DVD` (with the capitals
//!   terminator `,'` when lower-case letters follow in the same word, `,,CD,'S`), and a
//!   capitals passage `,,,` ... `,'` for three or more capitalised words in a row;
//! - numbers with the numeric indicator `#` (`21` is `#BA`); the comma and the decimal
//!   point stay inside a number (`1,000` is `#A1JJJ`); a space ends it, so two numbers
//!   separated by a space each get their own indicator; a letter a to j right after a
//!   number gets the grade 1 indicator `;` so that it is not read as a digit (`21a` is
//!   `#BA;A`);
//! - punctuation and signs: `. , ' - : ; ? !`, brackets, quotation marks (direction from
//!   context for straight quotes), slash, plus, minus (U+2212; an ASCII hyphen is always a
//!   hyphen), dashes, ellipsis, and the other printable ASCII signs.
//!
//! A character outside these (a Greek letter, an emoji) is an error naming it, never a
//! wrong or silent cell.

use super::BrailleError;

/// The 64 Braille ASCII characters in dot-pattern order: the character at index `n` is
/// the cell whose dots are the bits of `n` (dot 1 = 1, dot 2 = 2, ... dot 6 = 32), which
/// is also that cell's offset from U+2800 in Unicode.
const BRAILLE_ASCII: &[u8; 64] =
    b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// The Unicode braille cell of a Braille ASCII character; characters that are not Braille
/// ASCII (callers only pass translator output, which never has any) are kept as they are.
fn unicode_cell(c: char) -> char {
    BRAILLE_ASCII
        .iter()
        .position(|&b| char::from(b) == c.to_ascii_uppercase())
        .and_then(|n| char::from_u32(0x2800 + n as u32))
        .unwrap_or(c)
}

/// Braille ASCII as Unicode braille (U+2800 to U+283F), a space becoming the blank cell.
pub fn to_unicode(braille_ascii: &str) -> String {
    braille_ascii.chars().map(unicode_cell).collect()
}

/// Checks and normalises Braille ASCII from another translator: upper-case letters, and
/// the lower-case variants some tables use for `@ [ \ ] ^`. Anything outside the 64
/// characters is returned as the error.
pub fn normalise_ascii(text: &str) -> Result<String, char> {
    text.chars()
        .map(|c| {
            let c = match c {
                '`' => '@',
                '{' => '[',
                '|' => '\\',
                '}' => ']',
                '~' => '^',
                other => other.to_ascii_uppercase(),
            };
            if c.is_ascii() && BRAILLE_ASCII.contains(&(c as u8)) {
                Ok(c)
            } else {
                Err(c)
            }
        })
        .collect()
}

/// A digit's cell: the letters a to j stand for 1 to 9 and 0 in numeric mode.
fn digit_cell(d: u32) -> char {
    b"JABCDEFGHI"
        .get(d as usize)
        .map_or('J', |&b| char::from(b))
}

/// A whole number with its numeric indicator (`#BA` for 21): braille page numbers.
pub fn number(n: usize) -> String {
    let digits: String = n
        .to_string()
        .chars()
        .filter_map(|c| c.to_digit(10))
        .map(digit_cell)
        .collect();
    format!("#{digits}")
}

/// The letters a to j, which are also the digits 1 to 0 in numeric mode.
fn is_digit_letter(c: char) -> bool {
    ('a'..='j').contains(&c)
}

/// The UEB modifiers for accented Latin letters: the modifier's cells, the accented
/// letters that take it, and their base letters in the same order.
const MODIFIERS: [(&str, &str, &str); 7] = [
    ("^*", "àèìòù", "aeiou"),
    ("^/", "áéíóúý", "aeiouy"),
    ("^%", "âêîôû", "aeiou"),
    ("^]", "ãñõ", "ano"),
    ("^3", "äëïöüÿ", "aeiouy"),
    ("^$", "å", "a"),
    ("^&", "ç", "c"),
];

/// An accented Latin letter (lower case) as its UEB modifier and base letter.
fn accented(c: char) -> Option<(&'static str, char)> {
    MODIFIERS.iter().find_map(|(modifier, letters, bases)| {
        let k = letters.chars().position(|l| l == c)?;
        Some((*modifier, bases.chars().nth(k)?))
    })
}

/// A letter's cells, without any capital indicator: `N`, or `^]N` for `ñ`.
fn letter_cells(lower: char) -> Option<String> {
    if lower.is_ascii_lowercase() {
        Some(lower.to_ascii_uppercase().to_string())
    } else {
        accented(lower).map(|(m, base)| format!("{m}{}", base.to_ascii_uppercase()))
    }
}

/// A sign's cells, for everything but letters, digits, quotation marks and the full
/// stop, which depend on their neighbours.
fn sign_cells(c: char) -> Option<&'static str> {
    Some(match c {
        ',' => "1",
        ';' => "2",
        ':' => "3",
        '?' => "8",
        '!' => "6",
        '\'' => "'",
        '-' | '\u{2010}' | '\u{2011}' => "-",
        '\u{2013}' | '\u{2014}' => ",-",
        '\u{2212}' => "\"-",
        '\u{2026}' => "444",
        '(' => "\"<",
        ')' => "\">",
        '[' => ".<",
        ']' => ".>",
        '{' => "_<",
        '}' => "_>",
        '/' => "_/",
        '\\' => "_*",
        '+' => "\"6",
        '=' => "\"7",
        '\u{00d7}' => "\"8",
        '\u{00f7}' => "\"/",
        '*' => "\"9",
        '&' => "@&",
        '@' => "@A",
        '#' => "_?",
        '%' => ".0",
        '$' => "@S",
        '_' => ".-",
        '<' => "@<",
        '>' => "@>",
        '~' => "@9",
        '^' => "@5",
        '|' => "_\\",
        '`' => ".*",
        '\u{00b0}' => "^J",
        _ => return None,
    })
}

/// A whitespace-separated word all of whose letters (at least one) are capitals.
fn is_capitalised(word: &str) -> bool {
    word.chars().any(char::is_alphabetic) && !word.chars().any(char::is_lowercase)
}

/// A word's place in a capitals passage (three or more capitalised words in a row).
#[derive(Debug, Clone, Copy, Default)]
struct Passage {
    /// The passage indicator `,,,` goes before this word.
    opens: bool,
    /// The word is in a passage: no capital indicators of its own.
    inside: bool,
    /// The capitals terminator `,'` goes after this word.
    closes: bool,
}

/// Each word's place in a capitals passage.
fn passages(words: &[&str]) -> Vec<Passage> {
    let mut marks = vec![Passage::default(); words.len()];
    let mut i = 0;
    while i < words.len() {
        let run = words[i..].iter().take_while(|w| is_capitalised(w)).count();
        if run >= 3 {
            for (k, mark) in marks[i..i + run].iter_mut().enumerate() {
                *mark = Passage {
                    opens: k == 0,
                    inside: true,
                    closes: k == run - 1,
                };
            }
        }
        i += run.max(1);
    }
    marks
}

/// Translation state inside one word.
struct Word<'a> {
    chars: Vec<char>,
    out: String,
    /// In numeric mode: digits follow without a new numeric indicator.
    numeric: bool,
    /// Inside a capitals passage: no word or letter capital indicators.
    in_passage: bool,
    /// An opening single quotation mark is waiting for its closing one.
    single_open: &'a mut bool,
}

impl Word<'_> {
    fn push_letters(&mut self, start: usize) -> Result<usize, char> {
        let end = (start..self.chars.len())
            .find(|&k| !self.chars[k].is_alphabetic())
            .unwrap_or(self.chars.len());
        let mut upper_run = 0;
        for k in start..end {
            let c = self.chars[k];
            let lower = c.to_lowercase().next().unwrap_or(c);
            let cells = letter_cells(lower).ok_or(c)?;
            if c.is_uppercase() && !self.in_passage {
                if upper_run == 0 {
                    let run = (k..end)
                        .take_while(|&j| self.chars[j].is_uppercase())
                        .count();
                    self.out.push_str(if run == 1 { "," } else { ",," });
                }
                upper_run += 1;
            } else {
                if upper_run > 1 && !self.in_passage {
                    self.out.push_str(",'");
                }
                upper_run = 0;
                if self.numeric && is_digit_letter(lower) {
                    self.out.push(';');
                }
            }
            self.numeric = false;
            self.out.push_str(&cells);
        }
        Ok(end)
    }

    fn translate(mut self) -> Result<String, char> {
        let mut k = 0;
        while k < self.chars.len() {
            let c = self.chars[k];
            let prev = k.checked_sub(1).map(|p| self.chars[p]);
            let next = self.chars.get(k + 1).copied();
            if c.is_alphabetic() {
                k = self.push_letters(k)?;
                continue;
            }
            if let Some(d) = c.to_digit(10) {
                if !self.numeric {
                    self.out.push('#');
                    self.numeric = true;
                }
                self.out.push(digit_cell(d));
                k += 1;
                continue;
            }
            let opening_context = prev.is_none_or(|p| "([{-\u{2013}\u{2014}".contains(p));
            match c {
                '.' => {
                    let starts_number = !self.numeric
                        && next.is_some_and(|n| n.is_ascii_digit())
                        && prev.is_none_or(|p| !p.is_alphanumeric());
                    self.out.push_str(if starts_number { "#4" } else { "4" });
                    self.numeric |= starts_number;
                }
                '"' => self.out.push(if opening_context { '8' } else { '0' }),
                '\u{201c}' => self.out.push('8'),
                '\u{201d}' => self.out.push('0'),
                '\u{2018}' => {
                    *self.single_open = true;
                    self.out.push_str(",8");
                }
                '\u{2019}' if *self.single_open && !next.is_some_and(char::is_alphabetic) => {
                    *self.single_open = false;
                    self.out.push_str(",0");
                }
                '\u{2019}' => self.out.push('\''),
                _ => self.out.push_str(sign_cells(c).ok_or(c)?),
            }
            // The comma and the decimal point keep a number going ("1,000", "2.5").
            if c != '.' && c != ',' {
                self.numeric = false;
            }
            k += 1;
        }
        Ok(self.out)
    }
}

/// Print text as UEB grade 1 Braille ASCII, words separated by one space (runs of
/// whitespace, line breaks included, become one space).
pub fn grade1(text: &str) -> Result<String, BrailleError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut single_open = false;
    let mut out = Vec::with_capacity(words.len());
    for (word, passage) in words.iter().zip(passages(&words)) {
        let translated = Word {
            chars: word.chars().collect(),
            out: String::from(if passage.opens { ",,," } else { "" }),
            numeric: false,
            in_passage: passage.inside,
            single_open: &mut single_open,
        }
        .translate()
        .map_err(|ch| BrailleError::Untranslatable {
            ch,
            text: text.to_string(),
        })?;
        out.push(if passage.closes {
            format!("{translated},'")
        } else {
            translated
        });
    }
    Ok(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g1(text: &str) -> String {
        grade1(text).unwrap()
    }

    /// Each entry checked against liblouis 3.24 `en-us-brf.dis,en-ueb-g1.ctb`, except
    /// where noted.
    #[test]
    fn known_words_capitals_numbers_and_punctuation() {
        let table = [
            // Words and capitals.
            ("pirate king", "PIRATE KING"),
            ("Pirate King", ",PIRATE ,KING"),
            ("Direct to DVD Sequel", ",DIRECT TO ,,DVD ,SEQUEL"),
            ("99 MPH", "#II ,,MPH"),
            ("CDs and DVD's", ",,CD,'S AND ,,DVD'S"),
            ("McDonald McDONALD", ",MC,DONALD ,MC,,DONALD"),
            ("I am A", ",I AM ,A"),
            ("A-B high-SPEED", ",A-,B HIGH-,,SPEED"),
            ("DESTROY ALL MINIONS. Now", ",,,DESTROY ALL MINIONS4,' ,NOW"),
            ("The Monarch's", ",THE ,MONARCH'S"),
            ("Señor Muchoslam", ",SE^]NOR ,MUCHOSLAM"),
            (
                "café naïve über façade à",
                "CAF^/E NA^3IVE ^3UBER FA^&CADE ^*A",
            ),
            ("École château", ",^/ECOLE CH^%ATEAU"),
            // Numbers.
            ("21", "#BA"),
            ("b21 Tortuga, VP 4, 3, 2", "B#BA ,TORTUGA1 ,,VP #D1 #C1 #B"),
            ("pm5 Pirate King", "PM#E ,PIRATE ,KING"),
            ("3rd 21a 2k 5x 4 j", "#CRD #BA;A #BK #EX #D J"),
            ("21A", "#BA,A"),
            ("2.a 2,a", "#B4;A #B1;A"),
            ("1,000 and 2.5 and .5", "#A1JJJ AND #B4E AND #4E"),
            ("x.5", "X4#E"),
            ("Factory 436-1337", ",FACTORY #DCF-#ACCG"),
            ("+1 power, 3\u{2212}1", "\"6#A POWER1 #C\"-#A"),
            // Punctuation.
            ("Gain 1 VP.", ",GAIN #A ,,VP4"),
            ("once; twice: thrice? yes!", "ONCE2 TWICE3 THRICE8 YES6"),
            ("\"Hello,\" she said", "8,HELLO10 SHE SAID"),
            (
                "\u{201c}curly\u{201d} \u{2018}single\u{2019} don\u{2019}t",
                "8CURLY0 ,8SINGLE,0 DON'T",
            ),
            ("(b21) [x] {y}", "\"<B#BA\"> .<X.> _<Y_>"),
            ("and/or", "AND_/OR"),
            (
                "a \u{2014} b \u{2013} c \u{2026} d ...",
                "A ,- B ,- C 444 D 444",
            ),
            ("e.g. x", "E4G4 X"),
            (
                "#1 @ & * % $ _ < > = ~ ^ |",
                "_?#A @A @& \"9 .0 @S .- @< @> \"7 @9 @5 _\\",
            ),
            ("\u{00f7} \u{00d7} \u{00b0}", "\"/ \"8 ^J"),
        ];
        for (print, braille) in table {
            assert_eq!(g1(print), braille, "{print}");
        }
    }

    /// Where we differ from liblouis on purpose: a space always ends a number (liblouis
    /// joins "4 3 2" into one spaced number, `#D"C"B`).
    #[test]
    fn numbers_separated_by_spaces_stay_apart() {
        assert_eq!(g1("4 3 2"), "#D #C #B");
    }

    #[test]
    fn whitespace_collapses_and_nothing_is_an_empty_string() {
        assert_eq!(g1("  a \n\t b  "), "A B");
        assert_eq!(g1(""), "");
    }

    #[test]
    fn unknown_characters_are_errors_not_panics() {
        for text in ["\u{3b1}lpha", "smile \u{1f600}", "stra\u{df}e"] {
            match grade1(text) {
                Err(BrailleError::Untranslatable { ch, .. }) => assert!(!ch.is_ascii(), "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn every_printable_ascii_character_translates() {
        let all: String = (0x20u8..0x7f).map(char::from).collect();
        let braille = g1(&all);
        assert!(normalise_ascii(&braille).is_ok(), "{braille}");
    }

    #[test]
    fn page_numbers() {
        assert_eq!(number(1), "#A");
        assert_eq!(number(10), "#AJ");
        assert_eq!(number(1234567890), "#ABCDEFGHIJ");
    }

    #[test]
    fn unicode_cells() {
        assert_eq!(to_unicode(",PIRATE #BA"), "⠠⠏⠊⠗⠁⠞⠑⠀⠼⠃⠁");
        assert_eq!(to_unicode("a"), "⠁");
        let all: String = BRAILLE_ASCII.iter().map(|&b| char::from(b)).collect();
        let cells: Vec<u32> = to_unicode(&all).chars().map(u32::from).collect();
        assert_eq!(cells, (0x2800..0x2840).collect::<Vec<u32>>());
    }

    #[test]
    fn normalising_other_translators_output() {
        assert_eq!(
            normalise_ascii(",pirate `{|}~"),
            Ok(",PIRATE @[\\]^".into())
        );
        assert_eq!(normalise_ascii("A\u{2801}"), Err('\u{2801}'));
        assert_eq!(normalise_ascii("a\tb"), Err('\t'));
    }
}

//! The braille reference sheets: the committed `braille-ref/` is what `smashup
//! braille-ref` writes, every BRF page keeps the embosser limits, the braille reads back
//! as the card text, and `smashup card X --braille` shows Unicode braille.
//!
//! Checks that need liblouis (`lou_translate`, Debian package liblouis-bin) skip with a
//! note on stderr when it is not installed; `.ci/run` installs it.

use assert_cmd::Command;
use smashup::braille::{self, brf, louis, Grade};
use smashup::cards::Catalog;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn smashup() -> Command {
    Command::cargo_bin("smashup").unwrap()
}

fn committed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("braille-ref")
}

/// Every file of a folder, by name.
fn files_in(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

fn brf_files(dir: &Path) -> Vec<(String, String)> {
    files_in(dir)
        .into_iter()
        .filter(|(name, _)| name.ends_with(".brf"))
        .map(|(name, bytes)| (name, String::from_utf8(bytes).expect("BRF is ASCII")))
        .collect()
}

fn skip_without_liblouis(what: &str) -> bool {
    let missing = !louis::available();
    if missing {
        eprintln!("note: lou_translate (liblouis-bin) is not installed; skipping {what}");
    }
    missing
}

#[test]
fn committed_folder_is_what_the_command_writes() {
    let out = tempfile::tempdir().unwrap();
    let liblouis = louis::available();
    let mut cmd = smashup();
    cmd.args(["braille-ref", "--out"]).arg(out.path());
    if !liblouis {
        eprintln!(
            "note: lou_translate (liblouis-bin) is not installed; comparing only the .txt \
             files of braille-ref/ (the .brf files are grade 2)"
        );
        cmd.args(["--grade", "1"]);
    }
    cmd.assert().success();
    let keep = |name: &String| liblouis || name.ends_with(".txt");
    let written: BTreeMap<_, _> = files_in(out.path())
        .into_iter()
        .filter(|(n, _)| keep(n))
        .collect();
    let committed: BTreeMap<_, _> = files_in(&committed_dir())
        .into_iter()
        .filter(|(n, _)| keep(n))
        .collect();
    assert_eq!(
        written.keys().collect::<Vec<_>>(),
        committed.keys().collect::<Vec<_>>(),
        "file names differ; regenerate with: cargo run -- braille-ref"
    );
    for (name, bytes) in &written {
        assert!(
            committed.get(name) == Some(bytes),
            "braille-ref/{name} is out of date; regenerate with: cargo run -- braille-ref"
        );
    }
}

#[test]
fn one_sheet_per_faction_and_set_and_an_index() {
    let catalog = Catalog::embedded().unwrap();
    let names: Vec<String> = braille::sheets(&catalog)
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names.len(), 1 + 24 + 5);
    assert_eq!(names[0], "index");
    assert!(names.contains(&"pirates".to_string()));
    assert!(names.contains(&"bases-world-tour".to_string()));
    let files = files_in(&committed_dir());
    for name in &names {
        assert!(files.contains_key(&format!("{name}.txt")), "{name}.txt");
        assert!(files.contains_key(&format!("{name}.brf")), "{name}.brf");
    }
}

/// Pages of a BRF, each as its lines (the running-title line first).
fn pages(doc: &str) -> Vec<Vec<&str>> {
    doc.split(brf::FORM_FEED)
        .map(|page| {
            page.strip_suffix(brf::EOL)
                .unwrap_or_else(|| panic!("a page ends with CRLF: {page:?}"))
                .split(brf::EOL)
                .collect()
        })
        .collect()
}

fn check_layout(name: &str, doc: &str) {
    const BRAILLE_ASCII: &str =
        " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";
    for (k, lines) in pages(doc).iter().enumerate() {
        assert!(
            lines.len() <= brf::LINES,
            "{name} page {}: {} lines",
            k + 1,
            lines.len()
        );
        let number = braille::ueb::number(k + 1);
        assert!(
            lines[0].ends_with(&format!("   {number}")),
            "{name} page {}: {:?}",
            k + 1,
            lines[0]
        );
        for line in lines {
            assert!(
                line.len() <= brf::CELLS,
                "{name} page {}: {} cells: {line}",
                k + 1,
                line.len()
            );
            assert!(
                line.chars().all(|c| BRAILLE_ASCII.contains(c)),
                "{name}: {line}"
            );
            assert!(!line.ends_with(' '), "{name}: trailing space: {line:?}");
        }
        for line in &lines[1..] {
            let indent = line.len() - line.trim_start().len();
            assert!(
                indent == 0 || indent == 2,
                "{name}: line at cell {}: {line}",
                indent + 1
            );
        }
    }
}

#[test]
fn committed_brf_lines_and_pages_keep_the_limits() {
    let files = brf_files(&committed_dir());
    assert_eq!(files.len(), 30);
    for (name, doc) in files {
        check_layout(&name, &doc);
    }
}

#[test]
fn grade_1_sheets_keep_the_limits_too() {
    let catalog = Catalog::embedded().unwrap();
    for sheet in braille::sheets(&catalog) {
        check_layout(&sheet.name, &sheet.brf(Grade::One).unwrap());
    }
}

#[test]
fn sheets_list_every_card_and_base_by_code_and_name() {
    let catalog = Catalog::embedded().unwrap();
    let read = |name: &str| std::fs::read_to_string(committed_dir().join(name)).unwrap();
    for faction in &catalog.factions {
        let text = read(&format!("{}.txt", faction.id));
        for card in &faction.cards {
            let label = format!("\n{} {}, ", card.code, card.name);
            assert!(text.contains(&label), "{}: {label:?}", faction.id);
            assert!(text.contains(&card.text), "{}: {}", faction.id, card.name);
        }
    }
    let core = read("bases-core.txt");
    assert!(core.contains("\nb21 Tortuga, VP 4, 3, 2: "), "{core}");
    for base in &catalog.bases {
        let text = read(&format!("bases-{}.txt", base.set.key()));
        let [a, b, c] = base.vp;
        let label = format!("\n{} {}, VP {a}, {b}, {c}: ", base.code, base.name);
        assert!(text.contains(&label), "{label:?}");
    }
    let index = read("index.txt");
    assert!(index.contains("\np Pirates, Core Set\n"));
    assert!(index.contains("pm5"));
}

/// A space alone between two numbers makes braille read them as one spaced number.
#[test]
fn no_sheet_has_numbers_separated_only_by_a_space() {
    for (name, bytes) in files_in(&committed_dir()) {
        if !name.ends_with(".txt") {
            continue;
        }
        let text = String::from_utf8(bytes).unwrap();
        let chars: Vec<char> = text.chars().collect();
        for (k, window) in chars.windows(3).enumerate() {
            let run = window[0].is_ascii_digit() && window[1] == ' ' && window[2].is_ascii_digit();
            let context: String = chars[k.saturating_sub(20)..(k + 20).min(chars.len())]
                .iter()
                .collect();
            assert!(!run, "{name}: {context}");
        }
    }
}

/// A BRF's paragraphs: its lines without the running titles, runover lines joined to the
/// line they continue.
fn paragraphs(doc: &str) -> Vec<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    for page in pages(doc) {
        for line in &page[1..] {
            match (line.strip_prefix("  "), paragraphs.last_mut()) {
                (Some(runover), Some(last)) => {
                    last.push(' ');
                    last.push_str(runover);
                }
                _ => paragraphs.push(line.to_string()),
            }
        }
    }
    paragraphs
}

/// Lower-case letters and digits of one word.
fn normalise(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Where liblouis's back-translation misreads correct grade 2 braille, (print word,
/// what comes back), both normalised: a capitalised "were" is the same cells as a double
/// quotation mark, and a wordsign right before a semicolon or bracket comes back as its
/// letter or groupsign ("it;" is `X2`, read as "x;").
const BACKWARD_AMBIGUITIES: [(&str, &str); 5] = [
    ("were", ""),
    ("it", "x"),
    ("like", "l"),
    ("which", "wh"),
    ("enough", "en"),
];

/// True when back-translated `back` reads as print `word` (whitespace-separated words).
fn same_word(word: &str, back: &str) -> bool {
    let (w, b) = (normalise(word), normalise(back));
    w == b
        || BACKWARD_AMBIGUITIES.contains(&(w.as_str(), b.as_str()))
        // A semicolon after a closing bracket, `">2`, comes back as "be".
        || (word.ends_with(");") && b == format!("{w}be"))
}

#[test]
fn back_translating_each_committed_sheet_gives_the_card_text() {
    if skip_without_liblouis("the back-translation of braille-ref/*.brf") {
        return;
    }
    let mut tolerated = 0;
    for (name, doc) in brf_files(&committed_dir()) {
        let text =
            std::fs::read_to_string(committed_dir().join(name.replace(".brf", ".txt"))).unwrap();
        let print: Vec<&str> = text.lines().collect();
        let braille = paragraphs(&doc);
        assert_eq!(braille.len(), print.len(), "{name}: paragraphs");
        let back = louis::translate(louis::Direction::Backward, &braille).unwrap();
        for (print, back) in print.iter().zip(&back) {
            let words: Vec<&str> = print.split_whitespace().collect();
            let back_words: Vec<&str> = back.split_whitespace().collect();
            assert_eq!(words.len(), back_words.len(), "{name}:\n{print}\n{back}");
            for (word, back_word) in words.iter().zip(&back_words) {
                assert!(
                    same_word(word, back_word),
                    "{name}: {word:?} came back as {back_word:?}:\n{print}\n{back}"
                );
                tolerated += usize::from(normalise(word) != normalise(back_word));
            }
        }
    }
    eprintln!("note: {tolerated} words differ only by liblouis back-translation ambiguities");
}

#[test]
fn card_braille_shows_unicode_braille_grade_1_by_default() {
    let stdout = |args: &[&str]| {
        let out = smashup().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let cells = stdout(&["card", "pm5", "--braille"]);
    let print = stdout(&["card", "pm5"]);
    assert_eq!(
        cells.lines().next(),
        Some(braille::ueb::to_unicode("PM#E ,PIRATE ,KING").as_str())
    );
    let braille_cell = |c: char| ('\u{2800}'..='\u{283f}').contains(&c);
    assert!(
        cells.chars().all(|c| c == '\n' || braille_cell(c)),
        "{cells}"
    );
    // The same lines as the print answer, one braille line each.
    assert_eq!(cells.lines().count(), print.lines().count());
}

#[test]
fn card_braille_grade_2_uses_liblouis() {
    if skip_without_liblouis("card --braille --grade 2") {
        return;
    }
    let out = smashup()
        .args(["card", "pm5", "--braille", "--grade", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().next().unwrap(),
        braille::ueb::to_unicode("PM#E ,PIRATE ,K+")
    );
}

#[test]
fn grade_2_without_liblouis_is_a_one_line_error() {
    for args in [
        &["braille-ref", "--out", "unused"][..],
        &["card", "pm5", "--braille", "--grade", "2"],
    ] {
        let out = smashup().args(args).env("PATH", "").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("apt-get install liblouis-bin"), "{err}");
    }
    assert!(!Path::new("unused").exists());
}

#[test]
fn bad_arguments_are_errors_not_panics() {
    smashup()
        .args(["card", "pm5", "--grade", "2"])
        .assert()
        .code(2);
    smashup()
        .args(["card", "pm5", "--braille", "--grade", "3"])
        .assert()
        .code(2);
    smashup()
        .args(["braille-ref", "--grade", "x"])
        .assert()
        .code(2);
    smashup()
        .args(["--format", "json", "card", "pm5", "--braille"])
        .assert()
        .code(2);
    let file = tempfile::NamedTempFile::new().unwrap();
    let out = smashup()
        .args(["braille-ref", "--grade", "1", "--out"])
        .arg(file.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("Error: cannot write"));
}

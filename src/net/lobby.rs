//! The lobby: every table the server holds, by number, each behind its own lock so
//! that tables never wait for each other; join codes and seat tokens; and `new`, the
//! set-up of a table by the flags of `smashup play` or by the same numbered questions.

use super::table::NetTable;
use crate::bots::BotKind;
use crate::play::setup::{self, Console, Setup, SetupEnd, SetupFlags};
use crate::play::table::Line;
use clap::Parser;
use rand::Rng;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A table as the connections share it.
pub type Shared = Arc<tokio::sync::Mutex<NetTable>>;

/// The commands of the lobby and the table that `smashup play` does not have (for
/// `help` and completion).
pub const TABLE_WORDS: [&str; 13] = [
    "tables", "new", "sit", "join", "resume", "start", "who", "say", "bot", "name", "codes",
    "frames", "factions",
];

/// The words that complete a line in the lobby.
pub const LOBBY_WORDS: [&str; 12] = [
    "help",
    "name",
    "tables",
    "new",
    "sit",
    "join",
    "resume",
    "verbosity",
    "codes",
    "recap",
    "frames",
    "quit",
];

/// The lobby's help, one command a line.
pub const HELP: [&str; 15] = [
    "Lobby commands:",
    "name NAME: the name the others hear.",
    "tables: the open tables.",
    "new [FLAGS]: a new table, with the set-up flags of smashup play (--players N --bots N --bot KIND --factions A,B or --draft, --all-bases --vp N --seed S) or by questions; you get its number and join code.",
    "sit TABLE CODE [A,B] (or join TABLE CODE): sit at a table, or get your seat back under the same name; A,B chooses your two factions.",
    "factions A,B: before the start, your two factions (letters, ids or names); those not chosen are drawn at start. At a draft table everyone drafts one at a time after start instead.",
    "resume TOKEN: get your seat back with the token you were given when you sat down.",
    "start: the table's creator starts the game; bots take the free seats.",
    "who: the seats at your table and who is here.",
    "say TEXT: talk to your table.",
    "bot NAME: the creator hands the seat of someone long gone to a bot.",
    "verbosity brief|normal|full, codes on|off, recap on|off: your own settings.",
    "frames on|off: KIND<TAB>TEXT lines for a rich client.",
    "quit: leave the table (your seat is kept once the game has started), or the server from the lobby.",
    "At a table every command of smashup play works too: type help there.",
];

/// Every table, by number.
pub struct Lobby {
    tables: Mutex<BTreeMap<u32, Shared>>,
    next: Mutex<u32>,
    /// Where tables are kept (`None`: not kept).
    pub dir: Option<PathBuf>,
}

impl Lobby {
    /// The lobby, with every table kept in `dir` back in it; the lines saying which
    /// kept tables could not be read.
    pub fn open(dir: Option<PathBuf>) -> (Lobby, Vec<String>) {
        let mut tables = BTreeMap::new();
        let mut problems = Vec::new();
        if let Some(dir) = &dir {
            let (kept, bad) = super::store::read_all(dir);
            problems.extend(bad);
            for (record, game) in kept {
                let id = record.id;
                match NetTable::restore(record, game, dir.clone()) {
                    Ok(t) => {
                        tables.insert(id, Arc::new(tokio::sync::Mutex::new(t)));
                    }
                    Err(e) => problems.push(format!("table {id}: {e}")),
                }
            }
        }
        let next = tables.keys().next_back().map_or(1, |k| k + 1);
        let lobby = Lobby {
            tables: Mutex::new(tables),
            next: Mutex::new(next),
            dir,
        };
        (lobby, problems)
    }

    /// The table numbered `id`, if it is open.
    pub fn table(&self, id: u32) -> Option<Shared> {
        self.lock().get(&id).cloned()
    }

    /// Every open table, in number order.
    pub fn all(&self) -> Vec<Shared> {
        self.lock().values().cloned().collect()
    }

    /// Forgets a table given up.
    pub fn remove(&self, id: u32) {
        self.lock().remove(&id);
    }

    /// Adds the table `make` builds with the next number.
    pub fn add(&self, make: impl FnOnce(u32) -> NetTable) -> Shared {
        let id = {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            let id = *next;
            *next += 1;
            id
        };
        let table = Arc::new(tokio::sync::Mutex::new(make(id)));
        self.lock().insert(id, Arc::clone(&table));
        table
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u32, Shared>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A join code: six digits, easy to say aloud.
pub fn code() -> String {
    rand::thread_rng()
        .gen_range(100_000..1_000_000u32)
        .to_string()
}

/// A seat token: ten letters and digits that cannot be mistaken for each other.
pub fn token() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::thread_rng();
    (0..10)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The set-up flags `new` takes: those of `smashup play` that choose the game.
#[derive(Debug, Parser)]
#[command(name = "new", no_binary_name = true, disable_help_flag = true)]
struct NewArgs {
    #[arg(long)]
    players: Option<usize>,
    #[arg(long)]
    bots: Option<usize>,
    #[arg(long, value_delimiter = ',')]
    factions: Vec<String>,
    #[arg(long)]
    seed: Option<u64>,
    #[arg(long)]
    draft: bool,
    #[arg(long)]
    all_bases: bool,
    #[arg(long)]
    vp: Option<u32>,
    #[arg(long, default_value = "heuristic")]
    bot: String,
}

/// A table being set up by its creator: the flags given, and the answers typed so
/// far to the questions they leave open (the set-up is run again from the start with
/// each new answer, so the questions are exactly those of `smashup play`).
pub struct SetupTalk {
    flags: SetupFlags,
    typed: Vec<String>,
    shown: usize,
}

/// Where a set-up stands after a line.
pub enum SetupStep {
    /// The game is set up.
    Ready(Setup, BotKind),
    /// The next question, to show.
    Asking(Vec<Line>),
    /// The creator quit the questions.
    Left,
    /// The flags cannot make a game: why.
    Bad(String),
}

impl SetupTalk {
    /// `new` with these words after it.
    pub fn begin(words: &str) -> Result<SetupTalk, String> {
        let args = NewArgs::try_parse_from(words.split_whitespace()).map_err(|e| {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad flags").trim();
            format!(
                "{} Expected the set-up flags of smashup play: --players N --bots N --bot KIND --factions A,B or --draft, --all-bases --vp N --seed S.",
                first.trim_start_matches("error: ")
            )
        })?;
        let bot = BotKind::parse(&args.bot).ok_or_else(|| {
            format!(
                "No bot called {}; expected one of: {}.",
                crate::quote::quote(&args.bot),
                BotKind::names()
            )
        })?;
        let flags = SetupFlags {
            players: args.players,
            bots: args.bots,
            factions: args.factions,
            // Fixed now, so that the set-up runs again the same with each answer.
            seed: Some(args.seed.unwrap_or_else(|| rand::random::<u32>() as u64)),
            draft: args.draft,
            all_bases: args.all_bases,
            vp: args.vp,
            bot,
            names: Vec::new(),
            ask_people: false,
        };
        Ok(SetupTalk {
            flags,
            typed: Vec::new(),
            shown: 0,
        })
    }

    /// How many seats, from seat 1, the creator's `--factions` gives a pair.
    pub fn given_pairs(&self) -> usize {
        self.flags.factions.len() / 2
    }

    /// Runs the set-up with every answer so far (and `line`, if any).
    pub fn step(&mut self, line: Option<String>) -> SetupStep {
        self.typed.extend(line);
        let mut script = Script {
            typed: &self.typed,
            next: 0,
            shown: Vec::new(),
            ran_out: false,
        };
        let result = setup::setup(&self.flags, &mut script);
        let new_lines = script.shown.get(self.shown..).unwrap_or_default().to_vec();
        self.shown = script.shown.len();
        match result {
            Ok(ready) => {
                if ready.seats.iter().all(|s| !s.is_human()) {
                    return SetupStep::Bad(
                        "A networked table needs a seat for at least one person: --bots must be fewer than --players.".into(),
                    );
                }
                SetupStep::Ready(ready, self.flags.bot)
            }
            Err(SetupEnd::Left) if script.ran_out => SetupStep::Asking(new_lines),
            Err(SetupEnd::Left) => SetupStep::Left,
            Err(SetupEnd::Bad(e)) => SetupStep::Bad(e),
        }
    }
}

/// The creator's typed answers, given to the set-up's questions in order.
struct Script<'a> {
    typed: &'a [String],
    next: usize,
    shown: Vec<Line>,
    ran_out: bool,
}

impl Console for Script<'_> {
    fn show(&mut self, lines: &[Line]) {
        self.shown.extend_from_slice(lines);
    }

    fn read(&mut self) -> Option<String> {
        let line = self.typed.get(self.next).cloned();
        self.next += 1;
        self.ran_out = line.is_none();
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_asks_the_open_questions_and_then_sets_up() {
        let mut talk = SetupTalk::begin("--seed 5").unwrap();
        let SetupStep::Asking(lines) = talk.step(None) else {
            panic!("expected a question")
        };
        assert_eq!(lines[0].text, "How many players?");
        let SetupStep::Asking(lines) = talk.step(Some("3".into())) else {
            panic!("expected a question")
        };
        assert_eq!(lines[0].text, "How many of them are bots?");
        let SetupStep::Asking(lines) = talk.step(Some("2".into())) else {
            panic!("expected a question")
        };
        assert_eq!(lines[0].text, "How are factions chosen?");
        assert_eq!(lines.len(), 3, "choose at the table, or the draft");
        let SetupStep::Ready(ready, _) = talk.step(Some("draft".into())) else {
            panic!("expected a game")
        };
        assert_eq!(ready.seats.len(), 3);
        assert_eq!(ready.seats.iter().filter(|s| s.is_human()).count(), 1);
        assert!(ready.draft, "the people draft once seated");
    }

    #[test]
    fn flags_ask_nothing_and_draft_is_a_flag() {
        let mut talk = SetupTalk::begin("--players 2 --bots 0 --seed 5").unwrap();
        let SetupStep::Ready(ready, _) = talk.step(None) else {
            panic!("expected a game")
        };
        assert!(!ready.draft);
        let mut talk = SetupTalk::begin("--players 2 --bots 1 --draft").unwrap();
        let SetupStep::Ready(ready, _) = talk.step(None) else {
            panic!("expected a game")
        };
        assert!(ready.draft);
        assert_eq!(ready.config.first_player, None, "drawn by the draft later");
        let mut talk = SetupTalk::begin("--players 2 --bots 1 --vp 7").unwrap();
        let SetupStep::Ready(ready, _) = talk.step(None) else {
            panic!("expected a game")
        };
        assert_eq!(ready.config.vp_goal, 7);
        let mut talk = SetupTalk::begin("--players 2 --bots 1 --vp 60").unwrap();
        let SetupStep::Bad(e) = talk.step(None) else {
            panic!("a goal out of range is refused")
        };
        assert_eq!(e, "--vp 60: expected a VP goal from 5 to 50.");
    }

    #[test]
    fn bad_flags_are_one_line() {
        for bad in ["--players", "--nonsense", "--draft 2", "--bot clever"] {
            let e = SetupTalk::begin(bad).err().unwrap();
            assert!(!e.contains('\n'), "{e}");
        }
        let mut talk = SetupTalk::begin("--players 9").unwrap();
        assert!(matches!(talk.step(None), SetupStep::Bad(_)));
    }

    #[test]
    fn codes_and_tokens_are_short() {
        assert_eq!(code().len(), 6);
        assert_eq!(token().len(), 10);
    }
}

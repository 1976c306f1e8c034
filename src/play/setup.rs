//! Before the game: the numbered questions a newcomer is asked (how many players,
//! how many bots, how factions are chosen, each person's factions) unless flags
//! answer them, and the formal draft of the rulebook: a random first player picks
//! one faction, then each player in turn order; the last player picks a second and
//! the picks go back the other way. The first picker also plays first. The engine
//! starts from the finished choices.

use super::draft::{entry_items, faction_entries, faction_name, question_lines, Draft};
use super::pick::pick;
use super::seat::Seat;
use super::table::{Line, LineKind};
use crate::bots::{Bot, BotKind};
use crate::cards::query::{self, FactionMiss};
use crate::engine::defs::defs;
use crate::engine::flow::{DEFAULT_VP_GOAL, VP_GOALS};
use crate::engine::GameConfig;
use crate::quote::quote;
use crate::sim::complete_factions;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Somewhere to ask questions: the terminal, or a script in tests.
pub trait Console {
    /// Prints lines.
    fn show(&mut self, lines: &[Line]);
    /// Reads one line; `None` when the input has ended.
    fn read(&mut self) -> Option<String>;
}

/// What the flags already answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupFlags {
    /// How many players (2 to 4).
    pub players: Option<usize>,
    /// How many of them are bots.
    pub bots: Option<usize>,
    /// Factions, two per seat from seat 1 (the people first); the rest are drawn.
    pub factions: Vec<String>,
    /// The game's seed.
    pub seed: Option<u64>,
    /// Choose factions with the formal draft.
    pub draft: bool,
    /// Use every base of every set.
    pub all_bases: bool,
    /// The VP that ends the game (`--vp N`); 15 when not given.
    pub vp: Option<u32>,
    /// Which bot plays the bot seats.
    pub bot: BotKind,
    /// The people's names, in seat order (`--names Ann,Ben`); the rest are asked or
    /// numbered.
    pub names: Vec<String>,
    /// True at one keyboard; false at a networked table, where the people sit down
    /// later: their names and factions are not asked (factions not given are drawn).
    pub ask_people: bool,
}

/// A game ready to start.
pub struct Setup {
    /// The engine's set-up.
    pub config: GameConfig,
    /// Who sits where.
    pub seats: Vec<Seat>,
    /// The formal draft is still to be played, by the people of a networked table once
    /// they have sat down (the factions in `config` are placeholders until then).
    pub draft: bool,
}

/// Why set-up ended without a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupEnd {
    /// The input ended or the person quit.
    Left,
    /// The flags cannot make a game: the line saying why.
    Bad(String),
}

fn say(console: &mut dyn Console, kind: LineKind, text: String) {
    console.show(&[Line { kind, text }]);
}

/// Asks a numbered question until it gets an answer; the index of the entry chosen.
fn ask(
    console: &mut dyn Console,
    question: &str,
    entries: &[(usize, String, Vec<String>)],
) -> Result<usize, SetupEnd> {
    let lines = question_lines(question, entries);
    console.show(&lines);
    let items = entry_items(entries);
    loop {
        let line = console.read().ok_or(SetupEnd::Left)?;
        let t = line.trim().to_lowercase();
        if t == "quit" || t == "exit" {
            return Err(SetupEnd::Left);
        }
        if t == "options" || t == "repeat" || t == "help" {
            console.show(&lines);
            continue;
        }
        match pick(&line, &items) {
            Ok(k) => return Ok(k),
            Err(e) => say(console, LineKind::Error, e),
        }
    }
}

/// Numbered by value, the count in words so two numbers never stand side by side:
/// "2. two players".
fn counts(
    range: std::ops::RangeInclusive<usize>,
    noun: impl Fn(usize) -> String,
) -> Vec<(usize, String, Vec<String>)> {
    range.map(|n| (n, noun(n), vec![])).collect()
}

/// A small count in words ("two"), for a list numbered by that count.
fn number_word(n: usize) -> String {
    match n {
        0 => "no".into(),
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

/// A faction's id from what was typed (letter, id, name or its start), or the one
/// line saying what was expected (with "did you mean" when a name is close).
pub fn faction_id(text: &str, pool: &[String]) -> Result<String, String> {
    let catalog = defs().catalog;
    let names = |ids: &[String]| -> String {
        ids.iter()
            .filter_map(|id| catalog.faction(id))
            .map(|f| format!("{} {}", f.letter, f.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match query::find_faction(catalog, text) {
        Ok(f) if pool.contains(&f.id) => Ok(f.id.clone()),
        Ok(f) => Err(format!(
            "{} cannot be played yet: their abilities are not in the game. Playable now: {}.",
            f.name,
            names(pool)
        )),
        Err(FactionMiss::Ambiguous(many)) => Err(format!(
            "{} could be {}: type more of the name.",
            quote(text),
            many.join(" or ")
        )),
        Err(FactionMiss::Unknown(close)) => Err(format!(
            "No faction {}{}. Playable now: {}.",
            quote(text),
            close
                .first()
                .map_or(String::new(), |n| format!(" (did you mean {n}?)")),
            names(pool)
        )),
    }
}

/// A person picks one faction from those still free (or a random one).
fn pick_faction(
    console: &mut dyn Console,
    question: &str,
    free: &mut Vec<String>,
    rng: &mut ChaCha8Rng,
) -> Result<String, SetupEnd> {
    let k = ask(console, question, &faction_entries(free))?;
    let i = if k == 0 {
        rng.gen_range(0..free.len())
    } else {
        k - 1
    };
    Ok(free.remove(i))
}

/// Runs the questions the flags leave open and returns the game to start.
pub fn setup(flags: &SetupFlags, console: &mut dyn Console) -> Result<Setup, SetupEnd> {
    let pool = complete_factions();
    let max_players = (pool.len() / 2).min(4);
    if max_players < 2 {
        return Err(SetupEnd::Bad(format!(
            "Only {} factions can be played so far; a game needs 4.",
            pool.len()
        )));
    }
    // Faction names are checked before any question, so a typo is heard at once.
    let given: Vec<String> = flags
        .factions
        .iter()
        .map(|t| faction_id(t, &pool))
        .collect::<Result<_, _>>()
        .map_err(SetupEnd::Bad)?;
    // Each faction is in the game once.
    if let Some((k, twice)) = given
        .iter()
        .enumerate()
        .find(|(k, f)| given[..*k].contains(f))
    {
        let name = defs()
            .catalog
            .faction(twice)
            .map_or(twice.as_str(), |f| &f.name);
        return Err(SetupEnd::Bad(format!(
            "--factions: {name} is given twice (as {}); each faction plays once in a game.",
            crate::quote::quote(&flags.factions[k])
        )));
    }
    let vp_goal = match flags.vp {
        None => DEFAULT_VP_GOAL,
        Some(n) if VP_GOALS.contains(&n) => n,
        Some(n) => {
            return Err(SetupEnd::Bad(format!(
                "--vp {n}: expected a VP goal from {} to {}.",
                VP_GOALS.start(),
                VP_GOALS.end()
            )))
        }
    };
    let players = match flags.players {
        Some(n) if (2..=max_players).contains(&n) => n,
        Some(n) => {
            return Err(SetupEnd::Bad(format!(
                "--players {n}: expected 2 to {max_players} ({} factions can be played so far, two per player).",
                pool.len()
            )))
        }
        None => {
            let entries = counts(2..=max_players, |n| format!("{} players", number_word(n)));
            entries[ask(console, "How many players?", &entries)?].0
        }
    };
    let asked_bots = flags.bots.is_none();
    let bots = match flags.bots {
        Some(b) if b <= players => b,
        Some(b) => {
            return Err(SetupEnd::Bad(format!(
                "--bots {b}: expected 0 to {players}, at most the number of players."
            )))
        }
        None => {
            let entries = counts(0..=players, |n| match n {
                0 => "no bots: people only".to_string(),
                1 => "one bot".to_string(),
                n if n == players => format!("{} bots: watch them play", number_word(n)),
                n => format!("{} bots", number_word(n)),
            });
            entries[ask(console, "How many of them are bots?", &entries)?].0
        }
    };
    let humans = players - bots;
    if flags.names.len() > humans {
        return Err(SetupEnd::Bad(format!(
            "--names: {} given for {}; name the people only, in seat order.",
            flags.names.len(),
            match humans {
                1 => "1 person".to_string(),
                n => format!("{n} people"),
            }
        )));
    }
    // A short random seed, easy to read out and type again.
    let seed = flags.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    let mut seats = Vec::new();
    for seat in 0..players {
        let given_name = flags
            .names
            .get(seat)
            .map(|n| n.trim())
            .filter(|n| !n.is_empty());
        let name = if seat >= humans {
            format!("Bot {}", seat + 1)
        } else if let Some(n) = given_name {
            crate::quote::name(n)
        } else if humans == 1 {
            "You".to_string()
        } else if asked_bots && flags.ask_people {
            say(
                console,
                LineKind::Question,
                format!(
                    "Name of player {}? Press Enter for Player {}.",
                    seat + 1,
                    seat + 1
                ),
            );
            let typed = console.read().ok_or(SetupEnd::Left)?;
            let typed = typed.trim();
            if typed.is_empty() {
                format!("Player {}", seat + 1)
            } else {
                crate::quote::name(typed)
            }
        } else {
            format!("Player {}", seat + 1)
        };
        let bot = (seat >= humans).then(|| Bot::new(flags.bot, seed.wrapping_add(seat as u64)));
        seats.push(Seat { name, bot });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xfac7_0125);
    let mut free = pool.clone();
    free.sort_by_key(|id| faction_name(id));

    if given.len() % 2 == 1 || given.len() > players * 2 {
        return Err(SetupEnd::Bad(format!(
            "--factions: expected two factions for each player, in seat order (at most {}), for example --factions pirates,ninjas.",
            players * 2
        )));
    }
    if flags.draft && !given.is_empty() {
        return Err(SetupEnd::Bad(
            "--draft and --factions do not go together: the draft chooses the factions.".into(),
        ));
    }
    for (i, id) in given.iter().enumerate() {
        if given[..i].contains(id) {
            return Err(SetupEnd::Bad(format!(
                "--factions: {} is named twice; each faction can be used once.",
                faction_name(id)
            )));
        }
    }
    free.retain(|f| !given.contains(f));

    let method = if flags.draft {
        Method::Draft
    } else if !given.is_empty() || humans == 0 || (!flags.ask_people && !asked_bots) {
        Method::Pick
    } else {
        ask_method(console, flags.ask_people)?
    };

    let mut first_player = None;
    let mut draft_later = false;
    let mut factions: Vec<Vec<String>> = given.chunks(2).map(|c| c.to_vec()).collect();
    factions.resize(players, Vec::new());
    match method {
        // At a networked table the people draft once they have sat down.
        Method::Draft if !flags.ask_people => draft_later = true,
        Method::Draft => {
            let drafted = draft(console, &seats, free.clone(), seed)?;
            first_player = Some(drafted.first as u8);
            factions = drafted
                .factions()
                .unwrap_or_default()
                .into_iter()
                .map(Vec::from)
                .collect();
        }
        Method::Random => {}
        Method::Pick if !flags.ask_people => {}
        Method::Pick => {
            for seat in 0..humans {
                while factions[seat].len() < 2 {
                    let nth = if factions[seat].is_empty() {
                        "first"
                    } else {
                        "second"
                    };
                    let q = if humans == 1 {
                        format!("Your {nth} faction?")
                    } else {
                        format!("{}, your {nth} faction?", seats[seat].name)
                    };
                    let id = pick_faction(console, &q, &mut free, &mut rng)?;
                    factions[seat].push(id);
                }
            }
        }
    }
    for pair in factions.iter_mut() {
        while pair.len() < 2 {
            pair.push(free.remove(rng.gen_range(0..free.len())));
        }
    }
    Ok(Setup {
        config: GameConfig {
            seed,
            factions: factions
                .into_iter()
                .map(|p| [p[0].clone(), p[1].clone()])
                .collect(),
            all_bases: flags.all_bases,
            shared_factions: false,
            first_player,
            vp_goal,
        },
        seats,
        draft: draft_later,
    })
}

/// How the factions are chosen.
enum Method {
    /// Each person picks two (at a networked table: chooses them, or has them drawn).
    Pick,
    /// The formal draft.
    Draft,
    /// Drawn for everyone.
    Random,
}

/// "How are factions chosen?": at one keyboard (`here`), picking, the draft or random;
/// at a networked table, choosing at the table or the draft.
fn ask_method(console: &mut dyn Console, here: bool) -> Result<Method, SetupEnd> {
    let draft = (
        2,
        "the formal draft: one at a time, in turn order and back".to_string(),
        vec!["draft".to_string()],
    );
    let entries = if here {
        vec![
            (
                1,
                "each person picks two".to_string(),
                vec!["pick".to_string()],
            ),
            draft,
            (
                3,
                "random for everyone".to_string(),
                vec!["random".to_string()],
            ),
        ]
    } else {
        vec![
            (
                1,
                "each person chooses two at the table (factions A,B), or has them drawn"
                    .to_string(),
                vec!["choose".to_string()],
            ),
            draft,
        ]
    };
    Ok(match ask(console, "How are factions chosen?", &entries)? {
        0 => Method::Pick,
        1 => Method::Draft,
        _ => Method::Random,
    })
}

/// The formal draft at one keyboard: each person is asked in turn (a bot picks at
/// random), everyone hears each pick.
fn draft(
    console: &mut dyn Console,
    seats: &[Seat],
    free: Vec<String>,
    seed: u64,
) -> Result<Draft, SetupEnd> {
    let mut draft = Draft::new(seats.len(), free, seed);
    let alone = seats.iter().filter(|s| s.is_human()).count() == 1;
    say(
        console,
        LineKind::Narration,
        Draft::opening(&seats[draft.first].name),
    );
    while let Some(seat) = draft.turn() {
        let name = &seats[seat].name;
        let you = seats[seat].is_human() && alone;
        let id = if seats[seat].is_human() {
            let q = Draft::question((!alone).then_some(name.as_str()));
            let k = ask(console, &q, &draft.entries())?;
            draft.take(k)
        } else {
            draft.take_random()
        };
        say(
            console,
            LineKind::Narration,
            Draft::pick_line((!you).then_some(name.as_str()), &id),
        );
    }
    Ok(draft)
}

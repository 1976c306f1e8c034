//! `smashup`: the command line. With no command (or `play`) it plays a game; the other
//! commands look cards up, write the braille reference sheets, run scenarios and
//! simulate random games.

use clap::{Parser, Subcommand, ValueEnum};
use smashup::braille::{self, Grade};
use smashup::cards::query::{self, Entry, FactionMiss, Found};
use smashup::cards::{load, Catalog};
use smashup::lookup;
use smashup::quote::quote;
use std::path::PathBuf;
use std::process::ExitCode;

/// The program's memory comes from mimalloc: the engine makes and frees many small
/// lists, and the system's allocator spent about a tenth of a simulated game's time
/// on them (issue 26). The library's sources are built with the crate; no system
/// library is needed.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Prints a line to standard output. When nobody reads it any more (`smashup faction
/// pirates | head -1`), the command stops quietly; any other failure (a full disk) is
/// an error (see [`smashup::output`]).
macro_rules! out {
    ($($arg:tt)*) => {
        smashup::output::line(format_args!($($arg)*))
    };
}

/// Smash Up for blind and low-vision players: a game to play by ear, and card look-up by
/// braille-edition code.
#[derive(Parser)]
#[command(name = "smashup", version, about)]
struct Cli {
    /// With no command, `smashup` plays a game: these are the flags of `smashup play`.
    #[command(flatten)]
    play: smashup::play::PlayArgs,
    /// Read the card data from this folder of .ron files instead of the built-in copy.
    #[arg(long, global = true, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Output format of the look-up commands.
    #[arg(long, global = true, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Plain lines for reading and speech.
    Text,
    /// JSON for scripts and other tools.
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game against bots or people at this keyboard (also: smashup with no command).
    Play(smashup::play::PlayArgs),
    /// Hold tables for people on other machines (smashup join, nc, telnet).
    Serve(smashup::net::server::ServeArgs),
    /// What a card or base does: by code (pm5, b21), code and name, name, or a prefix;
    /// a number after a query that lists several picks one (pa 3).
    Card {
        /// For example: pm5, "pa Cannon", "b21 Tortuga 4 3 2", dartagnan, full sail, pa 3.
        #[arg(required = true, num_args = 1..)]
        query: Vec<String>,
        /// Show the answer as Unicode braille, for a braille display, instead of text.
        #[arg(long)]
        braille: bool,
        /// With --braille: 1 for uncontracted (built in), 2 for contracted (needs liblouis).
        #[arg(long, value_name = "1|2", default_value = "1", requires = "braille")]
        grade: Grade,
    },
    /// Keep a game played with real cards: bases, power, who wins, the score.
    Table(smashup::companion::TableArgs),
    /// The rules in short, as `rules` says them in a game: a topic, or the list of topics.
    Rules {
        /// A topic, a word about it (breakpoint, ties) or its number.
        topic: Vec<String>,
    },
    /// The 24 factions: letter, name and set.
    Factions,
    /// One faction's reference sheet.
    Faction {
        /// The faction's name, letter, or the start of its name.
        #[arg(required = true, num_args = 1..)]
        name: Vec<String>,
    },
    /// Every base, one a line: code, name, VP values, ability.
    Bases {
        /// Only this set: core, wwwt, ppsu, world-tour, emd (or the start of its name).
        #[arg(long)]
        set: Option<String>,
    },
    /// Write the braille reference sheets: .txt and embosser-ready .brf for every faction,
    /// the bases of every set, and an index.
    BrailleRef {
        /// The folder to write into (created if missing).
        #[arg(long, value_name = "DIR", default_value = "braille-ref")]
        out: PathBuf,
        /// 2 for contracted braille (needs liblouis), 1 for uncontracted (built in).
        #[arg(long, value_name = "1|2", default_value = "2")]
        grade: Grade,
    },
    /// Play random games and print the engine's speed: games per second, turns per game.
    Simulate {
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// The first game's seed; game k uses seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Players per game (2 to 4).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Factions to draw from, comma-separated ids (default: every complete faction).
        #[arg(long, value_delimiter = ',')]
        pool: Vec<String>,
        /// Random games only (a match times each decision, so it plays one game at a
        /// time): how many games to play at once, one per thread (default: one per core
        /// of this machine). The games and totals are the same whatever the number; 1
        /// measures one core.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256), conflicts_with = "bots")]
        threads: Option<u16>,
        /// A match between bots, one seat each, seats rotated each game: e.g. hard,random.
        /// Bots: random, heuristic, easy, normal, hard, and classic (the hard bot before
        /// issue 26: 1,200 iterations, exploration 0.7); a search bot's budget of
        /// iterations per decision after @, e.g. hard@1200, and settings after colons:
        /// c=EXPLORATION, turns=PLAYOUT_TURNS, playout=random|busy, e.g. hard@1200:c=0.25.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// With --bots: print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Sit at a table of a game server (smashup serve) on another machine.
    Join(smashup::net::client::JoinArgs),
    /// Run scenario files (a position, answers, checks) and print pass or fail for each.
    Scenario {
        /// Scenario files (RON), e.g. tests/scenarios/pirates/*.ron.
        #[arg(required = true, num_args = 1..)]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let catalog = match &cli.cards {
        Some(dir) => load::from_dir(dir),
        None => Catalog::embedded(),
    };
    let catalog = match catalog {
        Ok(c) => c,
        Err(e) => {
            eprintln!("Error: card data: {e}");
            return ExitCode::from(2);
        }
    };
    // Games (play, simulate, scenario) use the given data too, not only look-ups.
    if cli.cards.is_some() {
        if let Err(e) = smashup::engine::defs::use_catalog(catalog.clone()) {
            eprintln!("Error: card data: {e}");
            return ExitCode::from(2);
        }
    }
    let Some(command) = cli.command else {
        return ExitCode::from(smashup::play::run(&cli.play));
    };
    match command {
        Command::Play(args) => ExitCode::from(smashup::play::run(&args)),
        Command::Join(args) => ExitCode::from(smashup::net::client::run(&args)),
        Command::Serve(args) => ExitCode::from(smashup::net::server::run(&args)),
        Command::Card {
            query,
            braille,
            grade,
        } => {
            if braille && cli.format == Format::Json {
                eprintln!("--braille shows the text answer in braille; leave out --format json.");
                return ExitCode::from(2);
            }
            card(
                &catalog,
                &query.join(" "),
                cli.format,
                braille.then_some(grade),
            )
        }
        Command::Table(args) => ExitCode::from(smashup::companion::run(&args, catalog)),
        Command::Rules { topic } => rules(&topic.join(" ")),
        Command::Factions => {
            match cli.format {
                Format::Text => print_lines(lookup::faction_list(&catalog)),
                Format::Json => print_json(
                    &catalog
                        .factions
                        .iter()
                        .map(FactionSummary::of)
                        .collect::<Vec<_>>(),
                ),
            }
            ExitCode::SUCCESS
        }
        Command::Faction { name } => faction(&catalog, &name.join(" "), cli.format),
        Command::Bases { set } => bases(&catalog, set.as_deref(), cli.format),
        Command::BrailleRef { out, grade } => braille_ref(&catalog, &out, grade),
        Command::Scenario { files } => scenarios(&files),
        Command::Simulate {
            games,
            seed,
            players,
            pool,
            threads,
            bots,
            json,
        } => {
            if bots.is_empty() {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                simulate(
                    games,
                    seed,
                    players,
                    pool,
                    threads.map_or(cores, usize::from),
                )
            } else {
                bot_match(&bots, games, seed, pool, json)
            }
        }
    }
}

/// A faction without its cards, for `factions --format json`.
#[derive(serde::Serialize)]
struct FactionSummary<'a> {
    id: &'a str,
    name: &'a str,
    letter: char,
    set: &'a str,
    summary: &'a str,
}

impl<'a> FactionSummary<'a> {
    fn of(f: &'a smashup::cards::model::Faction) -> Self {
        FactionSummary {
            id: &f.id,
            name: &f.name,
            letter: f.letter,
            set: f.set.key(),
            summary: &f.summary,
        }
    }
}

fn print_lines(lines: Vec<String>) {
    for line in lines {
        out!("{line}");
    }
}

fn print_json<T: serde::Serialize>(value: &T) {
    match serde_json::to_string_pretty(value) {
        Ok(text) => out!("{text}"),
        Err(e) => eprintln!("Error: cannot write JSON: {e}"),
    }
}

fn entry_json(entry: &Entry<'_>) -> serde_json::Value {
    match entry {
        Entry::Card(c) => serde_json::to_value(c),
        Entry::Base(b) => serde_json::to_value(b),
    }
    .unwrap_or(serde_json::Value::Null)
}

/// `braille` is the grade to show the text answer in, as Unicode braille; None for print.
fn card(catalog: &Catalog, text: &str, format: Format, braille: Option<Grade>) -> ExitCode {
    // A misspelling with one clearly closest card answers with that card, said so.
    let found = match query::find_numbered(catalog, text) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let (entries, closest_match) = match found {
        Found::Matches(entries) => (entries, false),
        Found::Closest(one) => (vec![one], true),
        Found::Nothing { closest } => {
            if format == Format::Json {
                out!("[]");
            }
            eprintln!(
                "No card matches {}.{}",
                quote(text),
                closest_phrase(&closest)
            );
            return ExitCode::from(1);
        }
    };
    let lines = match format {
        Format::Json => {
            print_json(&entries.iter().map(entry_json).collect::<Vec<_>>());
            return ExitCode::SUCCESS;
        }
        Format::Text => match entries.as_slice() {
            [one] => {
                let mut lines = lookup::describe(catalog, *one);
                if closest_match {
                    lines[0] = format!("Closest match: {}", lines[0]);
                }
                lines
            }
            many => {
                let mut lines = vec![format!("{} cards match {}:", many.len(), quote(text))];
                lines.extend(lookup::numbered(catalog, many));
                lines
            }
        },
    };
    match braille.map(|grade| grade.translate(&lines)) {
        None => print_lines(lines),
        Some(Ok(cells)) => print_lines(cells.iter().map(|l| braille::ueb::to_unicode(l)).collect()),
        Some(Err(e)) => {
            eprintln!("Error: {e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// `smashup rules [TOPIC]`: the topic's lines, or the topic list; an unknown topic
/// is said on standard error, then the list, and the exit status is 1.
fn rules(topic: &str) -> ExitCode {
    use smashup::play::rules;
    match rules::rules(Some(topic)) {
        Ok(lines) => {
            print_lines(lines);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            print_lines(rules::topic_list());
            ExitCode::from(1)
        }
    }
}

fn closest_phrase(names: &[String]) -> String {
    if names.is_empty() {
        String::new()
    } else {
        format!(" Closest: {}.", names.join(", "))
    }
}

fn faction(catalog: &Catalog, name: &str, format: Format) -> ExitCode {
    match query::find_faction(catalog, name) {
        Ok(f) => {
            match format {
                Format::Json => print_json(f),
                Format::Text => {
                    out!("{}", lookup::faction_heading(f));
                    for e in lookup::faction_sheet(f) {
                        out!("{}: {}", e.heading, e.body);
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(FactionMiss::Ambiguous(names)) => {
            eprintln!(
                "{} could be: {}. Type more of the name.",
                quote(name),
                names.join(", ")
            );
            ExitCode::from(1)
        }
        Err(FactionMiss::Unknown(closest)) => {
            eprintln!(
                "No faction matches {}.{}",
                quote(name),
                closest_phrase(&closest)
            );
            ExitCode::from(1)
        }
    }
}

fn bases(catalog: &Catalog, set: Option<&str>, format: Format) -> ExitCode {
    let set = match set.map(|s| (s, query::find_set(s))) {
        None => None,
        Some((_, Some(set))) => Some(set),
        Some((text, None)) => {
            eprintln!(
                "No set matches {}. Expected one of: core, wwwt, ppsu, world-tour, emd.",
                quote(text)
            );
            return ExitCode::from(1);
        }
    };
    match format {
        Format::Text => print_lines(lookup::base_list(catalog, set)),
        Format::Json => print_json(
            &catalog
                .bases
                .iter()
                .filter(|b| set.is_none_or(|s| b.set == s))
                .collect::<Vec<_>>(),
        ),
    }
    ExitCode::SUCCESS
}

fn braille_ref(catalog: &Catalog, out: &std::path::Path, grade: Grade) -> ExitCode {
    match braille::write_sheets(catalog, out, grade) {
        Ok(files) => {
            out!(
                "Wrote {} braille reference files (.txt and .brf, grade {grade}) to {}.",
                files.len(),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("Error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs each scenario file: "PASS name" or "FAIL file: step N: what differs".
fn scenarios(files: &[PathBuf]) -> ExitCode {
    let mut failed = 0;
    for path in files {
        let name = path.display().to_string();
        let outcome = std::fs::read_to_string(path)
            .map_err(|e| format!("{name}: cannot read: {e}"))
            .and_then(|text| smashup::scenario::parse(&name, &text))
            .and_then(|s| {
                smashup::scenario::run(&s)
                    .map(|_| s.name.clone())
                    .map_err(|f| format!("{name} ({}): {f}", s.name))
            });
        match outcome {
            Ok(title) => out!("PASS {title}"),
            Err(message) => {
                failed += 1;
                out!("FAIL {message}");
            }
        }
    }
    out!("{} passed, {failed} failed", files.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Plays random games, `threads` at once, and prints their rate.
fn simulate(games: u64, seed: u64, players: usize, pool: Vec<String>, threads: usize) -> ExitCode {
    use smashup::sim;
    let pool = if pool.is_empty() {
        sim::complete_factions()
    } else {
        pool
    };
    let start = std::time::Instant::now();
    let totals = match sim::sum_random_games(seed, games, players, &pool, threads) {
        Ok(totals) => totals,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let per = |x: u64| x as f64 / games.max(1) as f64;
    out!("Factions: {}.", pool.join(", "));
    out!(
        "{games} random games, {} at a time, in {secs:.2} s: {:.0} games per second, {:.1} turns per game, {:.0} decisions per second.",
        sim::threads_used(games, threads),
        games as f64 / secs,
        per(totals.turns),
        totals.decisions as f64 / secs
    );
    let wins: Vec<String> = totals
        .wins
        .iter()
        .enumerate()
        .map(|(i, w)| format!("seat {} won {w}", i + 1))
        .collect();
    out!("{}.", wins.join(", "));
    waste_findings("random", &totals.waste.tally());
    loop_findings(totals.most_in_a_turn, &totals.loop_seeds);
    ExitCode::SUCCESS
}

/// A bot's wasted plays (see `smashup::bots::waste`): the rate, the two kinds, and
/// the cards most often wasted, so that they can be looked into.
fn waste_findings(bot: &str, waste: &smashup::bots::waste::WasteTally) {
    out!(
        "{bot}: wasted {} of {} plays, {:.2}%: {} did nothing, {} hurt only its own side.",
        waste.wasted(),
        waste.plays,
        waste.rate() * 100.0,
        waste.nothing,
        waste.self_harm
    );
    let most = waste.most_wasted(10);
    if !most.is_empty() {
        let cards: Vec<String> = most
            .iter()
            .map(|(name, plays, wasted)| format!("{name} {wasted} of {plays}"))
            .collect();
        out!("{bot}, most wasted: {}.", cards.join("; "));
    }
}

/// The most decisions in one turn, and each game in which the engine's loop valve
/// cut a turn short: a finding, with the game's seed.
fn loop_findings(most_in_a_turn: u32, seeds: &[u64]) {
    out!(
        "Most decisions in one turn: {most_in_a_turn} (the loop valve stops a turn at {}).",
        smashup::engine::flow::TURN_DECISION_LIMIT
    );
    for seed in seeds {
        out!("Finding: the loop valve cut a turn short in the game with seed {seed}.");
    }
}

/// Plays a match between bots and prints each one's win rate.
fn bot_match(bots: &[String], games: u64, seed: u64, pool: Vec<String>, json: bool) -> ExitCode {
    use smashup::sim;
    let pool = if pool.is_empty() {
        sim::complete_factions()
    } else {
        pool
    };
    let report = match sim::run_match(bots, games, seed, &pool) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    if json {
        print_json(&report);
        return ExitCode::SUCCESS;
    }
    out!(
        "{} games, {:.1} turns per game, {:.0} decisions per second.",
        report.games,
        report.turns_per_game,
        report.decisions_per_second
    );
    for b in &report.bots {
        let searched = if b.iterations_per_second > 0.0 {
            format!(
                ", {:.0} search iterations per second",
                b.iterations_per_second
            )
        } else {
            String::new()
        };
        out!(
            "{}: won {} of {} games, {:.1}% plus or minus {:.1}; decision time median {:.2} ms, 95th percentile {:.2} ms{searched}.",
            b.bot,
            b.wins,
            b.games,
            b.rate * 100.0,
            b.ci95 * 100.0,
            b.median_ms,
            b.p95_ms
        );
    }
    // One report per kind of bot: two seats of the same kind are counted together.
    let mut kinds: Vec<(&str, smashup::bots::waste::WasteTally)> = Vec::new();
    for b in &report.bots {
        match kinds.iter_mut().find(|(name, _)| *name == b.bot) {
            Some((_, tally)) => tally.merge(&b.waste),
            None => kinds.push((&b.bot, b.waste.clone())),
        }
    }
    for (name, tally) in &kinds {
        waste_findings(name, tally);
    }
    loop_findings(report.most_in_a_turn, &report.loop_seeds);
    ExitCode::SUCCESS
}

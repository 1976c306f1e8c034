//! How much a person hears on their own turns in an expansion game: a scripted
//! three-player game (six expansion factions, the person against two random bots,
//! whose play is the same whatever the table says, so the game is the same before
//! and after)
//! in which the person always takes the first thing listed, driven line by line
//! through the table as the terminal drives it. The figure is pinned against the one
//! heard before the lists were shortened (issue 23, point 11).

use smashup::bots::{Bot, BotKind};
use smashup::engine::{GameConfig, PlayerId};
use smashup::play::describe::Words;
use smashup::play::narrate::Verbosity;
use smashup::play::prompt::decision_menu;
use smashup::play::seat::Seat;
use smashup::play::speech::Silent;
use smashup::play::table::{Line, LineKind, Table};

/// The person and two bots with six expansion factions (Backtimers first: the longest
/// texts).
fn expansion_table(seed: u64) -> Table {
    let factions = [
        ["backtimers", "grannies"],
        ["fairies", "mounties"],
        ["action_heroes", "wraithrustlers"],
    ];
    let config = GameConfig {
        seed,
        factions: factions
            .iter()
            .map(|[a, b]| [a.to_string(), b.to_string()])
            .collect(),
        all_bases: false,
        shared_factions: false,
        first_player: Some(0),
        vp_goal: 15,
    };
    let seats = vec![
        Seat::person("You"),
        Seat::bot("Bot 2", Bot::new(BotKind::Random, seed + 1)),
        Seat::bot("Bot 3", Bot::new(BotKind::Random, seed + 2)),
    ];
    Table::new(&config, seats, Verbosity::Normal, None).unwrap()
}

/// What the person types next: the first thing listed (where a card goes: the first
/// place; "end anyway?": yes; a question asked for several cards at once: the first
/// as many as it asks for).
fn first_listed(table: &Table, last: &[Line]) -> String {
    let question: Vec<&str> = last
        .iter()
        .filter(|l| l.kind == LineKind::Question)
        .map(|l| l.text.as_str())
        .collect();
    // Where a card goes and "end anyway?" list their first entry as 1.
    if question
        .iter()
        .any(|l| l.starts_with("Where do you play") || l.contains("End your turn anyway?"))
    {
        return "1".into();
    }
    let game = table.game();
    let d = game.pending().expect("a question is pending");
    let seats = Seat::people(&["You", "Bot 2", "Bot 3"]);
    let w = Words::new(game, &seats[..1], Some(PlayerId(0)));
    let menu = decision_menu(d, &w, Verbosity::Normal, &[]);
    // Several cards at once: the first ones in order, copies included (the same as
    // taking the first listed each time the question is asked again).
    let first = menu.entries.iter().find(|e| e.shown).expect("an entry");
    if menu.wanted == 1 {
        return first.number.to_string();
    }
    let numbers: Vec<String> = menu.entries[..menu.wanted]
        .iter()
        .map(|e| e.number.to_string())
        .collect();
    numbers.join(" ")
}

/// Whether a line ends another player's turn: their draw.
fn ends_their_turn(text: &str) -> bool {
    text.starts_with("Bot ") && text.contains(" draws ") && text.ends_with(" cards.")
        || text.ends_with(" card.") && text.starts_with("Bot ") && text.contains(" draws ")
}

/// Plays the game to its end; the lines heard on the person's own turns, and all the
/// narration heard.
fn play(seed: u64) -> (Vec<String>, Vec<String>) {
    let mut table = expansion_table(seed);
    let mut last = table.start();
    let mut own: Vec<String> = Vec::new();
    let mut narration: Vec<String> = Vec::new();
    // The opening up to the first question: the person plays first.
    own.extend(last.iter().skip(2).map(|l| l.text.clone()));
    for _ in 0..3000 {
        if table.game().pending().is_none() {
            break;
        }
        let typed = first_listed(&table, &last);
        let mine = table.game().turn.player == PlayerId(0);
        last = smashup::play::respond(&mut table, &Silent, &typed);
        for l in &last {
            assert_ne!(l.kind, LineKind::Error, "{typed}: {}", l.text);
            if l.kind == LineKind::Narration {
                narration.push(l.text.clone());
            }
        }
        // Lines before another player's turn starts are the person's; so are those
        // after the last other player's draw, when the person's turn came round.
        let others = last
            .iter()
            .position(|l| l.text.starts_with("Turn ") && l.text.contains("'s turn."));
        let head = others.unwrap_or(last.len());
        if mine {
            own.extend(last[..head].iter().map(|l| l.text.clone()));
        }
        if others.is_some() && table.game().turn.player == PlayerId(0) {
            let from = last
                .iter()
                .rposition(|l| ends_their_turn(&l.text))
                .map_or(head, |i| i + 1);
            own.extend(last[from..].iter().map(|l| l.text.clone()));
        }
    }
    assert!(table.game().pending().is_none(), "the game ended");
    (own, narration)
}

/// Heard on the person's own turns before issue 23 (main at 23a3640, measured with
/// this test's script there).
const BEFORE: usize = 1001;

/// Heard on them now: a third fewer, the lists shortened (the main question asked
/// again in a turn is one line, short lists on the question's line, "where" asked
/// again in a turn one line, several cards at once), although every ability now says
/// its cause or that nothing happens. 636 before an ability at the start or end of
/// a turn with nothing to do was told once a game instead of every turn (629), then
/// 639 with the end of lasting power and breakpoint changes told (the totals a turn
/// starts with); then the traps (issue 23 point 5): an option that will do nothing
/// now says so, and one "choose one" question (Lifelong Bully: "..., does nothing
/// now: no card in stasis fits") grew too long for its question's line.
const NOW: usize = 641;

/// The narration of the whole game: 447 lines before, more now (every ability says
/// its cause or that nothing happens), so no outcome is lost (the lines saved are
/// all questions). A change to the narration changes it: 489 before the power an
/// Ongoing card gives or takes was said as it arrives or leaves (on the line of an
/// action played on a minion, a line of its own otherwise) and a
/// start- or end-of-turn ability with nothing to do was told once a game (fewer),
/// 479; 500 with the end of lasting power and breakpoint changes told ("End of turn:
/// Tinx's +1 power ends, now 2"). `SHOW_NARRATION=1` prints it.
const NARRATION: usize = 500;

#[test]
fn lines_heard_on_your_own_turns_in_an_expansion_game() {
    let (own, narration) = play(11);
    eprintln!(
        "Own-turn lines: {} (before {BEFORE}), narration lines: {}.",
        own.len(),
        narration.len()
    );
    if std::env::var_os("SHOW_NARRATION").is_some() {
        for l in &narration {
            eprintln!("N| {l}");
        }
    }
    if std::env::var_os("SHOW_LINES").is_some() {
        for l in &own {
            eprintln!("| {l}");
        }
    }
    assert!(own.len() <= NOW, "{} against {NOW}", own.len());
    assert!(own.len() * 3 <= BEFORE * 2, "a third fewer than {BEFORE}");
    assert_eq!(narration.len(), NARRATION, "no outcome lost");
}

//! The formal draft at a networked table (`new --draft`): after `start` each person is
//! asked in the rulebook's order over their own connection, a bot picks by itself,
//! a pick out of turn is refused, everyone hears each pick, and the game starts with
//! the drafted factions; a server killed mid-draft goes on at the same pick.

use super::support::{new_table, seat_token, sit, Client, Server};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A line's text, without its frame.
fn text(line: &str) -> &str {
    line.split_once('\t').map_or(line, |(_, t)| t)
}

/// The start of the name of the faction in an option line ("2. a Aliens, Core Set"
/// gives "alien").
fn name_start(option: &str) -> String {
    let label = option.split_once(". ").map_or(option, |(_, l)| l);
    let name = label.split_once(' ').map_or(label, |(_, n)| n);
    let name = name.split(',').next().unwrap_or(name);
    name.chars().take(5).collect::<String>().to_lowercase()
}

/// One person drafting: answers their own question (Ann by a name's start, Ben by
/// number), the first time after the other has tried to pick out of turn.
struct Drafter {
    name: &'static str,
    client: Client,
    seen: usize,
    by_name: bool,
}

impl Drafter {
    /// The options of this person's question, when one arrived since the last look.
    fn asked(&mut self) -> Option<Vec<String>> {
        self.client.poll();
        let lines = &self.client.lines[self.seen..];
        let q = format!("{}, draft a faction.", self.name);
        let at = lines.iter().rposition(|l| text(l) == q)?;
        let options: Vec<String> = lines[at + 1..]
            .iter()
            .map(|l| text(l).to_string())
            .take_while(|t| super::support::is_option(t))
            .collect();
        if options.len() < 2 {
            return None; // the options are still on their way
        }
        self.seen = self.client.lines.len();
        Some(options)
    }

    fn pick(&mut self, options: &[String]) {
        let answer = if self.by_name {
            name_start(&options[1])
        } else {
            "2".to_string()
        };
        self.client.send(&answer);
    }
}

/// Runs the draft to its end: each asked person picks; the first time someone is
/// asked, the other tries to pick first and must be refused. The picks Ann heard,
/// by name, in order.
fn draft_to_end(ann: &mut Drafter, ben: &mut Drafter) -> BTreeMap<String, Vec<String>> {
    let end = Instant::now() + Duration::from_secs(60);
    let mut refused = false;
    while Instant::now() < end {
        for k in 0..2 {
            let (me, other) = if k == 0 {
                (&mut *ann, &mut *ben)
            } else {
                (&mut *ben, &mut *ann)
            };
            if let Some(options) = me.asked() {
                if !refused {
                    other.client.send("1");
                    let line = other
                        .client
                        .wait_for("Not your pick:", 10)
                        .expect("a pick out of turn is refused");
                    assert!(
                        line.contains(&format!("{} is drafting now.", me.name)),
                        "{line}"
                    );
                    refused = true;
                }
                me.pick(&options);
            }
        }
        if ann
            .client
            .lines
            .iter()
            .any(|l| l.contains("New game, seed"))
            && ben
                .client
                .lines
                .iter()
                .any(|l| l.contains("New game, seed"))
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(refused, "someone was asked: {:?}", ann.client.lines);
    let mut picks: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for l in &ann.client.lines {
        if let Some((who, what)) = text(l).split_once(" drafts ") {
            picks
                .entry(who.to_string())
                .or_default()
                .push(what.trim_end_matches('.').to_string());
        }
    }
    picks
}

/// Ann creates a 3-seat draft table (Ann plain, Ben framed, a bot); both sit.
fn draft_table(server: &Server) -> (Drafter, Drafter, String, String) {
    let mut ann = server.client();
    let code = new_table(&mut ann, "Ann", "--players 3 --bots 1 --draft --seed 11");
    let (mut ben, sat) = sit(server, "Ben", true, &format!("1 {code} pirates,ninjas"));
    assert!(sat.contains("You sit at table 1 in seat 2"), "{sat}");
    assert!(
        ben.wait_for("This table drafts its factions", 10).is_some(),
        "choosing factions at a draft table is refused in one line"
    );
    let ben_token = seat_token(&sat);
    ann.send("who");
    assert!(ann
        .wait_for("Draft: begins when the creator starts the game.", 10)
        .is_some());
    let ann = Drafter {
        name: "Ann",
        client: ann,
        seen: 0,
        by_name: true,
    };
    let ben = Drafter {
        name: "Ben",
        client: ben,
        seen: 0,
        by_name: false,
    };
    (ann, ben, code, ben_token)
}

#[test]
fn two_people_and_a_bot_draft_and_the_game_starts_with_their_picks() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &[]);
    let (mut ann, mut ben, _, _) = draft_table(&server);
    ann.client.send("start");
    let opening = ann
        .client
        .wait_for("picks first and will play first.", 10)
        .expect("the draft opens");
    assert!(opening.starts_with("Draft: "), "{opening}");
    let picks = draft_to_end(&mut ann, &mut ben);
    assert_eq!(picks.len(), 3, "{picks:?}");
    assert!(picks.values().all(|p| p.len() == 2), "{picks:?}");
    // Everyone heard every pick and whose pick came next.
    for who in ["Ann", "Ben", "Bot 3"] {
        let said = format!("{who} drafts ");
        assert_eq!(
            ben.client
                .lines
                .iter()
                .filter(|l| text(l).starts_with(&said))
                .count(),
            2
        );
    }
    assert!(ann
        .client
        .lines
        .iter()
        .any(|l| l.starts_with("Next pick: ")));
    // Ben's question and options came framed.
    assert!(ben
        .client
        .lines
        .iter()
        .any(|l| l == "question\tBen, draft a faction."));
    assert!(ben
        .client
        .lines
        .iter()
        .any(|l| l.starts_with("option\t2. ")));
    // The game starts with the drafted factions.
    let mine = format!("You: {} and {}", picks["Ann"][0], picks["Ann"][1]);
    let bens = format!("Ben: {} and {}", picks["Ben"][0], picks["Ben"][1]);
    let line = ann
        .client
        .lines
        .iter()
        .find(|l| l.contains(&mine))
        .unwrap_or_else(|| panic!("{mine} in {:?}", ann.client.lines));
    assert!(line.contains(&bens), "{line}");
}

#[test]
fn a_server_killed_mid_draft_goes_on_at_the_same_pick() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path(), &[]);
    let (mut ann, mut ben, code, ben_token) = draft_table(&server);
    ann.client.send("start");
    // Wait for the first person's question, and remember where the draft stands.
    let end = Instant::now() + Duration::from_secs(20);
    let asked = loop {
        assert!(Instant::now() < end, "nobody was asked");
        if ann.asked().is_some() {
            break "Ann";
        }
        if ben.asked().is_some() {
            break "Ben";
        }
    };
    ann.client.skip();
    ann.client.send("who");
    let progress = ann.client.wait_for("Draft: pick ", 10).expect("progress");
    assert!(
        progress.ends_with(&format!("{asked} picks now.")),
        "{progress}"
    );
    let progress = text(&progress).to_string();

    server.kill();
    let server = Server::start(dir.path(), &[]);
    let mut cat = server.client();
    cat.send("Cat");
    cat.send("tables");
    let listed = cat.wait_for("Table 1:", 10).expect("the table is back");
    let pick = &progress["Draft: ".len()..progress.find(';').unwrap()];
    assert!(listed.contains(&format!("drafting, {pick};")), "{listed}");

    // Ann by name and code, Ben by his token: each hears where the draft stands, and
    // the one whose pick it is hears the question again.
    let mut a = server.client();
    a.send("Ann");
    a.send(&format!("sit 1 {code}"));
    let mut b = server.client();
    b.send("frames on");
    b.send(&format!("resume {ben_token}"));
    for c in [&mut a, &mut b] {
        assert!(c.wait_for("You sit at table 1", 10).is_some());
        assert!(c.wait_for(&progress, 10).is_some(), "{:?}", c.lines);
    }
    let (mut ann, mut ben) = (
        Drafter {
            name: "Ann",
            client: a,
            seen: 0,
            by_name: true,
        },
        Drafter {
            name: "Ben",
            client: b,
            seen: 0,
            by_name: false,
        },
    );
    draft_to_end(&mut ann, &mut ben);
    assert!(ann
        .client
        .lines
        .iter()
        .any(|l| l.contains("New game, seed 11")));
    ann.client.send("who");
    assert!(ann.client.wait_for("Seat 3: Bot 3, a bot. ", 10).is_some());
}

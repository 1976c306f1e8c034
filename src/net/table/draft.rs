//! The formal draft at a networked table (`new --draft`): after the creator's
//! `start` (bots taking the free seats), the seats draft one faction at a time in the
//! rulebook's order, kept by the one helper `smashup play` uses ([`Draft`]). The
//! person whose pick it is is asked over their own connection; everyone hears each
//! pick and whose pick is next; bots pick by themselves; a line from anyone else is
//! refused in one line. The draft is saved with the seats after every pick, so a
//! person who comes back, or a server started again, goes on at the same pick. When
//! the last pick is made the game starts with the drafted factions, the first picker
//! playing first.

use super::*;
use crate::play::draft::{faction_name, Draft};
use crate::sim::complete_factions;

impl NetTable {
    /// This table's factions are drafted after `start` (`new --draft`).
    pub fn with_draft(mut self, draft: bool) -> NetTable {
        self.drafts = draft;
        self.save_seats();
        self
    }

    /// True once the creator has said `start`: the draft or the game is under way, and
    /// seats are kept for people who leave.
    pub(super) fn begun(&self) -> bool {
        self.game.is_some() || self.drafting.is_some()
    }

    /// `start` at a draft table: the draft begins with the first picker.
    pub(super) fn begin_draft(&mut self) {
        let draft = Draft::new(self.seats.len(), complete_factions(), self.config.seed);
        let opening = Draft::opening(&self.seat_name(draft.first));
        self.drafting = Some(draft);
        event(&format!("table {}: the draft begins. {opening}", self.id));
        self.tell_all(Kind::Narration, &opening);
        self.draft_on();
    }

    /// Lets the bots make their picks until a person must pick, then asks that person
    /// (and tells the others whose pick it is); starts the game after the last pick.
    pub(super) fn draft_on(&mut self) {
        loop {
            let Some(draft) = self.drafting.as_mut() else {
                return;
            };
            let Some(seat) = draft.turn() else {
                self.end_draft();
                return;
            };
            if self.seats[seat].person {
                break;
            }
            let id = draft.take_random();
            let said = Draft::pick_line(Some(&self.seat_name(seat)), &id);
            self.tell_all(Kind::Narration, &said);
        }
        self.save_seats();
        self.announce_pick();
    }

    /// Asks the seat whose pick it is; the others hear whose pick it is.
    fn announce_pick(&self) {
        let Some(seat) = self.drafting.as_ref().and_then(Draft::turn) else {
            return;
        };
        self.ask_pick(seat);
        let next = format!("Next pick: {}.", self.seat_name(seat));
        self.tell_others(seat, Kind::Narration, &next);
    }

    /// The draft's question and its options to the seat whose pick it is.
    fn ask_pick(&self, seat: usize) {
        if let Some(draft) = &self.drafting {
            self.send_lines(seat, &draft.question_lines(Some(&self.seat_name(seat))));
        }
    }

    /// Where the draft stands, for someone sitting down again at `seat`: the question
    /// if it is their pick, else whose pick it is and their own picks so far.
    pub(super) fn draft_status(&self, seat: usize) {
        let Some(draft) = &self.drafting else { return };
        let Some(turn) = draft.turn() else { return };
        self.tell(seat, Kind::Narration, self.draft_progress());
        if turn == seat {
            self.ask_pick(seat);
        } else {
            self.tell(
                seat,
                Kind::Narration,
                format!("Your factions: {}.", self.factions_of(seat)),
            );
        }
    }

    /// "Draft: pick 3 of 6; Ben picks now."
    pub(super) fn draft_progress(&self) -> String {
        match &self.drafting {
            Some(d) => match d.turn() {
                Some(seat) => format!(
                    "Draft: pick {} of {}; {} picks now.",
                    d.made() + 1,
                    d.total(),
                    self.seat_name(seat)
                ),
                None => "Draft: every pick is made.".into(),
            },
            None => "Draft: begins when the creator starts the game.".into(),
        }
    }

    /// "drafting, pick 3 of 6", for `tables`.
    pub(super) fn draft_listing(&self) -> String {
        self.drafting.as_ref().map_or_else(String::new, |d| {
            format!(
                "drafting, pick {} of {}",
                (d.made() + 1).min(d.total()),
                d.total()
            )
        })
    }

    /// What a seat has drafted so far, for `who`.
    pub(super) fn drafted_by(&self, seat: usize) -> String {
        let picked = self
            .drafting
            .as_ref()
            .map(|d| d.picked(seat))
            .unwrap_or_default();
        match picked.as_slice() {
            [] => "Nothing drafted yet".into(),
            [one] => format!("Drafted {} so far", faction_name(one)),
            [a, b, ..] => format!("{} and {}", faction_name(a), faction_name(b)),
        }
    }

    /// A line from the person at `seat` during the draft: their pick, if it is their
    /// turn; else one line saying whose pick it is.
    pub(super) fn draft_line(&mut self, seat: usize, text: &str) {
        let Some(draft) = self.drafting.as_mut() else {
            return;
        };
        let Some(turn) = draft.turn() else { return };
        let asked = text.trim().to_lowercase();
        if turn != seat {
            if matches!(asked.as_str(), "options" | "repeat") {
                self.tell(seat, Kind::Answer, self.draft_progress());
            } else {
                let e = format!("Not your pick: {} is drafting now.", self.seat_name(turn));
                self.tell(seat, Kind::Error, e);
            }
            return;
        }
        if matches!(asked.as_str(), "options" | "repeat") {
            self.ask_pick(seat);
            return;
        }
        match draft.answer(text) {
            Ok(choice) => {
                let id = draft.take(choice);
                let said = Draft::pick_line(Some(&self.seat_name(seat)), &id);
                event(&format!("table {}: {said}", self.id));
                self.tell_all(Kind::Narration, &said);
                self.draft_on();
            }
            Err(e) => self.tell(seat, Kind::Error, e),
        }
    }

    /// The last pick is made: the game starts with the drafted factions, the first
    /// picker playing first.
    fn end_draft(&mut self) {
        let Some(draft) = self.drafting.take() else {
            return;
        };
        if let Some(factions) = draft.factions() {
            self.config.factions = factions;
        }
        self.config.first_player = Some(draft.first as u8);
        if let Err(e) = self.launch() {
            event(&format!("table {}: {e}", self.id));
            self.tell_all(Kind::Error, &e);
        }
    }
}

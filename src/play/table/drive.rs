//! How the game moves on between typed lines: bots answer their own questions as soon as
//! they are asked, each answer is narrated for the people at the table (and kept for the
//! recap and the autosave), and the next person is asked.

use super::*;
use crate::engine::events::Quiet;
use crate::engine::Phase;

impl Table {
    // ----- the game moving on -----

    /// Lets bots answer until a person must, then asks that person (after a hand-over
    /// when several people share the keyboard).
    pub(super) fn advance(&mut self) {
        loop {
            let Some(d) = self.game.pending() else {
                self.over();
                return;
            };
            if self.game.turn.number > TURN_LIMIT {
                self.error(format!(
                    "The game stopped: no winner after {TURN_LIMIT} turns."
                ));
                self.over();
                return;
            }
            let p = d.player;
            if self.here.is_some_and(|h| h != p) {
                self.wait_elsewhere(p);
                return;
            }
            if self.seats[p.ix()].bot.is_some() {
                if let Err(e) = self.bot_answers(p) {
                    self.error(format!("A bot's answer was refused ({e}); the game stops."));
                    self.prompt = Prompt::Over;
                    return;
                }
                continue;
            }
            // "Not this turn": the table says no again, as an ordinary answer.
            if let Some(no) = self.declined_now() {
                if let Err(e) = self.apply(p, no) {
                    self.error(format!("That answer was refused: {e}."));
                    return;
                }
                continue;
            }
            if self.here.is_none() && self.humans().len() > 1 && self.keyboard != Some(p) {
                self.prompt = Prompt::PassTo(p);
                let name = self.seats[p.ix()].name.clone();
                self.push(
                    LineKind::Question,
                    format!("Pass to {name}, then press Enter."),
                );
                return;
            }
            self.prompt = Prompt::Decision;
            self.ask();
            return;
        }
    }

    /// A networked seat's view waits for `p` to answer elsewhere; the seat hears who
    /// it waits for when that changes to a person.
    fn wait_elsewhere(&mut self, p: PlayerId) {
        let changed = self.prompt != Prompt::Elsewhere(p);
        self.prompt = Prompt::Elsewhere(p);
        if changed && self.seats[p.ix()].is_human() {
            let name = self.seats[p.ix()].name.clone();
            self.push(LineKind::Narration, format!("Waiting for {name}."));
        }
    }

    /// The game has ended: it stays open for questions about it until `quit`.
    pub(super) fn over(&mut self) {
        if self.prompt != Prompt::Over {
            self.prompt = Prompt::Over;
            self.over_line();
        }
    }

    /// "The game is over", and what can still be done.
    pub(super) fn over_line(&mut self) {
        let leave = if self.here.is_some() {
            "type quit to leave the table"
        } else {
            "type quit to leave"
        };
        self.push(
            LineKind::Question,
            format!("The game is over. Look back with score, bases, log or recap; {leave}."),
        );
    }

    /// Prints the current question: whole, except the main question asked again in
    /// the same turn, which is one line saying what changed (`options` reads it whole).
    pub(super) fn ask(&mut self) {
        let Some(menu) = self.menu() else {
            return;
        };
        let again = match (&self.main_heard, self.main_asked()) {
            (Some((turn, player, before)), Some(now))
                if (*turn, *player) == now && self.here.is_none() =>
            {
                Some((now, before.clone()))
            }
            _ => None,
        };
        match again {
            Some(((turn, player), before)) => {
                let several = self.humans().len() > 1 && self.here.is_none();
                let (line, names) = prompt::main_again(&menu, &self.words(Some(player)), &before);
                let line = if several {
                    format!("{}: {line}", self.seats[player.ix()].name)
                } else {
                    line
                };
                self.main_heard = Some((turn, player, names));
                self.push(LineKind::Question, line);
            }
            None if matches!(self.prompt, Prompt::Where { .. }) && self.here.is_none() => {
                let turn = self.game.turn.number;
                if self.where_heard.replace(turn) == Some(turn) {
                    self.push(LineKind::Question, menu.one_line());
                } else {
                    self.show_menu(&menu);
                }
            }
            None => self.show_menu(&menu),
        }
    }

    /// The "may" a person said "not this turn" to, asked again: the index of its "no".
    fn declined_now(&self) -> Option<usize> {
        let d = self.game.pending()?;
        let Ask::May { source } = d.ask else {
            return None;
        };
        let key = (self.game.turn.number, d.player, source);
        if !self.declined.contains(&key) {
            return None;
        }
        prompt::lasting_may(d, &self.game)
    }

    /// The menu of the current prompt.
    pub(super) fn menu(&self) -> Option<Menu> {
        let d = self.game.pending()?;
        let w = self.words(Some(d.player));
        match &self.prompt {
            Prompt::Decision => Some(prompt::decision_menu(
                d,
                &w,
                self.verbosity,
                &self.missed.new_cards(&self.game, d.player),
            )),
            Prompt::Where { card, options } => Some(prompt::where_menu(d, &w, *card, options)),
            Prompt::UseWhich { options } => Some(prompt::use_menu(d, &w, options)),
            Prompt::ConfirmEnd { end, what } => Some(prompt::confirm_end_menu(*end, what)),
            Prompt::PassTo(_) | Prompt::Elsewhere(_) | Prompt::Over => None,
        }
    }

    /// Lets the bot at `p` answer, and again while the same card asks it the same
    /// question once more (each pick of an "any number": Lend a Hand), then narrates
    /// it all as one batch, so repeated events are one line ("Lend a Hand: Bot 2
    /// shuffles 10 cards from the discard pile into their deck").
    fn bot_answers(&mut self, p: PlayerId) -> Result<(), crate::engine::AnswerError> {
        let before = self.game.clone();
        let mut events = Vec::new();
        loop {
            let asked = self.game.pending().map(|d| d.ask.clone());
            let Some(bot) = self.seats[p.ix()].bot.as_mut() else {
                break;
            };
            let i = bot.choose(&SeatView::new(&self.game, p));
            events.extend(self.record(i)?);
            let again = self.game.pending().is_some_and(|d| {
                d.player == p
                    && matches!(d.ask, crate::engine::Ask::Choose { .. })
                    && Some(&d.ask) == asked.as_ref()
            });
            if !again {
                break;
            }
        }
        self.narrate(&before, p, &events);
        Ok(())
    }

    /// Answers the pending question for `actor` and narrates what happened.
    pub(super) fn apply(
        &mut self,
        actor: PlayerId,
        index: usize,
    ) -> Result<(), crate::engine::AnswerError> {
        let before = self.game.clone();
        let events = self.record(index)?;
        self.narrate(&before, actor, &events);
        Ok(())
    }

    /// An ability at the start or end of a turn that had nothing it could do is told
    /// once per card per game ("Mushroom Kingdom: nothing happens, no minion fits."),
    /// not every turn: its later quiet endings are kept from the narration. One its
    /// player chose not to use is told each time: it could have done something.
    fn hush_repeated_quiet(&mut self, before: &GameState, events: &[Event]) -> Vec<Event> {
        let edge = |phase| matches!(phase, Phase::StartTurn | Phase::EndTurn);
        let mut at_edge = edge(before.turn.phase);
        let mut out = Vec::with_capacity(events.len());
        for e in events {
            match e {
                Event::TurnStarted { .. } => at_edge = true,
                Event::PhaseStarted { phase, .. } => at_edge = edge(*phase),
                Event::Resolved {
                    by,
                    player,
                    quiet: Some(why),
                } if at_edge && *why != Quiet::Declined => {
                    if self.quiet_told.contains(by) {
                        out.push(Event::Resolved {
                            by: *by,
                            player: *player,
                            quiet: None,
                        });
                        continue;
                    }
                    self.quiet_told.push(*by);
                }
                _ => {}
            }
            out.push(e.clone());
        }
        out
    }

    /// Answers the pending question and keeps the answer for the save, without
    /// narrating: the caller tells the batch once it is whole.
    pub(super) fn record(
        &mut self,
        index: usize,
    ) -> Result<Vec<Event>, crate::engine::AnswerError> {
        let events = self.game.answer(index)?;
        // Only options that exist are accepted, and no question has 4 billion.
        self.answers.push(index as u32);
        Ok(events)
    }

    /// Narrates a batch of events, logs it, and keeps undo and the autosave up to date.
    pub(super) fn narrate(&mut self, before: &GameState, actor: PlayerId, events: &[Event]) {
        let hushed = self.hush_repeated_quiet(before, events);
        let events = hushed.as_slice();
        let viewer = self.narration_viewer();
        let scene = Scene {
            before,
            words: self.words(viewer),
            actor,
            scoring: &self.scoring,
            texts: self.verbosity == Verbosity::Full,
        };
        let lines = narrate(&scene, events, self.verbosity);
        // The log is a history: every outcome with card codes, no phases.
        let history = Scene {
            words: Words {
                codes: true,
                ..self.words(viewer)
            },
            texts: false,
            ..scene
        };
        let logged = narrate(&history, events, Verbosity::Normal);
        self.log.extend(logged);
        for l in lines {
            self.last_narration.push(l.clone());
            self.push(LineKind::Narration, l);
        }
        // After the batch's lines: the recap of a turn follows the last bot's draw.
        self.keep_for_recap(before, events);
        let mut turn_ended = false;
        for e in events {
            match e {
                Event::BaseScored { base, .. } => self.scoring.push(*base),
                Event::BaseReplaced { old, .. } => self.scoring.retain(|b| b != old),
                _ => {}
            }
            let hidden = match e {
                Event::TurnStarted { .. } | Event::GameOver { .. } => {
                    turn_ended = true;
                    self.undo.clear();
                    self.undo_blocked = None;
                    None
                }
                Event::Drew { .. } => Some("a card was drawn"),
                Event::Revealed { .. } => Some("a card was revealed"),
                Event::Shuffled { .. } => Some("a deck was shuffled"),
                Event::LookedAtHand { .. } => Some("a hand was looked at"),
                _ => None,
            };
            if let Some(reason) = hidden {
                self.undo.clear();
                self.undo_blocked = Some(reason);
            }
        }
        if turn_ended {
            self.autosave_now();
        }
    }

    /// Says the recap at the start of a person's turn when asked to (`--recap`).
    pub(super) fn keep_for_recap(&mut self, before: &GameState, events: &[Event]) {
        for p in self.missed.record(before, events) {
            let person = self.seats[p.ix()].is_human();
            if self.auto_recap && person && self.narration_viewer() == Some(p) {
                let lines = self.missed.lines(p, &self.words(Some(p)));
                for l in lines {
                    self.push(LineKind::Narration, l);
                }
            }
        }
    }

    pub(super) fn autosave_now(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        if let Err(e) = save::write(&path, &self.save_file()) {
            if !self.autosave_failed {
                self.autosave_failed = true;
                self.error(format!("Autosave failed: {e}. The game goes on."));
            }
        }
    }
}

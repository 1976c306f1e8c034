//! What happens when a person types something: the command dispatch, answers by number,
//! code or name, play/use/end, undo, and the questions about the game (status, log, recap,
//! options, save, quit).

use super::*;
use crate::play::refusal;

impl Table {
    /// Handles one understood command and returns what to print.
    pub fn command(&mut self, command: Command) -> Vec<Line> {
        if let Some(p) = self.passing_to() {
            if is_private(&command) {
                self.error(format!(
                    "Press Enter once {} has the keyboard; nothing else is read now.",
                    self.seats[p.ix()].name
                ));
                return std::mem::take(&mut self.out);
            }
        }
        match command {
            Command::Answer(text) => self.on_answer(&text),
            Command::Play(text) => self.on_play(&text),
            Command::Use(card) => self.on_use(card.as_deref()),
            Command::End => self.on_end(),
            Command::Undo => self.on_undo(),
            Command::Hand => {
                let full = self.verbosity == Verbosity::Full;
                let lines = queries::hand(&self.words(self.reader()), full);
                self.reply(lines)
            }
            Command::Bases => {
                let lines = queries::bases(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Base(b) => {
                let lines = queries::base(&self.words(self.reader()), &b);
                self.reply(lines)
            }
            Command::Score => {
                let lines = queries::score(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Card(c) => {
                // A number is an entry of the question asked (its card, in full).
                let asked = c.trim().parse::<usize>().ok().and_then(|n| {
                    let d = self.game.pending()?;
                    prompt::entry_card(&self.menu()?, d, n)
                });
                let w = self.words(self.reader());
                let lines = match asked {
                    Some(card) => Ok(queries::card_in_game(&w, card)),
                    None => queries::card(&w, &c),
                };
                self.reply(lines)
            }
            Command::Deck => {
                let lines = queries::decks(&self.words(self.reader()));
                self.answers(lines)
            }
            Command::Discard(who) => {
                let lines = queries::discard(&self.words(self.reader()), who.as_deref());
                self.reply(lines)
            }
            Command::Stasis(who) => {
                let lines = queries::stasis(&self.words(self.reader()), who.as_deref());
                self.reply(lines)
            }
            Command::Log(n) => self.on_log(n),
            Command::Recap => self.on_recap(),
            Command::Rules(topic) => {
                let lines = crate::play::rules::rules(topic.as_deref());
                self.reply(lines)
            }
            Command::Repeat => self.on_repeat(),
            Command::Status => self.on_status(),
            Command::Options => self.on_options(),
            Command::Help(topic) => {
                let lines = commands::help(topic.as_deref());
                self.reply(lines)
            }
            Command::Save(file) => self.on_save(file.as_deref()),
            Command::Verbosity(v) => {
                if let Some(v) = v {
                    self.verbosity = v;
                }
                self.answer_line(format!("Verbosity {}.", self.verbosity.name()));
            }
            Command::Quit => self.on_quit(),
            Command::Stop | Command::Rate(_) | Command::SpeechTest => {
                self.error("Speech is handled by the terminal, not the table.".into())
            }
        }
        std::mem::take(&mut self.out)
    }

    /// A person answers the pending question with option `index`.
    pub(super) fn answer_human(&mut self, index: usize) {
        let Some(d) = self.game.pending() else {
            return;
        };
        let player = d.player;
        if player == self.game.turn.player && matches!(d.ask, Ask::Main | Ask::ExtraNow) {
            let what = d
                .options
                .get(index)
                .map(|o| self.words(Some(player)).option(o))
                .unwrap_or_default();
            self.undo.push(Snapshot {
                answers: self.answers.len(),
                seats: self.seats.clone(),
                log_len: self.log.len(),
                scoring: self.scoring.clone(),
                what,
            });
        }
        self.last_narration.clear();
        self.prompt = Prompt::Decision;
        if let Err(e) = self.apply(player, index) {
            self.error(format!("That answer was refused: {e}."));
        }
        self.advance();
    }

    // ----- answering -----

    pub(super) fn on_answer(&mut self, text: &str) {
        match self.prompt.clone() {
            Prompt::PassTo(p) => {
                if text.trim().is_empty() {
                    self.keyboard = Some(p);
                    self.prompt = Prompt::Decision;
                    let name = self.seats[p.ix()].name.clone();
                    self.answer_line(format!("{name} has the keyboard."));
                    if self.game.pending().is_some_and(|d| d.ask != Ask::Main) {
                        let full = self.verbosity == Verbosity::Full;
                        let lines = queries::hand(&self.words(Some(p)), full);
                        self.reply(lines);
                    }
                    self.ask();
                } else {
                    let name = self.seats[p.ix()].name.clone();
                    self.error(format!(
                        "Press Enter once {name} has the keyboard; nothing else is read now."
                    ));
                }
            }
            Prompt::Over => self.error(
                "The game is over: type quit to leave, or log, score or bases to look back.".into(),
            ),
            Prompt::Elsewhere(p) => self.not_yours(p),
            _ => {
                let Some(menu) = self.menu() else { return };
                if menu.wanted > 1 {
                    self.on_several(text, &menu);
                    return;
                }
                match pick(text, &menu.items()) {
                    Ok(k) => {
                        let act = menu.entries[k].act.clone();
                        self.act(act);
                    }
                    Err(e) => {
                        // A place in play that is not offered: say what forbids it.
                        let refused = match (&self.prompt, self.game.pending()) {
                            (Prompt::Where { card, .. }, Some(d)) => {
                                refusal::refuse(&self.words(Some(d.player)), d.player, *card, text)
                            }
                            _ => None,
                        };
                        self.error(refused.unwrap_or(e))
                    }
                }
            }
        }
    }

    /// A question asked for several cards at once ("You have 14 cards: discard 4."):
    /// the person names them all, by numbers, codes or names separated by spaces or
    /// commas, and each is given to the engine as its own answer, in the order named.
    /// Fewer than asked for are taken, and the question is asked again for the rest;
    /// too many, or a name that fits nothing, is refused in one line, nothing chosen.
    fn on_several(&mut self, text: &str, menu: &Menu) {
        let wanted = menu.wanted;
        let items = menu.items();
        let parts: Vec<&str> = if text.contains(',') {
            text.split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .collect()
        } else {
            text.split_whitespace().collect()
        };
        let mut chosen: Vec<usize> = Vec::new();
        for part in &parts {
            let k = match pick(part, &items) {
                Ok(k) => k,
                Err(e) => {
                    self.error(format!(
                        "{e} Nothing was chosen: name {wanted}, separated by spaces or commas."
                    ));
                    return;
                }
            };
            // A name said again means another copy; a number said again is a mistake.
            let k = if !chosen.contains(&k) {
                Some(k)
            } else if part.parse::<usize>().is_ok() {
                None
            } else {
                (0..menu.entries.len())
                    .find(|j| !chosen.contains(j) && menu.entries[*j].keys == menu.entries[k].keys)
            };
            match k {
                Some(k) => chosen.push(k),
                None => {
                    self.error(format!(
                        "{} was named twice. Nothing was chosen: name {wanted} different ones.",
                        quote(part)
                    ));
                    return;
                }
            }
        }
        // Fewer is a start: the question is asked again for the rest.
        if chosen.len() > wanted || chosen.is_empty() {
            self.error(format!(
                "Expected {wanted}, separated by spaces or commas; you named {}. Nothing was chosen.",
                chosen.len()
            ));
            return;
        }
        let Some(d) = self.game.pending().cloned() else {
            return;
        };
        let choices: Vec<crate::engine::Choice> = chosen
            .iter()
            .filter_map(|&k| match menu.entries[k].act {
                Act::Answer(i) => d.options.get(i).cloned(),
                _ => None,
            })
            .collect();
        self.last_narration.clear();
        self.prompt = Prompt::Decision;
        // One question, one batch: what the cards did is told together (and undone
        // together), as a bot's repeated picks are.
        let before = self.game.clone();
        let actor = d.player;
        let mut events = Vec::new();
        let mut asked = d;
        for choice in choices {
            let Some(i) = asked.options.iter().position(|o| *o == choice) else {
                break;
            };
            match self.record(i) {
                Ok(more) => events.extend(more),
                Err(e) => {
                    self.error(format!("That answer was refused: {e}."));
                    break;
                }
            }
            // Only the same question again takes the next card.
            match self.game.pending() {
                Some(next) if prompt::asked_again(&asked, next, &choice) => asked = next.clone(),
                _ => break,
            }
        }
        self.narrate(&before, actor, &events);
        self.advance();
    }

    pub(super) fn act(&mut self, act: Act) {
        match act {
            Act::Answer(i) => self.answer_human(i),
            Act::Play { card, options } => {
                if let [one] = options.as_slice() {
                    self.answer_human(*one);
                } else {
                    self.prompt = Prompt::Where { card, options };
                    self.ask();
                }
            }
            Act::Cannot(message) => self.error(message),
            Act::Use(options) => {
                if let [one] = options.as_slice() {
                    self.answer_human(*one);
                } else {
                    self.prompt = Prompt::UseWhich { options };
                    self.ask();
                }
            }
            Act::End(end) => {
                let check = match (&self.prompt, self.game.pending()) {
                    (Prompt::ConfirmEnd { .. }, _) | (_, None) => None,
                    (_, Some(d)) => prompt::still_playable(d, &self.game),
                };
                match check {
                    Some(what) => {
                        self.prompt = Prompt::ConfirmEnd { end, what };
                        self.ask();
                    }
                    None => self.answer_human(end),
                }
            }
            Act::Back => {
                self.prompt = Prompt::Decision;
                self.ask();
            }
            Act::NotThisTurn(no) => {
                if let Some(d) = self.game.pending() {
                    if let Ask::May { source } = d.ask {
                        self.declined
                            .push((self.game.turn.number, d.player, source));
                    }
                }
                self.answer_human(no);
            }
        }
    }

    /// The pending question when a person is answering it, with a line saying why not
    /// otherwise.
    pub(super) fn human_decision(&mut self, what: &str) -> Option<Ask> {
        match (&self.prompt, self.game.pending()) {
            (Prompt::Over, _) | (_, None) => {
                self.error(format!("You cannot {what}: the game is over."));
                None
            }
            (Prompt::Elsewhere(p), _) => {
                let p = *p;
                self.not_yours(p);
                None
            }
            (_, Some(d)) => Some(d.ask.clone()),
        }
    }

    pub(super) fn on_play(&mut self, text: &str) {
        let Some(ask) = self.human_decision("play a card now") else {
            return;
        };
        if !matches!(ask, Ask::Main | Ask::ExtraNow) {
            self.error(
                "You cannot play a card now: answer the question first (type options to hear it)."
                    .into(),
            );
            return;
        }
        if text.trim().is_empty() {
            self.error("Expected a card after play: its hand position, code or name, for example: play 1 on 2.".into());
            return;
        }
        // The main question's entries, whatever follow-up is open: a failed play
        // leaves the conversation where it was.
        let Some(menu) = self.game.pending().map(|d| {
            let new = self.missed.new_cards(&self.game, d.player);
            prompt::decision_menu(d, &self.words(Some(d.player)), self.verbosity, &new)
        }) else {
            return;
        };
        let items = menu.items();
        // The whole text names the card, or the text before some " on " does.
        let lower = text.to_lowercase();
        let any_play = menu
            .entries
            .iter()
            .any(|e| matches!(e.act, Act::Play { .. }));
        if ask == Ask::ExtraNow && !any_play {
            // One card's extra play: the question is only where.
            match lower.rfind(" on ") {
                Some(at) => self.on_answer(&text[at + 4..]),
                None => self.ask(),
            }
            return;
        }
        let mut splits = vec![(text.to_string(), None)];
        for (at, _) in lower.match_indices(" on ") {
            splits.push((text[..at].to_string(), Some(text[at + 4..].to_string())));
        }
        // Nothing fits: the card part's answer (with its "did you mean"), as the
        // place is only looked at once the card is known.
        let first_error = match splits.get(1) {
            Some((card_text, _)) => pick(card_text, &items).err(),
            None => pick(text, &items).err(),
        };
        for (card_text, target) in splits {
            let Ok(k) = pick(&card_text, &items) else {
                continue;
            };
            match menu.entries[k].act.clone() {
                Act::Play { card, options } => match target {
                    None => self.act(Act::Play { card, options }),
                    Some(t) => {
                        let d = self.game.pending().expect("asked above");
                        let w = self.words(Some(d.player));
                        let where_menu = prompt::where_menu(d, &w, card, &options);
                        let found = pick(&t, &where_menu.items())
                            .map(|j| where_menu.entries[j].act.clone());
                        match found {
                            Ok(Act::Answer(i)) => self.answer_human(i),
                            Ok(_) => self.act(Act::Play { card, options }),
                            Err(e) => self.error(
                                refusal::refuse(&w, d.player, card, &t).unwrap_or_else(|| {
                                    format!(
                                        "{} cannot go on {}. {e}",
                                        w.labelled(card),
                                        quote(t.trim())
                                    )
                                }),
                            ),
                        }
                    }
                },
                Act::Cannot(message) => self.error(message),
                _ => self
                    .error("play takes a card from your hand: its position, code or name.".into()),
            }
            return;
        }
        self.error(first_error.unwrap_or_else(|| "Expected a card to play.".into()));
    }

    pub(super) fn on_use(&mut self, card: Option<&str>) {
        if self.human_decision("use an ability now").is_none() {
            return;
        }
        let d = self.game.pending().expect("checked above");
        let options: Vec<usize> = d
            .options
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, crate::engine::Choice::Use { .. }))
            .map(|(i, _)| i)
            .collect();
        if options.is_empty() {
            self.error("Nothing to use now: no Talent or Special can be used.".into());
            return;
        }
        match card {
            None => self.act(Act::Use(options)),
            Some(text) => {
                let w = self.words(Some(d.player));
                let menu = prompt::use_menu(d, &w, &options);
                match pick(text, &menu.items()) {
                    Ok(k) => {
                        let act = menu.entries[k].act.clone();
                        self.act(act);
                    }
                    Err(e) => self.error(e),
                }
            }
        }
    }

    pub(super) fn on_end(&mut self) {
        let Some(ask) = self.human_decision("end now") else {
            return;
        };
        let end = self.game.pending().and_then(|d| {
            d.options
                .iter()
                .position(|o| *o == crate::engine::Choice::EndTurn)
        });
        match (ask, end) {
            (Ask::Main, Some(end)) => self.act(Act::End(end)),
            _ => self.error(
                "Nothing to end now: answer the question first (type options to hear it).".into(),
            ),
        }
    }

    /// A networked seat tried to answer while another seat is being asked.
    fn not_yours(&mut self, p: PlayerId) {
        let name = self.seats[p.ix()].name.clone();
        self.error(format!(
            "Not your question: {name} is answering now. Type status to hear where the game is."
        ));
    }

    pub(super) fn on_undo(&mut self) {
        if self.here.is_some() {
            self.error(
                "Undo is off at a networked table: the others have already heard your play.".into(),
            );
            return;
        }
        let mine = self
            .game
            .pending()
            .is_some_and(|d| d.player == self.game.turn.player)
            && self.prompt != Prompt::Over;
        if !mine {
            self.error("Undo works only in your own turn, for your own actions.".into());
            return;
        }
        match self.undo.pop() {
            Some(s) => {
                // Replay all but the answers given since: the game as it was then.
                match save::replay(&self.config, &self.answers[..s.answers]) {
                    Ok(game) => {
                        self.game = game;
                        self.answers.truncate(s.answers);
                    }
                    Err(e) => {
                        self.error(format!("Cannot undo: the game does not replay ({e})."));
                        return;
                    }
                }
                self.seats = s.seats;
                self.scoring = s.scoring;
                self.log.truncate(s.log_len);
                self.last_narration.clear();
                self.prompt = Prompt::Decision;
                self.answer_line(format!("Undone: {}.", s.what));
                self.advance();
            }
            None => self.error(match self.undo_blocked {
                Some(reason) => format!(
                    "Cannot undo: {reason} since your last action, and what was seen cannot be unseen."
                ),
                None => "Nothing to undo: you have not played anything this turn.".into(),
            }),
        }
    }

    // ----- questions about the game -----

    pub(super) fn on_recap(&mut self) {
        match self.reader() {
            Some(p) => {
                let lines = self.missed.lines(p, &self.words(Some(p)));
                self.answers(lines);
            }
            None => self.error("No recap: no person is at the keyboard now.".into()),
        }
    }

    pub(super) fn on_log(&mut self, n: usize) {
        if self.log.is_empty() {
            self.answer_line("Nothing has happened yet.".into());
            return;
        }
        let start = self.log.len().saturating_sub(n);
        let lines: Vec<String> = self.log[start..]
            .iter()
            .enumerate()
            .map(|(i, l)| format!("{}. {l}", start + i + 1))
            .collect();
        self.answers(lines);
    }

    pub(super) fn on_repeat(&mut self) {
        if self.last_narration.is_empty() {
            self.answer_line("Nothing new was narrated since your last answer.".into());
        }
        for l in self.last_narration.clone() {
            self.push(LineKind::Narration, l);
        }
        if let Some(menu) = self.menu() {
            self.show_menu(&menu);
        }
    }

    pub(super) fn on_status(&mut self) {
        let w = self.words(self.reader());
        use crate::engine::Phase;
        let phase = match self.game.turn.phase {
            Phase::Setup => None,
            Phase::StartTurn => Some("start of turn".to_string()),
            Phase::PlayCards => Some(format!("play cards, {}", prompt::plays_left(&self.game))),
            Phase::ScoreBases => Some("scoring bases".to_string()),
            Phase::Draw => Some("drawing".to_string()),
            Phase::EndTurn => Some("end of turn".to_string()),
            Phase::Over => Some("game over".to_string()),
        };
        let turn = match phase {
            Some(phase) => format!("{}: {phase}.", queries::whose_turn(&w)),
            None => queries::BEFORE_FIRST_TURN.to_string(),
        };
        let mut lines = vec![turn];
        let waiting = match (&self.prompt, self.game.pending()) {
            (Prompt::Over, _) | (_, None) => match self.game.winner {
                Some(p) => format!("The game is over: {} won.", w.player(p)),
                None => "The game has stopped.".to_string(),
            },
            (Prompt::PassTo(p), _) => format!("Waiting for {} to take the keyboard.", w.name(*p)),
            (Prompt::Elsewhere(p), _) => format!("Waiting for {} to answer.", w.name(*p)),
            (_, Some(_)) => match self.menu() {
                Some(menu) => format!("Waiting for your answer: {}", menu.header),
                None => String::new(),
            },
        };
        lines.push(waiting);
        // Cards turned over from a deck and set aside while an ability resolves
        // (off the top, Portal): revealed, so everyone may hear them.
        if let Some(&first) = self.game.aside.first() {
            let names: Vec<String> = self.game.aside.iter().map(|&c| w.card(c)).collect();
            lines.push(format!(
                "Set aside, revealed from {} deck: {}.",
                w.possessive(self.game.owner(first)),
                crate::play::describe::and_list(&names)
            ));
        }
        let scores: Vec<String> = (0..self.game.players.len() as u8)
            .map(|p| w.player_vp(PlayerId(p)))
            .collect();
        lines.push(format!(
            "VP: {}. Seed {}. Verbosity {}.",
            scores.join("; "),
            self.seed,
            self.verbosity.name()
        ));
        self.answers(lines);
    }

    pub(super) fn on_options(&mut self) {
        match self.menu() {
            Some(menu) => {
                self.show_menu(&menu);
                let more = match (&self.prompt, self.game.pending().map(|d| &d.ask)) {
                    (Prompt::Decision, Some(Ask::Main)) => {
                        "Also: play N on BASE, use, end, undo, and the questions: hand, bases, base N, score, card X, deck, discard, log, recap, rules, status, help."
                    }
                    _ => "Also: hand, bases, base N, score, card X, deck, discard, log, recap, rules, status, help.",
                };
                self.answer_line(more.into());
            }
            None => match self.prompt {
                Prompt::PassTo(p) => {
                    let name = self.seats[p.ix()].name.clone();
                    self.answer_line(format!("Pass to {name}, then press Enter."));
                }
                Prompt::Elsewhere(p) => {
                    let name = self.seats[p.ix()].name.clone();
                    self.answer_line(format!(
                        "Waiting for {name} to answer. Meanwhile: hand, bases, base N, score, card X, deck, discard, log, recap, rules, status, say TEXT, who."
                    ));
                }
                _ => self.answer_line(
                    "The game is over: quit, or look back with log, score and bases.".into(),
                ),
            },
        }
    }

    // ----- keeping the game -----

    pub(super) fn on_save(&mut self, file: Option<&str>) {
        let name = file.unwrap_or(DEFAULT_SAVE);
        if quote(name) != format!("\"{name}\"") {
            self.error(format!(
                "Not saved: {} is not a usable file name (control characters, or too long).",
                quote(name)
            ));
            return;
        }
        let path = Path::new(name).to_path_buf();
        match save::write(&path, &self.save_file()) {
            Ok(()) => self.answer_line(format!(
                "Saved to {}. Go on with it later: smashup play --load {}",
                path.display(),
                path.display()
            )),
            Err(e) => self.error(format!("Not saved: {e}.")),
        }
    }

    pub(super) fn on_quit(&mut self) {
        self.quit = true;
        if self.prompt == Prompt::Over {
            self.answer_line("Goodbye.".into());
            return;
        }
        match self.autosave.clone() {
            Some(path) => match save::write(&path, &self.save_file()) {
                Ok(()) => self.answer_line(format!(
                    "Saved to {}. Go on with it later: smashup play --load {}. Goodbye.",
                    path.display(),
                    path.display()
                )),
                Err(e) => self.error(format!("Not saved: {e}. Goodbye.")),
            },
            None => self.answer_line("Goodbye; this game was not saved.".into()),
        }
    }
}

/// Commands that would show the hand or answer for a player, refused while the
/// keyboard is being handed over.
fn is_private(command: &Command) -> bool {
    match command {
        Command::Answer(text) => !text.trim().is_empty(),
        Command::Play(_)
        | Command::Use(_)
        | Command::End
        | Command::Hand
        | Command::Card(_)
        | Command::Recap
        | Command::Undo => true,
        _ => false,
    }
}

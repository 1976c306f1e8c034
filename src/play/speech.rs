//! Speaking the narration aloud (narrator mode), for a table or a player without a
//! screen reader. Off by default: a screen reader already speaks the terminal. Two
//! backends: `--speech-command CMD` pipes each line to any program (espeak-ng,
//! spd-say -e, say), and `--speech` uses the system voice through the `tts` crate
//! when built with the `speech` feature. Speaking never blocks the game and never
//! panics: a backend that fails reports one problem line and the game goes on in text.

use std::collections::VecDeque;
use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Something that can speak lines. Shared with the line editor, which stops speech
/// at a key press, so it is `Send + Sync`.
pub trait Speaker: Send + Sync {
    /// Queues a line to be spoken after those already queued.
    fn say(&self, text: &str);
    /// Queues a line before the narration waiting to be spoken, after the other
    /// urgent lines: a question (and its options) is heard before the story catches up.
    fn say_first(&self, text: &str) {
        self.say(text);
    }
    /// Stops the current line and forgets the queued ones.
    fn stop(&self);
    /// Sets the rate, 0 (slowest) to 100 (fastest); the line to print about it.
    fn set_rate(&self, percent: u8) -> Result<String, String>;
    /// A problem met since last asked (no voice, a program that would not start), once.
    fn take_problem(&self) -> Option<String>;
    /// True when lines are being spoken at all.
    fn is_on(&self) -> bool {
        true
    }
    /// Lets the lines already queued finish, waiting at most `bound`: the last words
    /// of a game ("Game over", "Goodbye") are heard before the program ends.
    fn finish(&self, _bound: Duration) {}
}

/// No speech: the default.
pub struct Silent;

impl Speaker for Silent {
    fn say(&self, _: &str) {}
    fn stop(&self) {}
    fn set_rate(&self, _: u8) -> Result<String, String> {
        Err("Speech is off: start with --speech or --speech-command CMD to hear the game.".into())
    }
    fn take_problem(&self) -> Option<String> {
        None
    }
    fn is_on(&self) -> bool {
        false
    }
}

/// The lines waiting to be spoken and the program speaking now.
#[derive(Default)]
struct Queue {
    lines: VecDeque<String>,
    /// How many lines at the front of `lines` are urgent (`say_first`).
    urgent: usize,
    child: Option<Child>,
    problem: Option<String>,
    reported: bool,
    rate: Option<u8>,
    /// The line speaking now was cut short by `stop`: its ending is not a failure.
    stopped: bool,
    /// A line has been taken from the queue and is not finished yet.
    busy: bool,
}

/// Pipes lines to a program's standard input on a worker thread: one run per line, or
/// per batch of the lines that queued up while the last one was spoken.
pub struct CommandSpeaker {
    command: String,
    shared: Arc<(Mutex<Queue>, Condvar)>,
}

/// How a known speech program takes a rate, and its range.
fn rate_flag(command: &str, percent: u8) -> Option<String> {
    let program = command.split_whitespace().next().unwrap_or("");
    let program = program.rsplit(['/', '\\']).next().unwrap_or(program);
    let p = percent as u32;
    match program {
        "espeak" | "espeak-ng" => Some(format!("-s {}", 80 + p * 370 / 100)),
        "spd-say" => Some(format!("-r {}", p as i32 * 2 - 100)),
        "say" => Some(format!("-r {}", 90 + p * 270 / 100)),
        _ => None,
    }
}

impl CommandSpeaker {
    /// Starts the worker for `command` (run through the shell, the line on its input).
    pub fn new(command: &str) -> CommandSpeaker {
        let shared = Arc::new((Mutex::new(Queue::default()), Condvar::new()));
        let worker = Arc::clone(&shared);
        let cmd = command.to_string();
        let spawned = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || speak_loop(&cmd, &worker));
        if let Err(e) = spawned {
            if let Ok(mut q) = shared.0.lock() {
                q.problem = Some(format!(
                    "Speech: cannot start: {e}; the game goes on in text."
                ));
            }
        }
        CommandSpeaker {
            command: command.to_string(),
            shared,
        }
    }
}

/// The full shell command for one line at the current rate.
fn with_rate(command: &str, rate: Option<u8>) -> String {
    match rate {
        None => command.replace("{rate}", "50"),
        Some(r) if command.contains("{rate}") => command.replace("{rate}", &r.to_string()),
        Some(r) => match rate_flag(command, r) {
            Some(flag) => format!("{command} {flag}"),
            None => command.to_string(),
        },
    }
}

fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", command]);
        c
    }
}

fn speak_loop(command: &str, shared: &(Mutex<Queue>, Condvar)) {
    let (lock, ready) = shared;
    loop {
        let (line, rate) = {
            let Ok(mut q) = lock.lock() else { return };
            while q.lines.is_empty() {
                q = match ready.wait(q) {
                    Ok(q) => q,
                    Err(_) => return,
                };
            }
            // Lines that queued up while one was spoken (a bot's whole turn) go to
            // the program together, one a line: speech keeps up with the game.
            let waiting: Vec<String> = q.lines.drain(..).collect();
            q.urgent = 0;
            if waiting.is_empty() {
                continue;
            }
            q.busy = true;
            (waiting.join("\n"), q.rate)
        };
        let spawned = shell(&with_rate(command, rate))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                if let Ok(mut q) = lock.lock() {
                    q.problem = Some(format!(
                        "Speech: cannot run \"{command}\": {e}; the game goes on in text."
                    ));
                    q.lines.clear();
                    q.busy = false;
                }
                continue;
            }
        };
        if let Some(mut input) = child.stdin.take() {
            let _ = writeln!(input, "{line}");
        }
        if let Ok(mut q) = lock.lock() {
            q.child = Some(child);
        }
        // Wait for the line to be spoken, letting `stop` kill it meanwhile.
        loop {
            let Ok(mut q) = lock.lock() else { return };
            let done = match q.child.as_mut() {
                None => true,
                Some(c) => match c.try_wait() {
                    Ok(Some(status)) => {
                        if !status.success() && !q.stopped && q.problem.is_none() && !q.reported {
                            q.problem = Some(format!(
                                "Speech: \"{command}\" failed ({status}); check the command. The game goes on in text."
                            ));
                        }
                        true
                    }
                    Ok(None) => false,
                    Err(_) => true,
                },
            };
            if done {
                q.child = None;
                q.stopped = false;
                q.busy = false;
                break;
            }
            drop(q);
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Speaker for CommandSpeaker {
    fn say(&self, text: &str) {
        if let Ok(mut q) = self.shared.0.lock() {
            q.lines.push_back(text.to_string());
            self.shared.1.notify_one();
        }
    }

    fn say_first(&self, text: &str) {
        if let Ok(mut q) = self.shared.0.lock() {
            let at = q.urgent.min(q.lines.len());
            q.lines.insert(at, text.to_string());
            q.urgent = at + 1;
            self.shared.1.notify_one();
        }
    }

    fn stop(&self) {
        if let Ok(mut q) = self.shared.0.lock() {
            q.lines.clear();
            q.urgent = 0;
            if let Some(child) = q.child.as_mut() {
                let _ = child.kill();
                q.stopped = true;
            }
        }
    }

    fn finish(&self, bound: Duration) {
        let start = std::time::Instant::now();
        while start.elapsed() < bound {
            match self.shared.0.lock() {
                Ok(q) if q.lines.is_empty() && !q.busy => return,
                Ok(_) => {}
                Err(_) => return,
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn set_rate(&self, percent: u8) -> Result<String, String> {
        if !self.command.contains("{rate}") && rate_flag(&self.command, percent).is_none() {
            return Err(format!(
                "Rate: \"{}\" is not a program whose rate is known (espeak-ng, spd-say, say); put {{rate}} in the command where the number 0 to 100 goes, or set the rate in the command itself.",
                self.command
            ));
        }
        if let Ok(mut q) = self.shared.0.lock() {
            q.rate = Some(percent);
        }
        Ok(format!("Rate {percent}."))
    }

    fn take_problem(&self) -> Option<String> {
        let mut q = self.shared.0.lock().ok()?;
        if q.reported {
            return None;
        }
        let problem = q.problem.take();
        if problem.is_some() {
            q.reported = true;
        }
        problem
    }
}

/// The system voice through the `tts` crate.
#[cfg(feature = "speech")]
pub struct SystemVoice {
    tts: Mutex<Option<tts::Tts>>,
    problem: Mutex<Option<String>>,
}

#[cfg(feature = "speech")]
impl SystemVoice {
    /// Connects to the system voice; without one, the problem is reported once.
    pub fn connect() -> SystemVoice {
        let (tts, problem) = match tts::Tts::default() {
            Ok(t) => (Some(t), None),
            Err(e) => (
                None,
                Some(format!(
                    "Speech: no voice available ({e}); the game goes on in text."
                )),
            ),
        };
        SystemVoice {
            tts: Mutex::new(tts),
            problem: Mutex::new(problem),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut tts::Tts) -> Result<T, tts::Error>) -> Option<T> {
        let mut guard = self.tts.lock().ok()?;
        let tts = guard.as_mut()?;
        match f(tts) {
            Ok(v) => Some(v),
            Err(e) => {
                if let Ok(mut p) = self.problem.lock() {
                    p.get_or_insert(format!("Speech: {e}; the game goes on in text."));
                }
                None
            }
        }
    }
}

#[cfg(feature = "speech")]
impl Speaker for SystemVoice {
    fn say(&self, text: &str) {
        let _ = self.with(|t| t.speak(text, false).map(|_| ()));
    }

    fn stop(&self) {
        let _ = self.with(|t| t.stop().map(|_| ()));
    }

    fn set_rate(&self, percent: u8) -> Result<String, String> {
        self.with(|t| {
            let (lo, hi) = (t.min_rate(), t.max_rate());
            t.set_rate(lo + (hi - lo) * percent as f32 / 100.0)
                .map(|_| ())
        })
        .map(|_| format!("Rate {percent}."))
        .ok_or_else(|| "Rate: the system voice did not take it.".to_string())
    }

    fn take_problem(&self) -> Option<String> {
        self.problem.lock().ok()?.take()
    }
}

/// The speaker the flags ask for: a command, the system voice, or none. Asking for the
/// system voice in a build without it gives a speaker that reports why.
pub fn from_flags(speech: bool, command: Option<&str>) -> Arc<dyn Speaker> {
    if let Some(cmd) = command {
        return Arc::new(CommandSpeaker::new(cmd));
    }
    if speech {
        #[cfg(feature = "speech")]
        return Arc::new(SystemVoice::connect());
        #[cfg(not(feature = "speech"))]
        return Arc::new(Unavailable(std::sync::atomic::AtomicBool::new(false)));
    }
    Arc::new(Silent)
}

/// `--speech` in a build without the `speech` feature: says so once, then stays silent.
#[cfg(not(feature = "speech"))]
struct Unavailable(std::sync::atomic::AtomicBool);

#[cfg(not(feature = "speech"))]
impl Speaker for Unavailable {
    fn say(&self, _: &str) {}
    fn stop(&self) {}
    fn set_rate(&self, _: u8) -> Result<String, String> {
        Err("Speech: this build has no system voice; use --speech-command CMD.".into())
    }
    fn take_problem(&self) -> Option<String> {
        let told = self.0.swap(true, std::sync::atomic::Ordering::Relaxed);
        (!told).then(|| {
            "Speech: this build has no system voice (build with --features speech), or use --speech-command CMD, for example --speech-command espeak-ng; the game goes on in text.".to_string()
        })
    }
    fn is_on(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits until `done`, looking `times` times `ms` milliseconds apart: the speaker
    /// works on a thread of its own.
    #[cfg(unix)]
    fn wait_for(times: u32, ms: u64, mut done: impl FnMut() -> bool) {
        for _ in 0..times {
            if done() {
                return;
            }
            std::thread::sleep(Duration::from_millis(ms));
        }
    }

    #[test]
    fn rates_map_to_each_program() {
        assert_eq!(rate_flag("espeak-ng", 0).as_deref(), Some("-s 80"));
        assert_eq!(
            rate_flag("/usr/bin/espeak-ng -v en", 100).as_deref(),
            Some("-s 450")
        );
        assert_eq!(rate_flag("spd-say -e", 50).as_deref(), Some("-r 0"));
        assert_eq!(rate_flag("cat", 50), None);
        assert_eq!(with_rate("tts --speed {rate}", Some(70)), "tts --speed 70");
    }

    #[cfg(unix)]
    #[test]
    fn a_command_speaker_pipes_lines_and_reports_a_missing_program() {
        let dir = std::env::temp_dir().join(format!("smashup-speech-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("spoken.txt");
        let speaker = CommandSpeaker::new(&format!("cat >> '{}'", out.display()));
        speaker.say("Bot 2 plays Pirate King.");
        wait_for(200, 10, || {
            std::fs::read_to_string(&out).is_ok_and(|t| t.contains("Pirate King"))
        });
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "Bot 2 plays Pirate King.\n"
        );
        assert!(speaker.set_rate(50).is_err());
        let _ = std::fs::remove_dir_all(&dir);

        let missing = CommandSpeaker::new("no-such-speech-program-xyz");
        missing.say("hello");
        let mut problem = None;
        wait_for(200, 10, || {
            problem = missing.take_problem();
            problem.is_some()
        });
        assert!(problem.unwrap().starts_with("Speech:"));
        assert_eq!(missing.take_problem(), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_question_and_its_options_are_spoken_before_the_narration_waiting() {
        let dir = std::env::temp_dir().join(format!("smashup-first-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("spoken.txt");
        let speaker = CommandSpeaker::new(&format!("sleep 0.3; cat >> '{}'", out.display()));
        speaker.say("Bot 2 draws 2 cards.");
        // Once that line is being spoken, the rest waits in the queue.
        wait_for(200, 5, || speaker.shared.0.lock().unwrap().busy);
        speaker.say("Bot 2 plays Pirate King.");
        speaker.say_first("Your turn.");
        speaker.say_first("1. end");
        speaker.say("Bot 2 scores.");
        wait_for(400, 10, || {
            std::fs::read_to_string(&out).is_ok_and(|t| t.contains("scores"))
        });
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            "Bot 2 draws 2 cards.\nYour turn.\n1. end\nBot 2 plays Pirate King.\nBot 2 scores.\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

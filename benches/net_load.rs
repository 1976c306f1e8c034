//! The server under load (a benchmark, not a test): starts `smashup serve --port 0` on
//! loopback, opens tables of two scripted people each (raw sockets, framed lines; each
//! person answers the first option, or `end`, whenever asked), plays every game to its
//! end, and prints the answers per second, the answer latency (from sending an answer
//! to the next prompt for that seat) at the 50th and 99th percentiles, the server's
//! peak memory and an estimate of how many tables a 2-core machine holds.
//!
//! `cargo bench --bench net_load` (200 tables); `cargo bench --bench net_load --
//! --tables 5` for a quick run; `--concurrent N` bounds the tables played at once (50).

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

/// A game that takes longer than this is given up (and counted as such).
const GAME_LIMIT: Duration = Duration::from_secs(300);
/// Answers after which a seat gives up (a game caught in a loop).
const MAX_ANSWERS: usize = 5000;
/// How often the people of one table answer in real play, for the estimate: one
/// answer every 5 seconds between them is brisk.
const REAL_ANSWERS_PER_TABLE_SECOND: f64 = 0.2;
/// The memory a 2-core machine gives the server, for the estimate.
const MEMORY_BUDGET_KB: f64 = 1024.0 * 1024.0;

/// What the scripted people measured.
#[derive(Default)]
struct Tally {
    answers: usize,
    latencies: Vec<Duration>,
    finished: usize,
    failed: Vec<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let knob = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let tables = knob("--tables", 200);
    let concurrent = knob("--concurrent", 50).max(1);
    let data = tempfile::tempdir().expect("a temporary folder");
    let mut server = Command::new(env!("CARGO_BIN_EXE_smashup"))
        // Scripted people answer far faster than people, from one address: the
        // flood and per-address limits are lifted for them.
        .args(["serve", "--port", "0", "--bind", "127.0.0.1"])
        .args([
            "--flood-rate",
            "1000000",
            "--max-per-address",
            "100000",
            "--data",
        ])
        .arg(data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("smashup serve starts");
    let pid = server.id();
    let mut first = String::new();
    let mut out = std::io::BufReader::new(server.stdout.take().expect("its output"));
    out.read_line(&mut first).expect("the Listening line");
    let addr = first
        .trim()
        .strip_prefix("Listening on ")
        .expect("Listening on IP:PORT")
        .to_string();
    // The rest of its output is not read: it goes nowhere.
    std::thread::spawn(move || {
        let mut sink = String::new();
        while out.read_line(&mut sink).is_ok_and(|n| n > 0) {
            sink.clear();
        }
    });
    let base_kb = proc_status_kb(pid, "VmRSS").unwrap_or(0);
    let cpu_before = cpu_seconds(pid).unwrap_or(0.0);
    println!("Server at {addr}: {tables} tables of two people, {concurrent} at once.");

    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let gate = Arc::new(Semaphore::new(concurrent));
        let mut games = Vec::new();
        for k in 0..tables {
            let permit = Arc::clone(&gate).acquire_owned().await.expect("the gate");
            let (addr, tally) = (addr.clone(), Arc::clone(&tally));
            games.push(tokio::spawn(async move {
                let outcome = tokio::time::timeout(GAME_LIMIT, table(&addr, k, &tally)).await;
                let mut t = tally.lock().expect("the tally");
                match outcome {
                    Ok(Ok(())) => t.finished += 1,
                    Ok(Err(e)) => t.failed.push(format!("table {k}: {e}")),
                    Err(_) => t.failed.push(format!("table {k}: over {GAME_LIMIT:?}")),
                }
                drop(permit);
            }));
        }
        for g in games {
            let _ = g.await;
        }
    });
    let secs = start.elapsed().as_secs_f64();
    let peak_kb = proc_status_kb(pid, "VmHWM").unwrap_or(0);
    let cpu = cpu_seconds(pid).unwrap_or(0.0) - cpu_before;
    let _ = server.kill();
    let _ = server.wait();

    let mut t = tally.lock().expect("the tally");
    t.latencies.sort();
    let pct = |p: f64| {
        let l = &t.latencies;
        if l.is_empty() {
            return 0.0;
        }
        l[((l.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
    };
    println!(
        "{} of {tables} games played to the end in {secs:.1} s; {} answers, {:.0} answers per second.",
        t.finished,
        t.answers,
        t.answers as f64 / secs
    );
    println!(
        "Answer latency: p50 {:.2} ms, p99 {:.2} ms.",
        pct(0.50),
        pct(0.99)
    );
    let per_table_kb = peak_kb.saturating_sub(base_kb) as f64 / concurrent.min(tables) as f64;
    println!(
        "Server memory: peak {:.1} MB (VmHWM), {:.1} MB at the start, about {:.0} KB per table in play.",
        peak_kb as f64 / 1024.0,
        base_kb as f64 / 1024.0,
        per_table_kb
    );
    let cpu_per_answer = cpu / t.answers.max(1) as f64;
    let by_cpu = 2.0 / (cpu_per_answer * REAL_ANSWERS_PER_TABLE_SECOND).max(1e-12);
    let by_memory = MEMORY_BUDGET_KB / per_table_kb.max(1.0);
    println!(
        "Server CPU: {:.3} ms per answer. A 2-core machine holds about {:.0} tables (by CPU at one answer every 5 s per table: {by_cpu:.0}; by memory in 1 GB: {by_memory:.0}).",
        cpu_per_answer * 1000.0,
        by_cpu.min(by_memory)
    );
    for f in t.failed.iter().take(10) {
        println!("Not finished: {f}");
    }
}

/// One person's connection: framed lines in, lines out.
struct Person {
    lines: tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
    out: tokio::net::tcp::OwnedWriteHalf,
}

impl Person {
    async fn connect(addr: &str, name: &str) -> Result<Person, String> {
        let s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
        let _ = s.set_nodelay(true);
        let (r, w) = s.into_split();
        let mut p = Person {
            lines: BufReader::new(r).lines(),
            out: w,
        };
        p.send(&format!("frames on\nname {name}")).await?;
        Ok(p)
    }

    async fn send(&mut self, text: &str) -> Result<(), String> {
        self.out
            .write_all(format!("{text}\n").as_bytes())
            .await
            .map_err(|e| e.to_string())
    }

    /// The next framed line: (kind, text); `Err` when the connection ends.
    async fn next(&mut self) -> Result<(String, String), String> {
        let line = self
            .lines
            .next_line()
            .await
            .map_err(|e| e.to_string())?
            .ok_or("the server closed the connection")?;
        let (kind, text) = line.split_once('\t').unwrap_or(("", &line));
        Ok((kind.to_string(), text.to_string()))
    }

    /// Reads until a lobby line containing `text`; that line.
    async fn until(&mut self, text: &str) -> Result<String, String> {
        loop {
            let (kind, line) = self.next().await?;
            if kind == "error" {
                return Err(line);
            }
            if line.contains(text) {
                return Ok(line);
            }
        }
    }
}

/// Table `k`: created by one person, sat at by the other, played to its end.
async fn table(addr: &str, k: usize, tally: &Mutex<Tally>) -> Result<(), String> {
    let mut ann = Person::connect(addr, &format!("Ann{k}")).await?;
    ann.send(&format!("new --players 2 --bots 0 --seed {}", k + 1))
        .await?;
    let made = ann.until("join code is").await?;
    let (id, code) = table_and_code(&made).ok_or(format!("not understood: {made}"))?;
    let mut ben = Person::connect(addr, &format!("Ben{k}")).await?;
    ben.send(&format!("sit {id} {code}")).await?;
    ben.until("You sit at table").await?;
    ann.send("start").await?;
    // One person failing ends the table: the other would wait for ever.
    tokio::try_join!(play(ann, tally), play(ben, tally)).map(|_| ())
}

/// The table number and join code in "Table 4 is set up; its join code is 482911.".
fn table_and_code(line: &str) -> Option<(String, String)> {
    let id = line.strip_prefix("Table ")?.split_whitespace().next()?;
    let after = line.split("join code is ").nth(1)?;
    let code: String = after
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-')
        .collect();
    Some((id.to_string(), code))
}

/// A scripted person: the first option (or `end`) whenever asked, until the game is
/// over; the latency of each answer is the time to the next prompt for this seat.
async fn play(mut p: Person, tally: &Mutex<Tally>) -> Result<(), String> {
    let (mut asked, mut first) = (false, None::<String>);
    let (mut sent, mut answers, mut unasked) = (None::<Instant>, 0, 0);
    loop {
        let (kind, text) = p.next().await?;
        match kind.as_str() {
            "question" => (asked, first) = (true, None),
            "option" if first.is_none() => {
                first = text
                    .split('.')
                    .next()
                    .filter(|n| n.parse::<u32>().is_ok())
                    .map(String::from);
            }
            "narration" if text.starts_with("Game over") => {
                p.send("quit\nquit").await?;
                return Ok(());
            }
            "prompt" => {
                if let Some(at) = sent.take() {
                    tally
                        .lock()
                        .expect("the tally")
                        .latencies
                        .push(at.elapsed());
                }
                if !text.starts_with("Your answer") {
                    continue;
                }
                let answer = if asked {
                    unasked = 0;
                    first.take().unwrap_or_else(|| "end".into())
                } else {
                    // Asked again without the question (after an error): hear it again,
                    // and after a few tries end the turn.
                    unasked += 1;
                    if unasked > 3 {
                        "end".into()
                    } else {
                        p.send("options").await?;
                        continue;
                    }
                };
                asked = false;
                p.send(&answer).await?;
                sent = Some(Instant::now());
                answers += 1;
                tally.lock().expect("the tally").answers += 1;
                if answers > MAX_ANSWERS {
                    return Err(format!("over {MAX_ANSWERS} answers"));
                }
            }
            _ => {}
        }
    }
}

/// A field of /proc/PID/status in KB (VmRSS, VmHWM).
fn proc_status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time the process has used, user and system, in seconds.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which is in parentheses): utime is the 12th, stime
    // the 13th; both in clock ticks of 1/100 s.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

//! Simulated games: random games for the engine's soak and throughput (a random bot
//! per seat, seeded from the game's seed, so a game is fully determined by its seed),
//! and matches between bots with win rates, confidence intervals and decision times.

use crate::bots::waste::{Audit, WasteSum, WasteTally};
use crate::bots::{Bot, BotKind, SeatView};
use crate::cards::model::Faction;
use crate::engine::defs::defs;
use crate::engine::{Event, GameConfig, GameState, SetupError};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicU64, Ordering};

/// A turn count no real game reaches: a game still running then has stalled.
pub const TURN_LIMIT: u32 = 1000;

/// How one game went.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// The seat that won.
    pub winner: u8,
    /// Turns played.
    pub turns: u32,
    /// Decisions answered.
    pub decisions: u64,
    /// Per seat, how long each of its bot's decisions took, in milliseconds (empty
    /// in random games, which are not timed decision by decision).
    pub seat_ms: Vec<Vec<f64>>,
    /// Per seat, the search iterations its bot ran, and the milliseconds of the
    /// decisions in which it searched (none for bots that do not search).
    pub seat_search: Vec<(u64, f64)>,
    /// The most decisions answered in one turn.
    pub most_in_a_turn: u32,
    /// How many turns the engine's loop valve cut short (see
    /// [`crate::engine::flow::TURN_DECISION_LIMIT`]): a finding, since no bot should
    /// take a loop that far.
    pub loops_stopped: u32,
    /// Per seat, its plays and the wasted ones among them (see [`crate::bots::waste`]).
    pub waste: Vec<WasteTally>,
}

/// True when every card of the faction has its ability in the effect language (or
/// is blank on purpose): such factions can be played and simulated.
pub fn is_complete(faction: &Faction) -> bool {
    faction
        .cards
        .iter()
        .all(|c| !c.abilities.is_empty() || c.text == "No ability.")
}

/// The ids of every complete faction.
pub fn complete_factions() -> Vec<String> {
    defs()
        .catalog
        .factions
        .iter()
        .filter(|f| is_complete(f))
        .map(|f| f.id.clone())
        .collect()
}

/// A game's set-up from a seed: each player's two factions drawn from the pool,
/// no faction used twice.
pub fn random_config(seed: u64, players: usize, pool: &[String]) -> Result<GameConfig, SetupError> {
    if pool.len() < players * 2 {
        return Err(SetupError(format!(
            "{} {} {} different factions; the pool has {}: {}",
            crate::play::describe::count(players, "player"),
            if players == 1 { "needs" } else { "need" },
            players * 2,
            pool.len(),
            pool.join(", ")
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    // The names shuffled by reference: only the ones drawn are copied.
    let mut pool: Vec<&String> = pool.iter().collect();
    pool.shuffle(&mut rng);
    Ok(GameConfig {
        seed,
        factions: pool
            .chunks(2)
            .take(players)
            .map(|c| [c[0].clone(), c[1].clone()])
            .collect(),
        all_bases: false,
        shared_factions: false,
        first_player: None,
        vp_goal: crate::engine::flow::DEFAULT_VP_GOAL,
    })
}

/// Plays random games, one for each of `seeds` with 2, 3 and 4 players, and shows
/// `check` the state after every answer: the unit tests that prove a kept list or
/// table is never stale.
#[cfg(test)]
pub fn check_every_answer_of_random_games(
    seeds: std::ops::Range<u64>,
    mut check: impl FnMut(&GameState),
) {
    let pool = complete_factions();
    for players in 2..=4 {
        for seed in seeds.clone() {
            let config = random_config(seed, players, &pool).unwrap();
            play_random(&config, |game, _| check(game)).unwrap();
        }
    }
}

/// Plays one game with random answers; `observe` sees the state and the events after
/// every answer.
pub fn play_random(
    config: &GameConfig,
    observe: impl FnMut(&GameState, &[Event]),
) -> Result<GameRecord, String> {
    let mut seats: Vec<Bot> = random_seats(config).collect();
    play_timed(config, &mut seats, false, observe)
}

/// A random bot for each seat of the game of `config`, seeded from the game's seed.
fn random_seats(config: &GameConfig) -> impl Iterator<Item = Bot> + '_ {
    (0..config.factions.len() as u64).map(|s| {
        Bot::new(
            BotKind::Random,
            config.seed.wrapping_mul(31).wrapping_add(s),
        )
    })
}

/// What a thread of [`sum_random_games`] keeps from one game to the next, so that a
/// game allocates none of it: the audit of wasted plays, the list of an answer's
/// events, the list of seats.
struct Scratch {
    audit: Audit,
    events: Vec<Event>,
    seats: Vec<Bot>,
}

/// [`play_random`] for [`sum_random_games`]: plays the game of `config` with the
/// thread's `scratch` and adds it to `totals` (its wasted plays too, even when it
/// fails: a run with a failed game reports only the failure).
fn play_random_into(
    config: &GameConfig,
    scratch: &mut Scratch,
    totals: &mut RandomTotals,
) -> Result<(), String> {
    scratch.seats.clear();
    scratch.seats.extend(random_seats(config));
    let course = drive(
        config,
        &mut scratch.seats,
        None,
        &mut scratch.audit,
        &mut scratch.events,
        |_, _| {},
    );
    scratch.audit.end_into(&mut totals.waste);
    totals.add(config.seed, &course?);
    Ok(())
}

/// How many threads [`play_random_games`] plays `games` games on when asked for
/// `threads`: at least one, and never more than there are games.
pub fn threads_used(games: u64, threads: usize) -> usize {
    threads.clamp(1, games.max(1) as usize)
}

/// Plays the random games of seeds `first..first + games` ([`play_random`], factions
/// drawn from `pool`) on `threads` threads at once, and gives their records in seed
/// order: each game is decided by its seed alone, so the records are the same
/// whatever the number of threads; only the time they take changes. A machine's
/// cores play different games, never parts of one.
pub fn play_random_games(
    first: u64,
    games: u64,
    players: usize,
    pool: &[String],
    threads: usize,
) -> Vec<Result<GameRecord, String>> {
    let one = |seed: u64| {
        random_config(seed, players, pool)
            .map_err(|e| e.to_string())
            .and_then(|config| play_random(&config, |_, _| {}))
    };
    let mut played: Vec<(u64, Result<GameRecord, String>)> = on_threads(
        games,
        threads,
        || ((), Vec::new()),
        |_, mine, k| mine.push((k, one(first.wrapping_add(k)))),
    )
    .into_iter()
    .flatten()
    .collect();
    played.sort_unstable_by_key(|&(k, _)| k);
    played.into_iter().map(|(_, record)| record).collect()
}

/// What `simulate` says of many random games: their totals.
#[derive(Debug, Clone)]
pub struct RandomTotals {
    /// Turns played.
    pub turns: u64,
    /// Decisions answered.
    pub decisions: u64,
    /// Per seat, the games it won.
    pub wins: Vec<u64>,
    /// The most decisions answered in one turn of any game.
    pub most_in_a_turn: u32,
    /// Seeds of the games in which the loop valve cut a turn short, in the games'
    /// order.
    pub loop_seeds: Vec<u64>,
    /// Every seat's plays, the wasted ones among them.
    pub waste: WasteSum,
}

impl RandomTotals {
    /// Nothing yet, for games of `players` seats.
    fn new(players: usize) -> RandomTotals {
        RandomTotals {
            turns: 0,
            decisions: 0,
            wins: vec![0; players],
            most_in_a_turn: 0,
            loop_seeds: Vec::new(),
            waste: WasteSum::default(),
        }
    }

    /// Adds the game of `seed`.
    fn add(&mut self, seed: u64, course: &Course) {
        self.turns += u64::from(course.turns);
        self.decisions += course.decisions;
        self.wins[usize::from(course.winner)] += 1;
        self.most_in_a_turn = self.most_in_a_turn.max(course.most_in_a_turn);
        if course.loops_stopped > 0 {
            self.loop_seeds.push(seed);
        }
    }

    /// Adds another's totals (its loop seeds after this one's: see
    /// [`sum_random_games`] for their order).
    fn merge(&mut self, other: &RandomTotals) {
        self.turns += other.turns;
        self.decisions += other.decisions;
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        self.most_in_a_turn = self.most_in_a_turn.max(other.most_in_a_turn);
        self.loop_seeds.extend(&other.loop_seeds);
        self.waste.merge(&other.waste);
    }
}

/// Plays the random games of seeds `first..first + games` as
/// [`play_random_games`] does, but keeps only their totals: each thread adds each
/// game to its own as it finishes, and the threads' totals are added at the end, so
/// a run's memory does not grow with its games. Every total is a sum, a maximum or
/// a list put in the games' order, the same whichever thread played which game. The
/// error of the first game that failed, by seed order, if any did.
pub fn sum_random_games(
    first: u64,
    games: u64,
    players: usize,
    pool: &[String],
    threads: usize,
) -> Result<RandomTotals, String> {
    let start = || {
        let scratch = Scratch {
            audit: Audit::new(players),
            events: Vec::new(),
            seats: Vec::with_capacity(players),
        };
        (scratch, (RandomTotals::new(players), None))
    };
    // A thread takes its games in increasing order: its first failure is its earliest.
    let threads = on_threads(games, threads, start, |scratch, (totals, failed), k| {
        let played = random_config(first.wrapping_add(k), players, pool)
            .map_err(|e| e.to_string())
            .and_then(|config| play_random_into(&config, scratch, totals));
        if let Err(e) = played {
            failed.get_or_insert((k, e));
        }
    });
    let mut all = RandomTotals::new(players);
    let mut first_failed: Option<(u64, String)> = None;
    for (totals, failed) in threads {
        all.merge(&totals);
        if let Some((k, e)) = failed {
            if first_failed
                .as_ref()
                .is_none_or(|(earliest, _)| k < *earliest)
            {
                first_failed = Some((k, e));
            }
        }
    }
    if let Some((_, e)) = first_failed {
        return Err(e);
    }
    all.loop_seeds
        .sort_unstable_by_key(|seed| seed.wrapping_sub(first));
    Ok(all)
}

/// Plays games `0..games` on `threads` threads at once ([`threads_used`]): each
/// thread starts with `start()`, what it keeps for itself (its scratch) and what it
/// gives back, and gives each game it takes to `play` with both and the game's
/// number; gives what each thread gave back, in no particular order.
fn on_threads<S, T: Send>(
    games: u64,
    threads: usize,
    start: impl Fn() -> (S, T) + Sync,
    play: impl Fn(&mut S, &mut T, u64) + Sync,
) -> Vec<T> {
    let threads = threads_used(games, threads) as u64;
    // Each thread takes the next game not yet taken whenever it is free, so that no
    // thread waits at the end while another still has several games to play (dealt
    // in turn, t, t + threads, ..., 3,000 games left one thread about 3% of the run
    // idle).
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let (mut scratch, mut mine) = start();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= games {
                            break mine;
                        }
                        play(&mut scratch, &mut mine, k);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Plays one game, each seat answered by its own player; `observe` sees the state and
/// the events after every answer.
pub fn play(
    config: &GameConfig,
    seats: &mut [Bot],
    observe: impl FnMut(&GameState, &[Event]),
) -> Result<GameRecord, String> {
    play_timed(config, seats, true, observe)
}

/// [`play`], reading the clock around each decision only when `timed`: a random
/// game's decisions take about a microsecond, and reading the clock twice would be
/// a measurable part of it.
fn play_timed(
    config: &GameConfig,
    seats: &mut [Bot],
    timed: bool,
    observe: impl FnMut(&GameState, &[Event]),
) -> Result<GameRecord, String> {
    let mut seat_ms = vec![Vec::new(); seats.len()];
    let mut seat_search = vec![(0, 0.0); seats.len()];
    let mut audit = Audit::new(seats.len());
    let timing = timed.then_some((&mut seat_ms[..], &mut seat_search[..]));
    let course = drive(config, seats, timing, &mut audit, &mut Vec::new(), observe)?;
    Ok(GameRecord {
        winner: course.winner,
        turns: course.turns,
        decisions: course.decisions,
        seat_ms,
        seat_search,
        most_in_a_turn: course.most_in_a_turn,
        loops_stopped: course.loops_stopped,
        waste: audit.tallies(),
    })
}

/// How one game went, its seats' times and plays apart (see [`GameRecord`]).
struct Course {
    winner: u8,
    turns: u32,
    decisions: u64,
    most_in_a_turn: u32,
    loops_stopped: u32,
}

/// Per seat, how long each of its bot's decisions took and its searches (see
/// [`GameRecord`]): filled only for a timed game.
type Timing<'a> = (&'a mut [Vec<f64>], &'a mut [(u64, f64)]);

/// Plays one game, each seat answered by its own player, its plays followed by
/// `audit` (as new, with a tally per seat), `events` the room for each answer's
/// events; reads the clock around each decision only when given `timing`. `observe`
/// sees the state and the events after every answer. Nothing is allocated here per
/// decision, nor per game but the game itself.
fn drive(
    config: &GameConfig,
    seats: &mut [Bot],
    mut timing: Option<Timing>,
    audit: &mut Audit,
    events: &mut Vec<Event>,
    mut observe: impl FnMut(&GameState, &[Event]),
) -> Result<Course, String> {
    let mut game = GameState::new(config).map_err(|e| e.to_string())?;
    let mut decisions = 0;
    let (mut most_in_a_turn, mut loops_stopped) = (0, 0);
    while let Some(d) = game.pending() {
        if game.turn.number > TURN_LIMIT {
            return Err(format!(
                "seed {}: no winner after {TURN_LIMIT} turns",
                config.seed
            ));
        }
        let seat = d.player.ix();
        let view = SeatView::new(&game, d.player);
        let i = if let Some((seat_ms, seat_search)) = timing.as_mut() {
            let clock = std::time::Instant::now();
            let (i, iterations) = seats[seat].choose_counted(&view);
            let ms = clock.elapsed().as_secs_f64() * 1000.0;
            seat_ms[seat].push(ms);
            if iterations > 0 {
                seat_search[seat].0 += u64::from(iterations);
                seat_search[seat].1 += ms;
            }
            i
        } else {
            seats[seat].choose(&view)
        };
        audit.before(&game, i);
        game.answer_into(i, events).map_err(|e| e.to_string())?;
        audit.after(&game, events);
        decisions += 1;
        most_in_a_turn = most_in_a_turn.max(game.turn.decisions);
        loops_stopped += events
            .iter()
            .filter(|e| matches!(e, Event::LoopStopped { .. }))
            .count() as u32;
        observe(&game, events);
    }
    let winner = game.winner.ok_or("the game stopped without a winner")?;
    Ok(Course {
        winner: winner.0,
        turns: game.turn.number,
        decisions,
        most_in_a_turn,
        loops_stopped,
    })
}

/// One bot's results in a match.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct BotResult {
    /// The bot's name.
    pub bot: String,
    /// Games won.
    pub wins: u64,
    /// Games played.
    pub games: u64,
    /// Win rate.
    pub rate: f64,
    /// Half-width of the 95% confidence interval of the win rate (Wilson).
    pub ci95: f64,
    /// Median time of one decision, in milliseconds.
    pub median_ms: f64,
    /// 95th percentile time of one decision, in milliseconds.
    pub p95_ms: f64,
    /// Search iterations per second of the time spent in decisions that searched
    /// (0 for a bot that does not search).
    pub iterations_per_second: f64,
    /// The share of its plays that were wasted (see [`crate::bots::waste`]).
    pub wasted_rate: f64,
    /// Its plays, the wasted ones, and both by card.
    pub waste: WasteTally,
}

/// A match between bots: each game seats them in rotation, so every bot plays every seat.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MatchReport {
    /// Games played.
    pub games: u64,
    /// Average turns per game.
    pub turns_per_game: f64,
    /// Decisions answered per second, all bots together.
    pub decisions_per_second: f64,
    /// Per bot.
    pub bots: Vec<BotResult>,
    /// The most decisions answered in one turn of any game.
    pub most_in_a_turn: u32,
    /// Seeds of the games in which the loop valve cut a turn short: findings to
    /// investigate (replay one with `simulate --games 1 --seed S`).
    pub loop_seeds: Vec<u64>,
}

/// Plays `games` games between the named bots (one seat each), factions drawn from the pool.
pub fn run_match(
    names: &[String],
    games: u64,
    seed: u64,
    pool: &[String],
) -> Result<MatchReport, String> {
    let n = names.len();
    let mut wins = vec![0u64; n];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut searched = vec![(0u64, 0f64); n];
    let mut waste = vec![WasteTally::default(); n];
    let (mut turns, mut decisions) = (0u64, 0u64);
    let (mut most_in_a_turn, mut loop_seeds) = (0, Vec::new());
    let start = std::time::Instant::now();
    for k in 0..games {
        let config = random_config(seed + k, n, pool).map_err(|e| e.to_string())?;
        // Seat s is played by bot (s + k) mod n.
        let who: Vec<usize> = (0..n).map(|s| (s + k as usize) % n).collect();
        let mut seats = Vec::new();
        for (s, &b) in who.iter().enumerate() {
            seats.push(Bot::named(
                &names[b],
                seed.wrapping_mul(1000).wrapping_add(k * 8 + s as u64),
            )?);
        }
        let record = play(&config, &mut seats, |_, _| {})?;
        for (s, t) in record.seat_ms.iter().enumerate() {
            times[who[s]].extend(t);
        }
        for (s, &(iterations, ms)) in record.seat_search.iter().enumerate() {
            searched[who[s]].0 += iterations;
            searched[who[s]].1 += ms;
        }
        for (s, w) in record.waste.iter().enumerate() {
            waste[who[s]].merge(w);
        }
        wins[who[record.winner as usize]] += 1;
        turns += record.turns as u64;
        decisions += record.decisions;
        most_in_a_turn = most_in_a_turn.max(record.most_in_a_turn);
        if record.loops_stopped > 0 {
            loop_seeds.push(config.seed);
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let bots = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let (rate, ci95) = wilson(wins[i], games);
            let (median_ms, p95_ms) = percentiles(&mut times[i]);
            BotResult {
                bot: name.clone(),
                wins: wins[i],
                games,
                rate,
                ci95,
                median_ms,
                p95_ms,
                iterations_per_second: searched[i].0 as f64 * 1000.0 / searched[i].1.max(1e-9),
                wasted_rate: waste[i].rate(),
                waste: waste[i].clone(),
            }
        })
        .collect();
    Ok(MatchReport {
        games,
        turns_per_game: turns as f64 / games.max(1) as f64,
        decisions_per_second: decisions as f64 / secs,
        bots,
        most_in_a_turn,
        loop_seeds,
    })
}

/// A win rate and the half-width of its 95% Wilson interval.
fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 0.0);
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z = 1.96f64;
    let denom = 1.0 + z * z / n;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (p, half)
}

/// The median and 95th percentile of some timings.
fn percentiles(times: &mut [f64]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95))
}

//! `touchline soak`: many random and heuristic bot games of every game in
//! parallel, reporting panics, games that did not end and cards created or
//! lost. Every game of the registry takes part through its `soak` hook.

use crate::cards::DataSource;
use crate::games::{GAMES, GameEntry};
use crate::soak::SoakOne;
use anyhow::{Result, bail};
use clap::Args;
use rayon::prelude::*;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Arguments of `touchline soak`.
#[derive(Debug, Args)]
pub struct SoakArgs {
    /// Games to play in all, shared round the games (game i plays seed
    /// seed + i).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Only this game (a registry id); replay a failure with
    /// `--game ID --seed S --games 1`.
    #[arg(long)]
    pub game: Option<String>,
    /// Base seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// The most failures listed one by one (all are counted).
const LISTED: usize = 20;

/// One game's tally.
#[derive(Default)]
struct Tally {
    games: AtomicU64,
    decisions: AtomicU64,
    panics: AtomicU64,
    unended: AtomicU64,
    cards: AtomicU64,
}

thread_local! {
    /// Where the last panic on this thread happened, kept by the panic hook
    /// so the report can say it (the payload alone has no location).
    static PANIC_AT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The most games one `soak` plays (about a day of both cores).
pub const MAX_GAMES: u64 = 1_000_000_000;

/// Runs `touchline soak`.
pub fn run(source: &DataSource, args: &SoakArgs) -> Result<ExitCode> {
    if !(1..=MAX_GAMES).contains(&args.games) {
        bail!("--games must be 1-{MAX_GAMES}, not {}", args.games);
    }
    if let Some(t) = args.threads
        && !(1..=256).contains(&t)
    {
        bail!("--threads must be 1-256, not {t}");
    }
    let entries: Vec<&'static GameEntry> = match &args.game {
        Some(id) => match crate::games::find(id) {
            Some(g) => vec![g],
            None => bail!("unknown game `{id}`: use one of {}", crate::games::ids()),
        },
        None => GAMES.to_vec(),
    };
    let mut players: Vec<SoakOne> = Vec::new();
    for g in &entries {
        match (g.soak)(source) {
            Ok(p) => players.push(p),
            Err(e) => bail!("{}: {e}", g.name),
        }
    }
    let tallies: Vec<Tally> = entries.iter().map(|_| Tally::default()).collect();
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let bar = if args.games < 2000 {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(args.games)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // A panic is reported once, in the summary, with where it happened.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        PANIC_AT.with(|p| *p.borrow_mut() = at);
    }));
    let start = Instant::now();
    let n = players.len() as u64;
    pool.install(|| {
        (0..args.games).into_par_iter().for_each(|i| {
            let k = (i % n) as usize;
            let seed = args.seed.wrapping_add(i);
            let (Some(play), Some(tally), Some(entry)) =
                (players.get(k), tallies.get(k), entries.get(k))
            else {
                return;
            };
            tally.games.fetch_add(1, Ordering::Relaxed);
            let failure = match catch_unwind(AssertUnwindSafe(|| play(seed))) {
                Ok(g) => {
                    tally.decisions.fetch_add(g.decisions, Ordering::Relaxed);
                    g.failure.inspect(|f| {
                        let counter = if f.starts_with("cards changed") {
                            &tally.cards
                        } else {
                            &tally.unended
                        };
                        counter.fetch_add(1, Ordering::Relaxed);
                    })
                }
                Err(payload) => {
                    tally.panics.fetch_add(1, Ordering::Relaxed);
                    let msg = payload
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "a panic".into());
                    let at = PANIC_AT.with(|p| std::mem::take(&mut *p.borrow_mut()));
                    Some(format!("panic: {msg}{at}"))
                }
            };
            if let Some(f) = failure
                && let Ok(mut list) = failures.lock()
                && list.len() < LISTED
            {
                list.push(format!("{} seed {seed}: {f}", entry.id));
            }
            bar.inc(1);
        });
    });
    std::panic::set_hook(previous);
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let mut out = format!(
        "{} games of {} games in {seconds:.1} s ({} threads)",
        args.games,
        entries.len(),
        pool.current_num_threads()
    );
    let mut bad = 0;
    for (g, t) in entries.iter().zip(&tallies) {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let (p, u, c) = (get(&t.panics), get(&t.unended), get(&t.cards));
        bad += p + u + c;
        out.push_str(&format!(
            "\n  {:<15} {:>9} games {:>12} decisions  panics {p}  not ended {u}  cards created or lost {c}",
            g.id,
            get(&t.games),
            get(&t.decisions),
        ));
    }
    let list = failures.into_inner().unwrap_or_default();
    for f in &list {
        out.push_str(&format!("\n  failed: {f}"));
    }
    if bad > list.len() as u64 {
        out.push_str(&format!(
            "\n  ({} more failures not listed)",
            bad - list.len() as u64
        ));
    }
    out.push_str(&format!("\n{bad} failures"));
    super::print(&out);
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

//! How long a card look-up takes: the whole `smashup card pm5` command, start-up and
//! card loading included, and the in-process part of it (load the built-in catalog,
//! find, format). Run with `cargo bench --bench lookup`.

use criterion::{criterion_group, criterion_main, Criterion};
use smashup::cards::query::{self, Found};
use smashup::cards::Catalog;
use smashup::lookup;
use std::process::Command;
use std::time::Duration;

fn in_process(c: &mut Criterion) {
    c.bench_function("load catalog + find pm5 + describe", |b| {
        b.iter(|| {
            let catalog = Catalog::embedded().unwrap();
            let Found::Matches(found) = query::find(&catalog, "pm5") else {
                panic!("pm5 not found")
            };
            lookup::describe(&catalog, found[0]).len()
        })
    });
}

fn whole_command(c: &mut Criterion) {
    let exe = env!("CARGO_BIN_EXE_smashup");
    c.bench_function("smashup card pm5 (whole process)", |b| {
        b.iter(|| {
            let out = Command::new(exe).args(["card", "pm5"]).output().unwrap();
            assert!(out.status.success());
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5)).sample_size(50);
    targets = in_process, whole_command
}
criterion_main!(benches);

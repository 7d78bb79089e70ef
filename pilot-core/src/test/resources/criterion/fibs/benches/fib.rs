use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;
fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("fib");
    g.sample_size(30).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for n in [20u64].iter() {
        g.bench_with_input(BenchmarkId::new("recursive", n), n, |b, n| b.iter(|| fibs::recursive(black_box(*n))));
        g.bench_with_input(BenchmarkId::new("iterative", n), n, |b, n| b.iter(|| fibs::iterative(black_box(*n))));
    }
    g.finish();
}
criterion_group!(benches, bench);
criterion_main!(benches);

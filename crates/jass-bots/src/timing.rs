//! The time a player thinks, as the benchmarks measure it.

/// The CPU time of the calling thread in milliseconds: what a decision costs, whatever else runs
/// on a shared machine (`jass bench` and the `card_time` example time the players with it).
pub fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a valid pointer to a timespec.
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts);
    }
    ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
}

//! The Jass server: tables of every game for people in the browser, computer players, external
//! bots over the bot protocol's WebSocket, and spectators; every action is written to SQLite as it
//! is taken, and unfinished tables resume after a restart. `docs/server.md` describes the API.
#![deny(missing_docs)]

mod api;
mod store;
mod table;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use tokio::sync::watch;

pub use store::{Store, StoredTable};
pub use table::{SeatInfo, Table};

mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// The web client's embedded files: (path below `crates/jass-server/web/`, contents).
pub fn assets() -> &'static [(&'static str, &'static [u8])] {
    assets::ASSETS
}

/// What every request handler shares.
/// The most tables playing or waiting for players at once; `POST /api/tables` answers 503
/// beyond it.
pub const MAX_UNFINISHED_TABLES: usize = 64;

pub(crate) struct App {
    pub store: Arc<Store>,
    pub tables: RwLock<HashMap<String, Arc<Table>>>,
    /// Tables in creation order (for listing).
    pub order: RwLock<Vec<String>>,
    /// Turns true when the server stops (WebSockets close).
    pub stopping: watch::Receiver<bool>,
    /// The time limits of connections and tables.
    pub limits: Limits,
}

/// The server's time limits (`Limits::default()` is what `jass serve` uses).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// How long a WebSocket may stay silent before the server closes it (default 60 s). The
    /// server pings every third of it, and browsers and WebSocket libraries answer pings by
    /// themselves, so only a connection that is gone without a goodbye (a laptop closed, a
    /// network lost) stays silent: closing it lets the computer take the seat over after the
    /// table's `takeover_secs`.
    pub idle: std::time::Duration,
    /// A table still waiting for players with nobody connected to it this long (default an
    /// hour) is closed when a new table would exceed [`MAX_UNFINISHED_TABLES`], instead of
    /// refusing the new one: abandoned tables do not block the server.
    pub stale_waiting: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            idle: std::time::Duration::from_secs(60),
            stale_waiting: std::time::Duration::from_secs(3600),
        }
    }
}

impl App {
    pub fn table(&self, id: &str) -> Option<Arc<Table>> {
        self.tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Opens the data folder, resumes every unfinished table, and serves on `addr` (port 0: any
    /// free port). Must be called inside a multi-threaded Tokio runtime.
    pub async fn start(data: &Path, addr: SocketAddr) -> Result<Server, String> {
        Server::start_with(data, addr, Limits::default()).await
    }

    /// [`Server::start`] with other time limits.
    pub async fn start_with(
        data: &Path,
        addr: SocketAddr,
        limits: Limits,
    ) -> Result<Server, String> {
        let store = Arc::new(Store::open(data)?);
        let (stop, stopping) = watch::channel(false);
        let app = Arc::new(App {
            store: Arc::clone(&store),
            tables: RwLock::new(HashMap::new()),
            order: RwLock::new(Vec::new()),
            stopping,
            limits,
        });
        let (tables, unreadable) = store.tables()?;
        for e in unreadable {
            eprintln!("{e}");
        }
        for stored in tables {
            let table = match Table::from_stored(&stored) {
                Ok(t) => Arc::new(t),
                Err(e) => {
                    eprintln!("table {} cannot be loaded: {e}", stored.id);
                    continue;
                }
            };
            // A table whose rows cannot be read is marked `error` (with why); the others load.
            if stored.status == "over" {
                match store.record(&stored.id) {
                    Ok(record) => *table.record.lock().unwrap_or_else(|p| p.into_inner()) = record,
                    Err(e) => table.mark_damaged(e),
                }
            }
            if stored.status == "playing" {
                match store.actions(&stored.id) {
                    Ok(actions) => table.start(Arc::clone(&store), actions),
                    Err(e) => table.mark_damaged(e),
                }
            }
            app.order
                .write()
                .unwrap_or_else(|p| p.into_inner())
                .push(stored.id.clone());
            app.tables
                .write()
                .unwrap_or_else(|p| p.into_inner())
                .insert(stored.id.clone(), table);
        }
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let router = api::router(Arc::clone(&app));
        let mut stop_rx = stop.subscribe();
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, router)
                .with_graceful_shutdown(async move {
                    let _ = stop_rx.wait_for(|s| *s).await;
                })
                .await;
        });
        Ok(Server {
            addr,
            app,
            stop,
            task,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its database (for tests: [`Store::set_writable`], [`Store::set_full`]).
    pub fn store(&self) -> Arc<Store> {
        Arc::clone(&self.app.store)
    }

    /// Stops serving, closes every WebSocket and stops every table thread (nothing more is
    /// written; the unfinished tables resume at the next start).
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let tables: Vec<Arc<Table>> = self
            .app
            .tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        let _ = tokio::task::spawn_blocking(move || {
            for t in tables {
                t.stop();
            }
        })
        .await;
        let _ = tokio::time::timeout(std::time::Duration::from_secs(5), self.task).await;
    }
}

/// A future that ends at Ctrl-C (SIGINT) or, on Unix, SIGTERM (what service managers and
/// containers send). The handlers are installed when this is called, before the server says it
/// is ready, so that no early signal is lost.
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate());
        let int = signal(SignalKind::interrupt());
        async move {
            match (term, int) {
                (Ok(mut term), Ok(mut int)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `jass serve`: serves on `addr` with the data in `data` until Ctrl-C or SIGTERM.
pub fn serve(addr: SocketAddr, data: PathBuf) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(async move {
        let server = Server::start(&data, addr).await?;
        let stop = stop_signal();
        eprintln!(
            "jass server on http://{} (data in {}); Ctrl-C or SIGTERM stops it",
            server.addr(),
            data.display()
        );
        stop.await;
        eprintln!("stopping; unfinished tables resume at the next start");
        server.stop().await;
        Ok(())
    })
}

/// `n` random bytes as hex (ids, tokens).
pub(crate) fn random_hex(bytes: usize) -> String {
    let mut b = vec![0u8; bytes];
    getrandom::getrandom(&mut b).expect("the system's random source");
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// SHA-256 of a token, hex.
pub(crate) fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// A random seed for a table's deals.
pub(crate) fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b).expect("the system's random source");
    u64::from_le_bytes(b) >> 11
}

/// Now as ISO 8601 (UTC, seconds).
pub(crate) fn now_iso() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

//! The Jass server: tables of every game for people in the browser, computer players, external
//! bots over the bot protocol's WebSocket, and spectators; every action is written to the database
//! (SQLite, or PostgreSQL) as it is taken, and unfinished tables resume after a restart. Several
//! instances may share a PostgreSQL database: each table is run by the one holding its lease.
//! `docs/server.md` describes the API.
#![deny(missing_docs)]

mod api;
mod cluster;
mod http;
mod store;
mod table;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tokio::sync::watch;

pub use store::{Database, Lease, ListQuery, Store, StoredTable};
pub use table::{SeatInfo, Table, TableLimits, GRACE, MISSES_AWAY};

mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// The web client's embedded files: (path below `crates/jass-server/web/`, contents).
pub fn assets() -> &'static [(&'static str, &'static [u8])] {
    assets::ASSETS
}

/// What every request handler shares.
pub(crate) struct App {
    pub store: Arc<Store>,
    /// The tables in memory: the unfinished ones, and the finished ones for a while
    /// ([`Limits::keep_finished`]); the others are read from the database when asked for.
    pub tables: RwLock<HashMap<String, Arc<Table>>>,
    /// Held while a new table is counted against the limits and added: two creates at the same
    /// moment cannot both take the last place.
    pub create_lock: Mutex<()>,
    /// Turns true when the server stops (WebSockets close).
    pub stopping: watch::Receiver<bool>,
    /// The limits of connections, clients and tables.
    pub limits: Limits,
    /// The connections and request rates of each address.
    pub clients: http::Clients,
    /// Where the other instances reach this one (`http://host:port`; PostgreSQL only).
    pub url: String,
    /// PostgreSQL: where a table it runs sends its id when its seats change
    /// ([`cluster::presence`] stores their presence for the other instances' lists).
    pub presence: Option<tokio::sync::mpsc::UnboundedSender<String>>,
}

/// The server's limits (`Limits::default()` is what `jass serve` uses, changed by the
/// environment variables [`Limits::from_env`] reads; `docs/server.md` lists them).
#[derive(Clone, Debug)]
pub struct Limits {
    /// How long a WebSocket may stay silent before the server closes it (default 60 s). The
    /// server pings every third of it, and browsers and WebSocket libraries answer pings by
    /// themselves, so only a connection that is gone without a goodbye (a laptop closed, a
    /// network lost) stays silent: closing it lets the computer take the seat over after the
    /// table's `takeover_secs`. (`JASS_IDLE_SECS`)
    pub idle: Duration,
    /// An unfinished table with no seat connected this long (default an hour) is closed as
    /// abandoned: one waiting for players, one the computer plays alone after its people left,
    /// one of computer players only. (`JASS_ABANDONED_SECS`)
    pub abandoned: Duration,
    /// How long a finished table stays in memory (default 10 minutes; the database keeps it).
    /// (`JASS_KEEP_FINISHED_SECS`)
    pub keep_finished: Duration,
    /// The most unfinished tables in all (default 10,000: a table waiting for an answer holds
    /// no thread, only its state in memory). (`JASS_MAX_TABLES`)
    pub max_tables: usize,
    /// The most unfinished tables created from one address (default 20). (`JASS_TABLES_PER_ADDRESS`)
    pub tables_per_address: usize,
    /// The most unfinished tables created with one creator token (default 5).
    /// (`JASS_TABLES_PER_TOKEN`)
    pub tables_per_token: usize,
    /// The most decisions a table of computer players only plays; then it is closed (default
    /// 5,000, several long games). (`JASS_BOT_TABLE_STEPS`)
    pub bot_table_steps: usize,
    /// How long a client may take to send a request's head (default 10 s); an idle keep-alive
    /// connection is closed after it too. (`JASS_HEADER_READ_SECS`)
    pub header_read: Duration,
    /// How long a client may take to send a request's body (default 10 s). (`JASS_BODY_READ_SECS`)
    pub body_read: Duration,
    /// The most connections one address holds open, WebSockets included (default 256).
    /// (`JASS_CONNECTIONS_PER_ADDRESS`)
    pub connections_per_address: usize,
    /// The requests one address may send a second, on average (default 50).
    /// (`JASS_REQUESTS_PER_SECOND`)
    pub requests_per_second: u32,
    /// The requests one address may send at once (default 200). (`JASS_REQUEST_BURST`)
    pub request_burst: u32,
    /// On PostgreSQL: how long a table's lease holds (default 15 s). An instance that stops
    /// renewing its leases (killed, cut off) has its tables taken over by another this long
    /// after its last renewal at most, plus [`Limits::lease_renew`]. (`JASS_LEASE_SECS`)
    pub lease: Duration,
    /// On PostgreSQL: how often an instance renews its leases and looks for tables whose lease
    /// ran out, to take them over (default 5 s; less than [`Limits::lease`]).
    /// (`JASS_LEASE_RENEW_SECS`)
    pub lease_renew: Duration,
    /// The reverse proxies (a TLS front such as Caddy or nginx) whose `X-Forwarded-For` is
    /// believed (default none): a request from one of these addresses counts against the
    /// client's address that the proxy added to the header, for every per-address limit and as
    /// a table's creator. (`JASS_TRUSTED_PROXIES`, addresses separated by commas)
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            idle: Duration::from_secs(60),
            abandoned: Duration::from_secs(3600),
            keep_finished: Duration::from_secs(600),
            max_tables: 10_000,
            tables_per_address: 20,
            tables_per_token: 5,
            bot_table_steps: 5_000,
            header_read: Duration::from_secs(10),
            body_read: Duration::from_secs(10),
            connections_per_address: 256,
            requests_per_second: 50,
            request_burst: 200,
            lease: Duration::from_secs(15),
            lease_renew: Duration::from_secs(5),
            trusted_proxies: Vec::new(),
        }
    }
}

impl Limits {
    /// The defaults, each changed by its environment variable if set (`JASS_TABLES_PER_ADDRESS=50`
    /// and so on; seconds for the durations); an error names a variable that is not a number.
    pub fn from_env() -> Result<Limits, String> {
        Limits::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Limits::from_env`] with the variables from `var`.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Limits, String> {
        let mut l = Limits::default();
        let num = |name: &str, default: u64| -> Result<u64, String> {
            match var(name) {
                None => Ok(default),
                Some(v) => v.trim().parse().map_err(|_| {
                    format!("{name}={v}: give a whole number (docs/server.md lists the limits)")
                }),
            }
        };
        let secs = |name: &str, d: Duration| num(name, d.as_secs()).map(Duration::from_secs);
        l.idle = secs("JASS_IDLE_SECS", l.idle)?;
        l.abandoned = secs("JASS_ABANDONED_SECS", l.abandoned)?;
        l.keep_finished = secs("JASS_KEEP_FINISHED_SECS", l.keep_finished)?;
        l.max_tables = num("JASS_MAX_TABLES", l.max_tables as u64)? as usize;
        l.tables_per_address =
            num("JASS_TABLES_PER_ADDRESS", l.tables_per_address as u64)? as usize;
        l.tables_per_token = num("JASS_TABLES_PER_TOKEN", l.tables_per_token as u64)? as usize;
        l.bot_table_steps = num("JASS_BOT_TABLE_STEPS", l.bot_table_steps as u64)? as usize;
        l.header_read = secs("JASS_HEADER_READ_SECS", l.header_read)?;
        l.body_read = secs("JASS_BODY_READ_SECS", l.body_read)?;
        l.connections_per_address = num(
            "JASS_CONNECTIONS_PER_ADDRESS",
            l.connections_per_address as u64,
        )? as usize;
        l.requests_per_second = num("JASS_REQUESTS_PER_SECOND", u64::from(l.requests_per_second))?
            .min(u32::MAX as u64) as u32;
        l.request_burst =
            num("JASS_REQUEST_BURST", u64::from(l.request_burst))?.min(u32::MAX as u64) as u32;
        l.lease = secs("JASS_LEASE_SECS", l.lease)?;
        l.lease_renew = secs("JASS_LEASE_RENEW_SECS", l.lease_renew)?;
        if let Some(list) = var("JASS_TRUSTED_PROXIES") {
            l.trusted_proxies = list
                .split(',')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    a.parse().map_err(|_| {
                        format!("JASS_TRUSTED_PROXIES={list}: `{a}` is not an IP address; give the proxies' addresses separated by commas, e.g. 127.0.0.1,::1")
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        if l.lease_renew.is_zero() || l.lease_renew >= l.lease {
            return Err(format!(
                "JASS_LEASE_RENEW_SECS={} and JASS_LEASE_SECS={}: leases are renewed more often than they run out (at least 1 s, and less than the lease; a third of it is usual)",
                l.lease_renew.as_secs(),
                l.lease.as_secs()
            ));
        }
        if l.idle.is_zero() || l.header_read.is_zero() || l.body_read.is_zero() {
            return Err(
                "JASS_IDLE_SECS, JASS_HEADER_READ_SECS and JASS_BODY_READ_SECS must be at least 1"
                    .into(),
            );
        }
        Ok(l)
    }

    /// Limits that do not limit clients (for benchmarks and tests that create many tables from
    /// one address): no table, connection or rate limit per address.
    pub fn unlimited_clients() -> Limits {
        Limits {
            max_tables: usize::MAX,
            tables_per_address: usize::MAX,
            tables_per_token: usize::MAX,
            connections_per_address: usize::MAX,
            requests_per_second: u32::MAX,
            request_burst: u32::MAX,
            ..Limits::default()
        }
    }

    pub(crate) fn table(&self) -> TableLimits {
        TableLimits {
            bot_table_steps: self.bot_table_steps,
        }
    }
}

impl App {
    /// A table in memory (unfinished, or finished a short while ago).
    pub fn live(&self, id: &str) -> Option<Arc<Table>> {
        self.tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    /// PostgreSQL: has the presence of table `t` (which this instance runs from now on) stored
    /// now and whenever its seats change, for the other instances' lists.
    pub fn watch_presence(&self, t: &Table) {
        if let Some(tx) = &self.presence {
            let _ = t.presence_changed.set(tx.clone());
            let _ = tx.send(t.id.clone());
        }
    }

    /// A table: from memory, or else as stored (a finished one, read when asked for; not kept).
    pub fn table(&self, id: &str) -> Option<Arc<Table>> {
        if let Some(t) = self.live(id) {
            return Some(t);
        }
        let stored = self.store.table(id).ok().flatten()?;
        self.stored_table(&stored).map(Arc::new)
    }

    /// A table of the database as shown (a finished one whose record is not JSON is `error`).
    pub fn stored_table(&self, stored: &StoredTable) -> Option<Table> {
        let t = Table::from_stored(stored, self.limits.table()).ok()?;
        if stored.status == "over" && stored.record_ok == Some(false) {
            t.mark_damaged("its stored record is not JSON".into(), true);
        }
        Some(t)
    }
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    /// The sweep and (PostgreSQL) the lease renewals: ended before the tables are stopped, so
    /// that none takes a table over (and starts it) while the server stops.
    background: Vec<tokio::task::JoinHandle<()>>,
}

impl Server {
    /// Opens the SQLite database in the data folder, resumes every unfinished table, and serves
    /// on `addr` (port 0: any free port). Must be called inside a multi-threaded Tokio runtime.
    pub async fn start(data: &Path, addr: SocketAddr) -> Result<Server, String> {
        Server::start_with(data, addr, Limits::default()).await
    }

    /// [`Server::start`] with other limits.
    pub async fn start_with(
        data: &Path,
        addr: SocketAddr,
        limits: Limits,
    ) -> Result<Server, String> {
        Server::start_on(Database::sqlite(data), addr, limits).await
    }

    /// [`Server::start_with`] on any database (SQLite or PostgreSQL).
    pub async fn start_on(
        db: Database,
        addr: SocketAddr,
        limits: Limits,
    ) -> Result<Server, String> {
        Server::start_instance(db, addr, limits, None).await
    }

    /// [`Server::start_on`], saying where the other instances sharing a PostgreSQL database
    /// reach this one (`url`, `http://host:port`; by default `http://` and the address it
    /// listens on, with 127.0.0.1 for an unspecified one).
    pub async fn start_instance(
        db: Database,
        addr: SocketAddr,
        limits: Limits,
        url: Option<String>,
    ) -> Result<Server, String> {
        let store = Arc::new(Store::open(&db).await?);
        store.set_lease(limits.lease);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let url = url.unwrap_or_else(|| {
            let mut a = addr;
            if a.ip().is_unspecified() {
                a.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
            }
            format!("http://{a}")
        });
        let (stop, stopping) = watch::channel(false);
        let (presence, presence_rx) = if store.leased() {
            let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
            (Some(tx), Some(rx))
        } else {
            (None, None)
        };
        let app = Arc::new(App {
            store: Arc::clone(&store),
            tables: RwLock::new(HashMap::new()),
            create_lock: Mutex::new(()),
            stopping,
            limits,
            clients: http::Clients::default(),
            url,
            presence,
        });
        if store.leased() {
            // Several instances may share the database: this one runs the tables whose lease
            // it takes (nobody's, or their owner stopped renewing).
            store.register(&app.url)?;
            cluster::take_over(&app)?;
        } else {
            // Only the unfinished tables are loaded; the finished ones are read when asked for.
            let (tables, unreadable) = store.tables()?;
            for e in unreadable {
                eprintln!("{e}");
            }
            for stored in tables {
                cluster::load(&app, &stored);
            }
        }
        let router = api::router(Arc::clone(&app));
        let task = tokio::spawn(http::serve(
            listener,
            Arc::clone(&app),
            router,
            stop.subscribe(),
        ));
        let mut background = vec![tokio::spawn(sweep(Arc::clone(&app), stop.subscribe()))];
        if store.leased() {
            background.push(tokio::spawn(cluster::leases(
                Arc::clone(&app),
                stop.subscribe(),
            )));
        }
        if let Some(rx) = presence_rx {
            background.push(tokio::spawn(cluster::presence(
                Arc::clone(&app),
                rx,
                stop.subscribe(),
            )));
        }
        Ok(Server {
            addr,
            app,
            stop,
            task,
            background,
        })
    }

    /// This instance's id (the owner of the tables it runs on PostgreSQL).
    pub fn instance(&self) -> &str {
        self.app.store.instance()
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its database (for tests: [`Store::set_writable`], [`Store::set_full`]).
    pub fn store(&self) -> Arc<Store> {
        Arc::clone(&self.app.store)
    }

    /// How many tables are in memory (unfinished, or finished a short while ago).
    pub fn tables_in_memory(&self) -> usize {
        self.app
            .tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }

    /// Stops serving, closes every WebSocket and stops every table (nothing more is written;
    /// the unfinished tables resume at the next start). On PostgreSQL it gives up its leases:
    /// the other instances take its tables over at once.
    pub async fn stop(self) {
        let app = Arc::clone(&self.app);
        self.halt().await;
        if let Err(e) = app.store.release() {
            eprintln!("the leases were not given up ({e}): the other instances take the tables over when they run out");
        }
    }

    /// Stops as a crash would, for tests: serving, the tables and the lease renewals end, but
    /// the leases are not given up (another instance takes the tables over once they run out).
    #[doc(hidden)]
    pub async fn crash(self) {
        self.halt().await;
    }

    async fn halt(mut self) {
        let _ = self.stop.send(true);
        // A lease check under way may still take tables over: let it end first (each task
        // returns at its next wait once told to stop).
        for task in std::mem::take(&mut self.background) {
            let _ = tokio::time::timeout(Duration::from_secs(30), task).await;
        }
        let tables = self.tables();
        for t in &tables {
            t.stop();
        }
        for t in tables {
            t.stopped().await;
        }
        let _ = tokio::time::timeout(Duration::from_secs(5), &mut self.task).await;
    }

    fn tables(&self) -> Vec<Arc<Table>> {
        self.app
            .tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect()
    }
}

impl Drop for Server {
    /// A server dropped without [`Server::stop`] (a panic, a test that failed) still stops its
    /// tables: a table retrying a write that cannot be stored would otherwise retry for ever on
    /// a thread of the runtime's blocking pool, which the runtime waits for when it shuts down.
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        for t in self.tables() {
            t.stop();
        }
    }
}

/// Ends when the server stops.
pub(crate) async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// Every so often: closes the abandoned tables, lets the finished ones leave the memory, and
/// forgets the request rates of addresses gone quiet.
async fn sweep(app: Arc<App>, mut stop: watch::Receiver<bool>) {
    let every = (app.limits.abandoned.min(app.limits.keep_finished) / 4)
        .clamp(Duration::from_millis(100), Duration::from_secs(30));
    loop {
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stopped(&mut stop) => return,
        }
        let tables: Vec<Arc<Table>> = app
            .tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        let mut gone = Vec::new();
        for t in tables {
            if t.abandoned(app.limits.abandoned) {
                let why = format!(
                    "abandoned: nobody was connected to it for {} s",
                    app.limits.abandoned.as_secs()
                );
                let store = Arc::clone(&app.store);
                let table = Arc::clone(&t);
                let _ = tokio::task::spawn_blocking(move || table.close(&store, &why)).await;
            }
            if t.lock()
                .finished
                .is_some_and(|f| f.elapsed() >= app.limits.keep_finished)
            {
                gone.push(t.id.clone());
            }
        }
        if !gone.is_empty() {
            let mut map = app.tables.write().unwrap_or_else(|p| p.into_inner());
            for id in gone {
                map.remove(&id);
            }
        }
        app.clients.prune(&app.limits);
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

/// The most threads of the blocking pool, where the tables' game segments run. A segment waits
/// on its thread for an answer at most [`table::GRACE`] (and at most 64 do at once), else it
/// computes or writes to the store; beyond this many, segments queue for a thread instead of
/// each starting one. Without the bound, 1,000 tables of people grew the pool to about 480
/// threads, about 1 MB of memory each (stacks and allocator arenas), while the store's single
/// writer made them wait (docs/server.md, "Load").
const BLOCKING_THREADS: usize = 128;

/// `jass serve`: serves on `addr` until Ctrl-C or SIGTERM, with the tables in the PostgreSQL
/// database at `database` (a `postgres://` URL) or else in SQLite in the data folder `data`.
pub fn serve(addr: SocketAddr, data: PathBuf, database: Option<String>) -> Result<(), String> {
    let db = Database::from_arg(database.as_deref(), &data)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(BLOCKING_THREADS)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let limits = Limits::from_env()?;
    let url = instance_url(std::env::var("JASS_INSTANCE_URL").ok())?;
    rt.block_on(async move {
        let shown = db.to_string();
        let leased = db.is_postgres();
        let server = Server::start_instance(db, addr, limits, url).await?;
        let stop = stop_signal();
        eprintln!(
            "jass server on http://{} (tables in {shown}); Ctrl-C or SIGTERM stops it",
            server.addr()
        );
        if leased {
            eprintln!(
                "instance {} at {} (other instances forward its tables' clients there)",
                server.instance(),
                server.app.url
            );
        }
        stop.await;
        eprintln!("stopping; unfinished tables resume at the next start (on PostgreSQL: at once, on another instance)");
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

/// `JASS_INSTANCE_URL` (unset or empty: none), checked: the other instances forward over plain
/// HTTP to `http://host:port`.
fn instance_url(given: Option<String>) -> Result<Option<String>, String> {
    let Some(url) = given.filter(|u| !u.is_empty()) else {
        return Ok(None);
    };
    let rest = url.strip_prefix("http://").unwrap_or("");
    let host_port = rest.trim_end_matches('/');
    if host_port.is_empty() || host_port.contains('/') || !host_port.contains(':') {
        return Err(format!(
            "JASS_INSTANCE_URL={url}: give http://host:port, where the other instances reach this one (plain HTTP, no path)"
        ));
    }
    Ok(Some(url))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instance_url_is_http_host_and_port() {
        assert_eq!(instance_url(None), Ok(None));
        assert_eq!(instance_url(Some(String::new())), Ok(None));
        assert_eq!(
            instance_url(Some("http://10.0.0.7:8080".into())),
            Ok(Some("http://10.0.0.7:8080".into()))
        );
        for bad in [
            "https://a:1",
            "10.0.0.7:8080",
            "http://a",
            "http://a:1/x",
            "http://",
        ] {
            let e = instance_url(Some(bad.into())).unwrap_err();
            assert!(e.contains("give http://host:port"), "{bad}: {e}");
        }
    }

    fn limits(vars: &[(&str, &str)]) -> Result<Limits, String> {
        Limits::from_vars(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_lease_and_its_renewal_come_from_the_environment_and_are_checked() {
        let d = limits(&[]).unwrap();
        assert_eq!(
            (d.lease, d.lease_renew),
            (Duration::from_secs(15), Duration::from_secs(5))
        );
        let l = limits(&[("JASS_LEASE_SECS", "30"), ("JASS_LEASE_RENEW_SECS", "10")]).unwrap();
        assert_eq!(
            (l.lease, l.lease_renew),
            (Duration::from_secs(30), Duration::from_secs(10))
        );
        for bad in [
            [("JASS_LEASE_SECS", "5"), ("JASS_LEASE_RENEW_SECS", "5")],
            [("JASS_LEASE_SECS", "15"), ("JASS_LEASE_RENEW_SECS", "0")],
        ] {
            let e = limits(&bad).unwrap_err();
            assert!(e.contains("renewed more often than they run out"), "{e}");
        }
        let e = limits(&[("JASS_LEASE_SECS", "soon")]).unwrap_err();
        assert!(
            e.starts_with("JASS_LEASE_SECS=soon: give a whole number"),
            "{e}"
        );
    }

    #[test]
    fn the_trusted_proxies_come_from_the_environment_and_are_checked() {
        assert!(limits(&[]).unwrap().trusted_proxies.is_empty());
        let l = limits(&[("JASS_TRUSTED_PROXIES", " 127.0.0.1, ::1,")]).unwrap();
        let want: Vec<std::net::IpAddr> =
            vec!["127.0.0.1".parse().unwrap(), "::1".parse().unwrap()];
        assert_eq!(l.trusted_proxies, want);
        let e = limits(&[("JASS_TRUSTED_PROXIES", "127.0.0.1,proxy.local")]).unwrap_err();
        assert!(
            e.contains("`proxy.local` is not an IP address; give the proxies' addresses"),
            "{e}"
        );
    }
}

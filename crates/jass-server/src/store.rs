//! The server's database: SQLite in the data folder (the default), or PostgreSQL
//! (`jass serve --database postgres://…`), both through sqlx with the same SQL. It holds the
//! tables (game, options, seed, seats with their token hashes, takeover delay, status), every
//! action as it is taken, and the finished records.
//!
//! The two differ only where they must: the creation order of tables is SQLite's `rowid` and a
//! `seq` column on PostgreSQL; booleans are integers in SQLite; PostgreSQL gets a `json_valid`
//! function like SQLite's. JSON is kept as text in both, so that a damaged row stays readable as
//! damaged (it marks its table `error`) instead of being refused or rewritten. On PostgreSQL,
//! which several servers may share, each unfinished table has a lease (`owner`, `lease_until`,
//! see [`crate::cluster`]): the writes of a table are made only while this instance holds it.
//!
//! The store's methods are synchronous: a table's game runs on Tokio's blocking pool and writes
//! under the table's lock, so the store runs each query on a small Tokio runtime of its own and
//! waits for it ([`tokio::task::block_in_place`] when called on a runtime thread, which then
//! hands its other tasks on). It must be used in a multi-threaded runtime, or outside any.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;

/// A table as stored.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Every option (JSON object).
    pub options: Value,
    /// The deals' seed.
    pub seed: u64,
    /// The creator chose the seed (and so can compute every hand): told to everyone who looks at
    /// the table.
    pub seed_chosen: bool,
    /// The seats (JSON array of [`crate::table::SeatInfo`]).
    pub seats: Value,
    /// Seconds a seat may stay away before the rule player takes it over (0: never).
    pub takeover_secs: u64,
    /// `waiting`, `playing`, `over`, `error` or `closed`.
    pub status: String,
    /// Creation time (ISO 8601, UTC).
    pub created: String,
    /// Seconds a person has for each decision (0: no limit).
    pub turn_secs: u64,
    /// A friends' table (joined by its link; not offered in the lobby).
    pub friends: bool,
    /// SHA-256 of the creator's token (hex).
    pub creator_hash: Option<String>,
    /// The address the table was created from.
    pub creator_addr: Option<String>,
    /// For a finished table: whether its stored record is JSON (`None`: not asked, or no
    /// record).
    pub record_ok: Option<bool>,
    /// PostgreSQL: the seats' presence as the instance running the table last stored it
    /// ([`Store::set_presence`]; a JSON array of `{"connected": bool, "taken_over": bool}`), while
    /// its lease holds (`None`: not stored, nobody holds the lease, or SQLite).
    pub presence: Option<Value>,
}

/// The columns of [`StoredTable`] in a `SELECT` on `tables` (as `t`).
const COLUMNS: &str = "t.id, t.game, t.options, t.seed, t.seats, t.takeover, t.status, t.created,
     t.seed_chosen, t.turn_secs, t.friends, t.creator_hash, t.creator_addr,
     (SELECT json_valid(r.record) FROM records r WHERE r.table_id = t.id)";

/// The schema on SQLite (a database of an older server gets the columns it lacks, see
/// [`SQLITE_ADDED`]).
const SQLITE_SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        takeover INTEGER NOT NULL,
        status TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL,
        step INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, step)
    );
    CREATE TABLE IF NOT EXISTS records (
        table_id TEXT PRIMARY KEY,
        record TEXT NOT NULL
    );";

/// The columns added to SQLite databases after their first version (with what the tables of an
/// older database had: no chosen seed, no turn timer, no creator on record, no fallback notes,
/// no owner). `owner` and `lease_until` are the instance that runs the table and until when
/// (Unix ms): used on PostgreSQL only, where several servers share the database (SQLite has
/// one server, which runs every table).
const SQLITE_ADDED: [(&str, &str, &str); 8] = [
    ("tables", "seed_chosen", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "turn_secs", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "friends", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "creator_hash", "TEXT"),
    ("tables", "creator_addr", "TEXT"),
    ("tables", "owner", "TEXT"),
    ("tables", "lease_until", "INTEGER"),
    ("actions", "note", "TEXT"),
];

/// The schema on PostgreSQL, created whole (under a lock: servers starting at the same moment
/// do not trip over each other). `seq` is the creation order (SQLite's `rowid`); JSON is text,
/// as in SQLite, and `json_valid` tells whether a text is JSON, as SQLite's does.
const POSTGRES_SCHEMA: &str = "
    BEGIN;
    SELECT pg_advisory_xact_lock(7336174);
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        seq BIGSERIAL NOT NULL UNIQUE,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        seats TEXT NOT NULL,
        takeover BIGINT NOT NULL,
        status TEXT NOT NULL,
        created TEXT NOT NULL,
        seed_chosen BOOLEAN NOT NULL DEFAULT FALSE,
        turn_secs BIGINT NOT NULL DEFAULT 0,
        friends BOOLEAN NOT NULL DEFAULT FALSE,
        creator_hash TEXT,
        creator_addr TEXT,
        owner TEXT,
        lease_until BIGINT,
        presence TEXT
    );
    ALTER TABLE tables ADD COLUMN IF NOT EXISTS presence TEXT;
    CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL,
        step BIGINT NOT NULL,
        action TEXT NOT NULL,
        note TEXT,
        PRIMARY KEY (table_id, step)
    );
    CREATE TABLE IF NOT EXISTS records (
        table_id TEXT PRIMARY KEY,
        record TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
    CREATE TABLE IF NOT EXISTS instances (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        seen BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS cluster (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE OR REPLACE FUNCTION json_valid(t TEXT) RETURNS BOOLEAN
        LANGUAGE plpgsql IMMUTABLE AS $$
        BEGIN
            PERFORM t::json;
            RETURN TRUE;
        EXCEPTION WHEN others THEN
            RETURN FALSE;
        END $$;
    COMMIT;";

/// Which tables a list asks for.
#[derive(Clone, Debug, Default)]
pub struct ListQuery {
    /// Only these statuses (empty: all).
    pub status: Vec<String>,
    /// At most this many.
    pub limit: usize,
    /// Only tables created before this one (the last of the previous page).
    pub before: Option<String>,
}

/// Where the server keeps its tables: SQLite in the data folder, or a PostgreSQL database.
#[derive(Clone, Debug)]
pub struct Database(Backend);

#[derive(Clone, Debug)]
enum Backend {
    /// `jass.sqlite3` in this folder.
    Sqlite(PathBuf),
    /// PostgreSQL, how it is shown (no password), and for a test's database of its own the
    /// guard that drops it when the last copy of the [`Database`] goes.
    Postgres(Box<PgConnectOptions>, String, Option<Arc<Scratch>>),
}

/// A test's own PostgreSQL database ([`Database::scratch_postgres`]): dropped when the last
/// [`Database`] naming it is dropped, also when the test fails (its values are dropped as the
/// panic unwinds). Connections still open to it (a server the failed test did not stop) are
/// ended by the drop (`WITH (FORCE)`).
#[derive(Debug)]
pub(crate) struct Scratch {
    /// The server's own database, connected to for the drop.
    admin: PgConnectOptions,
    /// The test database's name.
    name: String,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let name = self.name.clone();
        // A thread of its own with a runtime of its own: the drop may come on a runtime thread
        // (where no runtime may be started) or as a panic unwinds.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            rt.block_on(async {
                let pool = PgPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(admin)
                    .await
                    .map_err(|e| e.to_string())?;
                let r = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&pool)
                    .await;
                pool.close().await;
                r.map(drop).map_err(|e| e.to_string())
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("the test database {} was not dropped: {e}", self.name);
        }
    }
}

/// How the test databases' names begin: `jass_test_{unix seconds}_{random}`.
const SCRATCH_PREFIX: &str = "jass_test_";

/// Test databases older than this are dropped when a new one is made: left by a test run that
/// was killed before it could drop its own.
const SCRATCH_STALE_SECS: u64 = 3600;

impl Database {
    /// SQLite: `jass.sqlite3` in the data folder `dir` (what `jass serve` uses by default).
    pub fn sqlite(dir: &Path) -> Database {
        Database(Backend::Sqlite(dir.to_path_buf()))
    }

    /// PostgreSQL at `url` (`postgres://user:password@host:5432/dbname`); an error says what is
    /// wrong with the URL.
    pub fn postgres(url: &str) -> Result<Database, String> {
        let shown = without_password(url);
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(format!(
                "--database {shown}: give a PostgreSQL URL, postgres://user:password@host:5432/dbname (without --database the tables are kept in SQLite in the data folder)"
            ));
        }
        let options: PgConnectOptions = url
            .parse()
            .map_err(|e| format!("--database {shown}: {e}"))?;
        Ok(Database(Backend::Postgres(Box::new(options), shown, None)))
    }

    /// `jass serve`'s choice: PostgreSQL at `url` if given, else SQLite in `data`.
    pub fn from_arg(url: Option<&str>, data: &Path) -> Result<Database, String> {
        match url {
            Some(url) => Database::postgres(url),
            None => Ok(Database::sqlite(data)),
        }
    }

    /// A new, empty PostgreSQL database beside the one at `url` (whose user may create
    /// databases), for tests: each test gets its own, dropped when the last copy of the returned
    /// [`Database`] is dropped (also when the test fails). Test databases more than an hour old
    /// (of a run that was killed) are dropped on the way.
    #[doc(hidden)]
    pub async fn scratch_postgres(url: &str) -> Result<Database, String> {
        let Database(Backend::Postgres(options, shown, _)) = Database::postgres(url)? else {
            unreachable!("Database::postgres makes a PostgreSQL database")
        };
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let name = format!("{SCRATCH_PREFIX}{now}_{}", crate::random_hex(8));
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(PgConnectOptions::clone(&options))
            .await
            .map_err(|e| format!("cannot connect to {shown}: {e}"))?;
        // Those of runs that were killed (a name without a time, of an older version, is left).
        let old: Vec<String> = sqlx::query_scalar(
            r"SELECT datname FROM pg_database WHERE datname LIKE 'jass\_test\_%'",
        )
        .fetch_all(&pool)
        .await
        .unwrap_or_default();
        for db in old {
            let secs = db
                .strip_prefix(SCRATCH_PREFIX)
                .and_then(|rest| rest.split_once('_'))
                .and_then(|(t, _)| t.parse::<u64>().ok());
            let stale = secs.is_some_and(|t| t + SCRATCH_STALE_SECS < now);
            if stale && db.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)"))
                    .execute(&pool)
                    .await;
            }
        }
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&pool)
            .await
            .map_err(|e| format!("cannot create a test database at {shown}: {e}"))?;
        pool.close().await;
        let scratch = Scratch {
            admin: PgConnectOptions::clone(&options),
            name: name.clone(),
        };
        Ok(Database(Backend::Postgres(
            Box::new((*options).database(&name)),
            format!("{shown} (database {name})"),
            Some(Arc::new(scratch)),
        )))
    }

    /// The name of a test's own database ([`Database::scratch_postgres`]).
    #[doc(hidden)]
    pub fn scratch_name(&self) -> Option<&str> {
        match &self.0 {
            Backend::Postgres(_, _, Some(s)) => Some(&s.name),
            _ => None,
        }
    }

    /// The databases the store's tests run on: SQLite in `dir`, and a new PostgreSQL database
    /// if `JASS_TEST_POSTGRES` names a server (`postgres://user:password@host/dbname`, a user
    /// that may create databases). Without it the PostgreSQL runs are skipped with a note, but
    /// not in CI (`CI=true`): there a missing PostgreSQL fails the test.
    #[doc(hidden)]
    pub async fn for_tests(dir: &Path) -> Vec<Database> {
        let mut all = vec![Database::sqlite(dir)];
        match std::env::var("JASS_TEST_POSTGRES") {
            Ok(url) if !url.is_empty() => all.push(
                Database::scratch_postgres(&url)
                    .await
                    .expect("JASS_TEST_POSTGRES names a PostgreSQL server"),
            ),
            _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
                panic!("CI runs the store's tests on PostgreSQL too: set JASS_TEST_POSTGRES (.ci/run does)")
            }
            _ => {
                // Once, and past the test harness's capture, so that it is seen.
                static NOTED: std::sync::Once = std::sync::Once::new();
                NOTED.call_once(|| {
                    use std::io::Write;
                    let _ = writeln!(
                        std::io::stderr(),
                        "note: the PostgreSQL runs are skipped (set JASS_TEST_POSTGRES=postgres://user:password@host/dbname to run them)"
                    );
                });
            }
        }
        all
    }

    /// Whether it is PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self.0, Backend::Postgres(..))
    }
}

impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Backend::Sqlite(dir) => write!(f, "SQLite in {}", dir.join("jass.sqlite3").display()),
            Backend::Postgres(_, shown, _) => write!(f, "PostgreSQL at {shown}"),
        }
    }
}

/// `url` with its password (if any) replaced by `***`, to be shown in messages.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}", &rest[at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` the store's pool, whichever database it is (the same SQL for both).
macro_rules! on_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.pool {
            Pool::Sqlite($pool) => $body,
            Pool::Postgres($pool) => $body,
        }
    };
}

/// No write fails on purpose ([`Store::set_writable`], [`Store::set_full`] on PostgreSQL).
const WRITES_WORK: u8 = 0;
const READ_ONLY: u8 = 1;
const FULL: u8 = 2;

/// The database (a pool of connections; one for SQLite, which writes one at a time anyway).
pub struct Store {
    pool: Pool,
    /// The runtime the pool's connections live in.
    rt: StoreRuntime,
    /// On PostgreSQL, the failure every write meets for tests ([`Store::set_writable`],
    /// [`Store::set_full`]); SQLite fails for real instead.
    failing: AtomicU8,
    /// This server instance's id (random): the `owner` of the tables it runs.
    instance: String,
    /// How long a lease taken or renewed now holds (ms).
    lease_ms: AtomicU64,
    /// PostgreSQL: the key the instances sharing the database send with the requests they
    /// forward ([`Store::forward_key`]).
    forward_key: Option<String>,
}

/// How every refused write of a table whose lease this instance lost begins (another instance
/// runs the table now): the table stops here, and its clients are told to connect again.
pub(crate) const LEASE_LOST: &str = "the table moved to another server";

fn lease_lost(id: &str) -> String {
    format!("{LEASE_LOST}: this server's lease on table {id} ran out and another took it over")
}

/// Now as Unix ms by the database's clock (every instance compares leases by the same clock).
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Who runs an unfinished table (PostgreSQL: [`Store::lease_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The table's status.
    pub status: String,
    /// The instance holding its lease (`None`: nobody).
    pub owner: Option<String>,
    /// How long the lease still holds (ms; negative: ran out).
    pub left_ms: i64,
    /// The owner's address (`http://host:port`), if it registered one.
    pub url: Option<String>,
}

fn err(e: sqlx::Error) -> String {
    format!("database: {e}")
}

impl Store {
    /// Opens the database, creating its tables if needed (and, on SQLite, adding the columns an
    /// older server's database lacks). Must be called in a multi-threaded Tokio runtime.
    ///
    /// On SQLite the data folder is created private to the server's user (0700 on Unix) and
    /// the database private (0600): it holds the seeds of running games, so whoever reads it
    /// knows every hand.
    pub async fn open(db: &Database) -> Result<Store, String> {
        let rt = StoreRuntime::new()?;
        let (pool, forward_key) = rt
            .handle()
            .spawn(connect(db.clone()))
            .await
            .map_err(|e| format!("opening the database: {e}"))??;
        let instance = crate::random_hex(8);
        Ok(Store {
            pool,
            forward_key,
            rt,
            failing: AtomicU8::new(WRITES_WORK),
            instance,
            lease_ms: AtomicU64::new(15_000),
        })
    }

    /// This server instance's id (the `owner` of the tables it runs on PostgreSQL).
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Whether tables are leased: on PostgreSQL, which several servers may share. SQLite has
    /// one server, which runs every table (no owner is written).
    pub fn leased(&self) -> bool {
        matches!(self.pool, Pool::Postgres(_))
    }

    /// How long the leases this instance takes or renews from now on hold.
    pub fn set_lease(&self, lease: Duration) {
        self.lease_ms
            .store(lease.as_millis().max(1) as u64, Ordering::SeqCst);
    }

    fn lease_ms(&self) -> i64 {
        self.lease_ms.load(Ordering::SeqCst) as i64
    }

    /// PostgreSQL: says this instance is alive at `url` (where the others forward its tables'
    /// clients), registering it the first time.
    pub fn register(&self, url: &str) -> Result<(), String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(());
        };
        self.wait(async {
            sqlx::query(&format!(
                "INSERT INTO instances (id, url, seen) VALUES ($1, $2, {NOW_MS})
                 ON CONFLICT (id) DO UPDATE SET url = excluded.url, seen = excluded.seen"
            ))
            .bind(&self.instance)
            .bind(url)
            .execute(pool)
            .await
            .map(drop)
            .map_err(err)
        })
    }

    /// PostgreSQL: takes the lease of every unfinished table nobody holds (its owner stopped
    /// renewing, or released it), or of table `only`; returns (id, previous owner) of each
    /// taken (at most 100 at once; the rest at the next call). Another instance's valid lease
    /// is never taken. SQLite: nothing.
    pub fn claim(&self, only: Option<&str>) -> Result<Vec<(String, Option<String>)>, String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(Vec::new());
        };
        // Locked rows are skipped: another instance is claiming them, or their owner is writing
        // (its write is fenced by that lock, see `add_action`).
        let sql = format!(
            "WITH c AS (
                 SELECT id, owner FROM tables
                 WHERE status IN ('waiting', 'playing')
                   AND (owner IS NULL OR lease_until IS NULL OR lease_until < {NOW_MS})
                   AND ($3::text IS NULL OR id = $3)
                 ORDER BY seq LIMIT 100
                 FOR UPDATE SKIP LOCKED)
             UPDATE tables t SET owner = $1, lease_until = {NOW_MS} + $2, presence = NULL
             FROM c WHERE t.id = c.id
             RETURNING t.id, c.owner"
        );
        self.wait(async {
            sqlx::query_as(&sql)
                .bind(&self.instance)
                .bind(self.lease_ms())
                .bind(only)
                .fetch_all(pool)
                .await
                .map_err(err)
        })
    }

    /// PostgreSQL: renews the leases of the unfinished tables this instance holds and returns
    /// their ids (a table it runs that is not among them was taken over by another instance).
    /// SQLite: `None` (no leases).
    pub fn renew(&self) -> Result<Option<Vec<String>>, String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(None);
        };
        self.wait(async {
            sqlx::query(&format!(
                "UPDATE instances SET seen = {NOW_MS} WHERE id = $1"
            ))
            .bind(&self.instance)
            .execute(pool)
            .await
            .map_err(err)?;
            sqlx::query_scalar(&format!(
                "UPDATE tables SET lease_until = {NOW_MS} + $2
                 WHERE owner = $1 AND status IN ('waiting', 'playing') RETURNING id"
            ))
            .bind(&self.instance)
            .bind(self.lease_ms())
            .fetch_all(pool)
            .await
            .map(Some)
            .map_err(err)
        })
    }

    /// PostgreSQL: gives up every lease of this instance and unregisters it (a clean stop: the
    /// other instances take its tables over at once).
    pub fn release(&self) -> Result<(), String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(());
        };
        self.wait(async {
            sqlx::query("UPDATE tables SET owner = NULL, lease_until = NULL WHERE owner = $1")
                .bind(&self.instance)
                .execute(pool)
                .await
                .map_err(err)?;
            sqlx::query("DELETE FROM instances WHERE id = $1")
                .bind(&self.instance)
                .execute(pool)
                .await
                .map(drop)
                .map_err(err)
        })
    }

    /// PostgreSQL: deletes the rows of the other instances that have not renewed for `after`
    /// (killed, never deregistered) and hold no lease that has not run out; returns their ids.
    /// This instance's own row is never deleted. SQLite: nothing.
    pub fn prune_instances(&self, after: Duration) -> Result<Vec<String>, String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(Vec::new());
        };
        self.wait(async {
            sqlx::query_scalar(&format!(
                "DELETE FROM instances i
                 WHERE i.id <> $1 AND i.seen < {NOW_MS} - $2
                   AND NOT EXISTS (SELECT 1 FROM tables t
                       WHERE t.owner = i.id AND t.status IN ('waiting', 'playing')
                         AND t.lease_until >= {NOW_MS})
                 RETURNING i.id"
            ))
            .bind(&self.instance)
            .bind(after.as_millis().min(i64::MAX as u128) as i64)
            .fetch_all(pool)
            .await
            .map_err(err)
        })
    }

    /// PostgreSQL: the key every instance sharing the database reads from it (table `cluster`,
    /// made at random by the first): sent with the requests an instance forwards, so that the
    /// owner believes the client's address they name, which it would not from a client. SQLite:
    /// none.
    pub(crate) fn forward_key(&self) -> Option<&str> {
        self.forward_key.as_deref()
    }

    /// PostgreSQL: the addresses (`http://host:port`) the instances registered, this one's
    /// included. SQLite: none.
    pub fn instance_urls(&self) -> Result<Vec<String>, String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(Vec::new());
        };
        self.wait(async {
            sqlx::query_scalar("SELECT url FROM instances")
                .fetch_all(pool)
                .await
                .map_err(err)
        })
    }

    /// PostgreSQL: stores the seats' presence of a table this instance runs (who is connected,
    /// who is played by the rule player), for the lists of the other instances; nothing if the
    /// lease is another's. SQLite: nothing (its one server lists its tables from memory).
    pub fn set_presence(&self, id: &str, presence: &Value) -> Result<(), String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(());
        };
        self.wait(async {
            sqlx::query("UPDATE tables SET presence = $2 WHERE id = $1 AND owner = $3")
                .bind(id)
                .bind(presence.to_string())
                .bind(&self.instance)
                .execute(pool)
                .await
                .map(drop)
                .map_err(err)
        })
    }

    /// PostgreSQL: a table's status, lease and owner's address (`None`: no such table; always
    /// `None` on SQLite).
    pub fn lease_of(&self, id: &str) -> Result<Option<Lease>, String> {
        let Pool::Postgres(pool) = &self.pool else {
            return Ok(None);
        };
        type Row = (String, Option<String>, Option<i64>, Option<String>);
        let row: Option<Row> = self.wait(async {
            sqlx::query_as(&format!(
                "SELECT t.status, t.owner, t.lease_until - {NOW_MS}, i.url
                     FROM tables t LEFT JOIN instances i ON i.id = t.owner WHERE t.id = $1"
            ))
            .bind(id)
            .fetch_optional(pool)
            .await
            .map_err(err)
        })?;
        Ok(row.map(|(status, owner, left, url)| Lease {
            status,
            owner,
            left_ms: left.unwrap_or(-1),
            url,
        }))
    }

    /// PostgreSQL: whether this instance holds table `id`'s lease (asked after a refused write).
    fn owns(&self, id: &str) -> Result<bool, String> {
        Ok(self
            .lease_of(id)?
            .is_none_or(|l| l.owner.as_deref() == Some(self.instance.as_str())))
    }

    /// Runs `f` on the store's runtime and waits for it.
    fn wait<T>(&self, f: impl Future<Output = T>) -> T {
        tokio::task::block_in_place(|| self.rt.handle().block_on(f))
    }

    /// On PostgreSQL, the failure set for tests (SQLite's are real, see [`Store::set_writable`]).
    fn check_writable(&self) -> Result<(), String> {
        match self.failing.load(Ordering::SeqCst) {
            READ_ONLY => Err("database: the database is read-only (Store::set_writable)".into()),
            FULL => Err("database: database or disk is full (Store::set_full)".into()),
            _ => Ok(()),
        }
    }

    /// Makes every write fail (`false`) or work again: the storage failures of a full or broken
    /// disk, for tests and maintenance. On SQLite it is SQLite's own (`query_only`); on
    /// PostgreSQL the store refuses the writes itself.
    pub fn set_writable(&self, writable: bool) -> Result<(), String> {
        self.wait(async {
            match &self.pool {
                Pool::Sqlite(pool) => sqlx::query(if writable {
                    "PRAGMA query_only = 0"
                } else {
                    "PRAGMA query_only = 1"
                })
                .execute(pool)
                .await
                .map(drop)
                .map_err(err),
                Pool::Postgres(_) => {
                    self.set_failing(!writable, READ_ONLY);
                    Ok(())
                }
            }
        })
    }

    /// Caps the database at its present size (`true`), so that a write needing room fails with
    /// "database or disk is full" as on a full disk, or lifts the cap (`false`); for tests. On
    /// SQLite it is SQLite's own (`max_page_count`); on PostgreSQL the store refuses every write
    /// itself.
    pub fn set_full(&self, full: bool) -> Result<(), String> {
        self.wait(async {
            match &self.pool {
                Pool::Sqlite(pool) => {
                    let pages: i64 = if full {
                        sqlx::query_scalar("PRAGMA page_count")
                            .fetch_one(pool)
                            .await
                            .map_err(err)?
                    } else {
                        // SQLite's own largest page count.
                        0xFFFF_FFFE
                    };
                    sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
                        .execute(pool)
                        .await
                        .map(drop)
                        .map_err(err)
                }
                Pool::Postgres(_) => {
                    self.set_failing(full, FULL);
                    Ok(())
                }
            }
        })
    }

    fn set_failing(&self, on: bool, failure: u8) {
        let now = if on { failure } else { WRITES_WORK };
        self.failing.store(now, Ordering::SeqCst);
    }

    /// The column of the creation order (the list's order and paging).
    fn order(&self) -> &'static str {
        match self.pool {
            Pool::Sqlite(_) => "rowid",
            Pool::Postgres(_) => "seq",
        }
    }

    /// Runs one statement with `$1` bound to `id` and says how many rows it changed (for tests
    /// that damage rows, and maintenance).
    #[doc(hidden)]
    pub fn execute(&self, sql: &str, id: &str) -> Result<u64, String> {
        self.wait(async {
            on_pool!(self, |pool| sqlx::query(sql)
                .bind(id)
                .execute(pool)
                .await
                .map(|r| r.rows_affected())
                .map_err(err))
        })
    }

    /// Adds a new table (on PostgreSQL with this instance's lease on it).
    pub fn insert_table(&self, t: &StoredTable) -> Result<(), String> {
        self.check_writable()?;
        let (owner, lease) = match self.pool {
            Pool::Postgres(_) => (
                format!("$14, {NOW_MS} + $15"),
                Some((self.instance.as_str(), self.lease_ms())),
            ),
            Pool::Sqlite(_) => ("NULL, NULL".to_string(), None),
        };
        let sql = format!(
            "INSERT INTO tables (id, game, options, seed, seats, takeover, status, created,
                 seed_chosen, turn_secs, friends, creator_hash, creator_addr, owner, lease_until)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, {owner})"
        );
        self.wait(async {
            on_pool!(self, |pool| {
                let mut q = sqlx::query(&sql)
                    .bind(&t.id)
                    .bind(&t.game)
                    .bind(t.options.to_string())
                    .bind(t.seed as i64)
                    .bind(t.seats.to_string())
                    .bind(t.takeover_secs as i64)
                    .bind(&t.status)
                    .bind(&t.created)
                    .bind(t.seed_chosen)
                    .bind(t.turn_secs as i64)
                    .bind(t.friends)
                    .bind(&t.creator_hash)
                    .bind(&t.creator_addr);
                if let Some((me, ms)) = lease {
                    q = q.bind(me).bind(ms);
                }
                q.execute(pool).await.map(drop).map_err(err)
            })
        })
    }

    /// Writes a table's seats and status (on PostgreSQL only while this instance holds its
    /// lease, which a finished status gives up).
    pub fn update_table(&self, id: &str, seats: &Value, status: &str) -> Result<(), String> {
        self.check_writable()?;
        let changed = self.wait(async {
            match &self.pool {
                Pool::Sqlite(pool) => {
                    sqlx::query("UPDATE tables SET seats = $2, status = $3 WHERE id = $1")
                        .bind(id)
                        .bind(seats.to_string())
                        .bind(status)
                        .execute(pool)
                        .await
                        .map(|_| true)
                        .map_err(err)
                }
                Pool::Postgres(pool) => sqlx::query(
                    "UPDATE tables SET seats = $2, status = $3,
                         owner = CASE WHEN $3 IN ('waiting', 'playing') THEN owner END,
                         lease_until = CASE WHEN $3 IN ('waiting', 'playing') THEN lease_until END
                     WHERE id = $1 AND owner = $4",
                )
                .bind(id)
                .bind(seats.to_string())
                .bind(status)
                .bind(&self.instance)
                .execute(pool)
                .await
                .map(|r| r.rows_affected() == 1)
                .map_err(err),
            }
        })?;
        if changed || self.table(id)?.is_none() {
            return Ok(());
        }
        Err(lease_lost(id))
    }

    /// The unfinished tables (waiting or playing), oldest first, and why each row that cannot
    /// be read was left out (a damaged row must not keep the other tables from loading). The
    /// finished ones stay in the database until asked for.
    pub fn tables(&self) -> Result<(Vec<StoredTable>, Vec<String>), String> {
        let rest = format!(
            "WHERE t.status IN ('waiting', 'playing') ORDER BY t.{}",
            self.order()
        );
        self.select(&rest, &[])
    }

    /// One table, any status (`None`: no such table, or its row cannot be read: the error).
    pub fn table(&self, id: &str) -> Result<Option<StoredTable>, String> {
        let (mut rows, bad) = self.select("WHERE t.id = $1", &[Arg::Text(id)])?;
        if let Some(e) = bad.into_iter().next() {
            return Err(e);
        }
        Ok(rows.pop())
    }

    /// A page of the table list, newest first.
    pub fn list(&self, q: &ListQuery) -> Result<Vec<StoredTable>, String> {
        let mut clauses = Vec::new();
        let mut args: Vec<Arg> = q.status.iter().map(|s| Arg::Text(s)).collect();
        if !q.status.is_empty() {
            let marks: Vec<String> = (1..=q.status.len()).map(|i| format!("${i}")).collect();
            clauses.push(format!("t.status IN ({})", marks.join(", ")));
        }
        let order = self.order();
        if let Some(before) = &q.before {
            args.push(Arg::Text(before));
            clauses.push(format!(
                "t.{order} < (SELECT {order} FROM tables WHERE id = ${})",
                args.len()
            ));
        }
        args.push(Arg::Int(q.limit as i64));
        let filter = if clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", clauses.join(" AND "))
        };
        let sql = format!("{filter} ORDER BY t.{order} DESC LIMIT ${}", args.len());
        // A row that cannot be read is left out of lists (GET /api/tables/{id} says why).
        Ok(self.select(&sql, &args)?.0)
    }

    fn select(
        &self,
        rest: &str,
        args: &[Arg<'_>],
    ) -> Result<(Vec<StoredTable>, Vec<String>), String> {
        // The presence stored by the table's owner, while its lease holds.
        let presence = match self.pool {
            Pool::Postgres(_) => {
                format!("CASE WHEN t.owner IS NOT NULL AND t.lease_until >= {NOW_MS} THEN t.presence END")
            }
            Pool::Sqlite(_) => "NULL".to_string(),
        };
        let sql = format!("SELECT {COLUMNS}, {presence} FROM tables t {rest}");
        self.wait(async {
            on_pool!(self, |pool| {
                let mut query = sqlx::query(&sql);
                for a in args {
                    query = match *a {
                        Arg::Text(s) => query.bind(s),
                        Arg::Int(i) => query.bind(i),
                    };
                }
                let rows = query.fetch_all(pool).await.map_err(err)?;
                let mut out = Vec::new();
                let mut bad = Vec::new();
                for r in &rows {
                    let row = (|| -> Result<_, sqlx::Error> {
                        Ok(Fields {
                            id: r.try_get(0)?,
                            game: r.try_get(1)?,
                            options: r.try_get(2)?,
                            seed: r.try_get(3)?,
                            seats: r.try_get(4)?,
                            takeover: r.try_get(5)?,
                            status: r.try_get(6)?,
                            created: r.try_get(7)?,
                            seed_chosen: r.try_get(8)?,
                            turn_secs: r.try_get(9)?,
                            friends: r.try_get(10)?,
                            creator_hash: r.try_get(11)?,
                            creator_addr: r.try_get(12)?,
                            record_ok: r.try_get(13)?,
                            presence: r.try_get(14)?,
                        })
                    })();
                    match row.map_err(|e| format!("a table row cannot be read: {}", err(e))) {
                        Ok(f) => match f.table() {
                            Ok(t) => out.push(t),
                            Err(e) => bad.push(e),
                        },
                        Err(e) => bad.push(e),
                    }
                }
                Ok((out, bad))
            })
        })
    }

    /// Records one action (a repeated step is ignored: resuming re-reports the last one), with
    /// why it was the rule player's if it was (`note`, the record's `fallback`). On PostgreSQL
    /// only while this instance holds the table's lease: the row of the table is locked while
    /// the action is written, so that an instance taking the table over reads it, or this
    /// write is refused ([`LEASE_LOST`]).
    pub fn add_action(
        &self,
        id: &str,
        step: usize,
        action: &Value,
        note: Option<&str>,
    ) -> Result<(), String> {
        self.check_writable()?;
        let written = self.wait(async {
            match &self.pool {
                Pool::Sqlite(pool) => sqlx::query(
                    "INSERT INTO actions (table_id, step, action, note) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (table_id, step) DO NOTHING",
                )
                .bind(id)
                .bind(step as i64)
                .bind(action.to_string())
                .bind(note)
                .execute(pool)
                .await
                .map(|_| true)
                .map_err(err),
                Pool::Postgres(pool) => sqlx::query(
                    "WITH lease AS (SELECT id FROM tables WHERE id = $1 AND owner = $5 FOR UPDATE)
                     INSERT INTO actions (table_id, step, action, note)
                     SELECT $1, $2, $3, $4 FROM lease
                     ON CONFLICT (table_id, step) DO NOTHING",
                )
                .bind(id)
                .bind(step as i64)
                .bind(action.to_string())
                .bind(note)
                .bind(&self.instance)
                .execute(pool)
                .await
                .map(|r| r.rows_affected() == 1)
                .map_err(err),
            }
        })?;
        // Nothing written: a repeated step, or the lease is gone.
        if written || self.owns(id)? {
            return Ok(());
        }
        Err(lease_lost(id))
    }

    /// The notes of a table's actions played by the rule player: (step, why).
    pub fn notes(&self, id: &str) -> Result<Vec<(usize, String)>, String> {
        let rows = self.steps(
            "SELECT step, note FROM actions WHERE table_id = $1 AND note IS NOT NULL ORDER BY step",
            id,
        )?;
        Ok(rows.into_iter().map(|(s, n)| (s as usize, n)).collect())
    }

    /// The (step, text) rows `sql` selects for table `id` (`$1`).
    fn steps(&self, sql: &str, id: &str) -> Result<Vec<(i64, String)>, String> {
        self.wait(async {
            on_pool!(self, |pool| sqlx::query_as(sql)
                .bind(id)
                .fetch_all(pool)
                .await
                .map_err(err))
        })
    }

    /// A table's actions in order.
    pub fn actions(&self, id: &str) -> Result<Vec<Value>, String> {
        let rows = self.steps(
            "SELECT step, action FROM actions WHERE table_id = $1 ORDER BY step",
            id,
        )?;
        let mut out = Vec::new();
        for (i, (step, a)) in rows.into_iter().enumerate() {
            if step as usize != i {
                return Err(format!("its stored action {i} is missing"));
            }
            out.push(
                serde_json::from_str(&a)
                    .map_err(|e| format!("its stored action {step} is not JSON ({e})"))?,
            );
        }
        Ok(out)
    }

    /// Stores the finished record and marks the table over (one transaction; on PostgreSQL only
    /// while this instance holds the table's lease, which it gives up).
    pub fn finish(&self, id: &str, record: &Value, seats: &Value) -> Result<(), String> {
        self.check_writable()?;
        let (sql, me) = match self.pool {
            Pool::Sqlite(_) => (
                "UPDATE tables SET status = 'over', seats = $2 WHERE id = $1",
                None,
            ),
            Pool::Postgres(_) => (
                "UPDATE tables SET status = 'over', seats = $2, owner = NULL, lease_until = NULL
                 WHERE id = $1 AND owner = $3",
                Some(self.instance.as_str()),
            ),
        };
        let finished = self.wait(async {
            on_pool!(self, |pool| {
                let mut tx = pool.begin().await.map_err(err)?;
                // The table's row first: on PostgreSQL it stays locked until the commit.
                let mut q = sqlx::query(sql).bind(id).bind(seats.to_string());
                if let Some(me) = me {
                    q = q.bind(me);
                }
                if q.execute(&mut *tx).await.map_err(err)?.rows_affected() == 0 {
                    return Ok(false);
                }
                sqlx::query(
                    "INSERT INTO records (table_id, record) VALUES ($1, $2)
                     ON CONFLICT (table_id) DO UPDATE SET record = excluded.record",
                )
                .bind(id)
                .bind(record.to_string())
                .execute(&mut *tx)
                .await
                .map_err(err)?;
                tx.commit().await.map_err(err).map(|_| true)
            })
        })?;
        if finished || self.table(id)?.is_none() {
            return Ok(());
        }
        Err(lease_lost(id))
    }

    /// A finished table's record.
    pub fn record(&self, id: &str) -> Result<Option<Value>, String> {
        let r: Option<String> = self.wait(async {
            on_pool!(self, |pool| sqlx::query_scalar(
                "SELECT record FROM records WHERE table_id = $1"
            )
            .bind(id)
            .fetch_optional(pool)
            .await
            .map_err(err))
        })?;
        r.map(|s| {
            serde_json::from_str(&s).map_err(|e| format!("its stored record is not JSON ({e})"))
        })
        .transpose()
    }
}

/// The store's own Tokio runtime (two threads), where its connections live and its queries run.
/// Its own, because the store is called with a table's lock held: the server's runtime threads
/// may all be waiting for that lock, and sqlx needs a running runtime to hand a connection back
/// to its pool (and PostgreSQL's sockets one to be read).
struct StoreRuntime(Option<tokio::runtime::Runtime>);

impl StoreRuntime {
    fn new() -> Result<StoreRuntime, String> {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("jass-store")
            .enable_all()
            .build()
            .map(|rt| StoreRuntime(Some(rt)))
            .map_err(|e| format!("cannot start the database's threads: {e}"))
    }

    fn handle(&self) -> &tokio::runtime::Handle {
        self.0
            .as_ref()
            .expect("the runtime runs until dropped")
            .handle()
    }
}

impl Drop for StoreRuntime {
    /// Stops without waiting (a store may be dropped on a runtime thread, where waiting is not
    /// allowed).
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

/// Connects to the database, creating its tables if needed; on PostgreSQL also the instances'
/// shared key ([`Store::forward_key`]).
async fn connect(db: Database) -> Result<(Pool, Option<String>), String> {
    match db.0 {
        Backend::Sqlite(dir) => Ok((Pool::Sqlite(open_sqlite(&dir).await?), None)),
        Backend::Postgres(options, shown, _) => {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(*options)
                .await
                .map_err(|e| format!("cannot connect to the database {shown}: {e}"))?;
            sqlx::raw_sql(POSTGRES_SCHEMA)
                .execute(&pool)
                .await
                .map_err(|e| format!("cannot create the tables in {shown}: {e}"))?;
            // The instances' shared key, made by the first (see `Store::forward_key`).
            sqlx::query(
                "INSERT INTO cluster (key, value) VALUES ('forward_key', $1)
                 ON CONFLICT (key) DO NOTHING",
            )
            .bind(crate::random_hex(32))
            .execute(&pool)
            .await
            .map_err(|e| format!("cannot create the instances' key in {shown}: {e}"))?;
            let key: String =
                sqlx::query_scalar("SELECT value FROM cluster WHERE key = 'forward_key'")
                    .fetch_one(&pool)
                    .await
                    .map_err(|e| format!("cannot read the instances' key in {shown}: {e}"))?;
            Ok((Pool::Postgres(pool), Some(key)))
        }
    }
}

/// A value bound to a query of [`Store::select`].
enum Arg<'a> {
    Text(&'a str),
    Int(i64),
}

/// A row of `tables` as read, before its JSON is parsed.
struct Fields {
    id: String,
    game: String,
    options: String,
    seed: i64,
    seats: String,
    takeover: i64,
    status: String,
    created: String,
    seed_chosen: bool,
    turn_secs: i64,
    friends: bool,
    creator_hash: Option<String>,
    creator_addr: Option<String>,
    record_ok: Option<bool>,
    presence: Option<String>,
}

impl Fields {
    /// The table, or why its options or seats cannot be read.
    fn table(self) -> Result<StoredTable, String> {
        let id = self.id;
        let json = |what: &str, text: &str| {
            serde_json::from_str::<Value>(text)
                .map_err(|e| format!("table {id} cannot be loaded: its {what} are not JSON ({e})"))
        };
        let options = json("options", &self.options)?;
        let seats = json("seats", &self.seats)?;
        Ok(StoredTable {
            id,
            game: self.game,
            options,
            seed: self.seed as u64,
            seed_chosen: self.seed_chosen,
            seats,
            takeover_secs: self.takeover as u64,
            status: self.status,
            created: self.created,
            turn_secs: self.turn_secs as u64,
            friends: self.friends,
            creator_hash: self.creator_hash,
            creator_addr: self.creator_addr,
            record_ok: self.record_ok,
            // (Not JSON: as if not stored; it only shows who is connected.)
            presence: self.presence.and_then(|p| serde_json::from_str(&p).ok()),
        })
    }
}

/// Opens (creating if needed) `dir/jass.sqlite3`, private to the server's user, with the
/// columns an older server's database lacks added.
async fn open_sqlite(dir: &Path) -> Result<SqlitePool, String> {
    create_private_dir(dir)
        .map_err(|e| format!("cannot create the data folder {}: {e}", dir.display()))?;
    let path = dir.join("jass.sqlite3");
    make_private_file(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5));
    // One connection, kept: SQLite writes one at a time, and the test switches
    // (`query_only`, `max_page_count`) belong to the connection.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(1)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(options)
        .await
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    sqlx::raw_sql(SQLITE_SCHEMA)
        .execute(&pool)
        .await
        .map_err(err)?;
    for (table, column, kind) in SQLITE_ADDED {
        let has_column = sqlx::query("SELECT 1 FROM pragma_table_info($1) WHERE name = $2")
            .bind(table)
            .bind(column)
            .fetch_optional(&pool)
            .await
            .map_err(err)?
            .is_some();
        if !has_column {
            sqlx::raw_sql(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind};"))
                .execute(&pool)
                .await
                .map_err(err)?;
        }
    }
    // The table list is paged newest first, filtered by status.
    sqlx::raw_sql("CREATE INDEX IF NOT EXISTS tables_status ON tables (status);")
        .execute(&pool)
        .await
        .map_err(err)?;
    Ok(pool)
}

/// Creates `dir` (and its parents) readable by the server's user only; a folder that exists
/// already is left as the operator made it.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Creates the database file readable by the server's user only (SQLite gives the `-wal` and
/// `-shm` files it creates the database's permissions), and makes older world-readable ones
/// private.
fn make_private_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for suffix in ["", "-wal", "-shm"] {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            let file = Path::new(&name);
            if file.exists() {
                std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(id: &str) -> StoredTable {
        StoredTable {
            id: id.into(),
            game: "schieber".into(),
            options: serde_json::json!({}),
            seed: 1,
            seed_chosen: false,
            seats: serde_json::json!([]),
            takeover_secs: 60,
            status: "waiting".into(),
            created: "2026-11-26T00:00:00Z".into(),
            turn_secs: 0,
            friends: false,
            creator_hash: None,
            creator_addr: None,
            record_ok: None,
            presence: None,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_database_from_before_seed_chosen_gets_the_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("jass.sqlite3");
        let old = SqlitePool::connect_with(
            SqliteConnectOptions::new()
                .filename(&path)
                .create_if_missing(true),
        )
        .await
        .unwrap();
        sqlx::raw_sql(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
                 seed INTEGER NOT NULL, seats TEXT NOT NULL, takeover INTEGER NOT NULL,
                 status TEXT NOT NULL, created TEXT NOT NULL);
             INSERT INTO tables VALUES ('t1', 'schieber', '{}', 7, '[]', 60, 'playing', '2026-11-20T00:00:00Z');",
        )
        .execute(&old)
        .await
        .unwrap();
        old.close().await;
        let store = Store::open(&Database::sqlite(dir.path())).await.unwrap();
        let (tables, unreadable) = store.tables().unwrap();
        assert!(unreadable.is_empty(), "{unreadable:?}");
        assert_eq!(
            (tables.len(), tables[0].seed, tables[0].seed_chosen),
            (1, 7, false)
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_damaged_row_leaves_the_other_tables_loadable() {
        let dir = tempfile::tempdir().unwrap();
        for db in Database::for_tests(dir.path()).await {
            let store = Store::open(&db).await.unwrap();
            store.insert_table(&table("good")).unwrap();
            store.insert_table(&table("bad")).unwrap();
            store
                .execute("UPDATE tables SET seats = 'not json' WHERE id = $1", "bad")
                .unwrap();
            let (tables, unreadable) = store.tables().unwrap();
            assert_eq!(tables.len(), 1, "{db}");
            assert_eq!(tables[0].id, "good");
            assert_eq!(unreadable.len(), 1);
            assert!(
                unreadable[0].contains("table bad cannot be loaded: its seats are not JSON"),
                "{unreadable:?}"
            );
            // Reopened (the columns added before exist already).
            drop(store);
            let again = Store::open(&db).await.unwrap();
            assert_eq!(again.tables().unwrap().0.len(), 1, "{db}");
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn tables_actions_records_and_pages_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        for db in Database::for_tests(dir.path()).await {
            let store = Store::open(&db).await.unwrap();
            for i in 0..5 {
                let mut t = table(&format!("t{i}"));
                t.seed = u64::MAX >> 11;
                t.seed_chosen = i % 2 == 0;
                t.creator_hash = Some(format!("h{i}"));
                store.insert_table(&t).unwrap();
            }
            let seats = serde_json::json!([{"kind": "bot", "name": "x"}]);
            store.update_table("t1", &seats, "playing").unwrap();
            for step in 0..3 {
                let note = (step == 1).then_some("away");
                store
                    .add_action("t1", step, &serde_json::json!({"step": step}), note)
                    .unwrap();
            }
            // A repeated step is ignored.
            store
                .add_action("t1", 2, &serde_json::json!("again"), None)
                .unwrap();
            assert_eq!(store.actions("t1").unwrap().len(), 3, "{db}");
            assert_eq!(store.actions("t1").unwrap()[2]["step"], 2);
            assert_eq!(store.notes("t1").unwrap(), vec![(1, "away".to_string())]);
            store
                .finish("t2", &serde_json::json!({"deals": []}), &seats)
                .unwrap();
            assert_eq!(
                store.record("t2").unwrap(),
                Some(serde_json::json!({"deals": []}))
            );
            assert_eq!(store.record("t1").unwrap(), None);
            let t2 = store.table("t2").unwrap().unwrap();
            assert_eq!(
                (t2.status.as_str(), t2.record_ok, t2.seed, t2.seed_chosen),
                ("over", Some(true), u64::MAX >> 11, true),
                "{db}"
            );
            assert_eq!(t2.creator_hash.as_deref(), Some("h2"));
            assert_eq!(store.table("t1").unwrap().unwrap().record_ok, None);
            assert!(store.table("nope").unwrap().is_none());
            // Unfinished oldest first; pages newest first, by status, before a table.
            let ids = |v: Vec<StoredTable>| v.into_iter().map(|t| t.id).collect::<Vec<_>>();
            assert_eq!(ids(store.tables().unwrap().0), ["t0", "t1", "t3", "t4"]);
            let page = |status: &[&str], limit, before: Option<&str>| {
                ids(store
                    .list(&ListQuery {
                        status: status.iter().map(|s| s.to_string()).collect(),
                        limit,
                        before: before.map(String::from),
                    })
                    .unwrap())
            };
            assert_eq!(page(&[], 2, None), ["t4", "t3"], "{db}");
            assert_eq!(page(&[], 2, Some("t3")), ["t2", "t1"]);
            assert_eq!(
                page(&["waiting", "over"], 10, None),
                ["t4", "t3", "t2", "t0"]
            );
            assert_eq!(page(&["waiting"], 10, Some("t3")), ["t0"]);
            store
                .execute(
                    "UPDATE records SET record = 'not json' WHERE table_id = $1",
                    "t2",
                )
                .unwrap();
            assert_eq!(store.table("t2").unwrap().unwrap().record_ok, Some(false));
            assert!(store.record("t2").unwrap_err().contains("not JSON"));
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_lease_fences_every_write_of_its_table() {
        let dir = tempfile::tempdir().unwrap();
        for db in Database::for_tests(dir.path()).await {
            let a = Store::open(&db).await.unwrap();
            if !a.leased() {
                // SQLite: one server, no leases; the writes work as ever.
                assert_eq!(a.claim(None).unwrap(), vec![]);
                assert_eq!(a.renew().unwrap(), None);
                continue;
            }
            let b = Store::open(&db).await.unwrap();
            assert_ne!(a.instance(), b.instance());
            a.register("http://a:1").unwrap();
            a.insert_table(&table("t")).unwrap();
            a.add_action("t", 0, &serde_json::json!(0), None).unwrap();
            // A valid lease is not taken.
            assert_eq!(b.claim(None).unwrap(), vec![]);
            let lease = b.lease_of("t").unwrap().unwrap();
            assert_eq!(lease.owner.as_deref(), Some(a.instance()));
            assert_eq!(lease.url.as_deref(), Some("http://a:1"));
            assert!(lease.left_ms > 10_000, "{lease:?}");
            // The other instance writes nothing to it.
            let e = b
                .add_action("t", 1, &serde_json::json!(1), None)
                .unwrap_err();
            assert!(e.starts_with(LEASE_LOST), "{e}");
            assert!(b
                .update_table("t", &serde_json::json!([]), "playing")
                .is_err());
            assert!(b
                .finish("t", &serde_json::json!({}), &serde_json::json!([]))
                .is_err());
            assert_eq!(a.renew().unwrap(), Some(vec!["t".to_string()]));
            // A stops renewing: its lease runs out, and B takes the table over.
            a.execute("UPDATE tables SET lease_until = 0 WHERE id = $1", "t")
                .unwrap();
            assert_eq!(
                b.claim(None).unwrap(),
                vec![("t".to_string(), Some(a.instance().to_string()))]
            );
            // A, waking up, can write no step, and learns it renews nothing.
            let e = a
                .add_action("t", 1, &serde_json::json!("old"), None)
                .unwrap_err();
            assert!(e.starts_with(LEASE_LOST), "{e}");
            assert!(a
                .update_table("t", &serde_json::json!([]), "closed")
                .unwrap_err()
                .starts_with(LEASE_LOST));
            assert_eq!(a.renew().unwrap(), Some(vec![]));
            b.add_action("t", 1, &serde_json::json!("new"), None)
                .unwrap();
            assert_eq!(
                b.actions("t").unwrap(),
                vec![serde_json::json!(0), serde_json::json!("new")]
            );
            // A finished table gives its lease up; a clean stop gives up the others.
            b.insert_table(&table("u")).unwrap();
            b.finish("t", &serde_json::json!({}), &serde_json::json!([]))
                .unwrap();
            assert_eq!(b.lease_of("t").unwrap().unwrap().owner, None);
            b.release().unwrap();
            assert_eq!(b.lease_of("u").unwrap().unwrap().owner, None);
            assert_eq!(a.claim(Some("u")).unwrap(), vec![("u".to_string(), None)]);
        }
    }

    /// Whether the PostgreSQL server at `JASS_TEST_POSTGRES` has a database `name`.
    async fn database_exists(name: &str) -> bool {
        let url = std::env::var("JASS_TEST_POSTGRES").unwrap();
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        let n: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_database WHERE datname = $1")
            .bind(name)
            .fetch_one(&pool)
            .await
            .unwrap();
        pool.close().await;
        n == 1
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_test_database_is_dropped_with_its_last_copy_also_when_the_test_fails() {
        let dir = tempfile::tempdir().unwrap();
        let Some(db) = Database::for_tests(dir.path())
            .await
            .into_iter()
            .find(Database::is_postgres)
        else {
            return;
        };
        let name = db.scratch_name().unwrap().to_string();
        assert!(name.starts_with(SCRATCH_PREFIX), "{name}");
        let store = Store::open(&db).await.unwrap();
        store.insert_table(&table("t")).unwrap();
        let copy = db.clone();
        drop(db);
        assert!(database_exists(&name).await, "a copy is left");
        // Dropped though a store is still connected to it.
        drop(copy);
        assert!(!database_exists(&name).await, "{name} was not dropped");
        drop(store);

        // A test that fails with its database and a store open.
        let url = std::env::var("JASS_TEST_POSTGRES").unwrap();
        let db = Database::scratch_postgres(&url).await.unwrap();
        let name = db.scratch_name().unwrap().to_string();
        let failed = tokio::spawn(async move {
            let store = Store::open(&db).await.unwrap();
            store.insert_table(&table("t")).unwrap();
            panic!("a failing test");
        })
        .await;
        assert!(failed.unwrap_err().is_panic());
        assert!(!database_exists(&name).await, "{name} was not dropped");

        // One left by a run that was killed more than an hour ago goes with the next.
        let admin = PgPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        let old = format!("{SCRATCH_PREFIX}1000_{}", crate::random_hex(4));
        sqlx::query(&format!("CREATE DATABASE {old}"))
            .execute(&admin)
            .await
            .unwrap();
        admin.close().await;
        let next = Database::scratch_postgres(&url).await.unwrap();
        assert!(!database_exists(&old).await, "{old} was left");
        let next_name = next.scratch_name().unwrap().to_string();
        assert!(database_exists(&next_name).await);
        drop(next);
        assert!(!database_exists(&next_name).await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_instances_that_died_are_pruned_but_not_those_holding_a_lease() {
        let dir = tempfile::tempdir().unwrap();
        for db in Database::for_tests(dir.path()).await {
            let a = Store::open(&db).await.unwrap();
            if !a.leased() {
                assert_eq!(
                    a.prune_instances(Duration::ZERO).unwrap(),
                    Vec::<String>::new()
                );
                continue;
            }
            let b = Store::open(&db).await.unwrap();
            let c = Store::open(&db).await.unwrap();
            let d = Store::open(&db).await.unwrap();
            for (s, url) in [
                (&a, "http://a:1"),
                (&b, "http://b:1"),
                (&c, "http://c:1"),
                (&d, "http://d:1"),
            ] {
                s.register(url).unwrap();
            }
            // C holds a table whose lease has not run out; D held one whose lease ran out.
            c.insert_table(&table("held")).unwrap();
            d.insert_table(&table("lapsed")).unwrap();
            d.execute("UPDATE tables SET lease_until = 0 WHERE id = $1", "lapsed")
                .unwrap();
            // None renewed for ten minutes (A, B and D died; so did C, but its lease holds).
            a.execute(
                "UPDATE instances SET seen = seen - 600000 WHERE id <> $1",
                "",
            )
            .unwrap();
            let ids = |v: Vec<String>| {
                let mut v = v;
                v.sort();
                v
            };
            // Not for a generous time yet.
            assert_eq!(
                a.prune_instances(Duration::from_secs(900)).unwrap(),
                Vec::<String>::new()
            );
            let mut gone = vec![b.instance().to_string(), d.instance().to_string()];
            gone.sort();
            assert_eq!(
                ids(a.prune_instances(Duration::from_secs(300)).unwrap()),
                gone,
                "{db}"
            );
            let left: Vec<String> = a.wait(async {
                on_pool!(a, |pool| sqlx::query_scalar("SELECT id FROM instances")
                    .fetch_all(pool)
                    .await
                    .unwrap())
            });
            let mut kept = vec![a.instance().to_string(), c.instance().to_string()];
            kept.sort();
            assert_eq!(ids(left), kept, "never itself, never one holding a lease");
            // The lapsed table is taken over as before (its owner's address is gone).
            let lease = a.lease_of("lapsed").unwrap().unwrap();
            assert_eq!(
                (lease.owner.as_deref(), lease.url),
                (Some(d.instance()), None)
            );
            assert_eq!(
                a.claim(None).unwrap(),
                vec![("lapsed".to_string(), Some(d.instance().to_string()))]
            );
            // An instance that was only paused registers again at its next lease check.
            b.register("http://b:1").unwrap();
            assert_eq!(a.instance_urls().unwrap().len(), 3);
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_test_switches_fail_writes_and_lift() {
        let dir = tempfile::tempdir().unwrap();
        for db in Database::for_tests(dir.path()).await {
            let store = Store::open(&db).await.unwrap();
            store.insert_table(&table("t")).unwrap();
            store.set_writable(false).unwrap();
            let e = store.add_action("t", 0, &serde_json::json!(1), None);
            assert!(e.is_err(), "{db}");
            assert!(store
                .update_table("t", &serde_json::json!([]), "closed")
                .is_err());
            store.set_writable(true).unwrap();
            store
                .add_action("t", 0, &serde_json::json!(1), None)
                .unwrap();
            store.set_full(true).unwrap();
            // A cap at the present size: some write soon needs a new page.
            let full = (1..2000)
                .map(|step| store.add_action("t", step, &serde_json::json!("x".repeat(500)), None))
                .find_map(Result::err)
                .expect("the capped database fills up");
            assert!(full.contains("full"), "{db}: {full}");
            store.set_full(false).unwrap();
            let n = store.actions("t").unwrap().len();
            store
                .add_action("t", n, &serde_json::json!(1), None)
                .unwrap();
            assert_eq!(store.table("t").unwrap().unwrap().status, "waiting");
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_unreachable_database_is_named_without_its_password() {
        // Nothing listens on port 1.
        let db = Database::postgres("postgres://jass:secret@127.0.0.1:1/jass").unwrap();
        let e = match Store::open(&db).await {
            Ok(_) => panic!("a store without a database"),
            Err(e) => e,
        };
        assert!(
            e.starts_with("cannot connect to the database postgres://jass:***@127.0.0.1:1/jass: ")
                && !e.contains("secret"),
            "{e}"
        );
    }

    #[test]
    fn a_database_url_is_checked_and_its_password_never_shown() {
        let e = Database::postgres("mysql://u:secret@h/db").unwrap_err();
        assert!(
            e.contains("give a PostgreSQL URL") && !e.contains("secret"),
            "{e}"
        );
        let e = Database::postgres("postgres://u:secret@h:notaport/db").unwrap_err();
        assert!(!e.contains("secret"), "{e}");
        let db = Database::postgres("postgres://u:secret@h:5433/db").unwrap();
        assert_eq!(db.to_string(), "PostgreSQL at postgres://u:***@h:5433/db");
        assert!(db.is_postgres());
        assert_eq!(
            Database::from_arg(None, Path::new("d"))
                .unwrap()
                .to_string(),
            "SQLite in d/jass.sqlite3"
        );
    }
}

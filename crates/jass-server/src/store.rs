//! The server's SQLite database in the data folder: tables (game, options, seed, seats with their
//! token hashes, takeover delay, status), every action as it is taken, the finished records.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

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
}

/// The columns of [`StoredTable`] in a `SELECT` on `tables` (as `t`).
const COLUMNS: &str = "t.id, t.game, t.options, t.seed, t.seats, t.takeover, t.status, t.created,
     t.seed_chosen, t.turn_secs, t.friends, t.creator_hash, t.creator_addr,
     (SELECT json_valid(r.record) FROM records r WHERE r.table_id = t.id)";

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

/// The database (one connection, shared).
pub struct Store {
    conn: Mutex<Connection>,
}

fn err(e: rusqlite::Error) -> String {
    format!("database: {e}")
}

impl Store {
    /// Opens (creating if needed) `dir/jass.sqlite3`.
    /// The folder is created private to the server's user (0700 on Unix) and the database
    /// private (0600): it holds the seeds of running games, so whoever reads it knows every hand.
    pub fn open(dir: &Path) -> Result<Store, String> {
        create_private_dir(dir)
            .map_err(|e| format!("cannot create the data folder {}: {e}", dir.display()))?;
        let path = dir.join("jass.sqlite3");
        make_private_file(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        let conn =
            Connection::open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        conn.execute_batch(
            "PRAGMA journal_mode=WAL;
             PRAGMA synchronous=NORMAL;
             PRAGMA busy_timeout=5000;
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
             );",
        )
        .map_err(err)?;
        // Databases from before a column get it (with what their tables had: no chosen seed,
        // no turn timer, no creator on record, no fallback notes).
        for (table, column, kind) in [
            ("tables", "seed_chosen", "INTEGER NOT NULL DEFAULT 0"),
            ("tables", "turn_secs", "INTEGER NOT NULL DEFAULT 0"),
            ("tables", "friends", "INTEGER NOT NULL DEFAULT 0"),
            ("tables", "creator_hash", "TEXT"),
            ("tables", "creator_addr", "TEXT"),
            ("actions", "note", "TEXT"),
        ] {
            let has_column = conn
                .prepare(&format!(
                    "SELECT 1 FROM pragma_table_info('{table}') WHERE name = '{column}'"
                ))
                .and_then(|mut s| s.exists([]))
                .map_err(err)?;
            if !has_column {
                conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind};"))
                    .map_err(err)?;
            }
        }
        // The table list is paged newest first, filtered by status.
        conn.execute_batch("CREATE INDEX IF NOT EXISTS tables_status ON tables (status);")
            .map_err(err)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Makes every write fail (`false`: SQLite's `query_only`) or work again: the storage
    /// failures of a full or broken disk, for tests and maintenance.
    pub fn set_writable(&self, writable: bool) -> Result<(), String> {
        self.conn()
            .pragma_update(None, "query_only", !writable)
            .map_err(err)
    }

    /// Caps the database at its present size (`true`: SQLite's `max_page_count`), so that a
    /// write needing a new page fails with "database or disk is full" as on a full disk, or lifts
    /// the cap (`false`); for tests.
    pub fn set_full(&self, full: bool) -> Result<(), String> {
        let conn = self.conn();
        let pages: i64 = if full {
            conn.query_row("PRAGMA page_count", [], |r| r.get(0))
                .map_err(err)?
        } else {
            // SQLite's own largest page count.
            0xFFFF_FFFE
        };
        conn.pragma_update(None, "max_page_count", pages)
            .map_err(err)
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds a new table.
    pub fn insert_table(&self, t: &StoredTable) -> Result<(), String> {
        self.conn()
            .execute(
                "INSERT INTO tables (id, game, options, seed, seats, takeover, status, created,
                     seed_chosen, turn_secs, friends, creator_hash, creator_addr)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    t.id,
                    t.game,
                    t.options.to_string(),
                    t.seed as i64,
                    t.seats.to_string(),
                    t.takeover_secs as i64,
                    t.status,
                    t.created,
                    t.seed_chosen,
                    t.turn_secs as i64,
                    t.friends,
                    t.creator_hash,
                    t.creator_addr
                ],
            )
            .map_err(err)?;
        Ok(())
    }

    /// Writes a table's seats and status.
    pub fn update_table(&self, id: &str, seats: &Value, status: &str) -> Result<(), String> {
        self.conn()
            .execute(
                "UPDATE tables SET seats = ?2, status = ?3 WHERE id = ?1",
                params![id, seats.to_string(), status],
            )
            .map_err(err)?;
        Ok(())
    }

    /// The unfinished tables (waiting or playing), oldest first, and why each row that cannot
    /// be read was left out (a damaged row must not keep the other tables from loading). The
    /// finished ones stay in the database until asked for.
    pub fn tables(&self) -> Result<(Vec<StoredTable>, Vec<String>), String> {
        self.select(
            "WHERE t.status IN ('waiting', 'playing') ORDER BY t.rowid",
            &[],
        )
    }

    /// One table, any status (`None`: no such table, or its row cannot be read: the error).
    pub fn table(&self, id: &str) -> Result<Option<StoredTable>, String> {
        let (mut rows, bad) = self.select("WHERE t.id = ?1", &[&id])?;
        if let Some(e) = bad.into_iter().next() {
            return Err(e);
        }
        Ok(rows.pop())
    }

    /// A page of the table list, newest first.
    pub fn list(&self, q: &ListQuery) -> Result<Vec<StoredTable>, String> {
        let mut clauses = Vec::new();
        let mut args: Vec<&dyn rusqlite::ToSql> = Vec::new();
        let limit = q.limit as i64;
        for s in &q.status {
            args.push(s);
        }
        if !q.status.is_empty() {
            let marks: Vec<String> = (1..=q.status.len()).map(|i| format!("?{i}")).collect();
            clauses.push(format!("t.status IN ({})", marks.join(", ")));
        }
        if let Some(before) = &q.before {
            args.push(before);
            clauses.push(format!(
                "t.rowid < (SELECT rowid FROM tables WHERE id = ?{})",
                args.len()
            ));
        }
        args.push(&limit);
        let filter = if clauses.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", clauses.join(" AND "))
        };
        let sql = format!("{filter} ORDER BY t.rowid DESC LIMIT ?{}", args.len());
        // A row that cannot be read is left out of lists (GET /api/tables/{id} says why).
        Ok(self.select(&sql, &args)?.0)
    }

    fn select(
        &self,
        rest: &str,
        args: &[&dyn rusqlite::ToSql],
    ) -> Result<(Vec<StoredTable>, Vec<String>), String> {
        let conn = self.conn();
        let mut st = conn
            .prepare(&format!("SELECT {COLUMNS} FROM tables t {rest}"))
            .map_err(err)?;
        type Row = (
            (String, String, String, i64, String, i64, String, String),
            (
                bool,
                i64,
                bool,
                Option<String>,
                Option<String>,
                Option<bool>,
            ),
        );
        let rows = st
            .query_map(args, |r| -> rusqlite::Result<Row> {
                Ok((
                    (
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                    ),
                    (
                        r.get(8)?,
                        r.get(9)?,
                        r.get(10)?,
                        r.get(11)?,
                        r.get(12)?,
                        r.get(13)?,
                    ),
                ))
            })
            .map_err(err)?;
        let mut out = Vec::new();
        let mut bad = Vec::new();
        for row in rows {
            let (
                (id, game, options, seed, seats, takeover, status, created),
                (seed_chosen, turn_secs, friends, creator_hash, creator_addr, record_ok),
            ) = match row {
                Ok(r) => r,
                Err(e) => {
                    bad.push(format!("a table row cannot be read: {}", err(e)));
                    continue;
                }
            };
            let json = |what: &str, text: &str| {
                serde_json::from_str::<Value>(text).map_err(|e| {
                    format!("table {id} cannot be loaded: its {what} are not JSON ({e})")
                })
            };
            let (options, seats) = match (json("options", &options), json("seats", &seats)) {
                (Ok(o), Ok(s)) => (o, s),
                (Err(e), _) | (_, Err(e)) => {
                    bad.push(e);
                    continue;
                }
            };
            out.push(StoredTable {
                id,
                game,
                options,
                seed: seed as u64,
                seed_chosen,
                seats,
                takeover_secs: takeover as u64,
                status,
                created,
                turn_secs: turn_secs as u64,
                friends,
                creator_hash,
                creator_addr,
                record_ok,
            });
        }
        Ok((out, bad))
    }

    /// Records one action (a repeated step is ignored: resuming re-reports the last one), with
    /// why it was the rule player's if it was (`note`, the record's `fallback`).
    pub fn add_action(
        &self,
        id: &str,
        step: usize,
        action: &Value,
        note: Option<&str>,
    ) -> Result<(), String> {
        self.conn()
            .execute(
                "INSERT OR IGNORE INTO actions (table_id, step, action, note) VALUES (?1, ?2, ?3, ?4)",
                params![id, step as i64, action.to_string(), note],
            )
            .map_err(err)?;
        Ok(())
    }

    /// The notes of a table's actions played by the rule player: (step, why).
    pub fn notes(&self, id: &str) -> Result<Vec<(usize, String)>, String> {
        let conn = self.conn();
        let mut st = conn
            .prepare(
                "SELECT step, note FROM actions WHERE table_id = ?1 AND note IS NOT NULL ORDER BY step",
            )
            .map_err(err)?;
        let rows = st
            .query_map([id], |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)))
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// A table's actions in order.
    pub fn actions(&self, id: &str) -> Result<Vec<Value>, String> {
        let conn = self.conn();
        let mut st = conn
            .prepare("SELECT step, action FROM actions WHERE table_id = ?1 ORDER BY step")
            .map_err(err)?;
        let rows = st
            .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(err)?;
        let mut out = Vec::new();
        for (i, row) in rows.enumerate() {
            let (step, a) = row.map_err(err)?;
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

    /// Stores the finished record and marks the table over.
    pub fn finish(&self, id: &str, record: &Value, seats: &Value) -> Result<(), String> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(err)?;
        tx.execute(
            "INSERT OR REPLACE INTO records (table_id, record) VALUES (?1, ?2)",
            params![id, record.to_string()],
        )
        .map_err(err)?;
        tx.execute(
            "UPDATE tables SET status = 'over', seats = ?2 WHERE id = ?1",
            params![id, seats.to_string()],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    /// A finished table's record.
    pub fn record(&self, id: &str) -> Result<Option<Value>, String> {
        let r: Option<String> = self
            .conn()
            .query_row(
                "SELECT record FROM records WHERE table_id = ?1",
                [id],
                |r| r.get(0),
            )
            .optional()
            .map_err(err)?;
        r.map(|s| {
            serde_json::from_str(&s).map_err(|e| format!("its stored record is not JSON ({e})"))
        })
        .transpose()
    }
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
        }
    }

    #[test]
    fn a_database_from_before_seed_chosen_gets_the_column() {
        let dir = tempfile::tempdir().unwrap();
        let old = Connection::open(dir.path().join("jass.sqlite3")).unwrap();
        old.execute_batch(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
                 seed INTEGER NOT NULL, seats TEXT NOT NULL, takeover INTEGER NOT NULL,
                 status TEXT NOT NULL, created TEXT NOT NULL);
             INSERT INTO tables VALUES ('t1', 'schieber', '{}', 7, '[]', 60, 'playing', '2026-11-20T00:00:00Z');",
        )
        .unwrap();
        drop(old);
        let store = Store::open(dir.path()).unwrap();
        let (tables, unreadable) = store.tables().unwrap();
        assert!(unreadable.is_empty(), "{unreadable:?}");
        assert_eq!(
            (tables.len(), tables[0].seed, tables[0].seed_chosen),
            (1, 7, false)
        );
    }

    #[test]
    fn a_damaged_row_leaves_the_other_tables_loadable() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store.insert_table(&table("good")).unwrap();
        store.insert_table(&table("bad")).unwrap();
        store
            .conn()
            .execute("UPDATE tables SET seats = 'not json' WHERE id = 'bad'", [])
            .unwrap();
        let (tables, unreadable) = store.tables().unwrap();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].id, "good");
        assert_eq!(unreadable.len(), 1);
        assert!(
            unreadable[0].contains("table bad cannot be loaded: its seats are not JSON"),
            "{unreadable:?}"
        );
        // Reopened (the column added before exists already).
        drop(store);
        let again = Store::open(dir.path()).unwrap();
        assert_eq!(again.tables().unwrap().0.len(), 1);
    }
}

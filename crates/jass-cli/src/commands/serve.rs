//! `jass serve`: tables in the browser and for external bots over WebSockets (`jass_server`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

/// Arguments of `jass serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Folder of the database (tables, actions, records); created if missing.
    #[arg(long, default_value = "./jass-data")]
    data: PathBuf,
    /// Keep the tables in this PostgreSQL database instead of SQLite in the data folder
    /// (postgres://user:password@host:5432/dbname; the password may come from PGPASSWORD).
    #[arg(long)]
    database: Option<String>,
}

/// Serves until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<ExitCode> {
    jass_server::serve(args.addr, args.data, args.database)
        .map(|()| ExitCode::SUCCESS)
        .map_err(anyhow::Error::msg)
}

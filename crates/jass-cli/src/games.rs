//! The games the command knows: the registry of `jass-table`.

pub use jass_table::GameKind;

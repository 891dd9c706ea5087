//! The games: the one list below, and each game's entry, its [`TableGame`](crate::TableGame) impl
//! (names, seats, options, players and their settings, recorded play, verdict, its part of the
//! table view) in `<module>.rs`, with its players and phrases beside it in `<module>/`. A new game
//! adds its entry and one line in the list (docs/adding-a-game.md); the helpers below are shared
//! by the entries.

crate::registry::games! {
    /// Schieber.
    Schieber(schieber: jass_core::schieber::Schieber),
    /// Handjass (2 to 5 players).
    Handjass(handjass: jass_core::handjass::Handjass),
    /// Sidi Barrani.
    Sidi(sidi: jass_core::sidi::Sidi),
    /// Coiffeur.
    Coiffeur(coiffeur: jass_core::coiffeur::Coiffeur),
    /// Differenzler.
    Differenzler(differenzler: jass_core::differenzler::Differenzler),
    /// Schellenjass, Herzjass with French cards (2 to 4 players).
    Schellenjass(schellenjass: jass_core::schellenjass::Schellenjass),
    /// Hindersi, a reverse Jass: the fewest points (4 or 3 players).
    Hindersi(hindersi: jass_core::hindersi::Hindersi),
    /// Mittlere: three players, the trump set by the first card off suit, not the middle score.
    Mittlere(mittlere: jass_core::mittlere::Mittlere),
    /// Molotow: four players, the trump set by the first card off suit, table melds, the fewest points.
    Molotow(molotow: jass_core::molotow::Molotow),
    /// Guggitaler (Serienjass): a list of deals without trump, each counting other cards.
    Guggitaler(guggitaler: jass_core::guggitaler::Guggitaler),
    /// Pandur: 24 cards, three active players, an auction to play alone (4 or 3 players).
    Pandur(pandur: jass_core::pandur::Pandur),
    /// Bieter (Steiger): a King against the Bauernpartei, his target bid (3 or 4 players).
    Bieter(bieter: jass_core::bieter::Bieter),
    /// Schafhauser (Fischenthaler): a King against the Bauernpartei without an auction (3 players).
    Schafhauser(schafhauser: jass_core::schafhauser::Schafhauser),
    /// Palette: four players, an auction, the partner the holder of a card asked for.
    Palette(palette: jass_core::palette::Palette),
    /// Zuger: the dealer sits out, the others play or fold, a tenth of the points is written.
    Zuger(zuger: jass_core::zuger::Zuger),
    /// Schaggi Haas: two players, Bessern with a talon of four, the trump six robs, to 1000.
    SchaggiHaas(schaggi_haas: jass_core::schaggi_haas::SchaggiHaas),
}

use serde_json::Value;

use jass_core::hindersi::Ranking;

use crate::view::{Cell, LineRole, Phrase, ScoreLine, Slate, SlateRow, TableView};

/// The numbers of a view's field (`totals`), as whole numbers.
pub(crate) fn ints(v: &Value, key: &str) -> Vec<i64> {
    v[key]
        .as_array()
        .map(|a| a.iter().map(|x| x.as_i64().unwrap_or(0)).collect())
        .unwrap_or_default()
}

/// The name of a side (a team or a seat), as the front end says it from its viewer's side.
pub(crate) fn side(s: usize) -> Phrase {
    Phrase::new("side").with("side", s)
}

/// The card points side `s` has taken this deal (the running points of the table view).
pub(crate) fn deal_points_cell(table: &TableView, s: usize) -> Cell {
    Cell::Number(table.deal_points.get(s).map_or(0, |&p| i64::from(p)))
}

/// A number of a field, or nothing.
pub(crate) fn cell(v: Option<i64>) -> Cell {
    v.map_or(Cell::Empty, Cell::Number)
}

/// The slate of a game where every player is for himself (Guggitaler, Pandur): each player's
/// card points this deal and total so far, with `notes`.
pub(crate) fn seat_slate(public: &Value, table: &TableView, notes: Vec<Phrase>) -> Slate {
    let totals = ints(public, "totals");
    let rows = (0..totals.len())
        .map(|s| SlateRow {
            label: side(s),
            side: Some(s),
            cells: vec![deal_points_cell(table, s), Cell::Number(totals[s])],
            own: None,
        })
        .collect();
    Slate {
        columns: vec![Phrase::new("col_this_deal"), Phrase::new("col_total")],
        rows,
        notes,
    }
}

/// The slate of the two-team games scored on a running total (Schieber, Sidi Barrani): each
/// team's total and the card points it has taken this deal; the target.
pub(crate) fn team_slate(public: &Value, table: &TableView) -> Slate {
    let totals = ints(public, "totals");
    let rows = (0..2)
        .map(|t| SlateRow {
            label: side(t),
            side: Some(t),
            cells: vec![
                cell(totals.get(t).copied()),
                cell(table.deal_points.get(t).map(|&p| i64::from(p))),
            ],
            own: None,
        })
        .collect();
    Slate {
        columns: vec![Phrase::new("col_total"), Phrase::new("col_this_deal")],
        rows,
        notes: public["target"]
            .as_u64()
            .map(|t| vec![Phrase::new("note_target").with("target", t)])
            .unwrap_or_default(),
    }
}

/// The contract and who chose it, or who is choosing (Schieber, Coiffeur); a game that ended
/// inside a deal says so.
pub(crate) fn contract_facts(public: &Value) -> Vec<Phrase> {
    let mut facts = contract(public);
    // 003: the game ends as soon as a team has the target, also inside a deal (by a Stöck
    // before any card is played).
    let done = public["tricks"].as_array().map_or(0, Vec::len);
    if public["phase"] == "over" && done < 9 {
        facts.push(Phrase::new("fact_ended_inside").with("tricks", done));
        if let Some(s) = public["stoeck"].as_u64() {
            facts.push(Phrase::new("fact_stoeck").with("seat", s));
        }
    }
    facts
}

fn contract(public: &Value) -> Vec<Phrase> {
    let schoben = public["schoben"].as_bool() == Some(true);
    match (public["contract"].as_str(), public["chooser"].as_u64()) {
        (Some(c), Some(by)) => vec![Phrase::new(if schoben {
            "fact_contract_schoben"
        } else {
            "fact_contract"
        })
        .with("mode", c)
        .with("seat", by)],
        _ if public["phase"] == "contract" => match public["to_move"].as_u64() {
            Some(s) => vec![Phrase::new(if schoben {
                "fact_choosing_schoben"
            } else {
                "fact_choosing"
            })
            .with("seat", s)],
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The trump and the card turned for it (Differenzler's `trump_card`, Handjass's `turned_card`).
pub(crate) fn trump_facts(public: &Value, turned: &str) -> Vec<Phrase> {
    let Some(trump) = public["trump"].as_str() else {
        return Vec::new();
    };
    vec![match public[turned].as_str() {
        Some(card) => Phrase::new("fact_trump_turned")
            .with("mode", trump)
            .with("card", card),
        None => Phrase::new("fact_trump").with("mode", trump),
    }]
}

/// The marks a deal wrote in the games ranked by Striche and Nuller (Hindersi, Mittlere), pushed
/// to `lines`: the Striche start the ledger (labelled `striche_line`), the Nuller come off under
/// `ranking` `net` (`nuller_minus`) or are only shown under `striche` (`nuller_note`). Returns
/// what the slate gains, per player.
pub(crate) fn marks_lines(
    lines: &mut Vec<ScoreLine>,
    striche_line: Phrase,
    (striche, nuller): (Vec<i64>, Vec<i64>),
    ranking: Ranking,
    (nuller_minus, nuller_note): (&'static str, &'static str),
) -> Vec<i64> {
    lines.push(ScoreLine::new(
        striche_line,
        striche.clone(),
        LineRole::Start,
    ));
    match ranking {
        Ranking::Net => {
            let minus = nuller.iter().map(|x| -x).collect();
            lines.push(ScoreLine::part(Phrase::new(nuller_minus), minus));
            striche.iter().zip(&nuller).map(|(s, n)| s - n).collect()
        }
        Ranking::Striche => {
            lines.push(ScoreLine::new(
                Phrase::new(nuller_note),
                nuller,
                LineRole::Note,
            ));
            striche
        }
    }
}

/// How the marks rank the players at the end, by the view's `ranking` (Hindersi, Mittlere).
pub(crate) fn rank_note(public: &Value) -> Phrase {
    Phrase::new(match public["ranking"].as_str() {
        Some("striche") => "note_rank_striche",
        _ => "note_rank_net",
    })
}

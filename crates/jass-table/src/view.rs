//! What every front end draws beside the cards, the same for each seat and for spectators: it is
//! read from the public view, so it holds nothing hidden. The one table view (issue 40): the
//! sides that score, what each has taken so far in the deal, the slate, and once a deal is over
//! how it was scored. Every text in it is a [`Phrase`]: a key of the phrase book (the common
//! `crates/jass-table/phrases/<language>.json` with each game's `games/<game>/phrases.json`,
//! [`crate::phrases`]) and its arguments, so that the terminal, `jass show` and the browser word
//! it the same way, each from the one book.

use serde::Serialize;
use serde_json::{Map, Value};

/// Words for people, written once: a key of the phrase book and the values it names. It
/// serializes flat: `{"key":"multiplier","factor":3,"mode":"obenabe"}`. How a front end fills a
/// template's `{name}` with an argument is said in [`crate::phrases`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Phrase {
    /// The phrase book's key.
    pub key: &'static str,
    /// The values the template names.
    #[serde(flatten)]
    pub args: Map<String, Value>,
}

impl Phrase {
    /// A phrase without arguments.
    pub fn new(key: &'static str) -> Phrase {
        Phrase {
            key,
            args: Map::new(),
        }
    }

    /// The phrase with one more argument.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Phrase {
        self.args.insert(name.to_string(), value.into());
        self
    }

    /// The phrase with an argument that is itself a phrase (rendered first).
    pub fn with_phrase(self, name: &str, phrase: Phrase) -> Phrase {
        let value = serde_json::to_value(&phrase).expect("phrases serialize");
        self.with(name, value)
    }
}

/// The running state of the deal, for every front end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// The sides that score: a team's two seats, or one seat each in a game where every player
    /// is for himself.
    pub sides: Vec<Vec<usize>>,
    /// Card points each side has taken so far in this deal (the last trick's bonus included once
    /// it is played; before any multiplier, Weis or Stöck).
    pub deal_points: Vec<u32>,
    /// Tricks each side has taken so far in this deal.
    pub deal_tricks: Vec<u32>,
    /// Once a deal is over, how it was scored, as labelled lines that add up (empty during a
    /// deal).
    pub deal_lines: Vec<ScoreLine>,
    /// The slate: the running scores as a small table (see [`Slate`]; boxed to keep the table's
    /// events small).
    pub slate: Box<Slate>,
    /// What the table says beside the cards, one line each: the contract or trump, the auction,
    /// who dropped out, the deal's number (public facts only).
    pub facts: Vec<Phrase>,
}

/// The slate as a table every front end draws alike: a header of column titles, then rows, each
/// a label and one cell per column, and notes under it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Slate {
    /// The column titles (the first column, the row labels, has none).
    pub columns: Vec<Phrase>,
    /// The rows.
    pub rows: Vec<SlateRow>,
    /// Lines under the table (`target 1000`).
    pub notes: Vec<Phrase>,
}

/// One row of the [`Slate`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlateRow {
    /// What the row is (a side, a Coiffeur row, the total).
    pub label: Phrase,
    /// The side the row is of, if it is one side's (for highlighting the viewer's).
    pub side: Option<usize>,
    /// One cell per column.
    pub cells: Vec<Cell>,
    /// The field of a seat's own view that holds what `Hidden` cells of its own row hide (the
    /// seat knows its own Differenzler announcement): `announcements` means `view.announcements[seat]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own: Option<&'static str>,
}

/// A cell of the slate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cell {
    /// A number.
    Number(i64),
    /// Not there yet (`·`).
    Empty,
    /// There, but hidden from this table (a hidden announcement: `✓`).
    Hidden,
}

impl From<i64> for Cell {
    fn from(v: i64) -> Cell {
        Cell::Number(v)
    }
}

/// One labelled line of a deal's score: a value per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    /// What the line counts (`card points`, `Weis`, `×3 Obenabe`, …), as a phrase.
    pub label: Phrase,
    /// Its value per side.
    pub values: Vec<i64>,
    /// How it adds up with the lines above it.
    pub role: LineRole,
}

/// How a [`ScoreLine`] adds up: the lines from the top keep a running value per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineRole {
    /// Shown, not counted (a Differenzler forecast, the points left out of play).
    Note,
    /// Starts the running value afresh at these values (a second ledger under the first, such
    /// as Handjass's strokes under its points).
    Start,
    /// Added to the running value.
    Part,
    /// The running value times these factors, one per side (a multiplier; 0 for a side that
    /// writes nothing).
    Times(Vec<i64>),
    /// The distance of the running value from these targets, one per side (Differenzler: how
    /// far the points taken are from the forecast).
    Distance(Vec<i64>),
    /// A subtotal: equal to the running value.
    Sum,
    /// What is written on the slate: equal to the running value.
    Written,
}

impl ScoreLine {
    /// A line added to the ones above.
    pub fn part(label: Phrase, values: Vec<i64>) -> ScoreLine {
        ScoreLine::new(label, values, LineRole::Part)
    }

    /// A line of any role.
    pub fn new(label: Phrase, values: Vec<i64>, role: LineRole) -> ScoreLine {
        ScoreLine {
            label,
            values,
            role,
        }
    }

    /// Checks that `lines` add up: every `Times` line is the running value times its factors,
    /// every `Distance` line its distance from the targets, every `Sum` and `Written` line the
    /// running value. The first difference, named.
    pub fn check(lines: &[ScoreLine]) -> Result<(), String> {
        let Some(first) = lines.first() else {
            return Ok(());
        };
        let mut running = vec![0i64; first.values.len()];
        for line in lines {
            let key = line.label.key;
            if line.values.len() != running.len() {
                return Err(format!(
                    "line `{key}` has {} values, not {}",
                    line.values.len(),
                    running.len()
                ));
            }
            let expected: Option<Vec<i64>> = match &line.role {
                LineRole::Note => None,
                LineRole::Start => {
                    running = line.values.clone();
                    None
                }
                LineRole::Part => {
                    for (r, v) in running.iter_mut().zip(&line.values) {
                        *r += v;
                    }
                    None
                }
                LineRole::Times(factors) => {
                    running = running.iter().zip(factors).map(|(r, f)| r * f).collect();
                    Some(running.clone())
                }
                LineRole::Distance(targets) => {
                    running = running
                        .iter()
                        .zip(targets)
                        .map(|(r, t)| (r - t).abs())
                        .collect();
                    Some(running.clone())
                }
                LineRole::Sum | LineRole::Written => Some(running.clone()),
            };
            if let Some(expected) = expected {
                if expected != line.values {
                    return Err(format!(
                        "line `{key}` ({:?}) is {:?}, but the lines above make {expected:?}",
                        line.role, line.values
                    ));
                }
            }
        }
        Ok(())
    }
}

impl TableView {
    /// The table view of a game of `seats` seats (in teams of seats `s`, `s + 2` if `teams`)
    /// from its public view (`Game::public_view_json`), whose `tricks` are this deal's.
    pub fn of(teams: bool, seats: usize, public: &Value) -> TableView {
        let sides: Vec<Vec<usize>> = if teams {
            vec![vec![0, 2], vec![1, 3]]
        } else {
            (0..seats).map(|s| vec![s]).collect()
        };
        let side_of = |seat: usize| if teams { seat % 2 } else { seat };
        let mut deal_points = vec![0; sides.len()];
        let mut deal_tricks = vec![0; sides.len()];
        for trick in public["tricks"].as_array().into_iter().flatten() {
            let Some(winner) = trick["winner"].as_u64().map(|w| side_of(w as usize)) else {
                continue;
            };
            if winner < sides.len() {
                deal_points[winner] += trick["points"].as_u64().unwrap_or(0) as u32;
                deal_tricks[winner] += 1;
            }
        }
        TableView {
            sides,
            deal_points,
            deal_tricks,
            ..TableView::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_tricks_of_the_deal_are_added_by_side() {
        let public = json!({"tricks": [
            {"winner": 1, "points": 20, "cards": []},
            {"winner": 3, "points": 14, "cards": []},
            {"winner": 2, "points": 40, "cards": []},
        ]});
        let teams = TableView::of(true, 4, &public);
        assert_eq!(teams.sides, vec![vec![0, 2], vec![1, 3]]);
        assert_eq!(teams.deal_points, vec![40, 34]);
        assert_eq!(teams.deal_tricks, vec![1, 2]);
        let each = TableView::of(false, 4, &public);
        assert_eq!(each.deal_points, vec![0, 20, 40, 14]);
        assert_eq!(each.deal_tricks, vec![0, 1, 1, 1]);
        assert_eq!(
            TableView::of(false, 3, &json!({})).deal_points,
            vec![0, 0, 0]
        );
    }

    #[test]
    fn lines_add_up_through_every_role_and_a_wrong_one_is_named() {
        let p = |key| Phrase::new(key);
        let lines = vec![
            ScoreLine::new(p("forecast"), vec![40, 10], LineRole::Note),
            ScoreLine::part(p("card_points"), vec![30, 17]),
            ScoreLine::part(p("weis"), vec![20, 0]),
            ScoreLine::new(p("taken"), vec![50, 17], LineRole::Sum),
            ScoreLine::new(
                p("difference"),
                vec![10, 7],
                LineRole::Distance(vec![40, 10]),
            ),
            ScoreLine::new(
                p("times_contract"),
                vec![20, 14],
                LineRole::Times(vec![2, 2]),
            ),
            ScoreLine::new(p("strokes_won"), vec![1, 0], LineRole::Start),
            ScoreLine::part(p("potatoes"), vec![0, -1]),
            ScoreLine::new(p("slate_written"), vec![1, -1], LineRole::Written),
        ];
        assert_eq!(ScoreLine::check(&lines), Ok(()));
        let mut wrong = lines.clone();
        wrong[4].values = vec![10, 8];
        let e = ScoreLine::check(&wrong).unwrap_err();
        assert!(e.contains("difference") && e.contains("[10, 7]"), "{e}");
        // A line serializes with its phrase: the key and the arguments side by side.
        let json = serde_json::to_value(&lines[5]).unwrap();
        assert_eq!(json["label"], json!({"key": "times_contract"}));
        assert_eq!(json["role"], json!({"times": [2, 2]}));
    }
}

//! What every front end draws beside the cards, the same for each seat and for spectators: it is
//! read from the public view, so it holds nothing hidden. The start of the one table view (issue
//! 40): the sides that score and what each has taken so far in the deal.

use serde::Serialize;
use serde_json::Value;

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
    /// deal, and for games that do not give them yet: Differenzler and Handjass show their own
    /// tallies).
    pub deal_lines: Vec<ScoreLine>,
}

/// One labelled line of a deal's score: a value per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreLine {
    /// What the line counts, for people (`card points`, `Weis`, `×3 Obenabe`, …).
    pub label: String,
    /// Its value per side.
    pub values: Vec<i64>,
    /// How it adds up with the lines above it.
    pub role: LineRole,
}

/// How a [`ScoreLine`] adds up: the lines from the top keep a running value per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineRole {
    /// Added to the running value.
    Part,
    /// The running value times these factors, one per side (a multiplier; 0 for a side that
    /// writes nothing).
    Times(Vec<i64>),
    /// What is written on the slate: equal to the running value.
    Written,
}

impl ScoreLine {
    /// A line added to the ones above.
    pub fn part(label: impl Into<String>, values: Vec<i64>) -> ScoreLine {
        ScoreLine {
            label: label.into(),
            values,
            role: LineRole::Part,
        }
    }

    /// Checks that `lines` add up: every `Times` line is the running value times its factors,
    /// every `Written` line the running value. The first difference, named.
    pub fn check(lines: &[ScoreLine]) -> Result<(), String> {
        let Some(first) = lines.first() else {
            return Ok(());
        };
        let mut running = vec![0i64; first.values.len()];
        for line in lines {
            if line.values.len() != running.len() {
                return Err(format!(
                    "line `{}` has {} values, not {}",
                    line.label,
                    line.values.len(),
                    running.len()
                ));
            }
            match &line.role {
                LineRole::Part => {
                    for (r, v) in running.iter_mut().zip(&line.values) {
                        *r += v;
                    }
                }
                LineRole::Times(factors) => {
                    let product: Vec<i64> =
                        running.iter().zip(factors).map(|(r, f)| r * f).collect();
                    if product != line.values {
                        return Err(format!(
                            "line `{}` is {:?}, but {running:?} times {factors:?} is {product:?}",
                            line.label, line.values
                        ));
                    }
                    running = product;
                }
                LineRole::Written => {
                    if running != line.values {
                        return Err(format!(
                            "line `{}` is {:?}, but the lines above add up to {running:?}",
                            line.label, line.values
                        ));
                    }
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
            deal_lines: Vec::new(),
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
}

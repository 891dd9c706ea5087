//! A deal's score lines as a grid of text: a head row with the sides' names over right-aligned
//! columns, then one row per line, its label left-aligned. `jass show` and the terminal table's
//! deal summary draw it alike (each with its own column width).

/// The grid's rows: the head (the sides' names) and one row per `(label, values)`, every column
/// `cell` characters wide, the labels as wide as the longest.
pub fn score_grid(sides: &[String], rows: &[(String, &Vec<i64>)], cell: usize) -> Vec<String> {
    let width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = vec![format!(
        "{:<width$}{}",
        "",
        sides
            .iter()
            .map(|s| format!("{s:>cell$}"))
            .collect::<String>()
    )];
    for (label, values) in rows {
        out.push(format!(
            "{label:<width$}{}",
            values
                .iter()
                .map(|v| format!("{v:>cell$}"))
                .collect::<String>()
        ));
    }
    out
}

/// The widest of `names` in characters (`None` without any).
pub fn widest(names: &[String]) -> Option<usize> {
    names.iter().map(|s| s.chars().count()).max()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_align_under_the_sides() {
        let (a, b) = (vec![157, 0], vec![20, -3]);
        let rows = vec![("card points".to_string(), &a), ("Weis".to_string(), &b)];
        let sides = vec!["us".to_string(), "them".to_string()];
        let grid = score_grid(&sides, &rows, 6);
        assert_eq!(
            grid,
            vec![
                "               us  them",
                "card points   157     0",
                "Weis           20    -3",
            ]
        );
        assert_eq!(widest(&sides), Some(4));
        assert_eq!(widest(&[]), None);
    }
}

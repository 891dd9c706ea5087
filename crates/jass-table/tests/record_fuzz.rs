//! Damaged records never make the reader or the checker panic: they are refused with a reason.

use jass_table::Record;
use proptest::prelude::*;
use serde_json::Value;

const GOLDEN: &str =
    include_str!("../../jass-core/tests/data/golden/schieber_large_weis_seed2.json");

/// All paths to leaves of a JSON value.
fn leaves(v: &Value, path: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(PathStep::Key(k.clone()));
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(PathStep::Index(i));
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

fn at<'a>(v: &'a mut Value, path: &[PathStep]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        PathStep::Key(k) => &mut v[k.as_str()],
        PathStep::Index(i) => &mut v[*i],
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn damaged_records_are_refused_without_panic(picks in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..4)) {
        let original: Value = serde_json::from_str(GOLDEN).unwrap();
        let mut all = Vec::new();
        leaves(&original, &mut Vec::new(), &mut all);
        let mut v = original.clone();
        for (idx, how) in picks {
            let path = idx.get(&all).clone();
            let leaf = at(&mut v, &path);
            *leaf = match how {
                0 => Value::from(leaf.as_u64().map(|n| n.wrapping_add(1)).unwrap_or(7)),
                1 => Value::from("HA"),
                2 => Value::from("C6"),
                3 => Value::Null,
                4 => Value::from(-1),
                5 => Value::from(u64::MAX),
                6 => Value::from("schieben"),
                _ => Value::Bool(true),
            };
        }
        let text = serde_json::to_string(&v).unwrap();
        for rec in Record::read_all(&text).into_iter().flatten() {
            // Either consistent (an irrelevant change) or refused with a message.
            if let Err(e) = rec.check() {
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}

#[test]
fn truncated_text_is_refused() {
    for cut in [1, 10, 100, 1000, GOLDEN.len() / 2, GOLDEN.len() - 2] {
        let r = Record::read_all(&GOLDEN[..cut]);
        assert!(r.iter().any(|x| x.is_err()), "cut at {cut}");
    }
}

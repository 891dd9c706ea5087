//! Differenzler's rule options, as data. 004 gives only the outline and 003 the undertrumping
//! rule; the scoring and the game's length follow JassWiki's "Differenzler (offen)" (the second
//! source for the games 004 only sketches); the rest the common table and online rules named in
//! `docs/differenzler.md`. Records write all options out.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use crate::mode::{Mode, UndenufeEleven};
use crate::trick::TrickRules;
use crate::weis::WeisRules;

/// The highest announcement: all card points with the last trick (152 + 5). There is no Match
/// bonus in Differenzler, so 157 is also the most one can take without Weis or Stöck.
pub const MAX_ANNOUNCEMENT: u32 = 157;

/// How the trump of a deal is set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrumpRule {
    /// The last card of the pack (the dealer's last card) is turned face up; its suit is trump and
    /// the dealer keeps it (the table rule: "die unterste Karte zeigt die Trumpffarbe"). Default.
    Turned,
    /// A random trump that no card reveals (the online rule: "die Trumpffarbe wird per Zufall
    /// ermittelt"), drawn from the order of the cards within the first packets dealt, so it says
    /// nothing about who holds what.
    Random,
    /// A fixed rotation: deal 1 Schellen (D), 2 Rosen (H), 3 Schilten (S), 4 Eicheln (C), then
    /// Obenabe and Undenufe if `obenabe_undenufe` is on, and round again.
    Rotation,
    /// Forehand names the trump after seeing his cards, before the announcements.
    Chosen,
}

/// Whether the others hear an announcement when it is made.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Announcements {
    /// Written down secretly; each seat sees only its own until the deal is over (the online rule;
    /// "verdeckte Ansage"). Default.
    Hidden,
    /// Spoken in turn from forehand, the dealer last; everyone hears them ("offene Ansage").
    Open,
}

/// Whether an exact announcement of 0 earns `exact_bonus`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZeroBonus {
    /// Never (JassWiki, "Differenzler (offen)", four players: the bonus "gilt nicht, wenn null
    /// Punkte angesagt wurden"). Default.
    Never,
    /// Only with a trick taken, necessarily worth nothing (JassWiki's three-player Differenzler:
    /// "Wer 0 Punkte ansagt und keinen Stich erzielt, erhält keine Minuspunkte / Wer 0 Punkte
    /// ansagt und einen Stich mit 0 Kartenpunkten erspielt, erhält ebenfalls 10 Minuspunkte").
    WithTrick,
    /// As any other exact hit.
    Always,
}

/// Reads `never`, `with-trick` or `always`, and the boolean of the option it replaced,
/// `zero_bonus_needs_trick` (records written before 2026-12-06): `true` is `with-trick`,
/// `false` is `always`.
impl<'de> Deserialize<'de> for ZeroBonus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ZeroBonus;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("never, with-trick or always")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<ZeroBonus, E> {
                match s {
                    "never" => Ok(ZeroBonus::Never),
                    "with-trick" => Ok(ZeroBonus::WithTrick),
                    "always" => Ok(ZeroBonus::Always),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<ZeroBonus, E> {
                Ok(if b {
                    ZeroBonus::WithTrick
                } else {
                    ZeroBonus::Always
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// Every option of Differenzler. `Default` is the game documented in `docs/differenzler.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DifferenzlerOptions {
    /// Number of deals (JassWiki: "Nach 16 Spielen wird die abschliessende Rangliste erstellt":
    /// every player deals four times; 12 at some tables, 4 for one round).
    pub deals: u32,
    /// How the trump is set.
    pub trump: TrumpRule,
    /// Obenabe and Undenufe in the rotation, the random draw and the choice (off: "ohne Undenufe
    /// und Obenabe").
    pub obenabe_undenufe: bool,
    /// Which card counts 11 in Undenufe.
    pub undenufe_eleven: UndenufeEleven,
    /// Hidden or open announcements.
    pub announcements: Announcements,
    /// Following to tricks (003: the weaker undertrumping rule for mixed games: `weak`; `strict`
    /// as in Schieber).
    pub trick_rules: TrickRules,
    /// Added to the penalty of every player who misses his announcement (0: none).
    pub miss_penalty: u32,
    /// Taken off the penalty of a player who hits his announcement exactly (JassWiki: "Wer seine
    /// vorhergesagte Punktzahl exakt trifft, erhält eine Gutschrift von zehn Minuspunkten"; 0:
    /// none).
    pub exact_bonus: u32,
    /// Whether an exact 0 earns the bonus. Read also under its old name, the boolean
    /// `zero_bonus_needs_trick` of records written before 2026-12-06.
    #[serde(alias = "zero_bonus_needs_trick")]
    pub zero_bonus: ZeroBonus,
    /// Weis counts for the player with the best Weis (off: "es wird nicht gewiesen").
    pub weis: bool,
    /// Stöck counts 20 for its holder (off: "zählen auch die Stöcke nicht").
    pub stoeck: bool,
    /// The dealer of the first deal (seat 3, so that seat 0 is forehand first).
    pub first_dealer: u8,
}

impl Default for DifferenzlerOptions {
    fn default() -> Self {
        DifferenzlerOptions {
            deals: 16,
            trump: TrumpRule::Turned,
            obenabe_undenufe: false,
            undenufe_eleven: UndenufeEleven::Ace,
            announcements: Announcements::Hidden,
            trick_rules: TrickRules::Weak,
            miss_penalty: 0,
            exact_bonus: 10,
            zero_bonus: ZeroBonus::Never,
            weis: false,
            stoeck: false,
            first_dealer: 3,
        }
    }
}

impl DifferenzlerOptions {
    /// The penalty of a seat that announced `announced` and took `taken` points (cards, Weis
    /// and Stöck) in `tricks` tricks: the difference, plus `miss_penalty` on a miss, less
    /// `exact_bonus` on an exact hit (an exact 0 as `zero_bonus` says). How the engine scores a
    /// deal; the players and `jass solve` weigh the ways a deal can end by it.
    pub fn penalty(&self, announced: u32, taken: u32, tricks: u8) -> i32 {
        let diff = announced.abs_diff(taken);
        let mut p = diff as i32;
        if diff > 0 {
            p += self.miss_penalty as i32;
        } else if announced > 0
            || match self.zero_bonus {
                ZeroBonus::Never => false,
                ZeroBonus::WithTrick => tricks > 0,
                ZeroBonus::Always => true,
            }
        {
            p -= self.exact_bonus as i32;
        }
        p
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.deals == 0 || self.deals > 1000 {
            return Err(format!(
                "deals is {}: play 1 to 1000 deals (default 16; 12 at some tables, 4 for one round)",
                self.deals
            ));
        }
        if self.trick_rules == TrickRules::Heading {
            return Err("trick_rules is heading: Differenzler plays weak (003) or strict".into());
        }
        if self.first_dealer > 3 {
            return Err(format!(
                "first_dealer is {}: seats are 0..3",
                self.first_dealer
            ));
        }
        if self.exact_bonus > 1000 || self.miss_penalty > 1000 {
            return Err("exact_bonus and miss_penalty are at most 1000".into());
        }
        if self.trump == TrumpRule::Turned && self.obenabe_undenufe {
            return Err("obenabe_undenufe needs trump = random, rotation or chosen: a turned card names a suit".into());
        }
        Ok(())
    }

    /// The trump modes a deal may have: the four suits, and Obenabe and Undenufe if allowed.
    pub fn modes(&self) -> impl Iterator<Item = Mode> + '_ {
        Mode::suits_and(self.obenabe_undenufe)
    }

    /// The Weis rules (small Weis; equal values compare by length, height, trump, then the earlier
    /// player in the first trick), or `None` without Weis.
    pub fn weis_rules(&self) -> Option<WeisRules> {
        self.weis.then(WeisRules::default)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jasswikis_scoring_by_default() {
        // JassWiki, "Differenzler (offen)": the difference; "Wer seine vorhergesagte Punktzahl
        // exakt trifft, erhält eine Gutschrift von zehn Minuspunkten (gilt nicht, wenn null
        // Punkte angesagt wurden)"; "Nach 16 Spielen".
        let o = DifferenzlerOptions::default();
        assert_eq!(o.deals, 16);
        assert_eq!(o.penalty(80, 73, 3), 7);
        assert_eq!(o.penalty(80, 87, 3), 7);
        assert_eq!(o.penalty(80, 80, 3), -10);
        assert_eq!(o.penalty(0, 0, 0), 0);
        assert_eq!(o.penalty(0, 0, 2), 0);
        assert_eq!(o.penalty(0, 4, 1), 4);
    }

    #[test]
    fn an_exact_zero_by_each_rule() {
        // JassWiki's three-player entry: the bonus for an exact 0 only with a trick (worth
        // nothing) taken.
        for (zero_bonus, no_trick, a_trick) in [
            (ZeroBonus::Never, 0, 0),
            (ZeroBonus::WithTrick, 0, -10),
            (ZeroBonus::Always, -10, -10),
        ] {
            let o = DifferenzlerOptions {
                zero_bonus,
                ..DifferenzlerOptions::default()
            };
            assert_eq!(o.penalty(0, 0, 0), no_trick, "{zero_bonus:?}");
            assert_eq!(o.penalty(0, 0, 1), a_trick, "{zero_bonus:?}");
            assert_eq!(o.penalty(50, 50, 1), -10, "{zero_bonus:?}");
        }
    }

    #[test]
    fn the_zero_rule_by_name_and_by_its_old_boolean() {
        let read = |v: serde_json::Value| serde_json::from_value::<DifferenzlerOptions>(v);
        let rule = |v| read(v).unwrap().zero_bonus;
        use serde_json::json;
        assert_eq!(rule(json!({"zero_bonus": "never"})), ZeroBonus::Never);
        assert_eq!(
            rule(json!({"zero_bonus": "with-trick"})),
            ZeroBonus::WithTrick
        );
        assert_eq!(rule(json!({"zero_bonus": "always"})), ZeroBonus::Always);
        // Records written before 2026-12-06.
        assert_eq!(
            rule(json!({"zero_bonus_needs_trick": true})),
            ZeroBonus::WithTrick
        );
        assert_eq!(
            rule(json!({"zero_bonus_needs_trick": false})),
            ZeroBonus::Always
        );
        let e = read(json!({"zero_bonus": "sometimes"}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("never, with-trick or always"), "{e}");
        // Written under the new name.
        let v = serde_json::to_value(DifferenzlerOptions::default()).unwrap();
        assert_eq!(v["zero_bonus"], json!("never"));
        assert!(v.get("zero_bonus_needs_trick").is_none());
    }
}

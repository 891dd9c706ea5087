//! Schieber's rule options, as data. Every variation that 003 and 004 name is here, each with
//! its source and its default. Records write all of them out.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, ParseError, Rank, Suit};
use crate::mode::{Mode, UndenufeEleven};
use crate::weis::{WeisRules, WeisStyle, WeisTie};

use super::Contract;

/// Whether and how Weis is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WeisOption {
    /// No Weis.
    None,
    /// The small Weis (003; the default).
    Small,
    /// The large Weis (003).
    Large,
}

/// The order in which Stöck, Weis and Stich are scored when they fall at the same moment and the
/// target may be reached (003: "Stöck-Weis-Stich", or a house rule's other permutation).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScoringOrder(pub [ScoreItem; 3]);

/// One kind of score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreItem {
    /// King and Ober of trumps.
    Stoeck,
    /// Declared combinations.
    Weis,
    /// Card points of tricks (with the last-trick bonus and Match).
    Stich,
}

impl ScoringOrder {
    /// Stöck, Weis, Stich (003, 004).
    pub const STOECK_WEIS_STICH: ScoringOrder =
        ScoringOrder([ScoreItem::Stoeck, ScoreItem::Weis, ScoreItem::Stich]);
}

impl fmt::Display for ScoringOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self
            .0
            .iter()
            .map(|i| match i {
                ScoreItem::Stoeck => "stoeck",
                ScoreItem::Weis => "weis",
                ScoreItem::Stich => "stich",
            })
            .collect();
        f.write_str(&names.join("-"))
    }
}

impl FromStr for ScoringOrder {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || {
            ParseError::new(format!(
                "unknown scoring order `{s}`: expected the three words stoeck, weis, stich in some order, e.g. stoeck-weis-stich"
            ))
        };
        let mut items = Vec::new();
        for w in s.split(['-', ',', ' ']).filter(|w| !w.is_empty()) {
            items.push(match w.to_ascii_lowercase().as_str() {
                "stoeck" | "stöck" | "stock" => ScoreItem::Stoeck,
                "weis" | "wys" => ScoreItem::Weis,
                "stich" => ScoreItem::Stich,
                _ => return Err(err()),
            });
        }
        if items.len() != 3 || (0..3).any(|i| items[i + 1..].contains(&items[i])) {
            return Err(err());
        }
        Ok(ScoringOrder([items[0], items[1], items[2]]))
    }
}

impl Serialize for ScoringOrder {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ScoringOrder {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Who is forehand in the first deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FirstForehand {
    /// The holder of this card (003: the seven of flowers, `H7`; 004: the seven of bells, `D7`).
    Holder(Card),
    /// This seat (seat 0 deals when forehand is seat 1).
    Seat(u8),
}

impl fmt::Display for FirstForehand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FirstForehand::Holder(c) => write!(f, "{c}"),
            FirstForehand::Seat(s) => write!(f, "seat{s}"),
        }
    }
}

impl FromStr for FirstForehand {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        if let Some(n) = t.strip_prefix("seat") {
            return match n.trim_start_matches([':', ' ']).parse::<u8>() {
                Ok(n) if n < 4 => Ok(FirstForehand::Seat(n)),
                _ => Err(ParseError::new(format!(
                    "unknown first forehand `{s}`: a seat is seat0 .. seat3"
                ))),
            };
        }
        s.parse::<Card>().map(FirstForehand::Holder).map_err(|_| {
            ParseError::new(format!(
                "unknown first forehand `{s}`: give a card (its holder is forehand, e.g. H7) or a seat (seat0 .. seat3)"
            ))
        })
    }
}

impl Serialize for FirstForehand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FirstForehand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Who leads the first trick of a deal.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstLead {
    /// Forehand, also after schieben (003: "Forehand leads to the first trick"; 004 the same).
    #[default]
    Forehand,
    /// The player who chose the contract: after schieben forehand's partner (or, shoved back,
    /// forehand). JassWiki, "Ausspiel": "Schieber oder Coiffeur-Schieber: Spielübernehmer spielt
    /// statt Vorhand aus", and for Slalom "bei geschobenen Spielen der trumpfmachende Spieler".
    Chooser,
}

impl FirstLead {
    /// The seat that leads the first trick when `forehand` is forehand and `chooser` chose.
    pub fn leader(self, forehand: u8, chooser: u8) -> u8 {
        match self {
            FirstLead::Forehand => forehand,
            FirstLead::Chooser => chooser,
        }
    }

    /// For `skip_serializing_if`: records of the usual game (forehand leads) stay as they were.
    pub fn is_forehand(&self) -> bool {
        *self == FirstLead::Forehand
    }
}

/// The multiplier of every contract.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Multipliers {
    /// Schellen / diamonds trump.
    #[serde(rename = "D")]
    pub d: u32,
    /// Rosen / hearts trump.
    #[serde(rename = "H")]
    pub h: u32,
    /// Schilten / spades trump.
    #[serde(rename = "S")]
    pub s: u32,
    /// Eicheln / clubs trump.
    #[serde(rename = "C")]
    pub c: u32,
    /// Obenabe.
    pub obenabe: u32,
    /// Undenufe.
    pub undenufe: u32,
    /// Misère (004: "points gained are not multiplied by anything").
    pub misere: u32,
    /// Slalom, either direction. The texts name Slalom but give no multiplier: 1 in every
    /// Schieber preset (and for older records, which predate the field); Coiffeur's table has 7.
    #[serde(default = "default_slalom_multiplier")]
    pub slalom: u32,
}

/// The Slalom multiplier of a table that does not give one (records written before Slalom).
fn default_slalom_multiplier() -> u32 {
    1
}

impl Multipliers {
    /// 003: shields and bells double, acorns and flowers single, Obenabe treble, Undenufe
    /// quadruple. In our notation shields = `S`, bells = `D`; 004's "Sch-" suits are the same two.
    pub const STANDARD: Multipliers = Multipliers {
        d: 2,
        h: 1,
        s: 2,
        c: 1,
        obenabe: 3,
        undenufe: 4,
        misere: 1,
        slalom: 1,
    };
    /// 003 with French cards: the red suits (hearts, diamonds) double.
    pub const FRENCH_RED: Multipliers = Multipliers {
        d: 2,
        h: 2,
        s: 1,
        c: 1,
        obenabe: 3,
        undenufe: 4,
        misere: 1,
        slalom: 1,
    };
    /// 004 with French cards: the black suits (spades, clubs) double.
    pub const FRENCH_BLACK: Multipliers = Multipliers {
        d: 1,
        h: 1,
        s: 2,
        c: 2,
        obenabe: 3,
        undenufe: 4,
        misere: 1,
        slalom: 1,
    };
    /// 003: "Some people play all contracts scoring single" (then the target is usually 1000).
    pub const SINGLE: Multipliers = Multipliers {
        d: 1,
        h: 1,
        s: 1,
        c: 1,
        obenabe: 1,
        undenufe: 1,
        misere: 1,
        slalom: 1,
    };

    /// The named presets.
    pub const PRESETS: [(&'static str, Multipliers); 4] = [
        ("standard", Multipliers::STANDARD),
        ("french-red", Multipliers::FRENCH_RED),
        ("french-black", Multipliers::FRENCH_BLACK),
        ("single", Multipliers::SINGLE),
    ];

    /// The multiplier of a contract.
    pub fn of(&self, contract: Contract) -> u32 {
        match contract {
            Contract::Mode(Mode::Trump(Suit::D)) => self.d,
            Contract::Mode(Mode::Trump(Suit::H)) => self.h,
            Contract::Mode(Mode::Trump(Suit::S)) => self.s,
            Contract::Mode(Mode::Trump(Suit::C)) => self.c,
            Contract::Mode(Mode::Obenabe) => self.obenabe,
            Contract::Mode(Mode::Undenufe) => self.undenufe,
            Contract::Misere => self.misere,
            Contract::Slalom | Contract::SlalomUndenufe => self.slalom,
        }
    }
}

/// Accepts a preset name or a full table (each wrong form with its own reason: a missing or
/// unknown contract, a value that is not a whole number).
fn multipliers_de<'de, D: Deserializer<'de>>(d: D) -> Result<Multipliers, D::Error> {
    use serde::de::Error;
    const EXAMPLE: &str =
        r#"{"D":2,"H":1,"S":2,"C":1,"obenabe":3,"undenufe":4,"misere":1,"slalom":1}"#;
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(n) => Multipliers::PRESETS
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(n.trim()))
            .map(|(_, m)| *m)
            .ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown multipliers `{n}`: expected standard, french-red, french-black, single, or a table {EXAMPLE}"
                ))
            }),
        v @ serde_json::Value::Object(_) => serde_json::from_value(v).map_err(|e| {
            D::Error::custom(format!(
                "multipliers table: {e} (a whole number for each of D, H, S, C, obenabe, undenufe, misere, slalom, as in {EXAMPLE})"
            ))
        }),
        other => Err(D::Error::custom(format!(
            "multipliers must be a preset name (standard, french-red, french-black, single) or a table {EXAMPLE}, not {other}"
        ))),
    }
}

/// The largest target accepted (keeps every total far from overflow).
pub const MAX_TARGET: u32 = 1_000_000;
/// The largest multiplier accepted.
pub const MAX_MULTIPLIER: u32 = 100;

/// Every option of Schieber. `Default` is the rules of 003, except `weis_tie`, which follows the
/// explicit comparison rule of 000 and 004 (value, length, height, trump, position); 003's list
/// order is the option `list-order`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SchieberOptions {
    /// Points to win (003: 3000; 004: 2500; also 1000 or 1500).
    pub target: u32,
    /// Multiplier of each contract (003's table by default).
    #[serde(deserialize_with = "multipliers_de")]
    pub multipliers: Multipliers,
    /// Obenabe and Undenufe may be chosen (003: "Some do not allow Obenabe and Undenufe").
    pub obenabe_undenufe: bool,
    /// Misère may be chosen (004): played as Obenabe, the trick points go to the other team.
    pub misere: bool,
    /// Slalom may be chosen (003: "The additional contracts Slalom, Gusti and TUO found in
    /// Coiffeur Schieber can also be introduced into normal Schieber"): no trump, the tricks
    /// alternate between Obenabe and Undenufe, the first in the mode the chooser names
    /// (`slalom`, `slalom-undenufe`). Off by default; absent in older records (off).
    pub slalom: bool,
    /// After forehand schiebt, the partner may shove back (003 "zurückschieben").
    pub zurueckschieben: bool,
    /// If the team that did not choose the contract takes every trick, its trick points are doubled
    /// (314) instead of the Match bonus (004 "counter-match").
    pub counter_match: bool,
    /// A team that takes all nine tricks gets the 100-point Match bonus (003). `false` plays
    /// without it, as jass-kit does, so that figures against jass-kit bots compare like with like.
    /// Written only when `false`, so records of the usual game stay as they were (and readable by
    /// older versions); absent, it reads as `true` (the struct's `serde(default)`).
    #[serde(skip_serializing_if = "is_true")]
    pub match_bonus: bool,
    /// Which card counts 11 in Undenufe.
    pub undenufe_eleven: UndenufeEleven,
    /// Weis: none, small or large.
    pub weis: WeisOption,
    /// Four nines count 150 as Weis.
    pub four_nines: bool,
    /// Four of any rank counts 100 as Weis.
    pub fours_any_rank: bool,
    /// In Undenufe four sixes count 100 in place of four aces.
    pub undenufe_four_sixes: bool,
    /// Equal Weis values: the longer wins (000, 004) or 003's list order.
    pub weis_tie: WeisTie,
    /// Large Weis: points per card beyond five, 50 (003's table) or 20 (003: "20 or 50 more").
    pub large_weis_step: u32,
    /// Stöck is scored.
    pub stoeck: bool,
    /// The order of Stöck, Weis and Stich at the moment a team may reach the target.
    pub scoring_order: ScoringOrder,
    /// When an item of `scoring_order` takes a team to the target, the team's other points due
    /// at that moment (the trick it just made, its Weis) are written too (003: on a claim "the
    /// tricks made by the claiming partnership are counted and scored"). `false`: scoring stops
    /// at that item. Records written before this option read it as `false`.
    pub claim_counts_all: bool,
    /// The winners win double if the losers have less than half the target (003 "Schneider"), or
    /// less than `schneider_line`.
    pub schneider: bool,
    /// The Schneider line in points, where it is not half the target (JassWiki, "Schneider":
    /// "die Hälfte der Punkte (oder Punkte gemäss Tischregel)"). `None` (the default, then not
    /// written): half the target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schneider_line: Option<u32>,
    /// The first team to half the target (or `bergpreis_line`) is recorded as winning the
    /// Bergpreis (003).
    pub bergpreis: bool,
    /// A Stöck holder shows Stöck early to take the Bergpreis (JassWiki, "Stöcke": Stöck "können zu
    /// jedem Zeitpunkt vorgewiesen werden, vorausgesetzt die 20 Punkte reichen zum Erreichen des
    /// Ziels aus. Gleiches gilt auch bei der Wertung für den Bergpreis"): when the other team
    /// would reach the Bergpreis line now and the 20 take the holder's team there, Stöck is
    /// scored first. `false` (003, the default; then not written): Stöck is claimed early only
    /// to win the game.
    #[serde(skip_serializing_if = "crate::record::is_false")]
    pub bergpreis_stoeck: bool,
    /// The Bergpreis line in points, where it is not half the target (JassWiki, "Bergpreis": "bei
    /// der Hälfte des vereinbarten Spielziels, falls nicht anders abgemacht"). `None` (the
    /// default, then not written): half the target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bergpreis_line: Option<u32>,
    /// The Bergpreis is judged as the target's claim is: each team's slate plus its tricks of the
    /// hand so far, item by item in `scoring_order` (003: "the partnership that first gets to
    /// 1500"; JassWiki, "Bergpreis": both teams reaching it with the first trick, "ein Team durch
    /// Weis, anderes durch Kartenpunkte", are told apart by «Stöck - Weis - Stich»). `false`: on
    /// the slate alone, where a hand's trick points go at its end, and two teams over half at once
    /// by the higher total. Records written before this option read it as `false`.
    pub bergpreis_by_tricks: bool,
    /// Who is forehand in the first deal.
    pub first_forehand: FirstForehand,
    /// Who leads the first trick of a deal: forehand (003, 004) or the player who chose the
    /// contract (JassWiki, "Ausspiel"). Written only when `chooser`, so records of the usual game
    /// stay as they were; absent, it reads as `forehand`.
    #[serde(skip_serializing_if = "FirstLead::is_forehand")]
    pub first_lead: FirstLead,
}

fn is_true(b: &bool) -> bool {
    *b
}

impl Default for SchieberOptions {
    fn default() -> Self {
        SchieberOptions {
            target: 3000,
            multipliers: Multipliers::STANDARD,
            obenabe_undenufe: true,
            misere: false,
            slalom: false,
            zurueckschieben: false,
            counter_match: false,
            match_bonus: true,
            undenufe_eleven: UndenufeEleven::Ace,
            weis: WeisOption::Small,
            four_nines: false,
            fours_any_rank: false,
            undenufe_four_sixes: false,
            weis_tie: WeisTie::MoreCards,
            large_weis_step: 50,
            stoeck: true,
            scoring_order: ScoringOrder::STOECK_WEIS_STICH,
            claim_counts_all: true,
            schneider: true,
            schneider_line: None,
            bergpreis: false,
            bergpreis_line: None,
            bergpreis_stoeck: false,
            bergpreis_by_tricks: true,
            first_forehand: FirstForehand::Holder(Card::new(Suit::H, Rank::Seven)),
            first_lead: FirstLead::Forehand,
        }
    }
}

impl SchieberOptions {
    /// The points below which the losers are Schneider: `schneider_line`, or half the target.
    pub fn schneider_points(&self) -> u32 {
        self.line_or_half(self.schneider_line)
    }

    /// The points that win the Bergpreis: `bergpreis_line`, or half the target.
    pub fn bergpreis_points(&self) -> u32 {
        self.line_or_half(self.bergpreis_line)
    }

    /// A table's line, or half the target (rounded up: 003's "less than half").
    fn line_or_half(&self, line: Option<u32>) -> u32 {
        line.unwrap_or_else(|| self.target.div_ceil(2))
    }

    /// The Weis rules these options give, or `None` without Weis.
    pub fn weis_rules(&self) -> Option<WeisRules> {
        let style = match self.weis {
            WeisOption::None => return None,
            WeisOption::Small => WeisStyle::Small,
            WeisOption::Large => WeisStyle::Large,
        };
        Some(WeisRules {
            style,
            four_nines: self.four_nines,
            fours_any_rank: self.fours_any_rank,
            undenufe_four_sixes: self.undenufe_four_sixes,
            tie: self.weis_tie,
            large_step: self.large_weis_step,
        })
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.target == 0 || self.target > MAX_TARGET {
            return Err(format!(
                "target is {}: it must be 1 .. {MAX_TARGET} (e.g. 1000, 1500, 2500, 3000)",
                self.target
            ));
        }
        for (name, line) in [
            ("schneider_line", self.schneider_line),
            ("bergpreis_line", self.bergpreis_line),
        ] {
            if let Some(l) = line.filter(|&l| l == 0 || l > self.target) {
                return Err(format!(
                    "{name} is {l}: it must be 1 .. the target ({}); leave it out for half the target",
                    self.target
                ));
            }
        }
        if let FirstForehand::Seat(s) = self.first_forehand {
            if s > 3 {
                return Err(format!(
                    "first_forehand seat{s} does not exist: Schieber has seats 0..3"
                ));
            }
        }
        if self.large_weis_step != 20 && self.large_weis_step != 50 {
            return Err(format!(
                "large_weis_step is {}: 003 names 20 or 50",
                self.large_weis_step
            ));
        }
        let m = self.multipliers;
        if [
            m.d, m.h, m.s, m.c, m.obenabe, m.undenufe, m.misere, m.slalom,
        ]
        .iter()
        .any(|&x| x == 0 || x > MAX_MULTIPLIER)
        {
            return Err(format!("every multiplier must be 1 .. {MAX_MULTIPLIER}"));
        }
        Ok(())
    }

    /// The contracts these options allow, in notation order.
    pub fn contracts(&self) -> impl Iterator<Item = Contract> + '_ {
        Contract::ALL.into_iter().filter(|c| match c {
            Contract::Mode(Mode::Obenabe | Mode::Undenufe) => self.obenabe_undenufe,
            Contract::Misere => self.misere,
            Contract::Slalom | Contract::SlalomUndenufe => self.slalom,
            _ => true,
        })
    }
}

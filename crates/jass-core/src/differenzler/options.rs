//! Differenzler's rule options, as data. The texts of `shared/rules` give only the outline (004)
//! and the undertrumping rule (003); every other default follows the common table and online rules
//! named in `docs/differenzler.md`. Records write all options out.

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

/// Every option of Differenzler. `Default` is the game documented in `docs/differenzler.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DifferenzlerOptions {
    /// Number of deals (12, "nach 12 Spielen (3 Umgängen)": every player deals three times; 4 for
    /// one round).
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
    /// Taken off the penalty of a player who hits his announcement exactly (0: none; one table
    /// rule gives 10).
    pub exact_bonus: u32,
    /// An exact hit of an announcement of 0 earns the bonus only if the player took a trick (one
    /// worth nothing): "ist ein Stich mit Null Punkten erforderlich".
    pub zero_bonus_needs_trick: bool,
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
            deals: 12,
            trump: TrumpRule::Turned,
            obenabe_undenufe: false,
            undenufe_eleven: UndenufeEleven::Ace,
            announcements: Announcements::Hidden,
            trick_rules: TrickRules::Weak,
            miss_penalty: 0,
            exact_bonus: 0,
            zero_bonus_needs_trick: true,
            weis: false,
            stoeck: false,
            first_dealer: 3,
        }
    }
}

impl DifferenzlerOptions {
    /// The penalty of a seat that announced `announced` and took `taken` points (cards, Weis
    /// and Stöck) in `tricks` tricks: the difference, plus `miss_penalty` on a miss, less
    /// `exact_bonus` on an exact hit (an exact 0 earns it only with a trick when
    /// `zero_bonus_needs_trick`). How the engine scores a deal; the players and `jass solve`
    /// weigh the ways a deal can end by it.
    pub fn penalty(&self, announced: u32, taken: u32, tricks: u8) -> i32 {
        let diff = announced.abs_diff(taken);
        let mut p = diff as i32;
        if diff > 0 {
            p += self.miss_penalty as i32;
        } else if announced > 0 || !self.zero_bonus_needs_trick || tricks > 0 {
            p -= self.exact_bonus as i32;
        }
        p
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.deals == 0 || self.deals > 1000 {
            return Err(format!(
                "deals is {}: play 1 to 1000 deals (default 12; 4 for one round)",
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

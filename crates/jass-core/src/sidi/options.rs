//! Sidi Barrani's rule options, as data: the rules of 001 by default, every variant 001 lists and
//! 004's reading of the doubling as options. Records write all of them out.

use serde::{Deserialize, Serialize};

use crate::mode::{Mode, UndenufeEleven};
use crate::weis::WeisRules;

/// When the opponents of the declarer may double.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Doubling {
    /// 001: either opponent of the last bidder, before the next player bids or passes; the double
    /// ends the auction (the default).
    NextCall,
    /// After 004 ("Sidi Barani": "The opposing team has the option of doubling until the first
    /// card is led"): the opposing team may double after the auction, until the first card is
    /// led. No double during the auction: our narrowing, 004 does not say so.
    FirstLead,
    /// 001 variant: "Some play without the possibility of doubling".
    None,
}

/// Every option of Sidi Barrani. `Default` is 001.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SidiOptions {
    /// Points to win (001: 2000; variants 1500, 2500).
    pub target: u32,
    /// Double games are scored (001: "If the losing team has less than 1000 points then the
    /// winning team with 2000 or more points win a double game"); see `double_game_below`.
    pub double_game: bool,
    /// The winners win a double game if the losers have less than this many points (001: "less
    /// than 1000 points"; an absolute number, not tied to `target`).
    pub double_game_below: u32,
    /// Lowest bid (001: 40; variants 50 or 60).
    pub min_bid: u32,
    /// Bids rise in steps of 10 (001) or 5 (variant "multiples of 5"); 157 and 257 always exist.
    pub bid_step: u32,
    /// Obenabe and Undenufe may be bid (001: "nowadays nearly always allowed").
    pub obenabe_undenufe: bool,
    /// When doubling is possible.
    pub doubling: Doubling,
    /// The doubled team may redouble (001 variant): the bid counts four times.
    pub redouble: bool,
    /// Weis is played (001 variant: "Some players do not allow Weis or Stöck").
    pub weis: bool,
    /// Stöck is scored.
    pub stoeck: bool,
    /// Four nines count 150 as Weis (001 names only the calls 20, 50, 100, 200: off).
    pub four_nines: bool,
    /// Which card counts 11 in Undenufe (001: "the point values remain the same": the ace).
    pub undenufe_eleven: UndenufeEleven,
    /// In Undenufe four sixes count 100 as Weis in place of four aces (003: "some people value
    /// the 6 rather than the ace as 11 points, and allow a Weis of four sixes worth 100 points,
    /// in place of four aces"; 001 is silent: off). Written only when `true`, so records of the
    /// usual game stay as they were (and readable by older versions); absent, it reads as `false`.
    #[serde(skip_serializing_if = "crate::record::is_false")]
    pub undenufe_four_sixes: bool,
    /// The dealer of the first deal (001: "chosen by any convenient random method"; seat 3, so that
    /// seat 0 speaks first).
    pub first_dealer: u8,
}

impl Default for SidiOptions {
    fn default() -> Self {
        SidiOptions {
            target: 2000,
            double_game: true,
            double_game_below: 1000,
            min_bid: 40,
            bid_step: 10,
            obenabe_undenufe: true,
            doubling: Doubling::NextCall,
            redouble: false,
            weis: true,
            stoeck: true,
            four_nines: false,
            undenufe_eleven: UndenufeEleven::Ace,
            undenufe_four_sixes: false,
            first_dealer: 3,
        }
    }
}

impl SidiOptions {
    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if self.target == 0 || self.target > 100_000 {
            return Err(format!(
                "target is {}: it must be 1 to 100000 points (001: 2000; also 1500 or 2500)",
                self.target
            ));
        }
        if self.bid_step != 10 && self.bid_step != 5 {
            return Err(format!(
                "bid_step is {}: 001 names steps of 10 or 5",
                self.bid_step
            ));
        }
        if self.min_bid < 40 || self.min_bid > 150 || !self.min_bid.is_multiple_of(self.bid_step) {
            return Err(format!(
                "min_bid is {}: it must be a multiple of bid_step ({}) from 40 to 150 (001: 40, 50 or 60)",
                self.min_bid, self.bid_step
            ));
        }
        if self.redouble && self.doubling == Doubling::None {
            return Err(
                "redouble is true but doubling is none: only a doubled bid can be redoubled; set doubling to next-call or first-lead, or leave redouble out"
                    .into(),
            );
        }
        if self.first_dealer > 3 {
            return Err(format!(
                "first_dealer is {}: seats are 0..3",
                self.first_dealer
            ));
        }
        Ok(())
    }

    /// The bid numbers, ascending: `min_bid` to 150 in steps of 10 (to 155 in steps of 5), then
    /// 157 and 257.
    pub fn bid_numbers(&self) -> impl Iterator<Item = u32> + '_ {
        (self.min_bid..157)
            .step_by(self.bid_step as usize)
            .chain([157, 257])
    }

    /// True if `n` is a bid number under these options.
    pub fn is_bid_number(&self, n: u32) -> bool {
        n == 157 || n == 257 || (n >= self.min_bid && n < 157 && n.is_multiple_of(self.bid_step))
    }

    /// The winners at these running totals (001: "When one or both teams' score reaches 2000
    /// points or more, the team with the higher score are the winners"; on equal totals one more
    /// deal is played): `None` while the game goes on.
    pub fn game_winner(&self, totals: [u32; 2]) -> Option<u8> {
        let reached = totals.iter().any(|&x| x >= self.target);
        (reached && totals[0] != totals[1]).then_some((totals[1] > totals[0]) as u8)
    }

    /// True if `winner` wins a double game at these totals (001: "If the losing team has less
    /// than 1000 points then the winning team with 2000 or more points win a double game").
    pub fn is_double_game(&self, totals: [u32; 2], winner: u8) -> bool {
        self.double_game && totals[1 - (winner as usize & 1)] < self.double_game_below
    }

    /// The denominations that may be bid.
    pub fn denominations(&self) -> impl Iterator<Item = Mode> + '_ {
        Mode::suits_and(self.obenabe_undenufe)
    }

    /// The Weis rules (001: small Weis; equal values compare by length, height, trump, then the
    /// earlier declarer), or `None` without Weis.
    pub fn weis_rules(&self) -> Option<WeisRules> {
        self.weis.then(|| WeisRules {
            four_nines: self.four_nines,
            undenufe_four_sixes: self.undenufe_four_sixes,
            ..WeisRules::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cardset::CardSet;
    use crate::weis::best_declaration;

    #[test]
    fn four_sixes_in_undenufe_only_with_the_option() {
        // 003: "some people value the 6 rather than the ace as 11 points, and allow a Weis of
        // four sixes worth 100 points, in place of four aces".
        let sixes = "D6 H6 S6 C6 DA HA SA CA H9".parse().unwrap();
        let plain = SidiOptions::default().weis_rules().unwrap();
        let six = SidiOptions {
            undenufe_eleven: UndenufeEleven::Six,
            undenufe_four_sixes: true,
            ..SidiOptions::default()
        }
        .weis_rules()
        .unwrap();
        // 001's Weis: the four aces count 100 in Undenufe, the sixes nothing; with the option
        // the other way round.
        let best = |rules| best_declaration(sixes, Mode::Undenufe, &rules);
        assert_eq!(best(plain).points(Mode::Undenufe, &plain), 100);
        let aces: CardSet = "DA HA SA CA".parse().unwrap();
        let four_sixes: CardSet = "D6 H6 S6 C6".parse().unwrap();
        assert_eq!(best(plain).cards(), aces);
        assert_eq!(best(six).points(Mode::Undenufe, &six), 100);
        assert_eq!(best(six).cards(), four_sixes);
        // In a trump contract the option changes nothing.
        let h = Mode::Trump(crate::card::Suit::H);
        assert_eq!(best_declaration(sixes, h, &six).points(h, &six), 100);
    }

    #[test]
    fn four_sixes_is_written_only_when_on() {
        let off = serde_json::to_value(SidiOptions::default()).unwrap();
        assert!(off.get("undenufe_four_sixes").is_none(), "{off}");
        let on = SidiOptions {
            undenufe_four_sixes: true,
            ..SidiOptions::default()
        };
        let v = serde_json::to_value(on).unwrap();
        assert_eq!(v["undenufe_four_sixes"], serde_json::json!(true));
        assert_eq!(serde_json::from_value::<SidiOptions>(v).unwrap(), on);
        assert_eq!(
            serde_json::from_value::<SidiOptions>(off).unwrap(),
            SidiOptions::default()
        );
    }
}

//! Coiffeur (Coiffeur-Schieber; 003, 004): Schieber in which each team must play every contract of
//! its list once, each contract with its own multiplier; the team that chose the contract writes
//! its points in that row. The card play, Weis, Stöck and schieben are Schieber's own engine
//! ([`crate::schieber::Schieber`], run with a target it can never reach and single multipliers).
//! See `docs/coiffeur.md`.

mod record;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::game::{ActionList, Game, IllegalAction, ToMove, Visibility};
use crate::mode::UndenufeEleven;
use crate::schieber::{
    Contract, FirstForehand, FirstLead, Multipliers, Phase, Schieber, SchieberAction,
    SchieberObservation, SchieberOptions, WeisOption, MAX_MULTIPLIER,
};
use crate::weis::WeisTie;

pub use record::{
    check_record, play_recorded, CoiffeurDealRecord, CoiffeurDealResult, CoiffeurRecord,
    CoiffeurSettled,
};

/// A decision in Coiffeur: the same as in Schieber.
pub type CoiffeurAction = SchieberAction;

/// What a seat sees in Coiffeur: the deal as in Schieber (its fields are reached through
/// `Deref`), and the public slate that the game's end depends on.
#[derive(Clone, Debug, Serialize)]
pub struct CoiffeurObservation {
    /// The deal, as a Schieber seat sees it (its `totals` are unmultiplied and not the score).
    #[serde(flatten)]
    pub deal: SchieberObservation,
    /// The sum of each team's list so far (multiplied).
    pub written: [u32; 2],
    /// The rows each team has still to fill (the row played now counts until the deal is over).
    pub open_rows: [u32; 2],
    /// The contracts each team may still choose, in the order of the legal actions: those of
    /// its open rows (both directions of an open Slalom row; the row played now counts until
    /// the deal is over, so during the card play the chooser's list is the one it chose from).
    pub choices: [Vec<Contract>; 2],
}

impl CoiffeurObservation {
    /// True if this deal is the game's last: after it both lists are full.
    pub fn last_deal(&self) -> bool {
        self.open_rows[0] + self.open_rows[1] == 1
    }
}

impl std::ops::Deref for CoiffeurObservation {
    type Target = SchieberObservation;
    fn deref(&self) -> &SchieberObservation {
        &self.deal
    }
}

/// Every option of Coiffeur. The texts give the principle only (004: "All the contract options
/// must be played once per game by each partnership. The partnership that determined the type of
/// contract scores the points they achieve"); the defaults are documented in `docs/coiffeur.md`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CoiffeurOptions {
    /// The multiplier of each contract, each from 1 to [`MAX_MULTIPLIER`]. The five texts give no
    /// table (JassWiki's differs: the suits 2 to 4, docs/coiffeur.md); the default is the
    /// commonly published Swiss one: Rosen (`H`) 1, Eicheln (`C`) 2, Schilten (`S`) 3, Schellen
    /// (`D`) 4, Obenabe 5, Undenufe 6, Misère 1 (004: "points gained are not multiplied by
    /// anything"), and Slalom 7 (the published table continues after Undenufe ×6; a record from
    /// before Slalom reads as 1, which only matters with the row).
    pub multipliers: Multipliers,
    /// Misère is a row of the list (004's Misère: Obenabe, the trick points to the other team).
    pub misere: bool,
    /// Slalom is a row of the list (003 names it; the common definition: no trump, the tricks
    /// alternate between Obenabe and Undenufe). The chooser names the first trick's mode
    /// (`slalom` or `slalom-undenufe`); either fills the one Slalom row. Off by default.
    pub slalom: bool,
    /// After forehand schiebt, the partner may shove back (003 "zurückschieben").
    pub zurueckschieben: bool,
    /// Which card counts 11 in Undenufe.
    pub undenufe_eleven: UndenufeEleven,
    /// Weis: none, small or large (as in Schieber).
    pub weis: WeisOption,
    /// Four nines count 150 as Weis.
    pub four_nines: bool,
    /// A four of any rank counts 100 as Weis (003: "some players now allow"). The three Weis
    /// house rules of 003 below are Schieber's (docs/schieber.md), off or at 003's table by
    /// default, and written to records only when set otherwise (so that records of the usual
    /// game stay as they were, and readable by older versions).
    #[serde(skip_serializing_if = "crate::record::is_false")]
    pub fours_any_rank: bool,
    /// In Undenufe four sixes count 100 in place of four aces (003).
    #[serde(skip_serializing_if = "crate::record::is_false")]
    pub undenufe_four_sixes: bool,
    /// Large Weis: points per card beyond five, 50 (003's table) or 20 (003: "20 or 50 more").
    #[serde(skip_serializing_if = "is_fifty")]
    pub large_weis_step: u32,
    /// Stöck is scored.
    pub stoeck: bool,
    /// Equal Weis values: the longer wins, or 003's list order.
    pub weis_tie: WeisTie,
    /// Who is forehand in the first deal (as in Schieber: the holder of the rose seven).
    pub first_forehand: FirstForehand,
    /// Who leads the first trick of a deal, as in Schieber: forehand (003, 004) or the player who
    /// chose the contract (JassWiki, "Ausspiel": "Schieber oder Coiffeur-Schieber:
    /// Spielübernehmer spielt statt Vorhand aus"). Written to records only when `chooser`.
    #[serde(skip_serializing_if = "FirstLead::is_forehand")]
    pub first_lead: FirstLead,
}

/// For `skip_serializing_if`: leave 003's large Weis step out of the record.
fn is_fifty(step: &u32) -> bool {
    *step == 50
}

impl Default for CoiffeurOptions {
    fn default() -> Self {
        CoiffeurOptions {
            multipliers: CoiffeurOptions::DEFAULT_MULTIPLIERS,
            misere: false,
            slalom: false,
            zurueckschieben: false,
            undenufe_eleven: UndenufeEleven::Ace,
            weis: WeisOption::Small,
            four_nines: false,
            fours_any_rank: false,
            undenufe_four_sixes: false,
            large_weis_step: 50,
            stoeck: true,
            weis_tie: WeisTie::MoreCards,
            first_forehand: FirstForehand::Holder(Card::new(Suit::H, Rank::Seven)),
            first_lead: FirstLead::Forehand,
        }
    }
}

impl CoiffeurOptions {
    /// The default table (see [`CoiffeurOptions::multipliers`]): H 1, C 2, S 3, D 4, Obenabe 5,
    /// Undenufe 6, Misère 1, Slalom 7.
    pub const DEFAULT_MULTIPLIERS: Multipliers = Multipliers {
        d: 4,
        h: 1,
        s: 3,
        c: 2,
        obenabe: 5,
        undenufe: 6,
        misere: 1,
        slalom: 7,
    };

    /// The contracts a team may choose for its list, in notation order (with the Slalom row both
    /// `slalom` and `slalom-undenufe`, which fill the same row).
    pub fn contracts(&self) -> Vec<Contract> {
        Contract::ALL
            .into_iter()
            .filter(|c| match c {
                Contract::Misere => self.misere,
                Contract::Slalom | Contract::SlalomUndenufe => self.slalom,
                _ => true,
            })
            .collect()
    }

    /// The rows of each team's list, in notation order, each named by a contract (the Slalom row
    /// by `slalom`).
    pub fn rows(&self) -> Vec<Contract> {
        self.contracts()
            .into_iter()
            .filter(|&c| c != Contract::SlalomUndenufe)
            .collect()
    }

    /// The Schieber options the card play runs under.
    pub fn schieber(&self) -> SchieberOptions {
        SchieberOptions {
            target: 1_000_000,
            multipliers: Multipliers::SINGLE,
            obenabe_undenufe: true,
            misere: self.misere,
            slalom: self.slalom,
            zurueckschieben: self.zurueckschieben,
            counter_match: false,
            undenufe_eleven: self.undenufe_eleven,
            weis: self.weis,
            four_nines: self.four_nines,
            fours_any_rank: self.fours_any_rank,
            undenufe_four_sixes: self.undenufe_four_sixes,
            large_weis_step: self.large_weis_step,
            stoeck: self.stoeck,
            weis_tie: self.weis_tie,
            schneider: false,
            bergpreis: false,
            first_forehand: self.first_forehand,
            first_lead: self.first_lead,
            ..SchieberOptions::default()
        }
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        let m = self.multipliers;
        for (name, x) in [
            ("D", m.d),
            ("H", m.h),
            ("S", m.s),
            ("C", m.c),
            ("obenabe", m.obenabe),
            ("undenufe", m.undenufe),
            ("misere", m.misere),
            ("slalom", m.slalom),
        ] {
            if x == 0 || x > MAX_MULTIPLIER {
                return Err(format!(
                    "multiplier {name} is {x}: every multiplier must be 1 .. {MAX_MULTIPLIER}"
                ));
            }
        }
        self.schieber().validate()
    }
}

/// A Coiffeur game in progress.
#[derive(Copy, Clone, Debug)]
pub struct Coiffeur {
    opts: CoiffeurOptions,
    inner: Schieber,
    lists: [[Option<u32>; ROWS]; 2],
    last_written: Option<(u8, Contract, u32)>,
}

/// Rows of the longest list: the six modes, Misère, Slalom.
pub const ROWS: usize = 8;

/// The row of a contract in the longest list (below [`ROWS`]): its place in [`Contract::ALL`],
/// both Slaloms in one row.
pub fn row(c: Contract) -> usize {
    let c = if c == Contract::SlalomUndenufe {
        Contract::Slalom
    } else {
        c
    };
    Contract::ALL
        .iter()
        .position(|&x| x == c)
        .expect("a contract")
}

impl Coiffeur {
    /// A new game; first the cards must be dealt.
    pub fn new(opts: CoiffeurOptions) -> Result<Coiffeur, String> {
        opts.validate()?;
        Ok(Coiffeur {
            opts,
            inner: Schieber::new(opts.schieber())?,
            lists: [[None; ROWS]; 2],
            last_written: None,
        })
    }
    /// The options.
    pub fn options(&self) -> &CoiffeurOptions {
        &self.opts
    }
    /// The Schieber engine that plays the deals (its totals are unmultiplied and not the score).
    pub fn schieber(&self) -> &Schieber {
        &self.inner
    }
    /// A team's entry for a contract's row, once played (multiplied; both Slaloms share a row).
    pub fn entry(&self, team: u8, contract: Contract) -> Option<u32> {
        self.lists[team as usize & 1][row(contract)]
    }
    /// True if the team has still to play this contract.
    pub fn open(&self, team: u8, contract: Contract) -> bool {
        self.opts.contracts().contains(&contract) && self.entry(team, contract).is_none()
    }
    /// The sum of each team's list.
    pub fn totals(&self) -> [u32; 2] {
        [0, 1].map(|t| self.lists[t].iter().flatten().sum())
    }
    /// The team, contract and multiplied points written by the last completed deal.
    pub fn last_written(&self) -> Option<(u8, Contract, u32)> {
        self.last_written
    }
    /// True once both teams have filled their lists.
    pub fn finished(&self) -> bool {
        self.opts
            .rows()
            .iter()
            .all(|&c| self.lists[0][row(c)].is_some() && self.lists[1][row(c)].is_some())
    }
    /// The winner once finished (`None` on a tie).
    pub fn winner(&self) -> Option<u8> {
        let t = self.totals();
        if !self.finished() || t[0] == t[1] {
            None
        } else {
            Some((t[1] > t[0]) as u8)
        }
    }
    /// Deals these hands.
    pub fn deal(&mut self, hands: [CardSet; 4]) -> Result<(), IllegalAction> {
        if self.finished() {
            return Err(IllegalAction::new("the game is over: both lists are full"));
        }
        self.inner.deal(hands)
    }

    fn chooser_team(&self) -> u8 {
        match self.inner.to_move() {
            ToMove::Seat(s) => s as u8 & 1,
            _ => 0,
        }
    }

    /// Applies an action without checking it.
    pub fn apply_unchecked(&mut self, action: CoiffeurAction) {
        let before = self.inner.phase();
        self.inner.apply_unchecked(action);
        if before == Phase::Play && self.inner.phase() == Phase::Deal {
            let (c, chooser) = self.inner.contract().expect("a contract was played");
            let t = chooser & 1;
            // 004: "The partnership that determined the type of contract scores the points they
            // achieve": tricks (Misère: as the other team's), Match, Weis and Stöck, multiplied.
            let p = self.inner.tally().score[t as usize] * self.opts.multipliers.of(c);
            self.lists[t as usize][row(c)] = Some(p);
            self.last_written = Some((t, c, p));
        }
    }

    /// What a seat may see: Schieber's observation and the slate (public to everyone).
    pub fn observation(&self, seat: usize) -> CoiffeurObservation {
        let rows = self.opts.rows();
        CoiffeurObservation {
            deal: self.inner.observation(seat),
            written: self.totals(),
            open_rows: [0, 1].map(|t| rows.iter().filter(|&&c| self.open(t, c)).count() as u32),
            choices: [0, 1].map(|t| {
                let all = self.opts.contracts().into_iter();
                all.filter(|&c| self.open(t, c)).collect()
            }),
        }
    }
}

impl Game for Coiffeur {
    type Action = CoiffeurAction;
    type Observation = CoiffeurObservation;
    type Deal = [CardSet; 4];

    fn name(&self) -> &'static str {
        "coiffeur"
    }
    fn seats(&self) -> usize {
        4
    }
    fn to_move(&self) -> ToMove {
        if self.finished() {
            ToMove::Over
        } else {
            self.inner.to_move()
        }
    }
    fn legal_actions(&self, out: &mut ActionList<CoiffeurAction>) {
        out.clear();
        if self.finished() {
            return;
        }
        let mut all = ActionList::new();
        self.inner.legal_actions(&mut all);
        let t = self.chooser_team();
        for a in all.iter() {
            match a {
                SchieberAction::Contract { contract } if !self.open(t, contract) => {}
                a => out.push(a),
            }
        }
    }
    fn apply(&mut self, action: CoiffeurAction) -> Result<(), IllegalAction> {
        if self.finished() {
            return Err(IllegalAction::new("the game is over: both lists are full"));
        }
        if let (Phase::Contract, SchieberAction::Contract { contract }) =
            (self.inner.phase(), action)
        {
            let t = self.chooser_team();
            if !self.opts.contracts().contains(&contract) {
                return Err(IllegalAction::new(format!(
                    "contract {contract} is not on the Coiffeur list under these options"
                )));
            }
            if self.entry(t, contract).is_some() {
                return Err(IllegalAction::new(if contract.is_slalom() {
                    format!("team {t} has already played its Slalom row")
                } else {
                    format!("team {t} has already played {contract}")
                }));
            }
        }
        let mut probe = self.inner;
        probe.apply(action)?;
        self.apply_unchecked(action);
        Ok(())
    }
    fn deal_from_pack(&self, pack: &[Card; 36]) -> [CardSet; 4] {
        self.inner.deal_from_pack(pack)
    }
    fn apply_deal(&mut self, deal: [CardSet; 4]) -> Result<(), IllegalAction> {
        self.deal(deal)
    }
    /// Schieber's view plus the Coiffeur slate: each row with its multiplier and the points each
    /// team wrote there (`null` while open), and the totals.
    fn view_json(&self, seat: usize) -> serde_json::Value {
        let v = serde_json::to_value(self.inner.observation(seat)).expect("observations serialize");
        self.with_slate(v)
    }
    fn public_view_json(&self) -> serde_json::Value {
        self.with_slate(self.inner.public_view())
    }
    fn action_visibility(&self, action: CoiffeurAction) -> Visibility {
        self.inner.action_visibility(action)
    }
    fn observe(&self, seat: usize) -> CoiffeurObservation {
        self.observation(seat)
    }
}

impl Coiffeur {
    /// A view with the Coiffeur slate added.
    fn with_slate(&self, mut v: serde_json::Value) -> serde_json::Value {
        let m = self.opts.multipliers;
        let rows: Vec<serde_json::Value> = self
            .opts
            .rows()
            .into_iter()
            .map(|c| {
                serde_json::json!({
                    "contract": c,
                    "multiplier": m.of(c),
                    "entries": [self.entry(0, c), self.entry(1, c)],
                })
            })
            .collect();
        v["coiffeur"] = serde_json::json!({ "rows": rows, "totals": self.totals() });
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::Mode;
    use crate::weis::best_declaration;

    #[test]
    fn schiebers_weis_house_rules_pass_through() {
        // 003: four sixes in Undenufe "in place of four aces", any four 100, large Weis 20 more
        // per card.
        let o = CoiffeurOptions {
            undenufe_four_sixes: true,
            fours_any_rank: true,
            weis: WeisOption::Large,
            large_weis_step: 20,
            ..CoiffeurOptions::default()
        };
        o.validate().unwrap();
        let rules = o.schieber().weis_rules().unwrap();
        assert!(rules.undenufe_four_sixes && rules.fours_any_rank);
        assert_eq!(rules.large_step, 20);
        let sixes = "D6 H6 S6 C6 DA HK SQ CJ H9".parse().unwrap();
        let d = best_declaration(sixes, Mode::Undenufe, &rules);
        assert_eq!(d.points(Mode::Undenufe, &rules), 100);
        assert_eq!(d.cards(), "D6 H6 S6 C6".parse().unwrap());
        // 003 names 20 or 50 only.
        let e = CoiffeurOptions {
            large_weis_step: 30,
            ..CoiffeurOptions::default()
        }
        .validate()
        .unwrap_err();
        assert!(e.contains("large_weis_step"), "{e}");
    }

    #[test]
    fn the_weis_house_rules_are_written_only_when_set() {
        let usual = serde_json::to_value(CoiffeurOptions::default()).unwrap();
        for key in ["fours_any_rank", "undenufe_four_sixes", "large_weis_step"] {
            assert!(usual.get(key).is_none(), "{key}: {usual}");
        }
        let set = CoiffeurOptions {
            undenufe_four_sixes: true,
            large_weis_step: 20,
            ..CoiffeurOptions::default()
        };
        let v = serde_json::to_value(set).unwrap();
        assert_eq!(v["undenufe_four_sixes"], serde_json::json!(true));
        assert_eq!(v["large_weis_step"], serde_json::json!(20));
        assert_eq!(serde_json::from_value::<CoiffeurOptions>(v).unwrap(), set);
        assert_eq!(
            serde_json::from_value::<CoiffeurOptions>(usual).unwrap(),
            CoiffeurOptions::default()
        );
    }
}

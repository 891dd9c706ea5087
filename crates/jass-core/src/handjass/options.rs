//! Handjass rule options, as data: every reading and variant of 000, 002 and 004 with its source
//! and default. `Default` is the game of 000; [`HandjassOptions::preset`] gives 002 (`parlett`),
//! 004 (`004`), 000's Berner Handjass (`berner`) and 000's "everyone must play" (`must-play`).

use serde::{Deserialize, Serialize};

use crate::card::Suit;
use crate::trick::TrickRules;

/// The rule set the options were built from (recorded; the other fields say every rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Preset {
    /// 000, the main text (the default).
    #[default]
    #[serde(rename = "000")]
    Std000,
    /// 002, Parlett's three-player Sackjass.
    #[serde(rename = "parlett")]
    Parlett,
    /// 004's Handjass for 2 to 5 players (threshold 21, game to 5).
    #[serde(rename = "004")]
    Wiki004,
    /// 004's 12-card game for two and three players (31 points to avoid the hole).
    #[serde(rename = "004-twelve")]
    Wiki004Twelve,
    /// 000's Berner Handjass: strokes and nulls multiplied by the trump suit, 27 to retire.
    #[serde(rename = "berner")]
    Berner,
    /// 000's variant in which everyone must play (12 cards each with two or three players).
    #[serde(rename = "must-play")]
    MustPlay,
}

impl Preset {
    /// Every preset with its name.
    pub const ALL: [(&'static str, Preset); 6] = [
        ("000", Preset::Std000),
        ("parlett", Preset::Parlett),
        ("004", Preset::Wiki004),
        ("004-twelve", Preset::Wiki004Twelve),
        ("berner", Preset::Berner),
        ("must-play", Preset::MustPlay),
    ];
}

/// How two and three players are dealt (000: the blind; Bessern; 12 cards each).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmallDeal {
    /// 000: a blind (and with two players a stock); 002's spare hand.
    #[default]
    Blind,
    /// 000's "Bessern": three cards face down per player to exchange.
    Bessern,
    /// 12 cards each, no blind (000 "everyone must play", 004's 12-card game).
    Twelve,
}

/// What a deal gives when all players but one drop out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LonePlayer {
    /// The one left scores the deal's strokes without play (000: "If all players except one drop
    /// out, that player wins two strokes without play"; one stroke in the two-player game).
    #[default]
    Strokes,
    /// The deal is void and the next dealer deals (JassWiki, "Handjass": "Mindestens zwei Spieler
    /// müssen erklären, dass sie … «kommen» möchten. Kommen nicht mindestens zwei Spieler zusammen,
    /// wird das Spiel vom nachfolgenden Spieler neu gegeben").
    Redeal,
}

impl LonePlayer {
    /// For `skip_serializing_if`: records of 000's rule stay as they were.
    pub fn is_strokes(&self) -> bool {
        *self == LonePlayer::Strokes
    }
}

/// When the holder of the six of trumps may take the turned card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SixExchange {
    /// 000: after everyone has chosen, before the first lead.
    #[default]
    After,
    /// 002 (and 004's order): before the choice of the spare hand.
    Before,
    /// Never.
    Never,
}

/// How many strokes a deal gives (with three or more at the table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrokeCount {
    /// 000: two strokes.
    #[default]
    Two,
    /// 000 "some used to play": one fewer than the players at the table (three with four).
    PlayersMinusOne,
}

/// A tie for a stroke.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieRule {
    /// 000 (and 004 "cutting the deck"): the tied players draw cards, the higher gets it. 000
    /// and 004 state the draw for "the second stroke" only: with two players at the table a tie
    /// for the one stroke gives no stroke.
    #[default]
    Draw,
    /// As `draw`, and with two players at the table a tie for the one stroke is drawn for too.
    DrawAlways,
    /// 000 "some play": held in abeyance until both are active again, then to the one who takes
    /// more points.
    Abeyance,
    /// 004 "some players house-rule": no stroke for the tie.
    None,
}

/// Multipliers of strokes and nulls by trump suit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Multipliers {
    /// Every suit 1.
    #[default]
    None,
    /// 000 Berner Handjass with the French names: hearts 4, diamonds 3, clubs 2, spades 1.
    BernerFrench,
    /// 000 Berner Handjass with the Swiss names: bells 4, shields 3, roses 2, acorns 1 (the
    /// reading 000's example confirms: "with shields trump … score 3 strokes each").
    BernerSwiss,
}

impl Multipliers {
    /// The multiplier of a trump suit.
    pub fn of(self, trump: Suit) -> u32 {
        match (self, trump) {
            (Multipliers::None, _) => 1,
            (Multipliers::BernerFrench, Suit::H) => 4,
            (Multipliers::BernerFrench, Suit::D) => 3,
            (Multipliers::BernerFrench, Suit::C) => 2,
            (Multipliers::BernerFrench, Suit::S) => 1,
            (Multipliers::BernerSwiss, Suit::D) => 4,
            (Multipliers::BernerSwiss, Suit::S) => 3,
            (Multipliers::BernerSwiss, Suit::H) => 2,
            (Multipliers::BernerSwiss, Suit::C) => 1,
        }
    }
}

/// How long a sack (002) stays open.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SackWindow {
    /// 002: "If at the end of the next hand, a player who was 'in the sack' turns out to be one
    /// of the top two players … their victory merely cancels out their sack." A sack is open for
    /// the next deal only; if it is not cancelled there it lapses and stays on the slate as a 0
    /// mark (no effect on the net score).
    #[default]
    NextHand,
    /// Sacks stack and stay open until strokes cancel them, one stroke per sack.
    UntilCancelled,
}

/// How the game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// 000, 002: players retire at the target; the last one left loses.
    #[default]
    LastLoser,
    /// 004 "simple scoring": the first to reach the target wins.
    FirstWins,
}

/// Order of the trump suit in sequences.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SequenceOrder {
    /// 000: A K Q J 10 9 8 7 6 in every suit.
    #[default]
    Natural,
    /// 002: the trump suit in trump order J 9 A K Q 10 8 7 6.
    Trump,
}

/// Which fours are Weis.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quartets {
    /// 000: four Unders 200; four Aces, Kings, Obers or Banners 100.
    #[default]
    Standard,
    /// 002's value list: "Quartet – Four Queens, Kings or Aces – 100 points"; the other fours
    /// have no value there and score nothing.
    QueensKingsAces,
    /// 002's definition: "any four cards of the same rank so long as they are higher than 8",
    /// all 100 (the only quartet value 002 gives).
    AboveEight,
    /// 004's meld table, which its Handjass takes ("The base rules of Jass for card rank, value,
    /// and melds apply"): 000's fours and "Four 9's: scores 150" (the 004 presets).
    WithNines,
}

/// Every option of Handjass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HandjassOptions {
    /// The rule set these options started from (informational; every rule is a field).
    pub preset: Preset,
    /// Players at the start: 2 to 5 (000: 2-4; 004: 2-5).
    pub players: u8,
    /// Net strokes to retire (000: 7; 000 also 5 or 9; 002, 004: 5; Berner: 27).
    pub target: i32,
    /// Fewer points than this is a potato (000: 26; 000's original version, 002, 004: 21).
    pub threshold: u32,
    /// A stroke needs more points than the threshold, so that exactly the threshold gives neither
    /// stroke nor potato (004: "If only one player scores greater than 21 points … that player is
    /// awarded two game points. If a player scores fewer than 21 points in a round, they are said
    /// to be 'in the hole'"). `false`: the threshold is enough (000: "the player with 26 or more
    /// points scores 2 strokes"). Records written before this option read it as `false`.
    pub stroke_above_threshold: bool,
    /// Threshold in a 12-card deal (004: 31); `null` = `threshold`.
    pub twelve_threshold: Option<u32>,
    /// How two and three players are dealt.
    pub small_deal: SmallDeal,
    /// Players may drop out (000, 004); 002 and 000's "everyone must play" say no.
    pub drop_out: bool,
    /// When all players but one drop out: that one scores the deal's strokes (000) or the deal is
    /// dealt again by the next dealer (JassWiki). Written only when `redeal`.
    #[serde(skip_serializing_if = "LonePlayer::is_strokes")]
    pub lone_player: LonePlayer,
    /// The six-of-trumps exchange with two or three players.
    pub six_exchange: SixExchange,
    /// Two remaining players may agree a stroke each if both can surely take the threshold (000).
    pub agreement: bool,
    /// Strokes per deal.
    pub strokes: StrokeCount,
    /// If all but one active player have potatoes, that one takes all the deal's strokes (000).
    pub sole_takes_all: bool,
    /// An extra stroke for each null (000 "some play").
    pub null_extra_strokes: bool,
    /// Stake each null pays to every other active player (000 "some play"); recorded, 0 = none.
    pub null_stake: u32,
    /// Strokes and nulls multiplied by the trump suit (000 Berner Handjass).
    pub multipliers: Multipliers,
    /// A tie for a stroke (with two players at the table, `draw` gives no stroke for a tie).
    pub tie: TieRule,
    /// 002: a player below the threshold is "in the sack" (a 0 mark) instead of scoring a potato;
    /// if the player is among the stroke winners while the sack is open (`sack_window`), the
    /// stroke only cancels the sack.
    pub sack: bool,
    /// How long a sack stays open (002: the next hand).
    pub sack_window: SackWindow,
    /// Card points for the last trick (000: 5, making 157; 002's schedule has none: 152).
    pub last_trick_bonus: u32,
    /// How the game ends.
    pub scoring: Scoring,
    /// Trick rules: `strict` (000) or `heading` (002).
    pub trick_rules: TrickRules,
    /// Weis is played.
    pub weis: bool,
    /// Order of sequences in the trump suit.
    pub sequences: SequenceOrder,
    /// Which fours count.
    pub quartets: Quartets,
    /// The marriage (King and Queen of trumps) is a meld worth 20 (002).
    pub marriage: bool,
    /// The married King and Queen may also serve in a sequence (004: "the trump King or Queen
    /// may belong to a meld in addition to being married"; 002 allows it with a quartet and is
    /// silent on sequences). Records written before this option read it as `false`.
    pub marriage_in_sequence: bool,
    /// Equal Weis compare by height before trump (000 rule 3); 002 goes straight to trump.
    pub weis_height: bool,
    /// Stöck: 20 for King and Ober of trumps, independent of Weis (000).
    pub stoeck: bool,
    /// The three-player blind's face-up card (or the six of trumps that replaced it) stays on the
    /// table until the taker's first lead, so that card cannot be led to the first trick (000:
    /// "leaving the trump indicator card face up on the table until the lead to the first trick,
    /// after which it is added to their hand"). 002 has the spare taken "site unseen" as it lies:
    /// `false`. Records written before this option read it as `true`.
    pub withhold_indicator: bool,
}

impl Default for HandjassOptions {
    fn default() -> Self {
        HandjassOptions {
            preset: Preset::Std000,
            players: 4,
            target: 7,
            threshold: 26,
            stroke_above_threshold: false,
            twelve_threshold: None,
            small_deal: SmallDeal::Blind,
            drop_out: true,
            lone_player: LonePlayer::Strokes,
            six_exchange: SixExchange::After,
            agreement: true,
            strokes: StrokeCount::Two,
            sole_takes_all: true,
            null_extra_strokes: false,
            null_stake: 0,
            multipliers: Multipliers::None,
            tie: TieRule::Draw,
            sack: false,
            sack_window: SackWindow::NextHand,
            last_trick_bonus: 5,
            scoring: Scoring::LastLoser,
            trick_rules: TrickRules::Strict,
            weis: true,
            sequences: SequenceOrder::Natural,
            quartets: Quartets::Standard,
            marriage: false,
            marriage_in_sequence: true,
            weis_height: true,
            stoeck: true,
            withhold_indicator: true,
        }
    }
}

impl HandjassOptions {
    /// The options of a named rule set: `000`, `parlett` (002), `004`, `004-twelve`, `berner`,
    /// `must-play`.
    pub fn preset(name: &str) -> Result<HandjassOptions, String> {
        let p = Preset::ALL
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()) || (name.trim() == "002" && *n == "parlett"))
            .map(|(_, p)| *p)
            .ok_or_else(|| format!("unknown preset `{name}`: expected 000, parlett (or 002), 004, 004-twelve, berner, must-play"))?;
        Ok(Self::of_preset(p))
    }

    /// The options of a preset.
    pub fn of_preset(p: Preset) -> HandjassOptions {
        let d = HandjassOptions::default();
        match p {
            Preset::Std000 => d,
            Preset::Parlett => HandjassOptions {
                preset: p,
                players: 3,
                target: 5,
                threshold: 21,
                drop_out: false,
                six_exchange: SixExchange::Before,
                agreement: false,
                sole_takes_all: false,
                sack: true,
                sack_window: SackWindow::NextHand,
                last_trick_bonus: 0,
                trick_rules: TrickRules::Heading,
                withhold_indicator: false,
                sequences: SequenceOrder::Trump,
                // 002 defines quartets as any rank "higher than 8" but values only "Four
                // Queens, Kings or Aces"; a meld scores what the value list gives it.
                quartets: Quartets::QueensKingsAces,
                marriage: true,
                weis_height: false,
                stoeck: false,
                ..d
            },
            Preset::Wiki004 => HandjassOptions {
                preset: p,
                quartets: Quartets::WithNines,
                target: 5,
                threshold: 21,
                stroke_above_threshold: true,
                // 004's order: "The player holding the six of trump may rob (exchange) the
                // turned up trump. A player may exchange their hand with the blind".
                six_exchange: SixExchange::Before,
                ..d
            },
            Preset::Wiki004Twelve => HandjassOptions {
                preset: p,
                quartets: Quartets::WithNines,
                players: 3,
                target: 5,
                threshold: 21,
                twelve_threshold: Some(31),
                small_deal: SmallDeal::Twelve,
                ..d
            },
            Preset::Berner => HandjassOptions {
                preset: p,
                target: 27,
                // 000's worked example: "with shields trump in the three-player game the two
                // highest scorers score 3 strokes each", the Swiss names' reading.
                multipliers: Multipliers::BernerSwiss,
                ..d
            },
            Preset::MustPlay => HandjassOptions {
                preset: p,
                drop_out: false,
                small_deal: SmallDeal::Twelve,
                agreement: false,
                ..d
            },
        }
    }

    /// Options from JSON: the `preset` key (if any) gives the defaults, the other keys override
    /// them. This is how the command line reads `-o preset=parlett -o target=7`.
    pub fn from_json(value: &serde_json::Value) -> Result<HandjassOptions, String> {
        let mut base = match value.get("preset") {
            None => HandjassOptions::default(),
            Some(serde_json::Value::String(s)) => HandjassOptions::preset(s)?,
            Some(other) => return Err(format!("preset must be a name, not {other}")),
        };
        let serde_json::Value::Object(map) = value else {
            return Err("options must be a JSON object".into());
        };
        let mut merged = serde_json::to_value(base).expect("options serialize");
        for (k, v) in map {
            if k == "preset" {
                continue;
            }
            merged[k.as_str()] = v.clone();
            if serde_json::from_value::<HandjassOptions>(merged.clone()).is_err() {
                let one = serde_json::Value::Object([(k.clone(), v.clone())].into_iter().collect());
                let e = serde_json::from_value::<HandjassOptions>(one)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                return Err(format!("bad handjass option `{k}={v}`: {e}"));
            }
        }
        base = serde_json::from_value(merged).map_err(|e| e.to_string())?;
        base.validate()?;
        Ok(base)
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), String> {
        if !(2..=5).contains(&self.players) {
            return Err(format!(
                "players is {}: Handjass is for 2 to 5 players",
                self.players
            ));
        }
        if !(1..=100).contains(&self.target) {
            return Err(format!(
                "target is {}: it must be 1 to 100 strokes (000: 7, also 5 or 9; Berner: 27)",
                self.target
            ));
        }
        if self.last_trick_bonus > 100 {
            return Err(format!(
                "last_trick_bonus is {}: at most 100",
                self.last_trick_bonus
            ));
        }
        // Not a rule of the sources (000: 26; 004: 21, 31 in a 12-card deal) but a bound of ours:
        // above half the card points at most one player reaches the threshold, the others take a
        // potato each deal, which cancels the strokes, and a game hardly ends.
        let total = 152 + self.last_trick_bonus;
        for (name, t) in [
            ("threshold", Some(self.threshold)),
            ("twelve_threshold", self.twelve_threshold),
        ] {
            if let Some(t) = t.filter(|&t| t > total / 2) {
                return Err(format!(
                    "{name} is {t}: at most {} (half the {total} card points of a deal; 000: 26, 004: 21, and 31 in a 12-card deal)",
                    total / 2
                ));
            }
        }
        Ok(())
    }

    /// The meld rules.
    pub fn meld_rules(&self) -> super::melds::MeldRules {
        super::melds::MeldRules::of(self)
    }
}

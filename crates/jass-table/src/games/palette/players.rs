//! Computer players for Palette: a rule player (its bid from the sure tricks its hand holds in
//! its best mode and what a partner brings, its trump that mode, its call the best card of that
//! mode it lacks; the card play of the Schieber rule player, `jass_bots::play_common::take_points`,
//! with the partner it knows: the declarer's once the called card falls, the declarer for the
//! partner himself) and a sampling player (the rule player's bids, trump and call; its cards by
//! play-outs in worlds of the others' hands, in each world the holder of the called card the
//! partner, every seat by the rule card knowing the partnership of that world, the card that does
//! best for its side kept).

use jass_core::palette::{
    points_level, Palette, PaletteAction, PaletteBid, PaletteObservation, PaletteOptions,
    PalettePhase, PaletteScoring,
};
use jass_core::{Card, CardSet, Decision, Mode, Player, PointTable, Rank, Suit, TrickRules};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use jass_bots::card_play_sampling::{
    card_worlds, play_out, CardPlaySettings, CardPlayView, Counting, PlayedOut,
};
use jass_bots::play_common::{take_points, PlayView};
use jass_bots::solo_card::top_run;

/// The card points of a deal, the last trick's 5 included.
const DEAL_POINTS: u32 = 157;

/// The tricks `hand` may take in `mode`: the trumps from the top and beyond the others' two;
/// in each plain suit the top run (two at most beside a trump).
pub fn sure_tricks(hand: CardSet, mode: Mode) -> u32 {
    Suit::ALL
        .into_iter()
        .map(|s| {
            let run = top_run(hand, s, mode, CardSet::ALL);
            match mode.trump() {
                Some(t) if t == s => run + hand.of_suit(t).len().saturating_sub(run + 2),
                Some(_) => run.min(2),
                None => run,
            }
        })
        .sum::<u32>()
        .min(9)
}

/// The mode `hand` takes the most sure tricks in (then the most trumps).
pub fn best_mode(hand: CardSet) -> Mode {
    Mode::ALL
        .into_iter()
        .max_by_key(|&m| {
            (
                sure_tricks(hand, m),
                m.trump().map_or(0, |t| hand.of_suit(t).len()),
            )
        })
        .expect("a mode")
}

/// What the rule player counts on its party taking with `hand` in `mode`: a fair share of the
/// deal's points for each sure trick, one trick more for the called card, and half the rest for
/// the partner's own cards.
pub fn party_estimate(hand: CardSet, mode: Mode) -> u32 {
    let per_trick = DEAL_POINTS / 9;
    let mine = (sure_tricks(hand, mode) + 1).min(9);
    (mine * per_trick + (9 - mine) * per_trick / 2).min(DEAL_POINTS)
}

/// The rule player's bid: while its estimate reaches the lowest open bid, the bid of the
/// estimate's level on 004's scale (a bid of points is worth its level: 120 wins 4 where 110
/// wins 2; with `scoring` `taken` the lowest); a Matsch with all nine tricks sure but one (the
/// called card), alone with all nine; else pass.
pub fn rule_bid(obs: &PaletteObservation, opts: &PaletteOptions) -> PaletteAction {
    let mode = best_mode(obs.hand);
    let sure = sure_tricks(obs.hand, mode);
    let Some(lowest) = PaletteBid::lowest_after(obs.bid) else {
        return PaletteAction::Pass;
    };
    let reach = match sure {
        9 => PaletteBid::MatschAlone,
        8 => PaletteBid::Matsch,
        _ => PaletteBid::Points(party_estimate(obs.hand, mode)),
    };
    if lowest > reach {
        return PaletteAction::Pass;
    }
    PaletteAction::of_bid(match (reach, lowest) {
        (PaletteBid::Points(e), PaletteBid::Points(l)) if opts.scoring == PaletteScoring::Bid => {
            PaletteBid::Points((e / 10 * 10).max(l))
        }
        (PaletteBid::Points(_), _) => lowest,
        _ => reach,
    })
}

/// The card the declarer asks for: the best card of `mode` he lacks (the top trump, in Obenabe
/// or Undenufe the top card of his longest suit), so that the partner holds a sure trick.
pub fn rule_call(hand: CardSet, mode: Mode) -> Card {
    let order = |s: Suit| {
        let mut cards: Vec<Card> = CardSet::suit(s).iter().collect();
        cards.sort_by_key(|&c| std::cmp::Reverse(mode.trick_key(c, s)));
        cards
    };
    let suits: Vec<Suit> = match mode.trump() {
        Some(t) => vec![t],
        None => {
            let mut s = Suit::ALL.to_vec();
            s.sort_by_key(|&s| std::cmp::Reverse(hand.of_suit(s).len()));
            s
        }
    };
    suits
        .into_iter()
        .flat_map(order)
        .find(|&c| !hand.contains(c))
        .or_else(|| (CardSet::ALL - hand).iter().find(|c| c.rank() == Rank::Ace))
        .or_else(|| (CardSet::ALL - hand).first())
        .expect("a card the declarer lacks")
}

/// The partner of `seat` as it knows it: the declarer's partner (revealed, or himself) for the
/// declarer and the partner, the other of the two others once the partner is known.
fn known_partner(obs: &PaletteObservation) -> Option<u8> {
    partner_of(obs.seat, obs.declarer?, obs.partner)
}

/// The partner of `seat` at a table where `declarer` plays with `partner` (`None`: unknown, or
/// a Matsch alone).
fn partner_of(seat: u8, declarer: u8, partner: Option<u8>) -> Option<u8> {
    let p = partner?;
    if seat == declarer {
        Some(p)
    } else if seat == p {
        Some(declarer)
    } else {
        (0..4).find(|&s| s != seat && s != declarer && s != p)
    }
}

/// The rule card of `seat` holding `hand`, the trick so far (`trick`, led by `leader`), the
/// cards gone (`gone`, the trick's included) in `mode`, `partner` its partner if known,
/// `declarer_side` whether its side chose the trump.
#[allow(clippy::too_many_arguments)]
fn rule_card(
    seat: u8,
    hand: CardSet,
    trick: &[Card],
    leader: u8,
    gone: CardSet,
    mode: Mode,
    points: PointTable,
    partner: Option<u8>,
    declarer_side: bool,
    declarer: u8,
) -> Card {
    let legal = jass_core::trick::legal_cards(hand, trick, mode, TrickRules::Strict);
    let n = trick.len();
    take_points(&PlayView {
        seat,
        partner,
        hand,
        legal,
        mode,
        points,
        trick: trick.to_vec(),
        trick_seats: (0..n).map(|i| (leader + i as u8) % 4).collect(),
        after_me: 3 - n,
        seen: hand | gone,
        we_chose: declarer_side,
        partner_chose: partner == Some(declarer),
        partner_discard: None,
        signal: false,
    })
}

/// The rule player's action in `obs` (also the sampling player's but for its cards).
fn rule_action(obs: &PaletteObservation, opts: &PaletteOptions) -> PaletteAction {
    match obs.phase {
        PalettePhase::Auction => rule_bid(obs, opts),
        PalettePhase::Trump => PaletteAction::Trump {
            trump: best_mode(obs.hand),
        },
        PalettePhase::Ask => PaletteAction::Ask {
            card: rule_call(obs.hand, obs.trump.expect("the trump named")),
        },
        _ => {
            let mode = obs.trump.expect("the trump named");
            let declarer = obs.declarer.expect("a declarer");
            let partner = known_partner(obs);
            let side = obs.seat == declarer || partner == Some(declarer);
            PaletteAction::Play {
                card: rule_card(
                    obs.seat,
                    obs.hand,
                    &obs.trick,
                    obs.trick_leader,
                    obs.played_cards(),
                    mode,
                    PointTable::new(mode, opts.undenufe_eleven),
                    partner,
                    side,
                    declarer,
                ),
            }
        }
    }
}

/// The rule player.
#[derive(Clone, Debug)]
pub struct RulePalette {
    opts: PaletteOptions,
}

impl RulePalette {
    /// A rule player for a game of these options.
    pub fn new(opts: PaletteOptions) -> Self {
        RulePalette { opts }
    }
}

impl Player<Palette> for RulePalette {
    fn name(&self) -> String {
        "rule".into()
    }

    fn act(&mut self, decision: &Decision<'_, Palette>) -> PaletteAction {
        rule_action(&decision.observation(), &self.opts)
    }
}

/// The sampling player.
#[derive(Clone, Debug)]
pub struct SamplingPalette {
    opts: PaletteOptions,
    settings: CardPlaySettings,
    /// Worlds for the play-outs of its bids and trump (0: the rule player's).
    bid_worlds: usize,
    rng: Xoshiro256PlusPlus,
}

impl SamplingPalette {
    /// The default settings: 60 worlds a decision, the others' cards not read from their play
    /// (a world's partnership is its own: the rule card of the reading cannot know it), the
    /// play-outs by the rule card to the end.
    pub const DEFAULT: CardPlaySettings = CardPlaySettings {
        samples: 60,
        infer: 100,
        infer_pool: 1,
        exact_tricks: 0,
    };

    /// The worlds of its bids' and trump's play-outs by default.
    pub const BID_WORLDS: usize = 60;

    /// A sampling player for a game of `opts` with `settings` for its cards and `bid_worlds`
    /// for its bids and trump, its worlds drawn from `seed`.
    pub fn new(
        opts: PaletteOptions,
        settings: CardPlaySettings,
        bid_worlds: usize,
        seed: u64,
    ) -> Self {
        SamplingPalette {
            opts,
            settings,
            bid_worlds,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// Worlds of the others' hands: the cards `hand` does not hold dealt at random, nine each.
    fn deal_worlds(&mut self, seat: u8, hand: CardSet) -> Vec<[CardSet; 4]> {
        (0..self.bid_worlds)
            .map(|_| {
                let mut rest: Vec<Card> = (CardSet::ALL - hand).iter().collect();
                let mut world = [CardSet::EMPTY; 4];
                world[seat as usize] = hand;
                for s in (0..4u8).filter(|&s| s != seat) {
                    for _ in 0..9 {
                        let i = (self.rng.next_u64() % rest.len() as u64) as usize;
                        world[s as usize].insert(rest.swap_remove(i));
                    }
                }
                world
            })
            .collect()
    }

    /// The party's card points and tricks in each world when `seat` declares `mode` with
    /// `hand`, asking for the rule player's card (or alone), every seat by the rule card.
    fn outcomes(
        &self,
        seat: u8,
        hand: CardSet,
        mode: Mode,
        alone: bool,
        worlds: &[[CardSet; 4]],
    ) -> Vec<(u32, u8)> {
        let ask = (!alone).then(|| rule_call(hand, mode));
        let points = PointTable::new(mode, self.opts.undenufe_eleven);
        let view = CardPlayView::opening(
            4,
            seat as usize,
            hand,
            Counting::card_points_with(mode, self.opts.undenufe_eleven),
            TrickRules::Strict,
            CardSet::ALL,
            9,
        );
        worlds
            .iter()
            .map(|world| {
                let partner = ask.and_then(|c| (0..4u8).find(|&s| world[s as usize].contains(c)));
                let side = |s: u8| s == seat || Some(s) == partner;
                let rule = |at: usize, h: CardSet, t: &[Card], g: CardSet, _l: bool, m: Mode| {
                    let s = at as u8;
                    let leader = (s + 4 - t.len() as u8) % 4;
                    let p = partner_of(s, seat, partner);
                    rule_card(s, h, t, leader, g, m, points, p, side(s), seat)
                };
                let first = rule(seat as usize, hand, &[], CardSet::EMPTY, false, mode);
                let out = play_out(&view, *world, first, &rule, None);
                let party = |v: &dyn Fn(usize) -> u32| (0..4u8).filter(|&s| side(s)).map(|s| v(s as usize)).sum::<u32>();
                (
                    party(&|s| out.points[s]),
                    party(&|s| u32::from(out.tricks[s])) as u8,
                )
            })
            .collect()
    }

    /// What bidding `bid` is worth to the declarer over `outs` (the party's card points and
    /// tricks in each world), in hundredths of a game point on average: made, its value (with
    /// `scoring` `taken`, a bid of points the level of the points taken); missed, its value lost.
    fn expected(&self, bid: PaletteBid, outs: &[(u32, u8)]) -> i64 {
        let v = bid.game_points();
        let sum: i64 = outs
            .iter()
            .map(|&(p, t)| match bid {
                PaletteBid::Points(b) if p < b => -v,
                PaletteBid::Points(_) if self.opts.scoring == PaletteScoring::Taken => {
                    points_level(p)
                }
                PaletteBid::Points(_) => v,
                _ if t == 9 => v,
                _ => -v,
            })
            .sum();
        100 * sum / outs.len().max(1) as i64
    }

    /// The bid: of the open bids (the lowest, the lowest of each level of 004's scale, the two
    /// Matsch bids) the one worth the most in its best mode by the play-outs, if it is worth more
    /// than nothing; else pass.
    fn bid(&mut self, obs: &PaletteObservation, legal: &[PaletteAction]) -> PaletteAction {
        let open: Vec<PaletteBid> = legal.iter().filter_map(|a| a.bid()).collect();
        let Some(&lowest) = open.first() else {
            return PaletteAction::Pass;
        };
        let candidates: Vec<PaletteBid> = open
            .iter()
            .copied()
            .filter(|&b| match b {
                PaletteBid::Points(p) => b == lowest || p % 10 == 0,
                _ => true,
            })
            .collect();
        let worlds = self.deal_worlds(obs.seat, obs.hand);
        let mut best = (0, PaletteAction::Pass);
        for m in Mode::ALL {
            let with = self.outcomes(obs.seat, obs.hand, m, false, &worlds);
            let alone = candidates
                .contains(&PaletteBid::MatschAlone)
                .then(|| self.outcomes(obs.seat, obs.hand, m, true, &worlds));
            for &b in &candidates {
                let outs = match (&alone, b.with_partner()) {
                    (Some(a), false) => a,
                    _ => &with,
                };
                let e = self.expected(b, outs);
                if e > best.0 {
                    best = (e, PaletteAction::of_bid(b));
                }
            }
        }
        best.1
    }

    /// The trump: the mode the bid is worth the most in by the play-outs.
    fn trump(&mut self, obs: &PaletteObservation) -> Mode {
        let bid = obs.bid.expect("a bid");
        let worlds = self.deal_worlds(obs.seat, obs.hand);
        Mode::ALL
            .into_iter()
            .map(|m| {
                let outs = self.outcomes(obs.seat, obs.hand, m, !bid.with_partner(), &worlds);
                (self.expected(bid, &outs), m)
            })
            .fold(None, |best: Option<(i64, Mode)>, (e, m)| match best {
                Some((b, _)) if b >= e => best,
                _ => Some((e, m)),
            })
            .expect("a mode")
            .1
    }

    fn card(&mut self, obs: &PaletteObservation, legal: CardSet) -> Card {
        let cards: Vec<Card> = legal.iter().collect();
        if cards.len() < 2 {
            return cards[0];
        }
        let mode = obs.trump.expect("the trump named");
        let declarer = obs.declarer.expect("a declarer");
        let bid = obs.bid.expect("a bid");
        let points = PointTable::new(mode, self.opts.undenufe_eleven);
        let completed: Vec<(u8, &[Card])> = obs
            .tricks
            .iter()
            .map(|t| (t.leader, t.cards.as_slice()))
            .collect();
        // The declarer never holds the card he asked for.
        let ruled_out: Vec<(u8, CardSet)> = obs
            .called
            .map(|c| vec![(declarer, CardSet::single(c))])
            .unwrap_or_default();
        let view = CardPlayView {
            seats: 4,
            seat: obs.seat as usize,
            hand: obs.hand,
            completed: &completed,
            trick_leader: obs.trick_leader,
            trick: &obs.trick,
            shown: &[],
            ruled_out: &ruled_out,
            counting: Counting::card_points_with(mode, self.opts.undenufe_eleven),
            rules: TrickRules::Strict,
            pack: CardSet::ALL,
            per_seat: 9,
        };
        let no_reading = |_: usize, h: CardSet, t: &[Card], _g, _l, m: Mode| {
            jass_core::trick::legal_cards(h, t, m, TrickRules::Strict)
                .first()
                .expect("a card")
        };
        let worlds = card_worlds(&view, &self.settings, &mut self.rng, &no_reading);
        let mut total = vec![0i64; cards.len()];
        for world in &worlds {
            // The partner as the view names him (once the called card is played; to the
            // partner himself from the call on), else the holder of the card in this world.
            let partner = obs.partner.or_else(|| {
                obs.called
                    .and_then(|c| (0..4u8).find(|&s| world[s as usize].contains(c)))
            });
            let side = |s: u8| s == declarer || Some(s) == partner;
            let rule = |seat: usize, h: CardSet, t: &[Card], g: CardSet, _l: bool, m: Mode| {
                let s = seat as u8;
                let leader = (s + 4 - t.len() as u8) % 4;
                rule_card(
                    s,
                    h,
                    t,
                    leader,
                    g,
                    m,
                    points,
                    partner_of(s, declarer, partner),
                    side(s),
                    declarer,
                )
            };
            let mine = side(obs.seat);
            let value = |out: &PlayedOut| -> i64 {
                let party_points: u32 = (0..4u8)
                    .filter(|&s| side(s))
                    .map(|s| out.points[s as usize])
                    .sum();
                let party_tricks: u8 = (0..4u8)
                    .filter(|&s| side(s))
                    .map(|s| out.tricks[s as usize])
                    .sum();
                let made = match bid {
                    PaletteBid::Points(p) => party_points >= p,
                    _ => party_tricks == 9,
                };
                let worth = bid.game_points();
                // The game points decide; the party's card points break ties.
                let v = 1000 * if made { worth } else { -worth } + i64::from(party_points);
                if mine {
                    v
                } else {
                    -v
                }
            };
            for (i, &card) in cards.iter().enumerate() {
                total[i] += value(&play_out(&view, *world, card, &rule, None));
            }
        }
        let best = (0..cards.len())
            .max_by_key(|&i| (total[i], std::cmp::Reverse(i)))
            .expect("a card");
        cards[best]
    }
}

impl Player<Palette> for SamplingPalette {
    fn name(&self) -> String {
        "sampling".into()
    }

    fn act(&mut self, decision: &Decision<'_, Palette>) -> PaletteAction {
        let obs = decision.observation();
        match obs.phase {
            PalettePhase::Auction if self.bid_worlds > 0 => {
                let legal: Vec<PaletteAction> = decision.legal.iter().collect();
                return self.bid(&obs, &legal);
            }
            PalettePhase::Trump if self.bid_worlds > 0 => {
                return PaletteAction::Trump {
                    trump: self.trump(&obs),
                };
            }
            PalettePhase::Play => {}
            _ => return rule_action(&obs, &self.opts),
        }
        let legal: CardSet = decision.legal.played_cards();
        PaletteAction::Play {
            card: self.card(&obs, legal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_bots::RandomPlayer;
    use jass_core::palette::play_recorded;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// Each seat's game points over `games` whole games from `seed` on.
    fn points_over(
        make: &dyn Fn(u64) -> Vec<Box<dyn Player<Palette>>>,
        games: u64,
        seed: u64,
    ) -> [i64; 4] {
        let mut sum = [0; 4];
        for g in 0..games {
            let mut players = make(seed + g);
            let record = play_recorded(PaletteOptions::default(), seed + g, &mut players).unwrap();
            for (t, v) in sum.iter_mut().zip(record.result.totals) {
                *t += v;
            }
        }
        sum
    }

    #[test]
    fn the_rule_player_values_its_hand_names_its_best_mode_and_calls_the_top_card_it_lacks() {
        // Hearts from the Nine down with the Ace and Ten, side Aces: hearts, a high bid.
        let strong = cards("H9 HA H10 HK HQ DA SA CA C10");
        let mode = best_mode(strong);
        assert_eq!(mode, Mode::Trump(Suit::H));
        assert_eq!(rule_call(strong, mode), "HJ".parse().unwrap());
        assert!(party_estimate(strong, mode) >= 110, "{}", party_estimate(strong, mode));
        let poor = cards("D6 D8 H7 HQ S6 S8 S10 C7 C8");
        assert!(party_estimate(poor, best_mode(poor)) < 110);
        // Obenabe: the missing Ace of the longest suit.
        let aces = cards("DA DK DQ D10 SA SK CA CK HA");
        assert_eq!(best_mode(aces), Mode::Obenabe);
        assert_eq!(rule_call(aces, Mode::Obenabe), "DJ".parse().unwrap());
    }

    #[test]
    fn partners_are_known_as_the_seat_knows_them() {
        assert_eq!(partner_of(0, 0, Some(2)), Some(2));
        assert_eq!(partner_of(2, 0, Some(2)), Some(0));
        assert_eq!(partner_of(1, 0, Some(2)), Some(3));
        assert_eq!(partner_of(1, 0, None), None);
    }

    #[test]
    fn the_rule_player_beats_random_players() {
        let opts = PaletteOptions::default();
        let make = |seed: u64| -> Vec<Box<dyn Player<Palette>>> {
            vec![
                Box::new(RulePalette::new(opts)),
                Box::new(RandomPlayer::new(seed)),
                Box::new(RandomPlayer::new(seed + 1)),
                Box::new(RandomPlayer::new(seed + 2)),
            ]
        };
        let points = points_over(&make, 20, 1);
        assert!(points[0] > points[1].max(points[2]).max(points[3]), "{points:?}");
    }

    #[test]
    fn the_sampling_player_takes_more_game_points_than_rule_players() {
        let opts = PaletteOptions::default();
        let mut won = 0;
        let mut lost = 0;
        for seat in 0..4 {
            let make = |seed: u64| -> Vec<Box<dyn Player<Palette>>> {
                (0..4)
                    .map(|s| -> Box<dyn Player<Palette>> {
                        if s == seat {
                            Box::new(SamplingPalette::new(
                                opts,
                                CardPlaySettings {
                                    samples: 20,
                                    ..SamplingPalette::DEFAULT
                                },
                                20,
                                seed,
                            ))
                        } else {
                            Box::new(RulePalette::new(opts))
                        }
                    })
                    .collect()
            };
            let p = points_over(&make, 6, 11);
            won += p[seat];
            lost += p.iter().sum::<i64>() - p[seat];
        }
        // Against three rule players, more than a fair quarter of what the four wrote.
        assert!(4 * won > won + lost, "sampling {won}, the others {lost}");
    }
}

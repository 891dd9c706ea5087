//! The Schafhauser state machine: a set of Partien, each a Bieter Partie without an auction
//! (`Bieter::with_king`: every deal with the dealer's last card for trump, the King to play it
//! or leave it), the King passing to the left from one Partie to the next; the stakes of each
//! Partie summed. Copyable and allocation-free per card.

use serde::Serialize;

use crate::bieter::{
    Bieter, BieterContract, BieterDeal, BieterObservation, BieterPhase, BieterTally,
};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::game::{public_json, ActionList, Game, IllegalAction, ToMove};
use crate::mode::Mode;
use crate::record::ObservedTrick;
use crate::weis::ShownWeis;

use super::options::{SchafhauserDealer, SchafhauserOptions, PLAYERS};
use super::SchafhauserAction;

/// The most Partien in a set (options' `validate`).
const MOST_PARTIEN: usize = 9;

/// How one Partie of the set ended (or stands, while it is played).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SchafhauserPartie {
    /// Its King.
    pub king: u8,
    /// The party that first reached its target: `0` the King, `1` the Bauern; `null` while it
    /// is played.
    pub winner: Option<usize>,
    /// Whether the losers were short of half their target (a double stake).
    pub schneider: bool,
    /// Each party's points (King, Bauern).
    pub totals: [u32; 2],
    /// What each seat won or paid in it, in stakes (zeros while it is played).
    pub stakes: [i64; 3],
}

/// A Schafhauser set in progress.
#[derive(Copy, Clone, Debug)]
pub struct Schafhauser {
    opts: SchafhauserOptions,
    /// The Partie in play or last played, 0-based.
    index: u8,
    /// That Partie.
    partie: Bieter,
    /// The Partien before it.
    done: [Option<SchafhauserPartie>; MOST_PARTIEN],
    /// Deals begun in the Partien before it.
    deals_before: u32,
}

impl Schafhauser {
    /// A new set; first the cards must be dealt.
    pub fn new(opts: SchafhauserOptions) -> Result<Schafhauser, String> {
        opts.validate()?;
        Ok(Schafhauser {
            opts,
            index: 0,
            partie: Self::partie_of(&opts, 0)?,
            done: [None; MOST_PARTIEN],
            deals_before: 0,
        })
    }

    /// Partie `index` of the set: its King the seat `index` to the left of seat 0, who deals
    /// its first deal ("Für das erste Spiel bestimmt ein beliebiger Spieler, wer König ist":
    /// seat 0, our choice).
    fn partie_of(opts: &SchafhauserOptions, index: u8) -> Result<Bieter, String> {
        Bieter::with_king(
            opts.bieter(),
            index % PLAYERS,
            opts.king_target,
            opts.dealer == SchafhauserDealer::King,
        )
    }

    /// The options.
    pub fn options(&self) -> &SchafhauserOptions {
        &self.opts
    }
    /// The Partie in play (or last played), as the Bieter Partie that carries it.
    pub fn partie(&self) -> &Bieter {
        &self.partie
    }
    /// Its number in the set, 1-based.
    pub fn partie_number(&self) -> u8 {
        self.index + 1
    }
    /// Its King.
    pub fn king(&self) -> u8 {
        self.partie
            .king()
            .expect("a Schafhauser Partie has its King")
    }
    /// Deals begun in the whole set.
    pub fn deals_started(&self) -> u32 {
        self.deals_before + self.partie.deals_started()
    }
    /// Whether the Partie in play is over and another is still to come: the next deal starts
    /// it.
    fn between(&self) -> bool {
        self.partie.phase() == BieterPhase::Over && self.index + 1 < self.opts.partien
    }
    /// Where the set stands: a Partie's phase; `deal` between two Partien; `over` at its end.
    pub fn phase(&self) -> BieterPhase {
        if self.between() {
            BieterPhase::Deal
        } else {
            self.partie.phase()
        }
    }
    /// The Partie in play as it stands.
    fn current(&self) -> SchafhauserPartie {
        let p = &self.partie;
        let mut stakes = [0; 3];
        for (s, v) in p.settlement().unwrap_or_default().into_iter().enumerate() {
            stakes[s] = v;
        }
        SchafhauserPartie {
            king: self.king(),
            winner: p.winner(),
            schneider: p.schneider(),
            totals: p.totals(),
            stakes,
        }
    }
    /// Every Partie begun: those before and the one in play.
    pub fn partien(&self) -> Vec<SchafhauserPartie> {
        let mut all: Vec<SchafhauserPartie> = self.done.iter().flatten().copied().collect();
        if self.partie.deals_started() > 0 {
            all.push(self.current());
        }
        all
    }
    /// Each seat's stakes over the Partien ended so far.
    pub fn stakes(&self) -> [i64; 3] {
        let mut sum = [0; 3];
        for p in self.partien() {
            for (t, v) in sum.iter_mut().zip(p.stakes) {
                *t += v;
            }
        }
        sum
    }
    /// What each seat wins or pays over the whole set, once it is over.
    pub fn settlement(&self) -> Option<[i64; 3]> {
        (self.phase() == BieterPhase::Over).then(|| self.stakes())
    }

    /// Deals these cards: twelve each, the dealer's last card turned for trump. Between two
    /// Partien they start the next, its King the next seat to the left.
    pub fn deal(&mut self, deal: BieterDeal) -> Result<(), IllegalAction> {
        if self.between() {
            let mut next =
                Self::partie_of(&self.opts, self.index + 1).map_err(IllegalAction::new)?;
            next.deal(deal)?;
            self.done[self.index as usize] = Some(self.current());
            self.deals_before += self.partie.deals_started();
            self.index += 1;
            self.partie = next;
            Ok(())
        } else {
            self.partie.deal(deal)
        }
    }

    /// The Bieter Partie the next deal is dealt in.
    fn dealing_partie(&self) -> Bieter {
        if self.between() {
            Self::partie_of(&self.opts, self.index + 1).expect("options checked")
        } else {
            self.partie
        }
    }

    /// What a seat may see: its own hand, the trump card, the tricks, the melds shown after
    /// the first trick, the Partien of the set; never another seat's cards.
    pub fn observation(&self, seat: usize) -> SchafhauserObservation {
        self.observation_as(Some(seat))
    }

    fn observation_as(&self, seat: Option<usize>) -> SchafhauserObservation {
        let b = self.partie.observation_as(seat);
        SchafhauserObservation {
            seat: b.seat,
            phase: self.phase(),
            players: PLAYERS,
            hand: b.hand,
            dealer: b.dealer,
            forehand: b.forehand,
            to_move: match self.to_move() {
                ToMove::Seat(s) => Some(s as u8),
                _ => None,
            },
            king: self.king(),
            trump_card: b.trump_card,
            trump: b.contract.map(BieterContract::mode),
            stayed: b.stayed,
            trick_leader: b.trick_leader,
            trick: b.trick.clone(),
            tricks: b.tricks.clone(),
            melds: b.melds.clone(),
            stoeck: b.stoeck,
            deal_tally: b.deal_tally,
            totals: b.totals,
            targets: b.targets,
            winner: b.winner,
            deal_number: self.deals_started(),
            partie: self.partie_number(),
            partien: self.opts.partien,
            results: self.partien(),
            stakes: self.stakes(),
            bieter: b,
        }
    }
}

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SchafhauserObservation {
    /// The observing seat.
    pub seat: u8,
    /// The phase: `deal`, `decide` (the King plays the deal or leaves it), `play`, `over`.
    pub phase: BieterPhase,
    /// Players at the table (three).
    pub players: u8,
    /// The seat's own cards.
    pub hand: CardSet,
    /// Dealer of this deal.
    pub dealer: u8,
    /// Forehand, who leads the first trick.
    pub forehand: u8,
    /// Who acts next.
    pub to_move: Option<u8>,
    /// The King of the Partie in play.
    pub king: u8,
    /// The deal's trump card (the dealer's last, in his hand).
    pub trump_card: Option<Card>,
    /// The deal's trump, once the deal is dealt.
    pub trump: Option<Mode>,
    /// Whether the King plays the deal (`null` before he says).
    pub stayed: Option<bool>,
    /// Who led the current trick.
    pub trick_leader: u8,
    /// The trick in progress.
    pub trick: Vec<Card>,
    /// Completed tricks.
    pub tricks: Vec<ObservedTrick>,
    /// The melds shown after the first trick (the party that scored them).
    pub melds: Vec<ShownWeis>,
    /// Who scored Stöck this deal.
    pub stoeck: Option<u8>,
    /// This deal's figures, by party (King, Bauern); `discards` is always 0 here.
    pub deal_tally: BieterTally,
    /// Each party's points in the Partie in play (King, Bauern).
    pub totals: [u32; 2],
    /// Each party's target (350 and 1000).
    pub targets: [u32; 2],
    /// The party that won the Partie in play (0 the King, 1 the Bauern).
    pub winner: Option<usize>,
    /// Deals begun in the whole set.
    pub deal_number: u32,
    /// The number of the Partie in play, 1-based.
    pub partie: u8,
    /// Partien in the set.
    pub partien: u8,
    /// Every Partie begun, the one in play last.
    pub results: Vec<SchafhauserPartie>,
    /// Each seat's stakes over the Partien ended so far.
    pub stakes: [i64; 3],
    /// The same view as the Bieter deal that carries it (for the computer players, which play
    /// Schafhauser as Bieter's later deals).
    #[serde(skip)]
    pub bieter: BieterObservation,
}

impl Game for Schafhauser {
    type Action = SchafhauserAction;
    type Observation = SchafhauserObservation;
    type Deal = BieterDeal;

    fn name(&self) -> &'static str {
        "schafhauser"
    }

    fn seats(&self) -> usize {
        PLAYERS as usize
    }

    fn to_move(&self) -> ToMove {
        if self.between() {
            ToMove::Deal
        } else {
            self.partie.to_move()
        }
    }

    fn legal_actions(&self, out: &mut ActionList<SchafhauserAction>) {
        out.clear();
        if self.between() {
            return;
        }
        let mut inner = ActionList::new();
        self.partie.legal_actions(&mut inner);
        for a in inner.iter() {
            if let Some(a) = SchafhauserAction::of_bieter(a) {
                out.push(a);
            }
        }
    }

    fn apply(&mut self, action: SchafhauserAction) -> Result<(), IllegalAction> {
        if self.between() {
            return Err(IllegalAction::new(format!(
                "`{action}` is not possible now: Partie {} is over, the cards of the next are to be dealt",
                self.partie_number()
            )));
        }
        self.partie.apply(action.in_bieter())
    }

    /// The pack as it comes, from forehand: twelve each, three at a time (004: "12 cards are
    /// dealt to each player, three at a time"; JassWiki deals packets of four), the last card,
    /// the dealer's, turned for trump (004: "the dealer turns up the last card to make trump").
    fn deal_from_pack(&self, pack: &[Card; 36]) -> BieterDeal {
        let dealer = self.dealing_partie().next_dealer();
        let n = PLAYERS;
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in pack.iter().enumerate() {
            let k = (i / 3) as u8 % n;
            hands[((dealer + 1 + k) % n) as usize].insert(c);
        }
        BieterDeal {
            hands,
            table_hidden: CardSet::EMPTY,
            table_open: CardSet::EMPTY,
            trump_card: Some(pack[35]),
        }
    }

    fn apply_deal(&mut self, deal: BieterDeal) -> Result<(), IllegalAction> {
        self.deal(deal)
    }

    fn observe(&self, seat: usize) -> SchafhauserObservation {
        self.observation(seat)
    }

    /// What everyone sees: no hand.
    fn public_view_json(&self) -> serde_json::Value {
        public_json(self.observation_as(None))
    }
}

//! A determinized Monte Carlo tree search player for Schieber: the approach of the strongest
//! published Schieber bots (`../shared/anchors.md`: determinized MCTS, about 10 seconds a card on
//! several cores), rebuilt here as a yardstick for the sampling player, not as a default
//! opponent.
//!
//! * **Card play**: deal the hidden cards `worlds` times in ways that agree with what the seat
//!   has seen (cards played, suits shown void, Weis shown: [`crate::worlds::sample_world`]); in
//!   each world grow a UCT tree over the card play with all hands open (`iterations` times:
//!   select by UCB1 from the side of the seat to move, add one card, play on at random to the
//!   end of the deal, back up the share of the points taken from here on); play the card the
//!   trees visited most, summed over the worlds.
//! * **Every other decision** (contract, schieben, Weis): the rule player's (the published bots
//!   learn their trump choice; the rule player stands in for it).
//!
//! Every choice is fixed by the seed: the work is counted in iterations, not seconds.

use jass_core::deal::uniform_below;
use jass_core::schieber::{Schieber, SchieberAction, SchieberObservation, SchieberOptions};
use jass_core::{Card, CardSet, Decision, Player};
use jass_solver::Position;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::pimc::PlayState;
use crate::rule_schieber::RuleSchieber;
use crate::worlds::{knowledge, sample_world_retry};

/// Settings of the MCTS player.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsSettings {
    /// Worlds (determinizations) per card decision.
    pub worlds: usize,
    /// Tree iterations in each world.
    pub iterations: usize,
    /// The exploration constant of UCB1 (rewards lie between 0 and 1).
    pub exploration: f64,
}

impl Default for MctsSettings {
    /// 10 worlds of 1,000 iterations: about 10 ms a card on one core here.
    fn default() -> Self {
        MctsSettings {
            worlds: 10,
            iterations: 1_000,
            exploration: 0.7,
        }
    }
}

/// A node of one world's tree: the card that led to it, its children, and what the playouts
/// through it brought the team that played that card.
#[derive(Copy, Clone, Debug)]
struct TreeNode {
    card: Card,
    /// The team of the seat that played `card` (whose reward `total` adds up).
    team: u8,
    /// Index of the first child in the tree; the children of a node lie together (0 children:
    /// not expanded yet).
    first_child: u32,
    children: u8,
    visits: u32,
    total: f64,
}

/// The MCTS player.
pub struct MctsSchieber {
    settings: MctsSettings,
    rule: RuleSchieber,
    eleven: jass_core::UndenufeEleven,
    rng: Xoshiro256PlusPlus,
    /// One world's tree, and the nodes of the current iteration's path: reused from decision to
    /// decision.
    tree: Vec<TreeNode>,
    path: Vec<u32>,
}

impl MctsSchieber {
    /// An MCTS player for a game with these options; `seed` fixes its worlds and playouts.
    pub fn new(options: SchieberOptions, settings: MctsSettings, seed: u64) -> Self {
        MctsSchieber {
            settings,
            rule: RuleSchieber::new(options),
            eleven: options.undenufe_eleven,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            tree: Vec::new(),
            path: Vec::with_capacity(40),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &MctsSettings {
        &self.settings
    }

    /// The card the trees of the sampled worlds visited most, if there is a choice.
    fn searched_card(&mut self, obs: &SchieberObservation, legal: CardSet) -> Option<Card> {
        let contract = obs.contract?;
        if legal.len() < 2 {
            return None;
        }
        let state = PlayState::of_schieber(obs, contract, self.eleven);
        // In Misère a team's own trick points go to the other team (004), so it wants to take
        // as few as it can: its reward is the other team's share.
        let misere = state.misere;
        let k = knowledge(obs);
        let mut visits = [0u64; 64];
        let mut totals = [0f64; 64];
        for _ in 0..self.settings.worlds.max(1) {
            let Some(hands) = sample_world_retry(&k, &mut self.rng, 64) else {
                continue;
            };
            let root = state.position(hands);
            self.grow(&root, misere);
            let r = self.tree[0];
            for i in 0..r.children as usize {
                let ch = self.tree[r.first_child as usize + i];
                visits[ch.card.index()] += ch.visits as u64;
                totals[ch.card.index()] += ch.total;
            }
        }
        legal
            .iter()
            .filter(|c| visits[c.index()] > 0)
            .max_by(|a, b| {
                let (va, vb) = (visits[a.index()], visits[b.index()]);
                va.cmp(&vb).then(
                    (totals[a.index()] / va as f64)
                        .partial_cmp(&(totals[b.index()] / vb as f64))
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
            })
    }

    /// Grows the tree of the world `root` by the set number of iterations (node 0 is the root).
    fn grow(&mut self, root: &Position, misere: bool) {
        self.tree.clear();
        self.tree.push(TreeNode {
            card: Card::from_dense(0),
            team: 0,
            first_child: 0,
            children: 0,
            visits: 0,
            total: 0.0,
        });
        for _ in 0..self.settings.iterations.max(1) {
            let mut pos = *root;
            let mut taken = [0u32; 2];
            let mut node = 0u32;
            self.path.clear();
            self.path.push(0);
            // Selection and expansion: down the tree by UCB1 to a node never visited (its
            // children are added, all at once, when it is visited again).
            while !pos.is_over() {
                let n = self.tree[node as usize];
                if node != 0 && n.visits == 0 {
                    break;
                }
                if n.children == 0 {
                    self.expand(node, &pos);
                }
                node = self.select(node);
                play(&mut pos, self.tree[node as usize].card, &mut taken);
                self.path.push(node);
            }
            // Playout: random legal cards to the end of the deal.
            while !pos.is_over() {
                let legal = pos.legal_cards();
                let card = legal.nth(uniform_below(&mut self.rng, legal.len()));
                play(&mut pos, card, &mut taken);
            }
            // Backup: each node gets its team's share of the points taken from the root on.
            let all = taken[0] + taken[1];
            let share0 = if all == 0 {
                0.5
            } else {
                taken[0] as f64 / all as f64
            };
            for &i in &self.path {
                let t = &mut self.tree[i as usize];
                t.visits += 1;
                let mine = if t.team == 0 { share0 } else { 1.0 - share0 };
                t.total += if misere { 1.0 - mine } else { mine };
            }
        }
    }

    /// Adds the children of `node` (a child for each legal card of `pos`, its position).
    fn expand(&mut self, node: u32, pos: &Position) {
        let team = pos.to_move() % 2;
        let legal = pos.legal_cards();
        let first = self.tree.len() as u32;
        for card in legal.iter() {
            self.tree.push(TreeNode {
                card,
                team,
                first_child: 0,
                children: 0,
                visits: 0,
                total: 0.0,
            });
        }
        let n = &mut self.tree[node as usize];
        n.first_child = first;
        n.children = legal.len() as u8;
    }

    /// The child of `node` to follow: one never visited (at random), else the best by UCB1 for
    /// the team that plays it.
    fn select(&mut self, node: u32) -> u32 {
        let n = self.tree[node as usize];
        let first = n.first_child as usize;
        let kids = first..first + n.children as usize;
        let unvisited = self.tree[kids.clone()]
            .iter()
            .filter(|c| c.visits == 0)
            .count() as u32;
        if unvisited > 0 {
            let mut pick = uniform_below(&mut self.rng, unvisited);
            for i in kids {
                if self.tree[i].visits == 0 {
                    if pick == 0 {
                        return i as u32;
                    }
                    pick -= 1;
                }
            }
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let c = self.settings.exploration;
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..first + n.children as usize {
            let ch = &self.tree[i];
            let v = ch.visits as f64;
            let score = ch.total / v + c * (log_n / v).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best as u32
    }
}

/// Plays `card` in `pos`, adding a completed trick's points (and the Match bonus) to its
/// winner's team.
fn play(pos: &mut Position, card: Card, taken: &mut [u32; 2]) {
    if let Some(t) = pos.play_unchecked(card) {
        taken[(t.winner % 2) as usize] += t.points + t.match_bonus;
    }
}

impl Player<Schieber> for MctsSchieber {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn act(&mut self, decision: &Decision<'_, Schieber>) -> SchieberAction {
        if let SchieberAction::Play { .. } = decision.legal.get(0) {
            let cards: CardSet = decision.legal.played_cards();
            if let Some(card) = self.searched_card(&decision.observation(), cards) {
                return SchieberAction::Play { card };
            }
        }
        self.rule.act(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::SeededDealer;
    use jass_core::game::{Game, ToMove};
    use jass_core::{Mode, UndenufeEleven};

    fn hand(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    /// The two last tricks of an Obenabe deal, seat 0 to lead: leading the ace of spades takes
    /// 15 points and gives the last trick away (team 0: 15); leading the heart six gives the
    /// first trick (19) to the heart ace but keeps the spade ace for the last (4 + 11 + 5 = 20).
    fn endgame() -> Position {
        let mut p = Position::new_deal(
            [hand("SA H6"), hand("SK HA"), hand("S6 H7"), hand("S7 H8")],
            0,
            Mode::Obenabe,
            UndenufeEleven::Ace,
        );
        p.tricks_done = 7;
        p.tricks_won = [4, 3];
        p
    }

    fn most_visited(m: &MctsSchieber) -> Card {
        let r = m.tree[0];
        (r.first_child..r.first_child + r.children as u32)
            .map(|i| m.tree[i as usize])
            .max_by_key(|c| c.visits)
            .unwrap()
            .card
    }

    #[test]
    fn the_tree_finds_the_better_lead_of_a_hand_made_endgame() {
        let settings = MctsSettings {
            iterations: 400,
            ..MctsSettings::default()
        };
        let mut m = MctsSchieber::new(SchieberOptions::default(), settings, 3);
        m.grow(&endgame(), false);
        assert_eq!(most_visited(&m), "H6".parse().unwrap());
        // Every iteration passes the root; the children share them.
        let r = m.tree[0];
        assert_eq!(r.visits, 400);
        assert_eq!(r.children, 2);
        // In Misère team 0 wants the fewest points: the ace first.
        m.grow(&endgame(), true);
        assert_eq!(most_visited(&m), "SA".parse().unwrap());
    }

    /// Whole seeded games with the MCTS player in two seats (rule players in the others): every
    /// action is among the legal ones, and the same seed plays the same cards.
    #[test]
    fn mcts_plays_legally_and_as_its_seed_says() {
        let o = SchieberOptions {
            target: 1000,
            ..SchieberOptions::default()
        };
        let settings = MctsSettings {
            worlds: 3,
            iterations: 200,
            ..MctsSettings::default()
        };
        let play = |seed: u64| {
            let mut players: Vec<Box<dyn Player<Schieber>>> = vec![
                Box::new(MctsSchieber::new(o, settings, seed)),
                Box::new(RuleSchieber::new(o)),
                Box::new(MctsSchieber::new(o, settings, seed + 1)),
                Box::new(RuleSchieber::new(o)),
            ];
            let mut g = Schieber::new(o).unwrap();
            let mut dealer = SeededDealer::new(seed);
            let mut cards = Vec::new();
            while g.to_move() != ToMove::Over {
                dealer.play_one_deal(&mut g, |g, s, legal| {
                    let a = players[s].act(&Decision::new(g, s, legal));
                    assert!(
                        legal.contains(&a),
                        "seed {seed}: {a} is not legal: {legal:?}"
                    );
                    if let SchieberAction::Play { card } = a {
                        cards.push(card);
                    }
                    a
                });
            }
            cards
        };
        for seed in 0..2 {
            let first = play(seed);
            assert!(first.len() >= 36, "a whole game is played");
            assert_eq!(first, play(seed), "seed {seed} plays the same cards again");
        }
    }
}

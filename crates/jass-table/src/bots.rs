//! The computer players of every game, by name: what `--players`, the protocol and the server's
//! lobby offer, each with its settings after colons (`sampling:samples=48`).

use jass_bots::RandomPlayer;
use jass_core::{Decision, Player, PlaysCard};

use crate::adapter::TableGame;
use crate::player_settings::PlayerSpec;

/// The names of the computer players every game has, weakest first.
pub const BOT_NAMES: [&str; 3] = ["random", "rule", "sampling"];

/// The seed of the player at `seat` in a game whose deals come from `game_seed`: the one
/// derivation of every command and the server, so that the same seed gives the same bots
/// everywhere.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    splitmix(game_seed ^ splitmix(seat as u64 + 1))
}

/// The computer player `name` (with settings) for `seat` of game `G`. Its random choices (if
/// any) come from `seed` and the seat ([`seat_seed`]), so a game can be repeated.
pub fn bot<G: TableGame>(
    name: &str,
    options: &G::Options,
    seat: usize,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    bot_seeded::<G>(name, options, seat_seed(seed, seat))
}

/// The computer player `name` (with settings) of game `G` whose random choices come from
/// exactly `seed`.
pub fn bot_seeded<G: TableGame>(
    name: &str,
    options: &G::Options,
    seed: u64,
) -> Result<Box<dyn Player<G>>, String> {
    if let Some((others, cards)) = split_name(name)? {
        return Ok(split_player(
            bot_seeded::<G>(others, options, splitmix(seed ^ 1))?,
            bot_seeded::<G>(cards, options, splitmix(seed ^ 2))?,
        ));
    }
    // A plain name is built by the same code as one with settings, so that the defaults
    // `jass players` lists (the ones read there) are the ones played.
    let spec = PlayerSpec::parse(name)?;
    match spec.name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "rule" => G::rule_with(&spec, options, seed),
        "sampling" => G::sampling_with(&spec, options, seed),
        "mcts" => G::mcts_with(&spec, options, seed),
        other => Err(unknown_player(other)),
    }
}

/// Checks a computer player's name and the form of its settings without building it (the
/// settings themselves are checked against the game when it is built).
pub fn check_bot_name(name: &str) -> Result<(), String> {
    if let Some((others, cards)) = split_name(name)? {
        return check_bot_name(others).and_then(|()| check_bot_name(cards));
    }
    match PlayerSpec::parse(name)?.name {
        "random" | "rule" | "sampling" | "mcts" => Ok(()),
        other => Err(unknown_player(other)),
    }
}

/// One seat played by two players: `cards` plays the cards, `others` makes every other decision
/// (a split player `A+B` is built this way; the arena builds its oracle seats with it).
pub fn split_player<G: TableGame>(
    others: Box<dyn Player<G>>,
    cards: Box<dyn Player<G>>,
) -> Box<dyn Player<G>> {
    Box::new(Split { others, cards })
}

/// A split player `A+B` as its two names: `B` plays the cards, `A` makes every other decision
/// (contract, schieben, Weis, announcements, bids). `None` for a single player.
pub fn split_name(name: &str) -> Result<Option<(&str, &str)>, String> {
    let Some((others, cards)) = name.split_once('+') else {
        return Ok(None);
    };
    if others.trim().is_empty() || cards.trim().is_empty() || cards.contains('+') {
        return Err(format!(
            "split player `{name}`: write two players joined by one `+`, the one for every decision but the cards first (e.g. rule+sampling)"
        ));
    }
    Ok(Some((others.trim(), cards.trim())))
}

/// Two players in one seat: `cards` plays the cards, `others` decides everything else, so that
/// a game's contract choice or bidding can be measured on its own (the same card player after
/// different choosers, `jass arena rule+sampling sampling`).
struct Split<G: TableGame> {
    others: Box<dyn Player<G>>,
    cards: Box<dyn Player<G>>,
}

impl<G: TableGame> Player<G> for Split<G> {
    fn name(&self) -> String {
        format!("{}+{}", self.others.name(), self.cards.name())
    }

    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action {
        // A decision plays a card when its legal actions do (a card decision offers nothing else).
        if decision.legal.iter().any(|a| a.played_card().is_some()) {
            self.cards.act(decision)
        } else {
            self.others.act(decision)
        }
    }

    fn take_fallback(&mut self) -> Option<String> {
        let others = self.others.take_fallback();
        self.cards.take_fallback().or(others)
    }

    fn game_over(&mut self, record: &serde_json::Value) {
        self.others.game_over(record);
        self.cards.game_over(record);
    }

    fn wants_game_over(&self) -> bool {
        self.others.wants_game_over() || self.cards.wants_game_over()
    }
}

fn unknown_player(name: &str) -> String {
    format!(
        "unknown player `{name}`: known players are {} (Schieber also mcts)",
        BOT_NAMES.join(", ")
    )
}

/// SplitMix64: decorrelates seeds.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jass_core::deal::SeededDealer;
    use jass_core::schieber::{Schieber, SchieberOptions};
    use jass_core::{ActionList, Game, ToMove};

    #[test]
    fn a_split_player_plays_the_cards_with_one_player_and_decides_the_rest_with_the_other() {
        let options = SchieberOptions::default();
        let mut split = bot_seeded::<Schieber>("rule+random", &options, 7).unwrap();
        assert_eq!(split.name(), "rule+random");
        let mut rule = bot_seeded::<Schieber>("rule", &options, 0).unwrap();
        let mut random = bot_seeded::<Schieber>("random", &options, splitmix(7 ^ 2)).unwrap();
        let mut state = Schieber::new(options).unwrap();
        let mut dealer = SeededDealer::new(3);
        let mut legal = ActionList::new();
        let (mut choices, mut cards) = (0, 0);
        while cards < 36 {
            match state.to_move() {
                ToMove::Deal => {
                    let deal = state.deal_from_pack(&dealer.next_pack());
                    state.apply_deal(deal).unwrap();
                }
                ToMove::Seat(seat) => {
                    state.legal_actions(&mut legal);
                    let decision = Decision::new(&state, seat, &legal);
                    let action = split.act(&decision);
                    if action.played_card().is_some() {
                        assert_eq!(action, random.act(&decision), "the cards are random's");
                        cards += 1;
                    } else {
                        assert_eq!(action, rule.act(&decision), "the rest is rule's");
                        choices += 1;
                    }
                    state.apply(action).unwrap();
                }
                ToMove::Over => break,
            }
        }
        assert!(choices > 0 && cards == 36);
    }

    #[test]
    fn a_split_player_is_refused_with_the_form_it_takes() {
        for bad in ["+rule", "rule+", "rule+random+sampling"] {
            let err = check_bot_name(bad).unwrap_err();
            assert!(err.contains("joined by one `+`"), "{bad}: {err}");
        }
        assert!(check_bot_name("rule+sampling:samples=8").is_ok());
        assert!(check_bot_name("rule+nobody")
            .unwrap_err()
            .contains("unknown player"));
    }
}

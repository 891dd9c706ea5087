//! The shape every game shares, in the spirit of OpenSpiel: a state that says who is to act, which
//! actions are legal, applies one (an illegal one is refused with the reason and changes nothing),
//! and shows each seat only what that seat may see.

use std::fmt;

/// Who acts next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// A player (seat number in playing order).
    Seat(usize),
    /// The cards must be dealt (a chance step: see [`Game::deal_from_pack`]).
    Deal,
    /// The game is over.
    Over,
}

impl ToMove {
    /// The seat whose action is due, or why no action is possible now (checking an action
    /// starts here in every game).
    pub fn seat_to_act(self) -> Result<u8, IllegalAction> {
        match self {
            ToMove::Seat(s) => Ok(s as u8),
            ToMove::Deal => Err(IllegalAction::new(
                "no action now: the cards must be dealt first",
            )),
            ToMove::Over => Err(IllegalAction::new("the game is over")),
        }
    }
}

/// A refused action: what was wrong. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct IllegalAction(pub String);

impl IllegalAction {
    /// An error with this explanation.
    pub fn new(msg: impl Into<String>) -> Self {
        IllegalAction(msg.into())
    }
}

/// Whether a game may start at a score (`start_at` of the games to a target): only before its
/// first deal (`fresh`), with both totals below the target.
pub(crate) fn may_start_at(
    fresh: bool,
    totals: [u32; 2],
    target: u32,
) -> Result<(), IllegalAction> {
    if !fresh {
        return Err(IllegalAction::new(
            "a game can start at a score only before its first deal",
        ));
    }
    if totals.iter().any(|&t| t >= target) {
        return Err(IllegalAction::new(format!(
            "the totals {totals:?} must be below the target {target}"
        )));
    }
    Ok(())
}

/// An action that may be a card played: every game's card play is its `Play { card }` action.
pub trait PlaysCard {
    /// The card this action plays, if it plays one.
    fn played_card(&self) -> Option<crate::Card>;
}

/// A fixed-capacity list of actions (no heap allocation).
#[derive(Clone)]
pub struct ActionList<A: Copy> {
    items: [Option<A>; ActionList::<()>::CAPACITY],
    len: usize,
}

impl ActionList<()> {
    /// Most actions any state offers at once (Sidi Barrani's auction with steps of 5 offers up to
    /// 158: 26 numbers × 6 denominations, pass and double; Differenzler's announcement 158).
    pub const CAPACITY: usize = 160;
}

impl<A: Copy> Default for ActionList<A> {
    fn default() -> Self {
        ActionList {
            items: [None; ActionList::<()>::CAPACITY],
            len: 0,
        }
    }
}

impl<A: Copy + PlaysCard> ActionList<A> {
    /// The cards among these actions (the legal cards, when a card is asked).
    pub fn played_cards(&self) -> crate::CardSet {
        self.iter().filter_map(|a| a.played_card()).collect()
    }
}

impl<A: Copy> ActionList<A> {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }
    /// Appends an action.
    #[inline]
    pub fn push(&mut self, a: A) {
        self.items[self.len] = Some(a);
        self.len += 1;
    }
    /// Removes every action.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Number of actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// True if there is none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The `i`-th action.
    #[inline]
    pub fn get(&self, i: usize) -> A {
        self.items[i].expect("index below len")
    }
    /// The actions in order.
    pub fn iter(&self) -> impl Iterator<Item = A> + '_ {
        self.items[..self.len].iter().map(|a| a.expect("filled"))
    }
    /// The actions as a vector.
    pub fn to_vec(&self) -> Vec<A> {
        self.iter().collect()
    }
}

impl<A: Copy + PartialEq> ActionList<A> {
    /// True if `a` is in the list.
    pub fn contains(&self, a: &A) -> bool {
        self.iter().any(|x| x == *a)
    }
}

impl<A: Copy + fmt::Debug> fmt::Debug for ActionList<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// How the other seats (and spectators) learn of an action when it is taken.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Everyone sees it as it is (a card played, a contract, a bid, an open announcement).
    Public,
    /// The others learn only that the seat took an action of this kind (a Weis declared, a
    /// hidden announcement, a discard): what it holds is not theirs to see; what becomes public
    /// later shows in their views.
    KindOnly,
    /// The others do not learn of it at all, since being asked would tell them something: only
    /// seats holding a Weis are asked, so a Weis not declared stays with its seat (003: a player
    /// "may hold a weis but choose not to announce it").
    Silent,
}

impl Visibility {
    /// A Weis decision: a Weis the others hear reaches them by its kind (the calls they hear show
    /// in their views); one not declared, or declared but not heard (003: a call lower than one
    /// already announced stays silent), not at all: only seats holding a Weis are asked, so even
    /// the kind would tell them something.
    pub fn of_weis(heard_by_others: bool) -> Visibility {
        if heard_by_others {
            Visibility::KindOnly
        } else {
            Visibility::Silent
        }
    }
}

/// One Jass game's rules over one position. Each game is its own type; its options are data.
pub trait Game: Clone {
    /// A decision of a player.
    type Action: Copy + PartialEq + fmt::Debug + fmt::Display + PlaysCard;
    /// What one seat may see.
    type Observation: serde::Serialize;
    /// The cards dealt for one deal (hands and any extra packet).
    type Deal: Clone;

    /// The game's name in notation (`schieber`, …).
    fn name(&self) -> &'static str;
    /// Number of seats.
    fn seats(&self) -> usize;
    /// Who acts next.
    fn to_move(&self) -> ToMove;
    /// The legal actions of the seat to move (empty unless a seat is to move).
    fn legal_actions(&self, out: &mut ActionList<Self::Action>);
    /// Applies a player's action, or refuses it with the reason (then nothing changes).
    fn apply(&mut self, action: Self::Action) -> Result<(), IllegalAction>;
    /// How this game deals a shuffled pack for the coming deal.
    fn deal_from_pack(&self, pack: &[crate::Card; 36]) -> Self::Deal;
    /// Applies the deal (the chance step), or refuses it with the reason.
    fn apply_deal(&mut self, deal: Self::Deal) -> Result<(), IllegalAction>;
    /// What `seat` may see now: never a card hidden from that seat.
    fn observe(&self, seat: usize) -> Self::Observation;
    /// What `seat` may see now as JSON, for programs and screens: the observation, plus anything
    /// the game keeps on its slate that the observation type leaves out.
    fn view_json(&self, seat: usize) -> serde_json::Value {
        serde_json::to_value(self.observe(seat)).expect("observations serialize")
    }
    /// What every player at the table sees, for spectators: no hand, nothing announced to one
    /// seat only (a Weis call only its caller hears, a hidden announcement, the blind, the six);
    /// only cards that were played or shown to all.
    fn public_view_json(&self) -> serde_json::Value;
    /// How the other seats learn of `action`, which the seat to move takes now (tables and
    /// screens show it to them accordingly).
    fn action_visibility(&self, action: Self::Action) -> Visibility {
        let _ = action;
        Visibility::Public
    }
    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move() == ToMove::Over
    }
}

/// An observation as a spectator's JSON: without the observing `seat`, its `hand` and the cards
/// it `laid_away` (Handjass), which a game's public observation leaves empty.
pub fn public_json<T: serde::Serialize>(observation: T) -> serde_json::Value {
    let mut v = serde_json::to_value(observation).expect("observations serialize");
    if let Some(m) = v.as_object_mut() {
        m.remove("seat");
        m.remove("hand");
        m.remove("laid_away");
    }
    v
}

/// What a player is given when asked to act: its own view and the legal actions, never the state.
pub struct Decision<'a, G: Game> {
    /// The seat that acts.
    pub seat: usize,
    /// Legal actions (never empty).
    pub legal: &'a ActionList<G::Action>,
    state: &'a G,
}

impl<'a, G: Game> Decision<'a, G> {
    /// A decision for `seat` in `state`.
    pub fn new(state: &'a G, seat: usize, legal: &'a ActionList<G::Action>) -> Self {
        Decision { seat, legal, state }
    }
    /// What the seat may see.
    pub fn observation(&self) -> G::Observation {
        self.state.observe(self.seat)
    }
    /// How the other seats learn of `action` if the seat takes it ([`Game::action_visibility`]).
    pub fn visibility(&self, action: G::Action) -> Visibility {
        self.state.action_visibility(action)
    }
    /// What the seat may see, as JSON ([`Game::view_json`]).
    pub fn view_json(&self) -> serde_json::Value {
        self.state.view_json(self.seat)
    }
}

/// A player of game `G`: a person, a bot or a program.
pub trait Player<G: Game> {
    /// A short description for records (`random`, `rule`, …).
    fn name(&self) -> String;
    /// Chooses one of `decision.legal`.
    fn act(&mut self, decision: &Decision<'_, G>) -> G::Action;
    /// Why the action `act` just returned was not this player's own choice (a bot program's
    /// answer refused and replaced by its fallback), taken once; `None` for its own choice.
    /// Records mark such actions.
    fn take_fallback(&mut self) -> Option<String> {
        None
    }
    /// Told once when the game is over, with its record as JSON (a bot program hears
    /// `game_over`). The default ignores it.
    fn game_over(&mut self, record: &serde_json::Value) {
        let _ = record;
    }
    /// Whether [`Player::game_over`] does anything (the record's JSON is built only then).
    fn wants_game_over(&self) -> bool {
        false
    }
}

/// Asks `player`, the seat to move in `state`, for its action and applies it. An illegal choice is
/// an error that names the player; the state is then unchanged.
pub fn play_turn<G: Game>(
    state: &mut G,
    seat: usize,
    player: &mut dyn Player<G>,
    legal: &mut ActionList<G::Action>,
) -> Result<G::Action, String> {
    state.legal_actions(legal);
    let action = player.act(&Decision::new(state, seat, legal));
    state.apply(action).map_err(|e| {
        format!(
            "player {} at seat {seat} chose an illegal action: {e}",
            player.name()
        )
    })?;
    Ok(action)
}

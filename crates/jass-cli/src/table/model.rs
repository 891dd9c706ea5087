//! The state of the terminal table as the person sees it, and what each key does to it. No
//! terminal here: the model is driven by table events and keys, which the tests do directly.

use std::collections::VecDeque;

use jass_core::{Card, CardStyle};
use jass_table::{Event, GameKind, Request, TableView};
use serde_json::Value;

use super::labels::{action_label, card_label, seat_label, Words};

/// A key, independent of the terminal library.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter.
    Enter,
    /// Arrow keys.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Page up (ten entries up in a long menu).
    PageUp,
    /// Page down.
    PageDown,
    /// Backspace (removes a typed digit).
    Backspace,
    /// Escape (cancels a question).
    Esc,
    /// Ctrl-C (leave at once).
    CtrlC,
}

/// What the table loop must do after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Nothing beyond redrawing.
    None,
    /// Send this answer (index into the request's legal actions).
    Answer(usize),
    /// Go on after a deal summary.
    Continue,
    /// Compute a hint for the pending request.
    Hint,
    /// Leave the table.
    Quit,
}

/// The table as the person sees it.
pub struct Model {
    /// The game.
    pub kind: GameKind,
    /// The person's seat.
    pub human: usize,
    /// Number of seats.
    pub seats: usize,
    /// The phrase book and the card names.
    pub words: Words,
    /// Who plays each seat.
    pub names: Vec<String>,
    /// The seed of the deals.
    pub seed: u64,
    /// The person's latest view (`Game::view_json`).
    pub view: Value,
    /// What every front end draws beside the cards (the sides, what each took this deal).
    pub table: TableView,
    /// The seat to act, if any.
    pub to_move: Option<usize>,
    /// The pending question to the person.
    pub request: Option<Request>,
    /// The selected entry: a position in the sorted hand (card play) or in the menu.
    pub selected: usize,
    /// Digits typed to jump in a long menu.
    pub typed: String,
    /// Recent actions, newest last.
    pub log: VecDeque<String>,
    /// Every action of the game in order (for hints).
    pub actions: Vec<Value>,
    /// The message line.
    pub message: String,
    /// The last hint, as text.
    pub hint: Option<String>,
    /// Show a hint at every decision.
    pub auto_hint: bool,
    /// Waiting for the person to confirm leaving.
    pub quit_asked: bool,
    /// A deal just ended: its summary, until the person goes on.
    pub deal_summary: Option<Vec<String>>,
    /// Deals finished so far.
    pub deals_done: usize,
    /// The game ended: the final summary.
    pub finished: Option<Vec<String>>,
}

/// How many actions the log keeps.
const LOG_LEN: usize = 12;

impl Model {
    /// A table before the first deal, in English (`words.book` changes the language).
    pub fn new(
        kind: GameKind,
        human: usize,
        names: Vec<String>,
        style: CardStyle,
        seed: u64,
    ) -> Model {
        Model {
            kind,
            human,
            seats: names.len(),
            words: Words::english(style),
            names,
            seed,
            view: Value::Null,
            table: TableView::default(),
            to_move: None,
            request: None,
            selected: 0,
            typed: String::new(),
            log: VecDeque::new(),
            actions: Vec::new(),
            message: Words::english(style).t("tty_dealing", &[]),
            hint: None,
            auto_hint: false,
            quit_asked: false,
            deal_summary: None,
            deals_done: 0,
            finished: None,
        }
    }

    /// True in the partnership games (teams `seat % 2`).
    pub fn partners(&self) -> bool {
        self.kind.info().teams
    }

    /// A seat's name for people.
    pub fn seat_name(&self, seat: usize) -> String {
        seat_label(seat, self.human, self.partners(), self.words)
    }

    /// `key` of the phrase book with its arguments (see [`Words::t`]).
    pub fn t(&self, key: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
        self.words.t(key, args)
    }

    /// Takes a table event.
    pub fn on_event(&mut self, event: Event) {
        match event {
            Event::Snapshot(s) => {
                if let Some(v) = s.views.get(self.human) {
                    self.view = v.clone();
                }
                self.table = s.table;
                self.to_move = s.to_move;
                if s.over {
                    self.message = self.t("tty_game_is_over", &[]);
                } else if let Some(seat) = s.to_move {
                    if seat != self.human {
                        self.message = self.t("tty_to_act", &[("who", &self.seat_name(seat))]);
                    }
                }
            }
            Event::Acted {
                seat,
                action,
                public,
                ..
            } => {
                // The others' actions as they learn of them: a Weis not declared not at all
                // (only seats holding a Weis are asked), a Weis call or a discard by its kind.
                let label = if seat == self.human {
                    Some(action_label(&action, self.words))
                } else {
                    public.as_ref().map(|p| public_label(p, self.words))
                };
                if let Some(label) = label {
                    let line = self.t(
                        "ui_said",
                        &[("who", &self.seat_name(seat)), ("text", &label)],
                    );
                    self.log.push_back(line);
                    while self.log.len() > LOG_LEN {
                        self.log.pop_front();
                    }
                }
                // (The full actions replay the game for the rule player's hint, which sees only
                // this seat's observation.)
                self.actions.push(action);
            }
            Event::Fallback(f) => {
                self.message = self.t(
                    "tty_fallback",
                    &[
                        ("reason", &f.reason),
                        ("played", &action_label(&f.played, self.words)),
                    ],
                );
            }
        }
    }

    /// The person is asked to act.
    pub fn on_request(&mut self, request: Request) {
        self.view = request.view.clone();
        self.to_move = Some(self.human);
        self.typed.clear();
        self.hint = None;
        self.request = Some(request);
        self.selected = 0;
        if self.is_card_play() {
            // Start on the first playable card of the sorted hand.
            let legal = self.legal_cards();
            self.selected = self
                .hand()
                .iter()
                .position(|c| legal.contains(c))
                .unwrap_or(0);
            self.message = self.t("tty_choose_card", &[]);
        } else {
            self.message = self.t("tty_choose", &[]);
        }
    }

    /// A deal ended; `lines` sum it up.
    pub fn on_deal_over(&mut self, lines: Vec<String>) {
        self.deals_done += 1;
        self.deal_summary = Some(lines);
        self.message = self.t("tty_deal_over_enter", &[]);
    }

    /// True when the pending request is card play (every legal action plays a card).
    pub fn is_card_play(&self) -> bool {
        self.request.as_ref().is_some_and(|r| {
            !r.legal.is_empty()
                && r.legal
                    .iter()
                    .all(|a| a.get("action").and_then(Value::as_str) == Some("play"))
        })
    }

    /// The person's hand, sorted by suit and from high to low.
    pub fn hand(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self
            .view
            .get("hand")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|c| c.as_str()?.parse().ok()).collect())
            .unwrap_or_default();
        cards.sort_by(|a, b| a.suit().cmp(&b.suit()).then(b.rank().cmp(&a.rank())));
        cards
    }

    /// The cards the person may play now.
    pub fn legal_cards(&self) -> Vec<Card> {
        self.request
            .as_ref()
            .map(|r| {
                r.legal
                    .iter()
                    .filter_map(|a| a.get("card")?.as_str()?.parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    }

    fn legal_index_of_card(&self, card: Card) -> Option<usize> {
        let r = self.request.as_ref()?;
        r.legal.iter().position(|a| {
            a.get("card")
                .and_then(Value::as_str)
                .and_then(|c| c.parse::<Card>().ok())
                == Some(card)
        })
    }

    fn menu_len(&self) -> usize {
        self.request.as_ref().map_or(0, |r| r.legal.len())
    }

    /// What `key` does now.
    pub fn on_key(&mut self, key: Key) -> Command {
        if key == Key::CtrlC {
            return Command::Quit;
        }
        if self.quit_asked {
            return match key {
                Key::Char('y') | Key::Char('Y') | Key::Char('q') => Command::Quit,
                _ => {
                    self.quit_asked = false;
                    self.message = self.t("tty_going_on", &[]);
                    Command::None
                }
            };
        }
        if key == Key::Char('q') || key == Key::Esc {
            if self.finished.is_some() {
                return Command::Quit;
            }
            self.quit_asked = true;
            self.message = self.t("tty_leave_q", &[]);
            return Command::None;
        }
        if self.finished.is_some() {
            return Command::None;
        }
        if self.deal_summary.is_some() {
            if key == Key::Enter || key == Key::Char(' ') {
                self.deal_summary = None;
                self.message = String::new();
                return Command::Continue;
            }
            return Command::None;
        }
        if key == Key::Char('?') || key == Key::Char('h') && !self.is_card_play() {
            return self.hint_command();
        }
        if self.request.is_none() {
            return Command::None;
        }
        if self.is_card_play() {
            self.card_key(key)
        } else {
            self.menu_key(key)
        }
    }

    fn hint_command(&mut self) -> Command {
        if self.request.is_none() {
            self.message = self.t("tty_hint_later", &[]);
            return Command::None;
        }
        self.message = self.t("tty_thinking", &[]);
        Command::Hint
    }

    fn card_key(&mut self, key: Key) -> Command {
        let hand = self.hand();
        let legal = self.legal_cards();
        let playable: Vec<usize> = (0..hand.len())
            .filter(|&i| legal.contains(&hand[i]))
            .collect();
        let pos = playable.iter().position(|&i| i == self.selected);
        match key {
            Key::Left | Key::Up => {
                let p = pos.unwrap_or(0);
                self.selected = playable[(p + playable.len() - 1) % playable.len()];
                Command::None
            }
            Key::Right | Key::Down => {
                let p = pos.map_or(0, |p| p + 1);
                self.selected = playable[p % playable.len()];
                Command::None
            }
            Key::Enter => self.play_hand_position(self.selected),
            Key::Char(c) => {
                let index = match c {
                    '1'..='9' => Some(c as usize - '1' as usize),
                    'a'..='i' => Some(c as usize - 'a' as usize),
                    _ => None,
                };
                match index {
                    Some(i) => self.play_hand_position(i),
                    None => {
                        let keys = self.t(CARD_KEYS, &[]);
                        self.message =
                            self.t("tty_key_unknown", &[("pressed", &c), ("keys", &keys)]);
                        Command::None
                    }
                }
            }
            _ => Command::None,
        }
    }

    fn play_hand_position(&mut self, i: usize) -> Command {
        let hand = self.hand();
        let Some(&card) = hand.get(i) else {
            self.message = self.t("tty_no_card_n", &[("n", &(i + 1))]);
            return Command::None;
        };
        match self.legal_index_of_card(card) {
            Some(idx) => self.answer(idx),
            None => {
                self.selected = i;
                let card = card_label(card, self.words.style);
                self.message = self.t("tty_cannot_play", &[("card", &card)]);
                Command::None
            }
        }
    }

    fn menu_key(&mut self, key: Key) -> Command {
        let n = self.menu_len();
        match key {
            Key::Up => {
                self.selected = (self.selected + n - 1) % n;
                self.typed.clear();
            }
            Key::Down => {
                self.selected = (self.selected + 1) % n;
                self.typed.clear();
            }
            Key::PageUp => self.selected = self.selected.saturating_sub(10),
            Key::PageDown => self.selected = (self.selected + 10).min(n - 1),
            Key::Backspace => {
                self.typed.pop();
            }
            Key::Enter => return self.answer(self.selected),
            Key::Char(c) if c.is_ascii_digit() => {
                if n <= 9 {
                    let i = (c as usize).wrapping_sub('1' as usize);
                    if i < n {
                        return self.answer(i);
                    }
                    self.message = self.t("tty_choose_range", &[("n", &n)]);
                } else {
                    self.typed.push(c);
                    self.jump_to_typed();
                }
            }
            _ => {}
        }
        Command::None
    }

    /// In a long menu (bids, announcements), jumps to the first action with the typed points.
    fn jump_to_typed(&mut self) {
        let Ok(points) = self.typed.parse::<u64>() else {
            return;
        };
        let Some(r) = self.request.as_ref() else {
            return;
        };
        match r
            .legal
            .iter()
            .position(|a| a.get("points").and_then(Value::as_u64) == Some(points))
        {
            Some(i) => {
                self.selected = i;
                self.message = self.t("tty_typed_points", &[("points", &points)]);
            }
            None => self.message = self.t("tty_no_choice_points", &[("points", &points)]),
        }
    }

    fn answer(&mut self, index: usize) -> Command {
        self.request = None;
        self.typed.clear();
        self.message = String::new();
        Command::Answer(index)
    }
}

/// Another seat's action as the person learns of it (`Event::Acted`'s `public`: the game says
/// which actions the others see in full, by kind only or not at all): Weis cards (shown only
/// after the first trick, and only the scoring team's), hidden Differenzler announcements (open
/// at the end of the deal) and discarded cards reach the log by their kind.
pub fn public_label(action: &Value, words: Words) -> String {
    // A kind-only action (`{"action":"weis"}`) says what was done, not with which cards.
    let kind_only = action.as_object().is_some_and(|o| o.len() == 1);
    match action.get("action").and_then(Value::as_str) {
        Some("weis") if kind_only => words.t("tty_declares_weis", &[]),
        Some("announce") if kind_only => words.t("tty_announces_hidden", &[]),
        Some("discard") if kind_only => words.t("tty_discards", &[]),
        _ => action_label(action, words),
    }
}

/// The keys of card play, for the help line (a key of the phrase book).
pub const CARD_KEYS: &str = "tty_card_keys";
/// The keys of other decisions.
pub const MENU_KEYS: &str = "tty_menu_keys";

#[cfg(test)]
mod tests {
    use super::*;
    use jass_table::Snapshot;
    use serde_json::json;

    fn model() -> Model {
        Model::new(
            GameKind::Schieber,
            0,
            vec!["you".into(), "rule".into(), "rule".into(), "rule".into()],
            CardStyle::Swiss,
            1,
        )
    }

    fn card_request() -> Request {
        Request {
            game: "schieber".into(),
            seat: 0,
            view: json!({"phase": "play", "hand": ["H6", "HA", "S7", "C10"], "trick": ["H9"], "trick_leader": 3}),
            legal: vec![
                json!({"action": "play", "card": "H6"}),
                json!({"action": "play", "card": "HA"}),
            ],
        }
    }

    #[test]
    fn cards_are_chosen_by_letter_number_or_arrows_and_illegal_ones_refused() {
        let mut m = model();
        m.on_request(card_request());
        // Sorted: HA H6 S7 C10; the first playable is HA at 0.
        assert_eq!(m.hand()[0].to_string(), "HA");
        assert_eq!(m.selected, 0);
        assert_eq!(m.on_key(Key::Char('c')), Command::None);
        assert!(m.message.contains("cannot be played"), "{}", m.message);
        assert_eq!(m.on_key(Key::Right), Command::None);
        assert_eq!(
            m.selected, 0,
            "from an unplayable card to the first playable"
        );
        m.on_key(Key::Right);
        assert_eq!(m.selected, 1);
        // H6 is legal index 0.
        assert_eq!(m.on_key(Key::Enter), Command::Answer(0));
        assert!(m.request.is_none());
        m.on_request(card_request());
        assert_eq!(m.on_key(Key::Char('1')), Command::Answer(1));
        m.on_request(card_request());
        assert_eq!(m.on_key(Key::Char('z')), Command::None);
        assert!(m.message.contains("means nothing"));
    }

    #[test]
    fn menus_take_numbers_arrows_and_typed_points() {
        let mut m = model();
        let legal: Vec<Value> = (0..=157)
            .map(|p| json!({"action": "announce", "points": p}))
            .collect();
        m.on_request(Request {
            game: "differenzler".into(),
            seat: 0,
            view: json!({"hand": []}),
            legal,
        });
        m.on_key(Key::Char('4'));
        m.on_key(Key::Char('5'));
        assert_eq!(m.selected, 45);
        m.on_key(Key::Down);
        assert_eq!(m.on_key(Key::Enter), Command::Answer(46));
        m.on_request(Request {
            game: "schieber".into(),
            seat: 0,
            view: json!({"hand": []}),
            legal: vec![
                json!({"action": "contract", "contract": "H"}),
                json!({"action": "schieben"}),
            ],
        });
        assert_eq!(m.on_key(Key::Char('2')), Command::Answer(1));
    }

    #[test]
    fn leaving_asks_first_and_ctrl_c_leaves_at_once() {
        let mut m = model();
        assert_eq!(m.on_key(Key::Char('q')), Command::None);
        assert!(m.quit_asked);
        assert_eq!(m.on_key(Key::Char('n')), Command::None);
        assert!(!m.quit_asked);
        m.on_key(Key::Char('q'));
        assert_eq!(m.on_key(Key::Char('y')), Command::Quit);
        assert_eq!(model().on_key(Key::CtrlC), Command::Quit);
    }

    #[test]
    fn events_update_the_view_and_the_log() {
        let mut m = model();
        m.on_event(Event::Snapshot(Snapshot {
            step: 0,
            public_step: 0,
            to_move: Some(1),
            decisions: vec![0; 4],
            legal: vec![],
            views: vec![json!({"hand": ["HA"]}), json!({}), json!({}), json!({})],
            public: json!({}),
            table: TableView::default(),
            over: false,
        }));
        assert_eq!(m.hand().len(), 1);
        assert!(m.message.contains("seat 1"));
        let play = json!({"action": "play", "card": "SA"});
        m.on_event(Event::Acted {
            step: 0,
            public_step: 0,
            seat: 2,
            action: play.clone(),
            public: Some(play),
        });
        assert_eq!(m.log.back().unwrap(), "partner (seat 2): Schilten Ass");
        assert_eq!(m.actions.len(), 1);
        m.on_event(Event::Acted {
            step: 1,
            public_step: 1,
            seat: 3,
            action: json!({"action": "weis", "weis": [["D10", "D9", "D8"]]}),
            public: Some(json!({"action": "weis"})),
        });
        assert_eq!(
            m.log.back().unwrap(),
            "seat 3: declares Weis",
            "no hidden card in the log"
        );
        m.on_event(Event::Acted {
            step: 2,
            public_step: 2,
            seat: 1,
            action: json!({"action": "announce", "points": 77}),
            public: Some(json!({"action": "announce"})),
        });
        assert!(!m.log.back().unwrap().contains("77"));
        // A Weis not declared by another seat leaves no line (being asked tells that it holds
        // one); the person's own does.
        let lines = m.log.len();
        m.on_event(Event::Acted {
            step: 3,
            public_step: 3,
            seat: 3,
            action: json!({"action": "weis", "weis": []}),
            public: None,
        });
        assert_eq!(m.log.len(), lines, "{:?}", m.log);
        m.on_event(Event::Acted {
            step: 4,
            public_step: 3,
            seat: 0,
            action: json!({"action": "weis", "weis": []}),
            public: None,
        });
        assert_eq!(m.log.len(), lines + 1);
        assert_eq!(m.actions.len(), 5, "the hint replays every action");
    }
}

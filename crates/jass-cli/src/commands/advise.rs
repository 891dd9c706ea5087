//! `jass advise`: an advisor for a Schieber deal at a real table. Line by line from standard input
//! (so it can be scripted): your hand, the contract, your seat relative to the first leader, then
//! every card as it is played. When it is your turn it prints the card it would play and the
//! expected points of every legal card ([`jass_analysis::hint`]). See docs/advise.md.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::builder::RangedU64ValueParser;
use clap::Args;
use jass_analysis::hint::{card_values, HintSettings};
use jass_analysis::tracker::{DealTracker, Entry, TrackedDeal};
use jass_bots::worlds::{knowledge, played_by_seat, seen_tricks};
use jass_core::schieber::Contract;
use jass_core::{Card, CardSet, CardStyle, UndenufeEleven};

/// Arguments of `jass advise`.
#[derive(Args)]
pub struct AdviseArgs {
    /// Card names in the output: `swiss` or `french` (input is always notation: HA, S10, CU…).
    #[arg(long, default_value = "swiss", value_parser = crate::language::parse_style)]
    cards: CardStyle,
    /// Sampled deals of the hidden cards per advice.
    #[arg(long, default_value_t = 32, value_parser = RangedU64ValueParser::<usize>::new().range(1..=10_000))]
    worlds: usize,
    /// Expected points only with at most this many cards left in the four hands (the exact
    /// solver is quick from 24 cards; a whole deal can take minutes per world).
    #[arg(long, default_value_t = 24)]
    max_cards: u32,
    /// With more cards left: sampled deals in which the rule players play every card on to 12
    /// cards left and the solver does the rest (0: the rule player's card, no expected points).
    #[arg(long, default_value_t = 64, value_parser = RangedU64ValueParser::<usize>::new().range(0..=10_000))]
    early_worlds: usize,
    /// Seed of the sampled deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Undenufe counts the six 11 instead of the ace (rule text 004).
    #[arg(long)]
    undenufe_six: bool,
}

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `hand HA HK …`: your nine cards (starts a new deal).
    Hand(Vec<Card>),
    /// `trump H`, `contract obenabe`, `undenufe`, …
    Contract(Contract),
    /// `seat N`: your place in the first trick (0: you lead, 1: you play second, …).
    Seat(u8),
    /// `play S7` (or `p S7`, or just `S7`): the next card, by whoever is to play.
    Play(Card),
    /// `weis N C1 C2 …`: cards seat N showed in Weis.
    Weis(u8, Vec<Card>),
    /// `undo`: take back the last card (or Weis).
    Undo,
    /// `advice` (or `hint`): advise now.
    Advice,
    /// `show`: print the deal so far.
    Show,
    /// `help`.
    Help,
    /// `new`: forget everything.
    New,
    /// `quit`.
    Quit,
}

/// The help text.
pub const HELP: &str = "\
commands (one per line; cards in notation: HA D10 SJ C6, also O/U/B for Ober/Under/Banner):
  hand HA HK H9 S10 …   your nine cards (starts a new deal)
  trump H | obenabe | undenufe    the contract (also: contract H)
  seat N                your place in the first trick: 0 you lead, 1 you play second, 2, 3
  play S7  (or p S7, or S7)       the next card, by whoever is to play, in order
  weis N C1 C2 …        cards seat N showed in Weis (they are in that hand until played)
  advice                the advice now (it comes by itself when it is your turn)
  show                  the deal so far
  undo                  take back the last card or Weis
  new                   forget everything;  help;  quit
seats count from the first leader (seat 0) in playing order; your partner sits two after you.";

fn parse_cards(words: &[&str]) -> Result<Vec<Card>, String> {
    words
        .iter()
        .map(|w| {
            w.trim_matches(',')
                .parse::<Card>()
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// Reads one line; `Ok(None)` for a blank line or a comment (`#`).
pub fn parse_line(line: &str) -> Result<Option<Input>, String> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(None);
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let cmd = words[0].to_ascii_lowercase();
    let rest = &words[1..];
    let one = |what: &str| -> Result<&str, String> {
        match rest {
            [x] => Ok(*x),
            [] => Err(format!("`{cmd}` needs {what}")),
            _ => Err(format!("`{cmd}` takes one {what}, got {}", rest.len())),
        }
    };
    let input = match cmd.as_str() {
        "hand" => {
            let cards = parse_cards(rest)?;
            if cards.len() != 9 {
                return Err(format!(
                    "a hand has 9 cards, got {}: e.g. hand HA HK H9 S10 S8 D7 DJ C6 CQ",
                    cards.len()
                ));
            }
            let set = CardSet::from_cards(cards.iter().copied());
            if set.len() != 9 {
                return Err("a card is listed twice in the hand".into());
            }
            Input::Hand(cards)
        }
        "trump" | "contract" => {
            let c: Contract = one("contract (H, obenabe, …)")?
                .parse()
                .map_err(|e: jass_core::ParseError| e.to_string())?;
            Input::Contract(c)
        }
        "obenabe" | "undenufe" | "misere" | "slalom" | "slalom-undenufe" if rest.is_empty() => {
            Input::Contract(
                cmd.parse()
                    .map_err(|e: jass_core::ParseError| e.to_string())?,
            )
        }
        "seat" => {
            let s = one("number 0 to 3")?;
            match s.parse::<u8>() {
                Ok(n) if n < 4 => Input::Seat(n),
                _ => {
                    return Err(format!(
                        "seat `{s}`: expected 0 to 3 (0: you lead the first trick)"
                    ))
                }
            }
        }
        "play" | "p" => Input::Play(
            one("card (e.g. play S7)")?
                .parse()
                .map_err(|e: jass_core::ParseError| e.to_string())?,
        ),
        "weis" => {
            let Some((s, cards)) = rest.split_first() else {
                return Err("`weis` needs a seat and cards, e.g. weis 1 HK HQ HJ".into());
            };
            let seat = match s.parse::<u8>() {
                Ok(n) if n < 4 => n,
                _ => return Err(format!("weis: seat `{s}` must be 0 to 3")),
            };
            let cards = parse_cards(cards)?;
            if cards.is_empty() {
                return Err("`weis` needs the cards shown, e.g. weis 1 HK HQ HJ".into());
            }
            Input::Weis(seat, cards)
        }
        "undo" => Input::Undo,
        "advice" | "advise" | "hint" => Input::Advice,
        "show" | "state" => Input::Show,
        "help" | "?" => Input::Help,
        "new" => Input::New,
        "quit" | "exit" | "q" => Input::Quit,
        _ if rest.is_empty() => match cmd.parse::<Card>() {
            Ok(c) => Input::Play(c),
            Err(_) => {
                return Err(format!(
                    "unknown command `{}`: type `help` for the commands",
                    words[0]
                ))
            }
        },
        _ => {
            return Err(format!(
                "unknown command `{}`: type `help` for the commands",
                words[0]
            ))
        }
    };
    Ok(Some(input))
}

/// The advisor's deal: what was entered so far.
pub struct Advisor {
    settings: HintSettings,
    style: CardStyle,
    tracker: DealTracker,
}

impl Advisor {
    /// An advisor with these settings.
    pub fn new(settings: HintSettings, style: CardStyle, eleven: UndenufeEleven) -> Advisor {
        Advisor {
            settings,
            style,
            tracker: DealTracker::new(eleven),
        }
    }

    fn name(&self, card: Card) -> String {
        format!("{card} ({})", card.long_name(self.style))
    }

    fn seat_name(&self, seat: u8) -> String {
        match self.tracker.seat {
            Some(me) if me == seat => format!("seat {seat} (you)"),
            Some(me) if (me + 2) % 4 == seat => format!("seat {seat} (partner)"),
            _ => format!("seat {seat}"),
        }
    }

    fn missing(&self) -> Option<&'static str> {
        if self.tracker.hand.is_none() {
            Some("enter your hand first: hand HA HK H9 … (nine cards)")
        } else if self.tracker.contract.is_none() {
            Some("enter the contract first: trump H, obenabe or undenufe")
        } else if self.tracker.seat.is_none() {
            Some("enter your seat first: seat 0 if you lead the first trick, 1 if you play second, …")
        } else {
            None
        }
    }

    /// Applies one input; the text to print, or what was wrong (then nothing changed).
    pub fn apply(&mut self, input: Input) -> Result<String, String> {
        match input {
            Input::Help => Ok(HELP.to_string()),
            Input::Quit => Ok(String::new()),
            Input::New => {
                *self = Advisor::new(self.settings, self.style, self.tracker.eleven);
                Ok("new deal: enter hand, contract and seat".into())
            }
            Input::Hand(cards) => {
                self.tracker.hand = Some(CardSet::from_cards(cards));
                self.tracker.entries.clear();
                Ok(format!(
                    "hand: {}{}",
                    self.hand_text(self.tracker.hand.unwrap_or_default()),
                    self.after()
                ))
            }
            Input::Contract(c) => {
                if self.tracker.has_play() {
                    return Err("cards are already played: `new` starts another deal".into());
                }
                self.tracker.contract = Some(c);
                Ok(format!("contract: {c}{}", self.after()))
            }
            Input::Seat(s) => {
                if self.tracker.has_play() {
                    return Err("cards are already played: `new` starts another deal".into());
                }
                self.tracker.seat = Some(s);
                Ok(format!(
                    "you are seat {s}; your partner is seat {}{}",
                    (s + 2) % 4,
                    self.after()
                ))
            }
            Input::Weis(s, cards) => {
                if let Some(m) = self.missing() {
                    return Err(m.into());
                }
                let set = CardSet::from_cards(cards.iter().copied());
                if set.len() as usize != cards.len() {
                    return Err("a card is listed twice in the Weis".into());
                }
                let t = self.tracker.deal().ok_or("no deal")?;
                let played = played_by_seat(seen_tricks(&t.tricks, t.leader, &t.trick));
                for (p, cards) in played.iter().enumerate().filter(|(p, _)| *p != s as usize) {
                    if let Some(c) = (*cards & set).iter().next() {
                        return Err(format!(
                            "{} was played by seat {p}: seat {s} cannot have shown it",
                            self.name(c)
                        ));
                    }
                }
                for (other, shown) in t.shown.iter().filter(|(o, _)| *o != s) {
                    if let Some(c) = (*shown & set).iter().next() {
                        return Err(format!(
                            "{} was shown by seat {other}: seat {s} cannot have shown it too",
                            self.name(c)
                        ));
                    }
                }
                let all: CardSet = t
                    .shown
                    .iter()
                    .filter(|(o, _)| *o == s)
                    .fold(set, |a, (_, c)| a | *c);
                if all.len() > 9 {
                    return Err(format!(
                        "seat {s} would have shown {} cards: a hand has 9",
                        all.len()
                    ));
                }
                if Some(s) == self.tracker.seat {
                    if let Some(c) = set
                        .iter()
                        .find(|c| self.tracker.hand.is_some_and(|h| !h.contains(*c)))
                    {
                        return Err(format!("{} is not in your hand", self.name(c)));
                    }
                } else {
                    if let Some(c) = set.iter().find(|c| {
                        t.hand.contains(*c) || self.tracker.hand.is_some_and(|h| h.contains(*c))
                    }) {
                        return Err(format!(
                            "{} is in your hand: seat {s} cannot have shown it",
                            self.name(c)
                        ));
                    }
                }
                self.tracker.entries.push(Entry::Weis(s, set));
                Ok(format!(
                    "{} showed {}",
                    self.seat_name(s),
                    self.hand_text(set)
                ))
            }
            Input::Play(card) => self.play(card),
            Input::Undo => match self.tracker.entries.pop() {
                Some(Entry::Play(c)) => Ok(format!("took back {}{}", self.name(c), self.after())),
                Some(Entry::Weis(s, _)) => Ok(format!("took back the Weis of seat {s}")),
                None => Err("nothing to undo".into()),
            },
            Input::Show => {
                if let Some(m) = self.missing() {
                    return Err(m.into());
                }
                Ok(self.show())
            }
            Input::Advice => {
                if let Some(m) = self.missing() {
                    return Err(m.into());
                }
                let t = self.tracker.deal().ok_or("no deal")?;
                let to_play = t.to_play();
                if t.is_over() {
                    return Err("the deal is over: `new` starts another".into());
                }
                if Some(to_play) != self.tracker.seat {
                    return Err(format!(
                        "it is {}'s turn, not yours",
                        self.seat_name(to_play)
                    ));
                }
                Ok(self.advice(&t))
            }
        }
    }

    fn hand_text(&self, set: CardSet) -> String {
        let mut cards: Vec<Card> = set.iter().collect();
        cards.sort_by(|a, b| a.suit().cmp(&b.suit()).then(b.rank().cmp(&a.rank())));
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn play(&mut self, card: Card) -> Result<String, String> {
        if let Some(m) = self.missing() {
            return Err(m.into());
        }
        let me = self.tracker.seat.ok_or("no seat")?;
        let t = self.tracker.deal().ok_or("no deal")?;
        if t.is_over() {
            return Err("the deal is over: `new` starts another (or `undo`)".into());
        }
        if t.played.contains(card) {
            let when = t
                .tricks
                .iter()
                .position(|tr| tr.cards.contains(&card))
                .map(|i| format!("in trick {}", i + 1))
                .unwrap_or_else(|| "in this trick".into());
            return Err(format!("{} was already played {when}", self.name(card)));
        }
        let to_play = t.to_play();
        if to_play == me {
            if !t.hand.contains(card) {
                return Err(format!(
                    "{} is not in your hand; it is your turn and you hold {}",
                    self.name(card),
                    self.hand_text(t.hand)
                ));
            }
            let view = self.tracker.view(&t).ok_or("no deal")?;
            let legal = view.legal_cards();
            if !legal.contains(card) {
                let lead = t.trick.first().map(|c| c.suit());
                return Err(format!(
                    "{} may not be played here{}; allowed: {}",
                    self.name(card),
                    lead.map(|s| format!(" (follow {} if you can)", s.name(self.style)))
                        .unwrap_or_default(),
                    self.hand_text(legal)
                ));
            }
        } else {
            if self.tracker.hand.is_some_and(|h| h.contains(card)) {
                return Err(format!(
                    "{} is in your hand, but it is {}'s turn",
                    self.name(card),
                    self.seat_name(to_play)
                ));
            }
            // The card must agree with what that seat has shown (following suit so far).
            let obs = self.tracker.observation(&t);
            let k = knowledge(&obs);
            if !k.possible[to_play as usize].contains(card) {
                return Err(format!(
                    "{} cannot hold {}: it did not follow that suit earlier (check the cards entered, or `undo`)",
                    self.seat_name(to_play),
                    self.name(card)
                ));
            }
            if let Some((s, _)) = t
                .shown
                .iter()
                .find(|(s, set)| *s != to_play && set.contains(card))
            {
                return Err(format!(
                    "{} was shown in the Weis of {}, not of {}",
                    self.name(card),
                    self.seat_name(*s),
                    self.seat_name(to_play)
                ));
            }
        }
        self.tracker.entries.push(Entry::Play(card));
        let t2 = self.tracker.deal().ok_or("no deal")?;
        let mut out = format!("{}: {}", self.seat_name(to_play), self.name(card));
        if t2.tricks.len() > t.tricks.len() {
            let tr = t2.tricks.last().expect("a trick was completed");
            let mine = me % 2;
            out += &format!(
                "\ntrick {} won by {} ({} points); you & partner {}, opponents {}",
                t2.tricks.len(),
                self.seat_name(tr.winner),
                tr.points,
                t2.points[mine as usize],
                t2.points[1 - mine as usize]
            );
            if t2.is_over() {
                out += "\nthe deal is over: `new` starts another";
            }
        }
        out += &self.after();
        Ok(out)
    }

    /// After a change: the advice if it is now the person's turn, else who is to play.
    fn after(&self) -> String {
        if self.missing().is_some() {
            return String::new();
        }
        let Some(t) = self.tracker.deal() else {
            return String::new();
        };
        if t.is_over() {
            return String::new();
        }
        let to_play = t.to_play();
        if Some(to_play) == self.tracker.seat {
            format!("\n{}", self.advice(&t))
        } else {
            format!("\nnext: {}", self.seat_name(to_play))
        }
    }

    fn advice(&self, t: &TrackedDeal) -> String {
        let Some(view) = self.tracker.view(t) else {
            return String::new();
        };
        let legal = view.legal_cards();
        let head = format!("your turn (trick {}): ", t.tricks.len() + 1);
        if legal.len() == 1 {
            let c = legal.first().expect("one card");
            return format!("{head}play {} (the only allowed card)", self.name(c));
        }
        let settings = HintSettings {
            seed: self.settings.seed ^ (t.played.0.rotate_left(7)),
            ..self.settings
        };
        match card_values(&view, settings) {
            Ok(v) => {
                let best = v.best().expect("legal cards");
                let how = match v.played_out_to {
                    Some(n) => format!(
                        "{} sampled deals, played on by the rule players to {n} cards left, then exactly",
                        v.worlds
                    ),
                    None => format!("{} sampled deals", v.worlds),
                };
                let mut s = format!(
                    "{head}play {} — expected points for you & partner from here on ({how}):",
                    self.name(best),
                );
                for (c, p) in &v.values {
                    s += &format!(
                        "\n  {:<5} {:>6.1}  {}",
                        c.to_string(),
                        p,
                        c.long_name(self.style)
                    );
                }
                s
            }
            Err(why) => match jass_analysis::hint::rule_card(&view, settings.seed) {
                Some(c) => format!(
                    "{head}play {} (the rule player's choice; allowed: {}) — {why}",
                    self.name(c),
                    self.hand_text(legal)
                ),
                None => format!("{head}allowed: {} — {why}", self.hand_text(legal)),
            },
        }
    }

    fn show(&self) -> String {
        let Some(t) = self.tracker.deal() else {
            return String::new();
        };
        let mut s = format!(
            "contract {}, you are seat {}; your hand: {}",
            self.tracker
                .contract
                .map(|c| c.to_string())
                .unwrap_or_default(),
            self.tracker.seat.unwrap_or(0),
            self.hand_text(t.hand)
        );
        for (i, tr) in t.tricks.iter().enumerate() {
            s += &format!(
                "\ntrick {}: led by seat {}: {} — won by {} ({} points)",
                i + 1,
                tr.leader,
                tr.cards
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                self.seat_name(tr.winner),
                tr.points
            );
        }
        if !t.trick.is_empty() {
            s += &format!(
                "\ntrick {}: led by seat {}: {}",
                t.tricks.len() + 1,
                t.leader,
                t.trick
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        let me = self.tracker.seat.unwrap_or(0) % 2;
        s += &format!(
            "\npoints: you & partner {}, opponents {}",
            t.points[me as usize],
            t.points[1 - me as usize]
        );
        s
    }
}

/// Runs the advisor over `input`, writing to `out`; returns how many lines were refused.
pub fn run_lines(
    advisor: &mut Advisor,
    input: impl BufRead,
    out: &mut dyn Write,
    prompt: bool,
) -> io::Result<usize> {
    let mut refused = 0;
    if prompt {
        writeln!(out, "jass advise: `help` lists the commands")?;
        write!(out, "> ")?;
        out.flush()?;
    }
    for line in input.lines() {
        let line = line?;
        match parse_line(&line).and_then(|i| match i {
            Some(Input::Quit) => Err(String::from("\u{0}quit")),
            Some(i) => advisor.apply(i).map(Some),
            None => Ok(None),
        }) {
            Ok(Some(text)) if !text.is_empty() => writeln!(out, "{text}")?,
            Ok(_) => {}
            Err(e) if e == "\u{0}quit" => break,
            Err(e) => {
                refused += 1;
                writeln!(out, "error: {e}")?;
            }
        }
        if prompt {
            write!(out, "> ")?;
            out.flush()?;
        }
    }
    Ok(refused)
}

/// Runs `jass advise` on standard input. Exit code 1 if any line was refused.
pub fn run(args: AdviseArgs) -> Result<ExitCode> {
    let settings = HintSettings {
        worlds: args.worlds,
        max_cards: args.max_cards,
        early_worlds: args.early_worlds,
        seed: args.seed,
    };
    let eleven = if args.undenufe_six {
        UndenufeEleven::Six
    } else {
        UndenufeEleven::Ace
    };
    let mut advisor = Advisor::new(settings, args.cards, eleven);
    let stdin = io::stdin();
    let prompt = stdin.is_terminal();
    let mut stdout = io::stdout().lock();
    let refused = run_lines(&mut advisor, stdin.lock(), &mut stdout, prompt)?;
    Ok(if refused > 0 && !prompt {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn advisor() -> Advisor {
        Advisor::new(
            HintSettings {
                worlds: 8,
                ..HintSettings::default()
            },
            CardStyle::Swiss,
            UndenufeEleven::Ace,
        )
    }

    fn run(a: &mut Advisor, lines: &[&str]) -> Vec<Result<String, String>> {
        lines
            .iter()
            .filter_map(|l| parse_line(l).transpose())
            .map(|i| i.and_then(|i| a.apply(i)))
            .collect()
    }

    #[test]
    fn lines_parse_and_wrong_lines_say_why() {
        assert_eq!(parse_line("  # a comment"), Ok(None));
        assert_eq!(parse_line("seat 2"), Ok(Some(Input::Seat(2))));
        assert_eq!(
            parse_line("p s7"),
            Ok(Some(Input::Play("S7".parse().unwrap())))
        );
        assert_eq!(
            parse_line("HU"),
            Ok(Some(Input::Play("HJ".parse().unwrap())))
        );
        assert_eq!(
            parse_line("trump H"),
            Ok(Some(Input::Contract("H".parse().unwrap())))
        );
        assert_eq!(
            parse_line("obenabe"),
            Ok(Some(Input::Contract("obenabe".parse().unwrap())))
        );
        assert!(parse_line("hand HA HK").unwrap_err().contains("9 cards"));
        assert!(parse_line("hand HA HA H9 H8 H7 H6 S6 S7 S8")
            .unwrap_err()
            .contains("twice"));
        assert!(parse_line("seat 4").unwrap_err().contains("0 to 3"));
        assert!(parse_line("trump X")
            .unwrap_err()
            .contains("unknown contract"));
        assert!(parse_line("play XY").unwrap_err().contains("unknown card"));
        assert!(parse_line("dance").unwrap_err().contains("help"));
        assert!(parse_line("weis 1").unwrap_err().contains("cards"));
    }

    #[test]
    fn wrong_plays_are_refused_with_the_reason_and_change_nothing() {
        let mut a = advisor();
        let r = run(&mut a, &["play S7"]);
        assert!(r[0].as_ref().unwrap_err().contains("hand first"));
        let r = run(
            &mut a,
            &[
                "hand HA HK HQ S6 S7 S8 C6 C7 C8",
                "trump D",
                "seat 1",
                "play HA", // seat 0 cannot play a card from your hand
                "play H6", // seat 0 leads Rosen 6
                "play SA", // your turn: not in your hand
                "play S7", // your turn: you must follow hearts
                "play H6", // already played
                "play HK", // fine
            ],
        );
        assert!(r[3].as_ref().unwrap_err().contains("in your hand"), "{r:?}");
        assert!(r[4].is_ok());
        assert!(r[4].as_ref().unwrap().contains("your turn"), "{r:?}");
        assert!(r[5].as_ref().unwrap_err().contains("not in your hand"));
        assert!(r[6].as_ref().unwrap_err().contains("may not be played"));
        assert!(r[7].as_ref().unwrap_err().contains("already played"));
        assert!(r[8].is_ok());
        // Seat 2 then plays a spade, showing no hearts; it cannot later play a heart.
        let r = run(&mut a, &["play S9", "play S10", "undo", "play D9"]);
        assert!(
            r[0].is_ok() && r[1].is_ok() && r[2].is_ok() && r[3].is_ok(),
            "{r:?}"
        );
        let shown = a.show();
        assert!(shown.contains("trick 1"), "{shown}");
        let r = run(&mut a, &["undo", "undo", "undo", "undo", "undo"]);
        assert!(
            r[4].as_ref().unwrap_err().contains("nothing to undo"),
            "{r:?}"
        );
    }

    #[test]
    fn a_void_seat_cannot_play_that_suit_later() {
        let mut a = advisor();
        let r = run(
            &mut a,
            &[
                "hand HA HK HQ S6 S7 S8 C6 C7 C8",
                "obenabe",
                "seat 0",
                "play HA",
                "play D6", // seat 1 shows no hearts
                "play H6",
                "play H7",
                // Trick 2: you lead again (HA wins).
                "play HK",
                "play H8", // seat 1 cannot hold hearts
            ],
        );
        assert!(r[7].is_ok(), "{r:?}");
        assert!(r[8].as_ref().unwrap_err().contains("cannot hold"), "{r:?}");
    }

    #[test]
    fn impossible_weis_lines_are_refused_and_change_nothing() {
        let mut a = advisor();
        let r = run(
            &mut a,
            &[
                "hand HA HK HQ S6 S7 S8 C6 C7 C8",
                "trump D",
                "seat 1",
                "weis 0 D6 D7 D8 D9 D10 DJ DQ DK DA C9 C10", // 11 cards
                "weis 0 D6 D7 D6",                           // a card twice
                "weis 0 D6 D7 D8",                           // fine
                "weis 2 D8 D9 D10",                          // D8 is seat 0's
                "weis 0 D9 D10 DJ DQ DK DA S9",              // 10 cards with the three shown
                "weis 1 HA HK HQ",                           // your own Weis: fine
                "weis 1 SA SK SQ",                           // not in your hand
                "play D6",                                   // seat 0 leads its D6
                "weis 3 D6 D7 D8",                           // D6 was played by seat 0
            ],
        );
        assert!(r[3].as_ref().unwrap_err().contains("a hand has 9"), "{r:?}");
        assert!(r[4].as_ref().unwrap_err().contains("twice"), "{r:?}");
        assert!(r[5].is_ok(), "{r:?}");
        assert!(
            r[6].as_ref().unwrap_err().contains("shown by seat 0"),
            "{r:?}"
        );
        assert!(r[7].as_ref().unwrap_err().contains("10 cards"), "{r:?}");
        assert!(r[8].is_ok(), "{r:?}");
        assert!(
            r[9].as_ref().unwrap_err().contains("not in your hand"),
            "{r:?}"
        );
        assert!(r[10].is_ok(), "{r:?}");
        assert!(
            r[11].as_ref().unwrap_err().contains("played by seat 0"),
            "{r:?}"
        );
        // Only the two good Weis and the card were entered.
        assert_eq!(a.tracker.entries.len(), 3);
    }
}

//! An auction in which a pass is final (Pandur: "having passed may not come in again"; Bieter,
//! Palette): the seats speak in turn, each bids above the last or passes for good; the auction
//! is won when every other seat has passed after the highest bid, or at once by a bid nothing
//! can top; it comes to nothing when every seat passes. Written once for the games that hold
//! one; each game keeps its own bids, their order and what a won auction leads to.

/// What a call leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AuctionTurn<B> {
    /// The seat to speak next.
    Next(u8),
    /// The auction is won: the highest bid and its bidder.
    Won(B, u8),
    /// Every seat passed.
    AllPassed,
}

/// An auction in progress, its calls kept (at most `CALLS`; copyable, no allocation).
#[derive(Copy, Clone, Debug)]
pub struct PassFinalAuction<B: Copy, const CALLS: usize> {
    /// The seats that speak, in speaking order (`n` of them).
    order: [u8; 4],
    n: u8,
    passed: [bool; 4],
    to_act: u8,
    high: Option<(B, u8)>,
    calls: [(u8, Option<B>); CALLS],
    n_calls: u8,
}

impl<B: Copy, const CALLS: usize> PassFinalAuction<B, CALLS> {
    /// An auction among `order` (seat numbers below 4, in speaking order, the first to speak
    /// first).
    pub fn new(order: &[u8]) -> Self {
        let mut o = [0; 4];
        o[..order.len()].copy_from_slice(order);
        PassFinalAuction {
            order: o,
            n: order.len() as u8,
            passed: [false; 4],
            to_act: order.first().copied().unwrap_or(0),
            high: None,
            calls: [(0, None); CALLS],
            n_calls: 0,
        }
    }

    /// The seat to speak.
    pub fn to_act(&self) -> u8 {
        self.to_act
    }

    /// The highest bid so far and its bidder.
    pub fn high(&self) -> Option<(B, u8)> {
        self.high
    }

    /// The calls so far, each with its seat (`None`: a pass).
    pub fn calls(&self) -> &[(u8, Option<B>)] {
        &self.calls[..self.n_calls as usize]
    }

    /// Whether `seat` has passed.
    pub fn has_passed(&self, seat: u8) -> bool {
        self.passed[seat as usize]
    }

    /// The call of the seat to speak: a bid (the caller has checked it tops the last) or a
    /// pass (`None`); `closes`: the bid cannot be topped and wins at once.
    pub fn call(&mut self, bid: Option<B>, closes: bool) -> AuctionTurn<B> {
        let seat = self.to_act;
        if (self.n_calls as usize) < CALLS {
            self.calls[self.n_calls as usize] = (seat, bid);
            self.n_calls += 1;
        }
        match bid {
            Some(b) => self.high = Some((b, seat)),
            None => self.passed[seat as usize] = true,
        }
        let left = self.order[..self.n as usize]
            .iter()
            .filter(|&&s| !self.passed[s as usize])
            .count();
        match self.high {
            None if left == 0 => AuctionTurn::AllPassed,
            Some((b, bidder)) if closes && bid.is_some() => AuctionTurn::Won(b, bidder),
            Some((b, bidder)) if left == 1 && !self.passed[bidder as usize] => {
                AuctionTurn::Won(b, bidder)
            }
            _ => {
                let place = self.order[..self.n as usize]
                    .iter()
                    .position(|&s| s == seat)
                    .unwrap_or(0);
                self.to_act = (1..=self.n as usize)
                    .map(|k| self.order[(place + k) % self.n as usize])
                    .find(|&s| !self.passed[s as usize])
                    .unwrap_or(seat);
                AuctionTurn::Next(self.to_act)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_is_final_and_the_last_bidder_left_wins() {
        // Seats 1, 2, 0 speak in that order.
        let mut a: PassFinalAuction<u32, 16> = PassFinalAuction::new(&[1, 2, 0]);
        assert_eq!(a.to_act(), 1);
        assert_eq!(a.call(Some(100), false), AuctionTurn::Next(2));
        assert_eq!(a.call(None, false), AuctionTurn::Next(0));
        assert_eq!(a.call(Some(110), false), AuctionTurn::Next(1));
        // Seat 2 passed: it is skipped.
        assert_eq!(a.call(Some(120), false), AuctionTurn::Next(0));
        assert!(a.has_passed(2) && !a.has_passed(0));
        assert_eq!(a.call(None, false), AuctionTurn::Won(120, 1));
        assert_eq!(a.calls().len(), 5);
        assert_eq!(a.calls()[1], (2, None));
        assert_eq!(a.high(), Some((120, 1)));
    }

    #[test]
    fn a_bid_that_closes_wins_at_once_and_all_passing_comes_to_nothing() {
        let mut a: PassFinalAuction<u32, 16> = PassFinalAuction::new(&[0, 1, 2, 3]);
        assert_eq!(a.call(Some(100), false), AuctionTurn::Next(1));
        assert_eq!(a.call(Some(300), true), AuctionTurn::Won(300, 1));
        let mut b: PassFinalAuction<u32, 16> = PassFinalAuction::new(&[2, 3, 0, 1]);
        for next in [3, 0, 1] {
            assert_eq!(b.call(None, false), AuctionTurn::Next(next));
        }
        assert_eq!(b.call(None, false), AuctionTurn::AllPassed);
        assert_eq!(b.high(), None);
    }
}

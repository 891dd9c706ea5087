//! The seats that play a deal as the trick-play core's places. The core
//! ([`crate::trick_play`]) knows only places `0..n`, the place after a place the next to play;
//! a game where not every seat at the table plays a deal (Pandur's and Zuger's dealer who sits
//! out, Handjass's players who dropped out) keeps which seat sits at which place, and a seat
//! that sits out has none. Copyable and allocation-free: the game states that hold it are
//! copied by the solvers and samplers.

/// The seats that play a deal in the order of the core's places (place 0 first; in Pandur and
/// Zuger forehand), at most [`PlayingSeats::CAPACITY`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayingSeats {
    seats: [u8; PlayingSeats::CAPACITY],
    len: u8,
}

impl PlayingSeats {
    /// The most seats that play a deal (Handjass's five).
    pub const CAPACITY: usize = 5;

    /// The seats in the order of their places, place 0 first; panics on more than
    /// [`PlayingSeats::CAPACITY`].
    pub fn new(seats: &[u8]) -> PlayingSeats {
        seats.iter().copied().collect()
    }
    /// The seat at the core's place `place`, counted round the playing seats (the place after
    /// the last is the first again); with none, seat 0.
    pub fn seat_of(&self, place: u8) -> u8 {
        self.seats[place as usize % self.len.max(1) as usize]
    }
    /// The place of `seat`, `None` for a seat that does not play the deal.
    pub fn place_of(&self, seat: u8) -> Option<u8> {
        place_in(self.seats(), seat)
    }
    /// The seats, place 0 first.
    pub fn seats(&self) -> &[u8] {
        &self.seats[..self.len as usize]
    }
    /// How many seats play.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether no seat plays (before a deal is dealt or its players are known).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The seat at place 0 (in Pandur and Zuger forehand).
    pub fn forehand(&self) -> u8 {
        self.seat_of(0)
    }
    /// Whether `seat` plays the deal.
    pub fn contains(&self, seat: u8) -> bool {
        self.seats().contains(&seat)
    }
    /// Each playing seat's entry of `by_seat` (indexed by seat), by place; the places past
    /// [`PlayingSeats::len`] hold `T::default()`.
    pub fn by_place<T: Copy + Default>(&self, by_seat: &[T]) -> [T; PlayingSeats::CAPACITY] {
        let mut out = [T::default(); PlayingSeats::CAPACITY];
        for (o, &s) in out.iter_mut().zip(self.seats()) {
            *o = by_seat[s as usize];
        }
        out
    }
}

impl FromIterator<u8> for PlayingSeats {
    /// The seats as they come, place 0 first; panics on more than [`PlayingSeats::CAPACITY`].
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> PlayingSeats {
        let mut p = PlayingSeats::default();
        for s in iter {
            assert!(
                p.len() < PlayingSeats::CAPACITY,
                "more than {} playing seats",
                PlayingSeats::CAPACITY
            );
            p.seats[p.len()] = s;
            p.len += 1;
        }
        p
    }
}

/// The place of `seat` in `seats` (the playing seats, place 0 first), `None` if it is not among
/// them: [`PlayingSeats::place_of`], and the same for a view that lists the seats.
pub fn place_in(seats: &[u8], seat: u8) -> Option<u8> {
    seats.iter().position(|&s| s == seat).map(|p| p as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dealer_who_sits_out_has_no_place() {
        // Four at the table, seat 1 deals and sits out: forehand is seat 2.
        let p = PlayingSeats::new(&[2, 3, 0]);
        assert_eq!((p.len(), p.forehand()), (3, 2));
        assert_eq!(p.place_of(1), None);
        assert!(!p.contains(1));
        assert_eq!(
            [0, 2, 3].map(|s| p.place_of(s)),
            [Some(2), Some(0), Some(1)]
        );
        assert_eq!([0, 1, 2].map(|k| p.seat_of(k)), [2, 3, 0]);
    }

    #[test]
    fn three_of_four_and_two_of_two_round_trip() {
        for seats in [&[1u8, 3, 0][..], &[3, 0, 1], &[1, 0], &[0, 1]] {
            let p = PlayingSeats::new(seats);
            assert_eq!(p.seats(), seats);
            for (k, &s) in seats.iter().enumerate() {
                assert_eq!(p.seat_of(k as u8), s);
                assert_eq!(p.place_of(s), Some(k as u8));
                assert!(p.contains(s));
            }
        }
        assert_eq!(PlayingSeats::new(&[1, 3, 0]).place_of(2), None);
    }

    #[test]
    fn seat_of_counts_round_the_playing_seats() {
        let p = PlayingSeats::new(&[3, 1]);
        assert_eq!([0, 1, 2, 3, 4].map(|k| p.seat_of(k)), [3, 1, 3, 1, 3]);
        let q: PlayingSeats = (1..4).map(|k| (2 + k) % 4).collect();
        assert_eq!(q.seats(), [3, 0, 1]);
        assert_eq!(q.seat_of(4), 0);
    }

    #[test]
    fn by_place_picks_each_playing_seats_entry() {
        let p = PlayingSeats::new(&[2, 0]);
        assert_eq!(p.by_place(&[10, 11, 12, 13]), [12, 10, 0, 0, 0]);
    }

    #[test]
    fn none_and_five_seats() {
        let none = PlayingSeats::default();
        assert!(none.is_empty());
        assert_eq!(
            (none.seats(), none.seat_of(3), none.place_of(0)),
            (&[][..], 0, None)
        );
        let five = PlayingSeats::new(&[4, 0, 1, 2, 3]);
        assert_eq!((five.place_of(3), five.seat_of(9)), (Some(4), 3));
        assert_eq!(place_in(&[4, 0, 1], 1), Some(2));
    }

    #[test]
    #[should_panic(expected = "more than 5 playing seats")]
    fn six_seats_are_refused() {
        PlayingSeats::new(&[0, 1, 2, 3, 4, 5]);
    }
}

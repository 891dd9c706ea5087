//! The games the command knows (from `jass-table`), and their option help for `jass options`.

pub use jass_table::GameKind;

/// The option help of a game for `jass options`.
pub fn options_help(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Schieber => concat!(
            "  target: points to win (1000, 1500, 2500, 3000)\n",
            "  multipliers: standard | french-red | french-black | single | {\"D\":2,\"H\":1,...}\n",
            "  obenabe_undenufe, misere, slalom, zurueckschieben, counter_match, stoeck, schneider, bergpreis: true | false\n",
            "  match_bonus: true | false (false: no 100-point Match bonus, as jass-kit plays)\n",
            "  (slalom: contracts slalom / slalom-undenufe, no trump, the tricks alternate Obenabe and Undenufe;\n",
            "   its multiplier is \"slalom\" in the table, 1 in every preset)\n",
            "  undenufe_eleven: ace | six;  weis: none | small | large;  weis_tie: more-cards | list-order\n",
            "  four_nines, fours_any_rank, undenufe_four_sixes: true | false;  large_weis_step: 50 | 20\n",
            "  scoring_order: stoeck-weis-stich or another order of the three words\n",
            "  claim_counts_all: true (the winners' trick and Weis due at the deciding moment are written too; 003) | false\n",
            "  first_forehand: a card whose holder leads first (H7) or seat0 .. seat3\n",
            "  See docs/schieber.md for the source of every option."
        ),
        GameKind::Sidi => crate::sidi_cli::SIDI_HELP,
        GameKind::Handjass => crate::handjass_cli::HELP,
        GameKind::Coiffeur => crate::coiffeur_cli::HELP,
        GameKind::Differenzler => crate::differenzler_cli::HELP,
    }
}

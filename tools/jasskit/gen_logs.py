#!/usr/bin/env python3
"""Writes jass-kit game logs (one `jass.logs.game_log_entry.GameLogEntry` per line, as jass-kit's
LogEntryFileGenerator writes them) of rounds played by jass-kit itself (PyPI jass-kit 2.0.5): random
dealer, random hands, jass-kit's AgentRandomSchieber in every seat (pushing half the time as
forehand), jass-kit's GameSim and RuleSchieber. Used by `jass import` / `jass export` tests
(crates/jass-cli/tests/jasskit_logs.rs) and committed as crates/jass-cli/tests/data/jasskit_logs.txt.

Usage: gen_logs.py [--seed 1] [--rounds 40] [--out FILE]   (default: standard output)
"""
import argparse
import json
import sys
from datetime import datetime

import numpy as np

from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.game.game_sim import GameSim
from jass.game.rule_schieber import RuleSchieber
from jass.logs.game_log_entry import GameLogEntry


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--out")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    agent = AgentRandomSchieber()
    agent._rng = np.random.default_rng(args.seed + 1)
    out = open(args.out, "w") if args.out else sys.stdout
    for r in range(args.rounds):
        dealer = int(rng.integers(0, 4))
        cards = rng.permutation(36)
        hands = np.zeros((4, 36), np.int32)
        for p in range(4):
            hands[p, cards[9 * p: 9 * p + 9]] = 1
        sim = GameSim(rule=RuleSchieber())
        sim.init_from_cards(hands=hands, dealer=dealer)
        while not sim.is_done():
            obs = sim.get_observation()
            if sim.state.trump == -1:
                sim.action_trump(agent.action_trump(obs))
            else:
                sim.action_play_card(agent.action_play_card(obs))
        date = datetime(2020, 8, 1 + r % 28, 12, r % 60, 0)
        entry = GameLogEntry(game=sim.state, date=date, player_ids=[100 + r, 200 + r, 300 + r, 400 + r])
        out.write(json.dumps(entry.to_json(), separators=(",", ":")) + "\n")
    if args.out:
        out.close()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Starts jass-kit's own player service (jass.service.PlayerServiceApp, PyPI jass-kit 2.0.5) on
loopback with three players, for the jass-kit bridge test (crates/jass-table/tests/jasskit.rs):

- `random`: jass-kit's AgentRandomSchieber (pushes half the time, random trump, random valid card);
- `rule`:   a small deterministic agent written here on jass-kit's RuleSchieber (jass-kit ships no
            rule-based agent): trump = the suit it holds most of (pushes with fewer than 3 of it as
            forehand), plays its highest-indexed valid card;
- `bad`:    answers a card it does not hold and trump code 7 (to test that the engine refuses them).

The players answer at http://127.0.0.1:PORT/NAME (jass-kit's routes as shipped) and at
http://127.0.0.1:PORT/jass/players/NAME. Prints `PORT <n>` on the first line of standard output once the service listens, then serves
until killed. Usage: player_service.py [PORT] (default 0: any free port).
"""
import logging
import sys

import numpy as np
from werkzeug.serving import make_server

from jass.agents.agent import Agent
from jass.agents.agent_random_schieber import AgentRandomSchieber
from jass.game.const import PUSH
from jass.game.game_observation import GameObservation
from jass.game.rule_schieber import RuleSchieber
from jass.service.player_service_app import PlayerServiceApp
from jass.service.player_service_route import players as player_routes


class AgentRule(Agent):
    def __init__(self):
        self._rule = RuleSchieber()

    def action_trump(self, obs: GameObservation) -> int:
        counts = [int(obs.hand[9 * s: 9 * s + 9].sum()) for s in range(4)]
        best = int(np.argmax(counts))
        if obs.forehand == -1 and counts[best] < 3:
            return PUSH
        return best

    def action_play_card(self, obs: GameObservation) -> int:
        valid = self._rule.get_valid_cards_from_obs(obs)
        return int(np.flatnonzero(valid)[-1])


class AgentBad(Agent):
    def action_trump(self, obs: GameObservation) -> int:
        return 7

    def action_play_card(self, obs: GameObservation) -> int:
        missing = np.flatnonzero(obs.hand == 0)
        return int(missing[0])


def main():
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    app = PlayerServiceApp("jass_kit_players")
    app.add_player("random", AgentRandomSchieber())
    app.add_player("rule", AgentRule())
    app.add_player("bad", AgentBad())
    # jass-kit 2.0.5 registers its routes at /<name>/...; mount them under /jass/players/<name>/...
    # too, as the Swisslos server and jass-kit's documentation address players.
    app.register_blueprint(player_routes, url_prefix="/jass/players", name="jass_players")
    server = make_server("127.0.0.1", port, app, threaded=False)
    print(f"PORT {server.server_port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Input for `jass advise` to time it (docs/benchmarks.md).

  advise_input.py first-leads N SEED   N random hands, the four trumps in turn, advised at the first lead
  advise_input.py record FILE DEALS    the first DEALS deals of a Schieber record (`jass simulate`),
                                       advised for the first leader at every one of its cards

Example: python3 tools/advise_input.py first-leads 40 1 | jass advise > /dev/null
"""
import json
import random
import sys

SUITS = "DHSC"
RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def first_leads(n, seed):
    rng = random.Random(seed)
    cards = [s + r for s in SUITS for r in RANKS]
    for i in range(n):
        print("new")
        print("hand " + " ".join(rng.sample(cards, 9)))
        print("trump " + SUITS[i % 4])
        print("seat 0")


def record(path, deals):
    with open(path) as f:
        rec = json.load(f)
    for deal in rec["deals"][:deals]:
        contract = deal["contract"]
        if contract not in ("D", "H", "S", "C", "obenabe", "undenufe"):
            continue  # the advisor knows the six modes only
        plays = [a for a in deal["actions"] if a["action"] == "play"]
        leader = plays[0]["seat"]
        print("new")
        print("hand " + " ".join(deal["hands"][leader]))
        print("trump " + contract)
        print("seat 0")
        for p in plays:
            print("play " + p["card"])


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "first-leads":
        first_leads(int(sys.argv[2]), int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "record":
        record(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)

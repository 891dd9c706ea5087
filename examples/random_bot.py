#!/usr/bin/env python3
"""A bot for the jass bot protocol v1 (docs/protocol.md): plays uniformly at random, any game.

Run it from the engine:  jass simulate --players rule,cmd:python3 examples/random_bot.py
Standard library only. Usage: random_bot.py [SEED]
"""
import json
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    kind = msg.get("type")
    if kind == "hello":
        send({"type": "hello", "name": "random.py", "version": 1})
    elif kind == "new_game":
        seat = msg["seat"]
        send({"type": "info", "message": f"playing {msg['game']} at seat {seat}"})
    elif kind == "request":
        # Answer with one of the legal actions, copied as it is ({"index": n} works too).
        send({"type": "action", "id": msg["id"], "action": rng.choice(msg["legal"])})
    elif kind == "error":
        print(f"random.py: the engine refused an answer: {msg['message']}", file=sys.stderr)
    elif kind == "game_over":
        send({"type": "info", "message": f"game over: {json.dumps(msg['result'])}"})
    elif kind == "bye":
        break

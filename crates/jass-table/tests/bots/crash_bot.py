#!/usr/bin/env python3
"""Misbehaving bot: plays ten requests correctly, then dies (exit code 3) in the middle of the game."""
import json, sys
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "crash", "version": 1}), flush=True)
    elif msg["type"] == "request":
        n += 1
        if n > 10:
            print("crash_bot: giving up", file=sys.stderr, flush=True)
            sys.exit(3)
        print(json.dumps({"type": "action", "id": msg["id"], "index": 0}), flush=True)

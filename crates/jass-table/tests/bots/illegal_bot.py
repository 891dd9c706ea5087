#!/usr/bin/env python3
"""Misbehaving bot: greets properly, then every second answer names an action that is not legal
(a card nobody holds twice, or an index out of range)."""
import json, sys
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "illegal", "version": 1}), flush=True)
    elif msg["type"] == "request":
        n += 1
        if n % 3 == 0:
            ans = {"type": "action", "id": msg["id"], "index": len(msg["legal"])}
        elif n % 3 == 1:
            ans = {"type": "action", "id": msg["id"], "action": {"action": "play", "card": "XX"}}
        else:
            ans = {"type": "action", "id": msg["id"], "action": msg["legal"][0]}
        print(json.dumps(ans), flush=True)
    elif msg["type"] == "bye":
        break

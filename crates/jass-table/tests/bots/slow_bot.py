#!/usr/bin/env python3
"""Misbehaving bot: answers every fourth request too late (after its deadline), the others at once.
Its late answers arrive while the engine waits for the next request and must be ignored."""
import json, sys, time
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "slow", "version": 1}), flush=True)
    elif msg["type"] == "request":
        n += 1
        if n % 4 == 0:
            time.sleep(msg["deadline_ms"] / 1000 * 1.5)
        print(json.dumps({"type": "action", "id": msg["id"], "index": 0}), flush=True)
    elif msg["type"] == "bye":
        break

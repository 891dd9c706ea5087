#!/usr/bin/env python3
"""Misbehaving bot: answers with lines that are not JSON, JSON of the wrong shape, or the wrong id."""
import json, sys
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "garbage", "version": 1}), flush=True)
    elif msg["type"] == "request":
        n += 1
        if n % 3 == 0:
            print("this is not json {", flush=True)
        elif n % 3 == 1:
            print(json.dumps({"type": "action", "id": msg["id"]}), flush=True)
        else:
            print(json.dumps({"type": "action", "id": msg["id"] + 1000, "index": 0}), flush=True)
    elif msg["type"] == "bye":
        break

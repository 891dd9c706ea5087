#!/usr/bin/env python3
"""Misbehaving bot: greets with a protocol version this engine does not speak."""
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "future", "version": 99}), flush=True)

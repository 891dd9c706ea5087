#!/usr/bin/env python3
"""A well-behaved bot that writes every message it receives to the file named by its first
argument (one JSON per line), to test what the engine sends."""
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    log.write(line)
    log.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "transcript", "version": 1}), flush=True)
    elif msg["type"] == "request":
        print(json.dumps({"type": "info", "message": "thinking"}), flush=True)
        print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
    elif msg["type"] == "bye":
        break

#!/usr/bin/env python3
"""Misbehaving bot: reads everything and never says hello (or anything else)."""
import sys
for line in sys.stdin:
    pass

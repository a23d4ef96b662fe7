# family: aliasing
# reaches: process
# layer: static
# static: missed
# A registry of helper modules by role; asyncio's base_subprocess module holds subprocess.
import asyncio.base_subprocess
import json

REGISTRY = {"serialize": json, "spawn": asyncio.base_subprocess}


def helper(role):
    return REGISTRY[role]


helper("spawn").subprocess.run(["true"])

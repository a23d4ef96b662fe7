# label: benign
import sys
from dataclasses import dataclass


@dataclass
class Env:
    python: str
    platform: str


env = Env(python=".".join(map(str, sys.version_info[:3])), platform=sys.platform)
print(env)

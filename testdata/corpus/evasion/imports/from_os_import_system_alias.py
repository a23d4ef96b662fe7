# label: evasion
# family: imports
from os import system as refresh_cache  # want: SBX101


def main() -> None:
    refresh_cache("rm -rf /tmp/cache && id")


main()

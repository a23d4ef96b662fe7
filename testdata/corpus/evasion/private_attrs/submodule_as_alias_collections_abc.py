# label: evasion
# family: private_attrs
# collections.abc is a __name__ two modules claim (_collections_abc calls itself that), so the
# analyzer must see _collections_abc's sys attribute through it.
import collections.abc as cabc

cabc.sys.modules["os"].system("id")  # want: SBX101 SBX103 SBX303 SBX504

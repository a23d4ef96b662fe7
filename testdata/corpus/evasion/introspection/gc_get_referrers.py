# label: evasion
# family: introspection
import gc

secret = {"token": "abc"}
holders = gc.get_referrers(secret)  # want: SBX303
print(holders)

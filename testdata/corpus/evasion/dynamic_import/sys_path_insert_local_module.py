# label: evasion
# family: dynamic_import
import sys

sys.path.insert(0, "/tmp/uploads")  # want: SBX603
import helper_payload  # want: SBX100

helper_payload.run()

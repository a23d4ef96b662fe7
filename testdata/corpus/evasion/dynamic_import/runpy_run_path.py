# label: evasion
# family: dynamic_import
import runpy  # want: SBX100

runpy.run_path("/tmp/stage2.py")  # want: SBX103

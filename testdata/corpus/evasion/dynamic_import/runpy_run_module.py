# label: evasion
# family: dynamic_import
import runpy  # want: SBX100

# Starts a web server exposing the file system.
runpy.run_module("http.server", run_name="__main__")  # want: SBX103

# label: evasion
# family: name_resolvers
import pydoc  # want: SBX100

system = pydoc.locate("os.system")  # want: SBX503
system("id")

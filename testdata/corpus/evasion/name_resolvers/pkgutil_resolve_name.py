# label: evasion
# family: name_resolvers
import pkgutil  # want: SBX100

popen = pkgutil.resolve_name("subprocess:Popen")  # want: SBX503
popen(["id"])

package sbxgate

# A principal's trust level comes from data.sbxgate.principals; anyone unknown, or mapped to a
# level the policy does not define, is untrusted.
trust_level := level if {
	level := data.sbxgate.principals[input.request.principal]
	data.sbxgate.trust_levels[level]
} else := "untrusted"

config_tiers := data.sbxgate.config.tiers

# The smallest tier of the config: least memory, then fewest CPUs, then shortest timeout, then name.
smallest_tier := sort([[t.memory_bytes, t.cpus, t.timeout_ms, name] | some name, t in config_tiers])[0][3]

default_tier := data.sbxgate.trust_levels[trust_level].default_tier

# A denial gets no tier. Untrusted principals get the smallest tier whatever they ask for; others
# get the requested tier if their level lists it and the config defines it, else their level's
# default, else the smallest.
tier := "none" if {
	allow == false
} else := granted_tier

# granted_tier is the tier a submission gets if it is allowed.
granted_tier := smallest_tier if {
	trust_level == "untrusted"
} else := requested if {
	requested := input.request.requested_tier
	requested in data.sbxgate.trust_levels[trust_level].tiers
	data.sbxgate.config.tiers[requested]
} else := default_tier if {
	default_tier in data.sbxgate.trust_levels[trust_level].tiers
	config_tiers[default_tier]
} else := smallest_tier

# SBX960: a note on an allow whose requested tier was not granted.
notes contains {
	"rule": "SBX960",
	"message": sprintf("requested tier %v is not available to trust level %s: granted %s", [input.request.requested_tier, trust_level, tier]),
} if {
	allow
	input.request.requested_tier != ""
	input.request.requested_tier != tier
}

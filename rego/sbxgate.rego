# sbxgate's default policy. sbxgate evaluates data.sbxgate.decision once per submission with
#
#   input.request  who submits: principal, source, requested_tier, labels
#   input.report   the analyzer's report: parse_error, imports, findings, capabilities, profile
#   data.sbxgate.config.tiers  the tiers of sandbox.yaml with their limits (set by sbxgate)
#   data.sbxgate.config.profiles  per tier that offers some, the image profiles it offers
#
# and the policy data in data.json. The Go side adds the chosen tier's limits and the policy
# revision, and turns an undefined or malformed decision into a deny (rules SBX9xx).
package sbxgate

decision := object.union(
	{
		"allow": allow,
		"trust_level": trust_level,
		"tier": tier,
		"reasons": reasons,
	},
	profile_choice,
)

# A program that needs an image profile (report.profile: data, for numpy, pandas, ...) runs in
# that profile's image when its tier offers it (data.sbxgate.config.profiles); any other keeps the
# tier's own image, and the decision names no profile.
needed_profile := p if {
	p := input.report.profile
	is_string(p)
	p != ""
	p != "base"
} else := "base"

profile_choice := {"profile": needed_profile} if {
	allow
	needed_profile != "base"
} else := {}

# allow is always defined, so rules test it with "allow == false" rather than "not allow", which
# costs a negated sub-evaluation on every decision.
default allow := false

allow if count(deny) == 0

# A deny lists every reason for it; an allow lists notes such as a requested tier not granted.
reasons := ordered(deny) if {
	allow == false
} else := [] if {
	count(notes) == 0
} else := ordered(notes)

# ordered sorts reasons by line, then rule, then message, so output is stable across runs.
ordered(rs) := [entry[3] |
	some entry in sort([[object.get(r, "line", 0), r.rule, r.message, r] | some r in rs])
]

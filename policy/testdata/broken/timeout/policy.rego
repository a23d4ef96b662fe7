# A quadratic search that never succeeds: only the deadline ends it. Want SBX902.
package sbxgate

slow if {
	r := numbers.range(1, 50000)
	some i in r
	some j in r
	i + j < 0
}

decision := {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []} if not slow

# Strict compilation: an unused local variable is an error.
package sbxgate

decision := {"allow": false, "trust_level": "trusted", "tier": "none", "reasons": []} if {
	x := 1
	true
}

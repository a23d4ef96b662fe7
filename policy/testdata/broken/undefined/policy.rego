# Defines a decision only for one path, so it is undefined for everything else. Want SBX903.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []} if {
	input.report.path == "only-this.py"
}

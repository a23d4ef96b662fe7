# A string builtin on an integer field never matches; the input schema makes it a compile error.
package sbxgate

deny contains f.rule if {
	some f in input.report.findings
	startswith(f.line, "3")
}

decision := {"allow": count(deny) == 0, "trust_level": "untrusted", "tier": "untrusted", "reasons": []}

# A misspelt input field would make a deny rule silently never match; the input schema catches it.
package sbxgate

deny contains f.rule if {
	some f in input.report.findigs
}

decision := {"allow": count(deny) == 0, "trust_level": "untrusted", "tier": "untrusted", "reasons": []}

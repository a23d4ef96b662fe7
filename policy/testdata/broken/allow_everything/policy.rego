# Allows everything, even code that does not parse. The Go side still denies a parse error. Want SBX911.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []}

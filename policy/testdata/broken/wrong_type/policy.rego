# allow is a string. Want SBX905.
package sbxgate

decision := {"allow": "yes", "trust_level": "trusted", "tier": "standard", "reasons": []}

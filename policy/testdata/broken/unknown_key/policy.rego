# A misspelt key ("reason") must not be ignored. Want SBX905.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "standard", "reason": []}

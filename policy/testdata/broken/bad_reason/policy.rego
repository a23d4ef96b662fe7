# A reason without a rule ID. Want SBX905.
package sbxgate

decision := {"allow": false, "trust_level": "trusted", "tier": "none", "reasons": [{"message": "no"}]}

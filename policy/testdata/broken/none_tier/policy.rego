# Allows with the reserved tier "none". Want SBX906.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "none", "reasons": []}

# Allows with a tier the config does not define. Want SBX906.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "gigantic", "reasons": []}

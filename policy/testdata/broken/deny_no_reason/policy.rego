# Denies without a reason: still a deny, with SBX909 added. Want SBX909.
package sbxgate

decision := {"allow": false, "trust_level": "trusted", "tier": "standard", "reasons": []}

# Gives the profile as a number. Want SBX903.
package sbxgate

decision := {"allow": true, "trust_level": "standard", "tier": "standard", "reasons": [], "profile": 1}

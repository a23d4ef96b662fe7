# A trust level outside trusted, standard, untrusted. Want SBX907.
package sbxgate

decision := {"allow": true, "trust_level": "root", "tier": "standard", "reasons": []}

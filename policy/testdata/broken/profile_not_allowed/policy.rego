# Chooses an image profile the tier does not allow. Want SBX906.
package sbxgate

decision := {"allow": true, "trust_level": "standard", "tier": "standard", "reasons": [], "profile": "data"}

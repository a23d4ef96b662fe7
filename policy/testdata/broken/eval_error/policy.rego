# A builtin error (to_number of a non-number) is an evaluation error under strict builtin errors.
# Want SBX901.
package sbxgate

decision := {"allow": to_number(input.request.principal) > 0, "trust_level": "trusted", "tier": "standard", "reasons": []}

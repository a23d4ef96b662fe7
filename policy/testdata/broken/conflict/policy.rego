# Two complete definitions with different values: OPA reports a conflict at evaluation. Want SBX901.
package sbxgate

decision := {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []} if input.report

decision := {"allow": false, "trust_level": "trusted", "tier": "none", "reasons": []} if input.request

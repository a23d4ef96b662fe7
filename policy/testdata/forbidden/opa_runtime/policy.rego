# Reading the environment and OPA config from a policy must fail to compile.
package sbxgate

env := opa.runtime().env

decision := {"allow": env.HOME != "", "trust_level": "trusted", "tier": "standard", "reasons": []}

# Decisions must not depend on the clock: time.now_ns must fail to compile.
package sbxgate

decision := {"allow": time.now_ns() > 0, "trust_level": "trusted", "tier": "standard", "reasons": []}

# json.verify_schema can fetch remote $refs: it must fail to compile.
package sbxgate

ok := json.verify_schema({"$ref": "http://attacker.example/s.json"})

decision := {"allow": ok[0], "trust_level": "trusted", "tier": "standard", "reasons": []}

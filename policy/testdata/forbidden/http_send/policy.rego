# Reaching the network from a policy must fail to compile.
package sbxgate

resp := http.send({"method": "GET", "url": "http://169.254.169.254/latest/meta-data/"})

decision := {"allow": resp.status_code == 200, "trust_level": "trusted", "tier": "standard", "reasons": []}

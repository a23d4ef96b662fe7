package policy

import (
	"slices"

	"github.com/open-policy-agent/opa/v1/ast"
)

// removedBuiltins are taken away from policies on top of every non-deterministic builtin. A policy is
// code an operator (or whoever compromised the policy directory) ships into the gate; it must not be
// able to reach the network (http.send, net.lookup_ip_addr, schema $refs in json.*_schema), read the
// environment or the OPA config (opa.runtime), or make a decision depend on the clock or chance
// (time.now_ns, rand.intn, uuid.rfc4122), which would also make `policy diff` replays meaningless.
var removedBuiltins = []string{
	"http.send",
	"net.lookup_ip_addr",
	"opa.runtime",
	"time.now_ns",
	"rand.intn",
	"uuid.rfc4122",
	"json.match_schema",
	"json.verify_schema",
	"io.jwt.decode_verify",
	"io.jwt.encode_sign",
	"io.jwt.encode_sign_raw",
	"providers.aws.sign_req",
}

// Capabilities returns the OPA capabilities sbxgate compiles policies with: this OPA version's builtins
// minus every non-deterministic one and minus removedBuiltins, with no network hosts allowed. Rego
// itself has no file system access; data comes only from the policy directory and the config.
func Capabilities() *ast.Capabilities {
	c := ast.CapabilitiesForThisVersion()
	kept := c.Builtins[:0]
	for _, b := range c.Builtins {
		if b.Nondeterministic || slices.Contains(removedBuiltins, b.Name) {
			continue
		}
		kept = append(kept, b)
	}
	c.Builtins = kept
	// An empty, non-nil list means no host is reachable, should a network builtin ever slip through.
	c.AllowNet = []string{}
	return c
}

// Package policy decides submissions with an OPA/Rego policy: the Decider stage of sbxgate.
//
// New loads a policy directory (default: the embedded rego/ directory), compiles it once in strict
// mode as Rego v1 against restricted capabilities, and prepares the query data.sbxgate.decision.
// Decide then evaluates it per submission under a deadline. The policy sees
//
//	input                     Input: the request and the analyzer's report
//	data.sbxgate.config.tiers the config's tiers and their limits (ConfigDocument)
//	data.*                    the policy's data.json / data.yaml files
//
// and answers {allow, trust_level, tier, reasons}. The Go side checks the answer strictly, fills in
// the chosen tier's limits from the config and the policy revision, and fails closed.
//
// # Type checking
//
// Policies are compiled against InputSchema, derived from Input, so a misspelt input field
// (input.report.findigs) or a builtin applied to the wrong type is a located compile error.
// The input policies see is Input's JSON encoding with every nil list given as [] (never null).
//
// # Capabilities
//
// Policies cannot reach the network, the file system, the environment, the clock or randomness:
// every non-deterministic builtin (http.send, net.lookup_ip_addr, opa.runtime, time.now_ns,
// rand.intn, uuid.rfc4122, json.verify_schema, io.jwt.decode_verify, ...) is removed, and a policy
// that calls one fails to compile. See Capabilities.
//
// # Revision
//
// A decision's policy_revision is "sha256:" over the deciding modules, the data files (by name
// relative to the policy root, so the same policy has the same revision wherever it is installed)
// and the config document the policy sees. The config is included because the tiers are data the
// policy decides on: the same files with different tiers can decide differently. Tests are not
// included; they cannot change a decision.
//
// # Failure rules
//
// Every failure is a deny with tier "none", zero limits and a reason naming one of these rules,
// never an allow. The trust level is "untrusted" except for SBX909, where the policy's own stands:
//
//	SBX900  no engine (Decide on a nil *Engine)
//	SBX901  evaluation error: a builtin error (strict), conflicting outputs of a complete rule
//	SBX902  the evaluation exceeded its deadline (WithTimeout, default 100ms) or was cancelled
//	SBX903  data.sbxgate.decision is undefined for the input
//	SBX904  the query produced more than one result
//	SBX905  the decision is not an object of the documented shape: a missing or unknown key, a
//	        wrong type, a reason without a rule ID
//	SBX906  allow with a tier the config does not define (including "none")
//	SBX907  a trust level other than trusted, standard, untrusted
//	SBX908  the input has no analyzer report
//	SBX909  the policy denied without a reason (added to the deny, which stands)
//	SBX910  the evaluator panicked
//	SBX911  the policy allowed code with a parse error, which no policy may do
//
// The default policy's own rules are SBX950 (parse error), SBX951 (import outside the module
// allowlist), SBX952 (no report) and SBX960 (a note: the requested tier was not granted); a
// denying finding keeps the analyzer's rule ID and line. See rego/README.md.
package policy

package catalog

// The IDs of the rules outside the analyzer. The policy package and the Rego policy use these
// IDs; tests hold both to this table.
const (
	ParseError = "SBX000" // the front end refused the source

	NoEngine      = "SBX900"
	EvalError     = "SBX901"
	Timeout       = "SBX902"
	Undefined     = "SBX903"
	Multiple      = "SBX904"
	Malformed     = "SBX905"
	UnknownTier   = "SBX906"
	UnknownTrust  = "SBX907"
	NoReport      = "SBX908"
	NoReason      = "SBX909"
	EnginePanic   = "SBX910"
	AllowedBroken = "SBX911"

	PolicyParseError = "SBX950"
	PolicyImport     = "SBX951"
	PolicyNoReport   = "SBX952"
	PolicyProfile    = "SBX953"
	PolicyTierNote   = "SBX960"
)

// Stages are the rules of the front end, the policy stage and the default policy. Every one of
// them denies (SBX960 excepted, a note on an allow), so each is high.
var Stages = []Rule{
	{ID: ParseError, Name: "parse-error", Stage: FrontEnd, Severity: "high",
		Doc:  "The source is not valid Python 3.11 or uses an encoding the gate refuses; it is always denied.",
		Hint: "make the file valid Python 3.11, saved as UTF-8"},

	{ID: NoEngine, Name: "no-policy-engine", Stage: Gate, Severity: "high",
		Doc:  "No policy engine is configured, so nothing can be allowed.",
		Hint: "the gate itself failed: report it to the operator"},
	{ID: EvalError, Name: "policy-evaluation-error", Stage: Gate, Severity: "high",
		Doc:  "The policy's evaluation failed: a builtin error or conflicting outputs of a complete rule.",
		Hint: "the gate itself failed: fix the policy (sbxgate policy test)"},
	{ID: Timeout, Name: "policy-timeout", Stage: Gate, Severity: "high",
		Doc:  "The policy's evaluation exceeded its deadline or was cancelled.",
		Hint: "the gate itself failed: retry, or make the policy cheaper"},
	{ID: Undefined, Name: "decision-undefined", Stage: Gate, Severity: "high",
		Doc:  "data.sbxgate.decision is undefined for the input.",
		Hint: "the gate itself failed: make the policy define a decision for every input"},
	{ID: Multiple, Name: "decision-multiple", Stage: Gate, Severity: "high",
		Doc:  "The policy's query produced more than one result.",
		Hint: "the gate itself failed: make the decision a complete rule"},
	{ID: Malformed, Name: "decision-malformed", Stage: Gate, Severity: "high",
		Doc:  "The decision is not an object of the documented shape: a missing or unknown key, a wrong type, a reason without a rule ID.",
		Hint: "the gate itself failed: fix the policy's decision document"},
	{ID: UnknownTier, Name: "unknown-tier", Stage: Gate, Severity: "high",
		Doc:  "The policy allowed with a tier the config does not define.",
		Hint: "the gate itself failed: allow only tiers of sandbox.yaml"},
	{ID: UnknownTrust, Name: "unknown-trust-level", Stage: Gate, Severity: "high",
		Doc:  "The policy answered a trust level other than trusted, standard or untrusted.",
		Hint: "the gate itself failed: answer one of the three trust levels"},
	{ID: NoReport, Name: "no-analyzer-report", Stage: Gate, Severity: "high",
		Doc:  "The policy's input carries no analyzer report.",
		Hint: "the gate itself failed: decide only analyzed code"},
	{ID: NoReason, Name: "deny-without-reason", Stage: Gate, Severity: "high",
		Doc:  "The policy denied without saying why; the deny stands.",
		Hint: "give every deny a reason with a rule ID"},
	{ID: EnginePanic, Name: "policy-engine-panic", Stage: Gate, Severity: "high",
		Doc:  "The policy evaluator panicked.",
		Hint: "the gate itself failed: report it to the sbxgate maintainers"},
	{ID: AllowedBroken, Name: "allowed-parse-error", Stage: Gate, Severity: "high",
		Doc:  "The policy allowed code that does not parse, which no policy may do.",
		Hint: "deny every report with a parse error"},

	{ID: PolicyParseError, Name: "policy-parse-error", Stage: Policy, Severity: "high",
		Doc:  "The default policy denies code that does not parse as Python 3.11.",
		Hint: "make the file valid Python 3.11 (python3 -m py_compile FILE shows the same error)"},
	{ID: PolicyImport, Name: "policy-import-denied", Stage: Policy, Severity: "high",
		Doc:  "The default policy denies an import the module allowlist does not admit, or a dynamic import of a computed name.",
		Hint: "use only allowed standard-library modules, by a plain import statement"},
	{ID: PolicyNoReport, Name: "policy-no-report", Stage: Policy, Severity: "high",
		Doc:  "The default policy denies a submission without an analyzer report.",
		Hint: "the gate itself failed: decide only analyzed code"},
	{ID: PolicyProfile, Name: "policy-profile-not-offered", Stage: Policy, Severity: "high",
		Doc:  "The default policy denies a program that needs an image profile (the report's profile: data for numpy, pandas, ...) which the granted tier does not offer (its profiles in sandbox.yaml).",
		Hint: "use only the standard library, or submit as a principal whose tier offers the data profile"},
	{ID: PolicyTierNote, Name: "tier-not-granted", Stage: Policy, Severity: "low",
		Doc:  "A note on an allow: the requested tier was not granted and another one was.",
		Hint: "request a tier your trust level lists, or none"},
}

package policy

import (
	"github.com/sbxgate/sbxgate/analyzer"
	"github.com/sbxgate/sbxgate/config"
)

// Request says who submits what, from where. It is the "request" half of the policy input.
type Request struct {
	Principal     string            `json:"principal"`
	Source        string            `json:"source"` // cli, http, mcp
	RequestedTier string            `json:"requested_tier,omitempty"`
	Labels        map[string]string `json:"labels,omitempty"`
}

// Input is the document the policy sees as `input`.
type Input struct {
	Request Request          `json:"request"`
	Report  *analyzer.Report `json:"report"`
}

// Decision is the policy's answer, completed with the tier's concrete limits from the config and the
// policy revision. JSON names are part of docs/contract.md.
type Decision struct {
	Allow          bool          `json:"allow"`
	TrustLevel     string        `json:"trust_level"` // trusted, standard, untrusted
	Tier           string        `json:"tier"`        // a tier of the config, or "none" when denied
	Limits         config.Limits `json:"limits"`
	Reasons        []Reason      `json:"reasons"`
	PolicyRevision string        `json:"policy_revision"`
}

// Reason explains one part of a decision.
type Reason struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

package engine_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/sbxgate/sbxgate/analyzer/checks"
	"github.com/sbxgate/sbxgate/analyzer/engine"
	"github.com/sbxgate/sbxgate/config"
	"github.com/sbxgate/sbxgate/policy"
)

// newEngine is the engine with every check and the default config.
func newEngine(t testing.TB) *engine.Engine {
	t.Helper()
	a, err := engine.New(config.Default(), checks.All)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// defaultGate is the engine with every check and the default policy engine.
func defaultGate(t *testing.T) (*engine.Engine, *policy.Engine) {
	t.Helper()
	eng, err := policy.New(context.Background(), policy.WithConfig(config.Default()))
	if err != nil {
		t.Fatalf("policy: %v", err)
	}
	return newEngine(t), eng
}

// deniedCapabilities is the set of capabilities the default policy denies, read from its data.
func deniedCapabilities(t *testing.T) map[string]bool {
	raw, err := os.ReadFile("../../rego/data.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Sbxgate struct {
			DeniedCapabilities []string `json:"denied_capabilities"`
		} `json:"sbxgate"`
	}
	if err := json.Unmarshal(raw, &data); err != nil || len(data.Sbxgate.DeniedCapabilities) == 0 {
		t.Fatalf("rego/data.json: no sbxgate.denied_capabilities (%v)", err)
	}
	set := map[string]bool{}
	for _, c := range data.Sbxgate.DeniedCapabilities {
		set[c] = true
	}
	return set
}

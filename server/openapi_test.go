package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

type openAPIDoc struct {
	OpenAPI string                                `json:"openapi"`
	Paths   map[string]map[string]json.RawMessage `json:"paths"`
}

func documented(t *testing.T) map[string]bool {
	t.Helper()
	var doc openAPIDoc
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1") {
		t.Fatalf("openapi %q, want 3.1.x", doc.OpenAPI)
	}
	ops := map[string]bool{}
	for path, methods := range doc.Paths {
		for m := range methods {
			switch m {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				ops[strings.ToUpper(m)+" "+path] = true
			}
		}
	}
	return ops
}

// The route table and the OpenAPI document list the same operations.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	ops := documented(t)
	var s Server
	served := map[string]bool{}
	for _, rt := range s.table() {
		served[rt.Method+" "+rt.Path] = true
	}
	var missing, extra []string
	for op := range served {
		if !ops[op] {
			missing = append(missing, op)
		}
	}
	for op := range ops {
		if !served[op] {
			extra = append(extra, op)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("served but not documented: %v; documented but not served: %v", missing, extra)
	}
}

// Every documented operation answers on the running server: not with the catch-all 404 or a 405.
func TestOpenAPIRoutesExist(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	for op := range documented(t) {
		method, path, _ := strings.Cut(op, " ")
		path = strings.ReplaceAll(path, "{id}", "01ARZ3NDEKTSV4RRFFQ69G5FAV")
		r := e.do(method, path, "", nil)
		if r.Status == http.StatusNotFound && !strings.HasPrefix(path, "/v1/audit/") || r.Status == http.StatusMethodNotAllowed {
			t.Errorf("%s: status %d: %s", op, r.Status, r.Body)
		}
		if strings.Contains(string(r.Body), "no such endpoint") {
			t.Errorf("%s reached the catch-all: %s", op, r.Body)
		}
	}
	r := e.do(http.MethodGet, "/v1/openapi.json", "", nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/json" || string(r.Body) != string(OpenAPI()) {
		t.Fatalf("GET /v1/openapi.json: %d %s", r.Status, r.Header.Get("Content-Type"))
	}
}

// schemaFor compiles components.schemas[name] of the OpenAPI document as a JSON Schema 2020-12.
func schemaFor(t *testing.T, name string) *jsonschema.Resolved {
	t.Helper()
	var doc struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	defs, _ := json.Marshal(doc.Components.Schemas)
	defs = bytes.ReplaceAll(defs, []byte("#/components/schemas/"), []byte("#/$defs/"))
	root := fmt.Sprintf(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": %s, "$ref": "#/$defs/%s"}`, defs, name)
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(root), &s); err != nil {
		t.Fatalf("schema %s: %v", name, err)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		t.Fatalf("schema %s: %v", name, err)
	}
	return rs
}

// Answers of the running server validate against the schemas the document gives them.
func TestResponsesMatchOpenAPI(t *testing.T) {
	e := startEnv(t, testConfig(t), envOpts{})
	check := e.post("/v1/check", aliceToken, map[string]any{"code": deniedCode})
	id, _ := check.json(t)["audit_id"].(string)
	tests := []struct {
		name   string
		r      response
		status int
		schema string
	}{
		{"check allowed", e.post("/v1/check", aliceToken, map[string]any{"code": allowedCode}), 200, "CheckResponse"},
		{"check denied", check, 200, "CheckResponse"},
		{"check parse error", e.post("/v1/check", aliceToken, map[string]any{"code": "def (:"}), 200, "CheckResponse"},
		{"run denied", e.post("/v1/run", aliceToken, map[string]any{"code": deniedCode}), 200, "RunResponse"},
		{"run without runner", e.post("/v1/run", aliceToken, map[string]any{"code": allowedCode}), 503, "RunResponse"},
		{"audit", e.do(http.MethodGet, "/v1/audit/"+id, aliceToken, nil), 200, "AuditResponse"},
		{"bad request", e.do(http.MethodPost, "/v1/check", aliceToken, strings.NewReader("{")), 400, "Error"},
		{"unauthorized", e.do(http.MethodPost, "/v1/check", "", strings.NewReader("{}")), 401, "Error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.r.Status != tt.status {
				t.Fatalf("status %d, want %d: %s", tt.r.Status, tt.status, tt.r.Body)
			}
			var v any
			if err := json.Unmarshal(tt.r.Body, &v); err != nil {
				t.Fatal(err)
			}
			if err := schemaFor(t, tt.schema).Validate(v); err != nil {
				t.Fatalf("does not match %s: %v\n%s", tt.schema, err, tt.r.Body)
			}
		})
	}
	// The schema is not vacuous: a check answer without its decision fails it.
	var v map[string]any
	_ = json.Unmarshal(check.Body, &v)
	delete(v, "decision")
	if schemaFor(t, "CheckResponse").Validate(v) == nil {
		t.Fatal("a check answer without a decision validated")
	}
	e.verifyLog()
}

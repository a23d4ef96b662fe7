package server

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
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

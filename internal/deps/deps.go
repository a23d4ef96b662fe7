package deps

import (
	_ "github.com/go-python/gpython/parser"
	_ "github.com/moby/moby/api/types/container"
	_ "github.com/moby/moby/client"
	_ "github.com/modelcontextprotocol/go-sdk/mcp"
	_ "github.com/open-policy-agent/opa/v1/rego"
	_ "github.com/prometheus/client_golang/prometheus"
	_ "golang.org/x/mod/sumdb/note"
	_ "golang.org/x/mod/sumdb/tlog"
	_ "golang.org/x/text/unicode/norm"
	_ "gopkg.in/yaml.v3"
)

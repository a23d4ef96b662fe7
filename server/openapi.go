package server

import _ "embed"

// openAPI documents the API; a test keeps it and the route table in step.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPI returns the OpenAPI 3.1 document of the API.
func OpenAPI() []byte { return append([]byte(nil), openAPI...) }

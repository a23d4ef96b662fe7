package engine

// Report is what the analyzer knows about one program. It is the "report" half of the policy input
// and the "results[]" element of `sbxgate check --format json`, so its JSON
// field names are part of the outside contract: add fields, never rename them.
type Report struct {
	Path            string      `json:"path"`
	SHA256          string      `json:"sha256"`
	Size            int         `json:"size"`
	Encoding        string      `json:"encoding,omitempty"` // declared PEP 263 codec, "" when none
	AnalyzerVersion string      `json:"analyzer_version"`
	ParseError      *ParseError `json:"parse_error"`
	Imports         []Import    `json:"imports"`
	Findings        []Finding   `json:"findings"`
	// Capabilities is the sorted union of the capabilities of all findings and imports.
	Capabilities []string `json:"capabilities"`
	// Profile is the image profile the program needs: "data" when it imports a package of the
	// data image (numpy, pandas, ...); absent when the base image serves.
	Profile string `json:"profile,omitempty"`
}

// ParseError says why the source is not valid Python 3.11. A report with one is always denied.
type ParseError struct {
	Kind    string `json:"kind"` // SyntaxError, IndentationError, TabError, EncodingError, LimitError
	Message string `json:"message"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
}

// Import is one static or dynamic import. Module is as written, without leading dots; Level counts the
// dots. Dynamic imports (__import__, importlib.import_module, ...) have Module "" when the name is not
// statically computable.
type Import struct {
	Module  string   `json:"module"`
	Level   int      `json:"level"`
	Names   []string `json:"names"`
	Alias   string   `json:"alias"`
	Line    int      `json:"line"`
	Col     int      `json:"col"`
	Dynamic bool     `json:"dynamic"`
	// Allowed reports whether the operator's module allowlist (config) admits the module.
	Allowed bool `json:"allowed"`
	// Capabilities are those the config's module table gives the module (and imported names).
	Capabilities []string `json:"capabilities"`
}

// Finding is one diagnostic of one check. Lines are 1-based, columns 0-based UTF-8 byte offsets.
type Finding struct {
	Rule       string `json:"rule"`
	Capability string `json:"capability"`
	Severity   string `json:"severity"` // low, medium, high, critical
	CWE        int    `json:"cwe,omitempty"`
	Line       int    `json:"line"`
	Col        int    `json:"col"`
	EndLine    int    `json:"end_line"`
	EndCol     int    `json:"end_col"`
	Message    string `json:"message"`
	// Hint is one line an LLM or a person can act on ("use pathlib under /tmp instead of os.system").
	Hint string `json:"hint,omitempty"`
}

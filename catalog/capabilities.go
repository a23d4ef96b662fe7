package catalog

// Capability is what a finding or an import gives a program: the vocabulary of the config's
// capability map, of findings and of the policy's denied_capabilities.
type Capability struct {
	Name string
	// Reported capabilities become findings; the others (filesystem, environment, threading,
	// import) are recorded in the report's capabilities only: ordinary programs use them and the
	// sandbox contains them.
	Reported bool
	// Severity is that of a finding the config's capability map drives with this capability.
	Severity string
	Doc      string
}

// Capabilities lists every capability, the reported ones first, most severe first: a finding that
// several capabilities explain names the first of them (FindingCapability).
var Capabilities = []Capability{
	{"process", true, "critical", "starts processes"},
	{"native_code", true, "critical", "loads or calls native code"},
	{"dynamic_code", true, "critical", "runs code built at run time"},
	{"builtins_access", true, "critical", "reaches the builtins by name (eval, __import__)"},
	{"network", true, "high", "opens network connections or resolves names"},
	{"serialization", true, "high", "deserialises data in a way that can run code"},
	{"introspection", true, "high", "walks the interpreter's object graph, frames or modules"},
	{"private_module_attribute", true, "high", "reaches a module through another module's attribute"},
	{"unreviewed_api", true, "high", "uses what the reviewed API of the allowed modules does not admit, or hides a module from the analysis"},
	{"name_resolution", true, "high", "resolves dotted names to objects at run time"},
	{"code_runner", true, "high", "runs code given as a string through a library"},
	{"monkeypatching", true, "high", "changes modules or builtins for all code"},
	{"interactive", true, "high", "starts a debugger or an interactive helper"},
	{"format_traversal", true, "high", "walks attributes through a format string"},
	{"source_trick", true, "high", "makes the source read differently from how Python runs it"},
	{"filesystem", false, "high", "reads or writes files"},
	{"environment", false, "high", "reads or changes the environment"},
	{"threading", false, "high", "starts threads"},
	{"import", false, "high", "imports modules"},
}

func capabilityOf(name string) (Capability, bool) {
	for _, c := range Capabilities {
		if c.Name == name {
			return c, true
		}
	}
	return Capability{}, false
}

// KnownCapability reports whether name is a capability of the catalogue.
func KnownCapability(name string) bool {
	_, ok := capabilityOf(name)
	return ok
}

// FindingCapability returns the most severe reported capability of caps, or "" when none is
// reported.
func FindingCapability(caps []string) string {
	best, rank := "", len(Capabilities)+1
	for _, c := range caps {
		for i := range Capabilities {
			if Capabilities[i].Name == c {
				if Capabilities[i].Reported && i < rank {
					best, rank = c, i
				}
				break
			}
		}
	}
	return best
}

// SeverityOf is the severity of a finding driven by capability: critical for process, native
// code, dynamic code and builtins access, high otherwise.
func SeverityOf(capability string) string {
	if c, ok := capabilityOf(capability); ok {
		return c.Severity
	}
	return "high"
}

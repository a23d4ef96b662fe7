package sbxgate

# deny holds one reason per cause of a denial. Policy-level rules use SBX8xx; a finding keeps the
# analyzer's rule ID and line, so a reason points at the code that caused it.

# SBX952: a submission without a report was never analyzed; never decide blind.
deny contains {"rule": "SBX952", "message": "no analyzer report: sbxgate decides only analyzed code"} if {
	object.get(input, "report", null) == null
}

# SBX950: code that does not parse as Python 3.11 cannot be analyzed, so it cannot be approved.
# Reasons read fields with object.get: a reason that failed to build on a malformed field would
# silently drop its deny.
deny contains {
	"rule": "SBX950",
	"line": object.get(err, "line", 0),
	"message": sprintf("%v: %v", [object.get(err, "kind", "SyntaxError"), object.get(err, "message", "")]),
} if {
	err := input.report.parse_error
	err != null
}

# A finding denies when its capability is denied or its severity is not tolerated.
deny contains {
	"rule": object.get(f, "rule", "SBX000"),
	"line": object.get(f, "line", 0),
	"message": sprintf("%v (capability %v, severity %v)", [
		object.get(f, "message", ""),
		object.get(f, "capability", "unknown"),
		object.get(f, "severity", "unknown"),
	]),
} if {
	some f in input.report.findings
	finding_denied(f)
}

finding_denied(f) if f.capability in data.sbxgate.denied_capabilities

# A missing or unknown severity denies. The two cases are separate rules because in
# "not f.severity in s" the compiler hoists f.severity out of the negation: a missing field would
# make the body undefined, not true.
finding_denied(f) if not f.severity

finding_denied(f) if {
	severity := f.severity
	not severity in data.sbxgate.tolerated_severities
}

# SBX951: an import outside the operator's allowlist; a missing flag counts as not allowed.
deny contains {"rule": "SBX951", "line": object.get(imp, "line", 0), "message": import_message(imp)} if {
	some imp in input.report.imports
	not imp.allowed == true
}

import_message(imp) := "dynamic import of a computed module name is not allowed" if {
	object.get(imp, "module", "") == ""
	imp.dynamic == true
} else := sprintf("import of %v is not in the module allowlist", [import_name(imp)])

import_name(imp) := concat("", array.concat(["." | some _ in numbers.range(1, imp.level)], [imp.module])) if {
	is_number(imp.level)
	imp.level > 0
	imp.level < 100
} else := object.get(imp, "module", "")

# SBX953: a dynamic import hides what runs from review, even of an allowed module.
deny contains {"rule": "SBX953", "line": object.get(imp, "line", 0), "message": sprintf("dynamic import of %v: import it statically", [import_name(imp)])} if {
	some imp in input.report.imports
	imp.dynamic == true
}

# SBX954: untrusted principals may import only a narrow set of modules, whatever the allowlist admits.
deny contains {"rule": "SBX954", "line": object.get(imp, "line", 0), "message": sprintf("import of %v is not permitted to untrusted principals", [import_name(imp)])} if {
	trust_level == "untrusted"
	some imp in input.report.imports
	not root_module(imp) in data.sbxgate.untrusted_modules
}

root_module(imp) := split(imp.module, ".")[0]

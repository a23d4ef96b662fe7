package sbxgate

# deny holds one reason per cause of a denial. Policy-level rules use SBX8xx; a finding keeps the
# analyzer's rule ID and line, so a reason points at the code that caused it.

# SBX802: a submission without a report was never analyzed; never decide blind.
deny contains {"rule": "SBX802", "message": "no analyzer report: sbxgate decides only analyzed code"} if {
	object.get(input, "report", null) == null
}

# SBX800: code that does not parse as Python 3.11 cannot be analyzed, so it cannot be approved.
deny contains {"rule": "SBX800", "line": err.line, "message": sprintf("%s: %s", [err.kind, err.message])} if {
	err := input.report.parse_error
	err != null
}

# A finding denies when its capability is denied or its severity is not tolerated.
deny contains {
	"rule": f.rule,
	"line": f.line,
	"message": sprintf("%s (capability %s, severity %s)", [f.message, f.capability, f.severity]),
} if {
	some f in input.report.findings
	finding_denied(f)
}

finding_denied(f) if f.capability in data.sbxgate.denied_capabilities

# Written as "not tolerated" so a missing or unknown severity denies.
finding_denied(f) if not f.severity in data.sbxgate.tolerated_severities

# SBX801: an import outside the operator's allowlist. "not ... == true" also denies a missing flag.
deny contains {"rule": "SBX801", "line": imp.line, "message": import_message(imp)} if {
	some imp in input.report.imports
	not imp.allowed == true
}

import_message(imp) := "dynamic import of a computed module name is not allowed" if {
	imp.module == ""
	imp.dynamic == true
} else := sprintf("import of %s is not in the module allowlist", [import_name(imp)])

import_name(imp) := imp.module if {
	imp.level == 0
} else := concat("", array.concat(["." | some _ in numbers.range(1, imp.level)], [imp.module]))

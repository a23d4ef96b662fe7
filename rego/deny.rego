package sbxgate

# deny holds one reason per cause of a denial. The policy's own rules are SBX95x and SBX96x, in
# the catalogue's default-policy range (analyzer.Catalog); a finding keeps the analyzer's rule ID
# and line, so a reason points at the code that caused it.

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

# A finding denies when its capability is denied or its severity is not tolerated; a missing
# severity is not tolerated, a missing capability is not denied. This runs for every finding, so each
# cause is its own rule body with one membership test, reading the data's list once, before the
# loop: a reference under data.sbxgate, where the rules live too, costs more than the loop's other
# steps. A finding that has both causes gets one reason: both bodies build the same one.
deny contains finding_reason(f) if {
	denied := data.sbxgate.denied_capabilities
	some f in input.report.findings
	f.capability in denied
}

deny contains finding_reason(f) if {
	tolerated := data.sbxgate.tolerated_severities
	some f in input.report.findings
	not object.get(f, "severity", null) in tolerated
}

finding_reason(f) := {
	"rule": object.get(f, "rule", "SBX000"),
	"line": object.get(f, "line", 0),
	"message": sprintf("%v (capability %v, severity %v)", [
		object.get(f, "message", ""),
		object.get(f, "capability", "unknown"),
		object.get(f, "severity", "unknown"),
	]),
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

# SBX953: a program that needs an image profile (the data image's packages) which the tier it
# would get does not offer.
deny contains {"rule": "SBX953", "line": profile_line, "message": profile_message} if {
	needed_profile != "base"
	not needed_profile in object.get(object.get(data.sbxgate.config, "profiles", {}), granted_tier, [])
}

profile_message := sprintf("%v needs the %v image profile, which tier %v does not offer: use only the standard library, or submit as a principal whose tier offers it", [profile_imports, needed_profile, granted_tier])

# The line of the first import that needs the profile (0 when the report names none).
profile_line := min({object.get(imp, "line", 0) |
	some imp in input.report.imports
	split(imp.module, ".")[0] in object.get(data.sbxgate.profile_packages, needed_profile, [])
}) if {
	profile_imports != "the program"
} else := 0

# The imports that need the profile, as the report names them (its allowed imports outside the
# standard library's allowlist are the profile's).
profile_imports := concat(", ", sort({split(imp.module, ".")[0] |
	some imp in input.report.imports
	split(imp.module, ".")[0] in object.get(data.sbxgate.profile_packages, needed_profile, [])
})) if {
	count({1 |
		some imp in input.report.imports
		split(imp.module, ".")[0] in object.get(data.sbxgate.profile_packages, needed_profile, [])
	}) > 0
} else := "the program"

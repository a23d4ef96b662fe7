package sbxgate_test

import data.sbxgate

clean := {"path": "t.py", "parse_error": null, "imports": [], "findings": [], "capabilities": []}

finding(capability, severity) := {
	"rule": "SBX500", "capability": capability, "severity": severity,
	"line": 3, "col": 0, "end_line": 3, "end_col": 1, "message": "m",
}

test_medium_severity_denies if {
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"findings": [finding("threading", "medium")]})}
	not d.allow
}

test_low_severity_allows if {
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"findings": [finding("threading", "low")]})}
	d.allow
}

test_filesystem_denies if {
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"findings": [finding("filesystem", "low")]})}
	d.reasons[0].rule == "SBX500"
}

test_dynamic_import_of_allowed_module_denies if {
	imp := {"module": "json", "level": 0, "line": 2, "dynamic": true, "allowed": true}
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"imports": [imp]})}
	d.reasons == [{"rule": "SBX953", "line": 2, "message": "dynamic import of json: import it statically"}]
}

test_computed_dynamic_import_gives_both_reasons if {
	imp := {"module": "", "level": 0, "line": 2, "dynamic": true, "allowed": false}
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"imports": [imp]})}
	[r.rule | some r in d.reasons] == ["SBX951", "SBX953"]
}

test_analyst_is_untrusted if {
	d := sbxgate.decision with input as {"request": {"principal": "analyst", "requested_tier": "standard"}, "report": clean}
	d.trust_level == "untrusted"
	d.tier == "untrusted"
}

test_trusted_cannot_get_trusted_tier if {
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot", "requested_tier": "trusted"}, "report": clean}
	d.tier == "standard"
	d.reasons[0].rule == "SBX960"
}

test_parse_error_denies if {
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"parse_error": {"kind": "SyntaxError", "message": "x", "line": 1, "col": 0}})}
	d.reasons[0].rule == "SBX950"
}

test_untrusted_import_outside_narrow_set_denies if {
	imp := {"module": "statistics", "level": 0, "line": 1, "dynamic": false, "allowed": true}
	d := sbxgate.decision with input as {"request": {"principal": "stranger"}, "report": object.union(clean, {"imports": [imp]})}
	d.reasons == [{"rule": "SBX954", "line": 1, "message": "import of statistics is not permitted to untrusted principals"}]
}

test_untrusted_submodule_of_narrow_set_allows if {
	imp := {"module": "collections.abc", "level": 0, "line": 1, "dynamic": false, "allowed": true}
	d := sbxgate.decision with input as {"request": {"principal": "stranger"}, "report": object.union(clean, {"imports": [imp]})}
	d.allow
}

test_trusted_may_import_outside_narrow_set if {
	imp := {"module": "statistics", "level": 0, "line": 1, "dynamic": false, "allowed": true}
	d := sbxgate.decision with input as {"request": {"principal": "ci-bot"}, "report": object.union(clean, {"imports": [imp]})}
	d.allow
}

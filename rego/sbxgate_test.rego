package sbxgate_test

import data.sbxgate

clean := {
	"path": "t.py",
	"parse_error": null,
	"imports": [{"module": "json", "level": 0, "names": [], "alias": "", "line": 1, "col": 0, "dynamic": false, "allowed": true, "capabilities": []}],
	"findings": [],
	"capabilities": [],
}

request(principal) := {"principal": principal, "source": "cli"}

asking(principal, t) := {"principal": principal, "source": "cli", "requested_tier": t}

with_findings(fs) := object.union(clean, {"findings": fs})

with_imports(is) := object.union(clean, {"imports": is})

finding(rule, capability, severity, line) := {
	"rule": rule, "capability": capability, "severity": severity,
	"line": line, "col": 0, "end_line": line, "end_col": 4, "message": "m",
}

imp(module, level, line, allowed) := {
	"module": module, "level": level, "names": [], "alias": "", "line": line, "col": 0,
	"dynamic": false, "allowed": allowed, "capabilities": [],
}

test_clean_report_unknown_principal_gets_smallest_tier if {
	d := sbxgate.decision with input as {"request": request("stranger"), "report": clean}
	d == {"allow": true, "trust_level": "untrusted", "tier": "untrusted", "reasons": []}
}

test_missing_request_is_untrusted if {
	d := sbxgate.decision with input as {"report": clean}
	d == {"allow": true, "trust_level": "untrusted", "tier": "untrusted", "reasons": []}
}

test_untrusted_request_for_big_tier_gets_smallest_with_note if {
	d := sbxgate.decision with input as {"request": asking("stranger", "trusted"), "report": clean}
	d.allow
	d.tier == "untrusted"
	d.reasons == [{"rule": "SBX960", "message": "requested tier trusted is not available to trust level untrusted: granted untrusted"}]
}

test_trusted_principal_gets_requested_tier if {
	d := sbxgate.decision with input as {"request": asking("ci-bot", "trusted"), "report": clean}
	d == {"allow": true, "trust_level": "trusted", "tier": "trusted", "reasons": []}
}

test_trusted_principal_without_request_gets_default if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": clean}
	d.tier == "standard"
}

test_standard_principal_capped_at_standard if {
	d := sbxgate.decision with input as {"request": asking("analyst", "trusted"), "report": clean}
	d.trust_level == "standard"
	d.tier == "standard"
	d.reasons[0].rule == "SBX960"
}

test_standard_principal_may_ask_for_less if {
	d := sbxgate.decision with input as {"request": asking("analyst", "untrusted"), "report": clean}
	d.tier == "untrusted"
	d.reasons == []
}

test_requested_tier_missing_from_config_falls_back_to_default if {
	d := sbxgate.decision with input as {"request": asking("ci-bot", "huge"), "report": clean}
		with data.sbxgate.trust_levels.trusted.tiers as ["huge", "standard"]
	d.tier == "standard"
}

test_default_tier_missing_from_config_falls_back_to_smallest if {
	tiers := {
		"big": {"memory_bytes": 1073741824, "cpus": 2, "timeout_ms": 60000},
		"tiny": {"memory_bytes": 67108864, "cpus": 1, "timeout_ms": 5000},
	}
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": clean}
		with data.sbxgate.config.tiers as tiers
	d.tier == "tiny"
}

test_smallest_tier_orders_by_memory_then_cpus if {
	tiers := {
		"a": {"memory_bytes": 512, "cpus": 2, "timeout_ms": 1},
		"b": {"memory_bytes": 512, "cpus": 1, "timeout_ms": 9},
		"c": {"memory_bytes": 1024, "cpus": 0.5, "timeout_ms": 1},
	}
	sbxgate.smallest_tier == "b" with data.sbxgate.config.tiers as tiers
}

test_principal_with_undefined_level_is_untrusted if {
	d := sbxgate.decision with input as {"request": asking("mallory", "trusted"), "report": clean}
		with data.sbxgate.principals as {"mallory": "root"}
	d.trust_level == "untrusted"
	d.tier == "untrusted"
}

test_parse_error_denies if {
	report := object.union(clean, {"parse_error": {"kind": "SyntaxError", "message": "invalid syntax", "line": 3, "col": 4}})
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": report}
	d == {
		"allow": false, "trust_level": "trusted", "tier": "none",
		"reasons": [{"rule": "SBX950", "line": 3, "message": "SyntaxError: invalid syntax"}],
	}
}

test_missing_report_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": null}
	not d.allow
	d.tier == "none"
	d.reasons == [{"rule": "SBX952", "message": "no analyzer report: sbxgate decides only analyzed code"}]
}

test_absent_report_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot")}
	not d.allow
	d.reasons[0].rule == "SBX952"
}

test_denied_capability_denies_with_rule_and_line if {
	report := with_findings([finding("SBX101", "process", "low", 7)])
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": report}
	not d.allow
	d.tier == "none"
	d.reasons == [{"rule": "SBX101", "line": 7, "message": "m (capability process, severity low)"}]
}

test_every_denied_capability_denies if {
	every c in data.sbxgate.denied_capabilities {
		d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([finding("SBX100", c, "low", 1)])}
		not d.allow
	}
}

test_tolerated_capability_low_severity_allows if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([finding("SBX150", "filesystem", "medium", 2)])}
	d.allow
}

test_high_and_critical_severity_deny if {
	every s in ["high", "critical"] {
		d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([finding("SBX150", "filesystem", s, 2)])}
		not d.allow
		d.reasons[0].rule == "SBX150"
	}
}

test_unknown_or_missing_severity_denies if {
	d1 := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([finding("SBX150", "filesystem", "weird", 2)])}
	not d1.allow
	f := object.remove(finding("SBX150", "filesystem", "low", 2), ["severity"])
	d2 := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([f])}
	not d2.allow
}

test_same_finding_for_two_causes_gives_one_reason if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([finding("SBX201", "dynamic_code", "critical", 4)])}
	count(d.reasons) == 1
}

test_import_outside_allowlist_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_imports([imp("socket", 0, 2, false)])}
	not d.allow
	d.reasons == [{"rule": "SBX951", "line": 2, "message": "import of socket is not in the module allowlist"}]
}

test_relative_import_named_with_dots if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_imports([imp("pkg", 2, 1, false)])}
	d.reasons[0].message == "import of ..pkg is not in the module allowlist"
}

test_import_without_allowed_flag_denies if {
	i := object.remove(imp("json", 0, 1, true), ["allowed"])
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_imports([i])}
	not d.allow
}

test_computed_dynamic_import_denies if {
	i := object.union(imp("", 0, 5, false), {"dynamic": true})
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_imports([i])}
	d.reasons == [{"rule": "SBX951", "line": 5, "message": "dynamic import of a computed module name is not allowed"}]
}

test_reasons_sorted_by_line_then_rule if {
	report := object.union(clean, {
		"imports": [imp("os", 0, 9, false)],
		"findings": [finding("SBX301", "introspection", "high", 4), finding("SBX101", "process", "high", 4)],
	})
	d := sbxgate.decision with input as {"request": request("stranger"), "report": report}
	[r.rule | some r in d.reasons] == ["SBX101", "SBX301", "SBX951"]
	[r.line | some r in d.reasons] == [4, 4, 9]
}

test_null_lists_allow if {
	report := object.union(clean, {"imports": null, "findings": null, "capabilities": null})
	d := sbxgate.decision with input as {"request": request("stranger"), "report": report}
	d.allow
}

test_finding_with_missing_fields_still_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([{"capability": "process"}])}
	d.reasons == [{"rule": "SBX000", "line": 0, "message": " (capability process, severity unknown)"}]
}

test_finding_without_capability_is_judged_by_severity if {
	low := object.remove(finding("SBX150", "process", "low", 2), ["capability"])
	d1 := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([low])}
	d1.allow
	high := object.remove(finding("SBX150", "process", "high", 2), ["capability"])
	d2 := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_findings([high])}
	d2.reasons == [{"rule": "SBX150", "line": 2, "message": "m (capability unknown, severity high)"}]
}

test_import_with_missing_fields_still_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": with_imports([{"module": "os"}])}
	d.reasons == [{"rule": "SBX951", "line": 0, "message": "import of os is not in the module allowlist"}]
}

test_malformed_parse_error_still_denies if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": object.union(clean, {"parse_error": {}})}
	d.reasons == [{"rule": "SBX950", "line": 0, "message": "SyntaxError: "}]
}

data_report := object.union(clean, {
	"imports": [imp("pandas", 0, 1, true), imp("matplotlib.pyplot", 0, 2, true), imp("json", 0, 3, true)],
	"profile": "data",
})

offers_data := {"standard": ["base", "data"], "trusted": ["base", "data"]}

test_data_program_gets_data_profile_where_the_tier_offers_it if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": data_report}
		with data.sbxgate.config.profiles as offers_data
	d == {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": [], "profile": "data"}
}

test_data_program_denied_where_the_tier_does_not_offer_it if {
	d := sbxgate.decision with input as {"request": request("stranger"), "report": data_report}
		with data.sbxgate.config.profiles as offers_data
	not d.allow
	not d.profile
	d.reasons == [{
		"rule": "SBX953",
		"line": 1,
		"message": "matplotlib, pandas needs the data image profile, which tier untrusted does not offer: use only the standard library, or submit as a principal whose tier offers it",
	}]
}

test_data_program_denied_when_no_tier_offers_profiles if {
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": data_report}
		with data.sbxgate.config as {"tiers": {"standard": {"memory_bytes": 1, "cpus": 1, "timeout_ms": 1}}}
	d.reasons[0].rule == "SBX953"
}

test_profile_without_its_imports_is_named_the_program if {
	d := sbxgate.decision with input as {"request": request("stranger"), "report": object.union(clean, {"profile": "data"})}
		with data.sbxgate.config.profiles as offers_data
	startswith(d.reasons[0].message, "the program needs the data image profile")
}

test_base_profile_and_non_string_profile_choose_none if {
	d1 := sbxgate.decision with input as {"request": request("ci-bot"), "report": object.union(clean, {"profile": "base"})}
	d1 == {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []}
	d2 := sbxgate.decision with input as {"request": request("ci-bot"), "report": object.union(clean, {"profile": 7})}
	d2 == {"allow": true, "trust_level": "trusted", "tier": "standard", "reasons": []}
}

test_denied_data_program_names_no_profile if {
	r := object.union(data_report, {"findings": [finding("SBX505", "process", "critical", 4)]})
	d := sbxgate.decision with input as {"request": request("ci-bot"), "report": r}
		with data.sbxgate.config.profiles as offers_data
	not d.allow
	not d.profile
}

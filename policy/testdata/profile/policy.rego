# Picks the data image profile for a program that imports one of its packages, where the config
# lets the tier use it.
package sbxgate

data_packages := {"numpy", "pandas", "matplotlib", "scipy", "sklearn", "PIL"}

uses_data if {
	some imp in input.report.imports
	split(imp.module, ".")[0] in data_packages
}

decision := {"allow": true, "trust_level": "standard", "tier": "standard", "reasons": [], "profile": "data"} if {
	uses_data
	"data" in data.sbxgate.config.profiles.standard
}

decision := {"allow": true, "trust_level": "standard", "tier": "standard", "reasons": []} if not uses_data

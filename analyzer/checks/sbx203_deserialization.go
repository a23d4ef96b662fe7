package checks

import (
	"github.com/sbxgate/sbxgate/analyzer/engine"
)

var sbx203 = &engine.Check{
	ID: "SBX203", Name: "unsafe-deserialization", Capability: "serialization", Severity: "critical", CWE: 502,
	Doc:     "deserialisation that can run code: pickle.loads/load/Unpickler, marshal.loads, shelve, dill, yaml.load",
	Hint:    "serialise data with json (json.dumps/json.loads)",
	Message: "%s deserialises data in a way that can run code",
	Nodes:   []engine.NodeKind{engine.AttributeNode, engine.CallNode, engine.SubscriptNode, engine.NameNode},
	Names: &engine.Names{
		Exact: []string{
			"pickle.loads", "pickle.load", "pickle.Unpickler", "_pickle.loads", "_pickle.load",
			"_pickle.Unpickler", "marshal.loads", "marshal.load", "shelve.open", "shelve.Shelf",
			"shelve.DbfilenameShelf", "shelve.BsdDbShelf", "dill.loads", "dill.load", "cloudpickle.loads",
			"cloudpickle.load", "jsonpickle.decode", "yaml.load", "yaml.unsafe_load", "yaml.full_load",
			"yaml.load_all", "yaml.unsafe_load_all", "pandas.read_pickle", "copyreg.constructor",
		},
	},
	Run: (*engine.Pass).ReportNamed,
}

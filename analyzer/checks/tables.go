package checks

import "github.com/sbxgate/sbxgate/analyzer/engine"

// Data the checks share (gosec-style: sinks are data, not code).

// dunderIntro are the dunder attributes that walk the object graph (SBX301).
var dunderIntro = map[string]bool{
	"__subclasses__": true, "__globals__": true, "__builtins__": true, "__code__": true, "__closure__": true,
	"__base__": true, "__bases__": true, "__mro__": true, "__getattribute__": true, "__reduce__": true,
	"__reduce_ex__": true, "__loader__": true, "__spec__": true, "__import__": true, "__self__": true,
	"__objclass__": true, "__dict__": true, "__func__": false, "__init_subclass__": false,
}

// dunderHeads are the first bytes of dunderIntro's names.
var dunderHeads = engine.HeadsOf(dunderIntro)

// Package parity holds the tests that hold the Python front end
// (analyzer/python/token, ast, parser) to CPython 3.11: the stdlib parity
// test, mutation parity, a cross-check with gpython, the fuzz target and the
// benchmarks. It has no code of its own; see the _test.go files.
//
// Environment knobs for fast iteration:
//
//	SBX_PARITY_FILTER=asyncio/   only stdlib files whose path contains this
//	SBX_PARITY_MAX=200           at most this many stdlib files
//	SBX_PARITY_SHOW=50           differences printed in full (default 20)
//	SBX_PARITY_REPORT=/tmp/r.txt write every difference to this file
//	SBX_MUTANTS=5000             number of mutants (default 2500)
package parity

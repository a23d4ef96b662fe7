package policy

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
)

// Compiling the policy is most of what a one-file `sbxgate check` spends on the policy (about 2 ms
// of CPU warm, 4 to 5 ms in a fresh process). The compiled policy depends only on the modules' bytes
// and names (the capabilities and the input schema are the binary's own), not on the config or the
// data, so it is cached by the modules' digest: engines of the same policy compile it once, and a
// command can start compiling (Warm) before it has read its config and while it builds the
// analyzer. A compiled *ast.Compiler is only read once built, so engines share it.

// maxCompiled bounds the cache: a process uses one policy, `policy diff` two, tests a few more.
const maxCompiled = 8

var compiled = struct {
	sync.Mutex
	entries map[[sha256.Size]byte]*compilation
	order   [][sha256.Size]byte // oldest first
}{entries: map[[sha256.Size]byte]*compilation{}}

// compilation is one policy's compile, done once; callers that come while it runs wait for it.
type compilation struct {
	once     sync.Once
	compiler *ast.Compiler
	errs     ast.Errors
}

// compileCached is Compile through the cache.
func compileCached(files []File) (*ast.Compiler, ast.Errors) {
	key := modulesDigest(files)
	compiled.Lock()
	c := compiled.entries[key]
	if c == nil {
		c = &compilation{}
		compiled.entries[key] = c
		compiled.order = append(compiled.order, key)
		if len(compiled.order) > maxCompiled {
			delete(compiled.entries, compiled.order[0])
			compiled.order = compiled.order[1:]
		}
	}
	compiled.Unlock()
	c.once.Do(func() {
		if key == embeddedDigest() {
			c.compiler, c.errs = compileUnchecked(files)
		} else {
			c.compiler, c.errs = Compile(files)
		}
	})
	return c.compiler, c.errs
}

// embeddedDigest is the digest of the embedded policy's modules, which compile unchecked: whatever
// the source of files with these names and bytes, they are the modules the tests compile strictly.
var embeddedDigest = sync.OnceValue(func() [sha256.Size]byte { return modulesDigest(Embedded().Modules) })

// modulesDigest identifies what Compile reads: each module's name, display name (locations carry
// it) and bytes, framed by their lengths.
func modulesDigest(files []File) [sha256.Size]byte {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%d %s %d %s %d\n", len(f.Name), f.Name, len(f.Display), f.Display, len(f.Bytes))
		h.Write(f.Bytes)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// Warm starts loading and compiling the policy in dir ("" for the embedded one) in the background,
// so that a New for the same policy soon after finds it compiled or waits only for the rest. It
// reports nothing: New reports any error.
func Warm(dir string) {
	go func() {
		var files *Files
		if dir == "" {
			files = Embedded()
		} else {
			var o options
			WithDir(dir)(&o)
			if len(o.errs) > 0 {
				return
			}
			var err error
			if files, err = LoadFS(o.fsys, o.source, o.display); err != nil {
				return
			}
		}
		compileCached(files.Modules)
	}()
}

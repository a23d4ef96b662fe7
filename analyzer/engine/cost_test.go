package engine_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestClassWalksLinear: the questions about a class's ancestors and subclasses (vars(self), a
// private attribute of self, the library classes of its subclasses) cost about as much per class
// however many classes the program has. Each asked derivesFrom of every class of the program,
// an uncharged ancestor walk eight deep, at every use: 150 classes of 21 bases each, with
// vars(self) in a method, took 1.9 s of CPU in 16 KB (findings/71). Name lookups count the work:
// four times the classes must be about four times the lookups, not sixteen.
func TestClassWalksLinear(t *testing.T) {
	a := newEngine(t)
	shapes := map[string]func(i int) string{
		"wide bases, vars(self)": func(i int) string {
			var bs []string
			for j := max(0, i-21); j < i; j++ {
				bs = append(bs, fmt.Sprintf("B%d", j))
			}
			return fmt.Sprintf("class B%d(%s):\n def m(self):\n  return vars(self)\n", i, strings.Join(bs, ","))
		},
		"two bases, private attribute": func(i int) string {
			return fmt.Sprintf("class B%d(A,C):\n def m(self):\n  self._a=1\n  return vars(self)\n", i)
		},
		"chain, private attribute": func(i int) string {
			return fmt.Sprintf("class B%d(B%d):\n def m%d(self):\n  self._a%d=1\n  return self._b\n", i, i-1, i, i)
		},
	}
	lookups := func(shape func(int) string, n int) int {
		var b strings.Builder
		b.WriteString("class A:pass\nclass C:pass\nclass B0:pass\n")
		for i := 1; i < n; i++ {
			b.WriteString(shape(i))
		}
		got, _ := a.Lookups(b.String())
		return got
	}
	for name, shape := range shapes {
		small, big := lookups(shape, 40), lookups(shape, 160)
		t.Logf("%s: %d lookups for 40 classes, %d for 160", name, small, big)
		if big > 6*small {
			t.Errorf("%s: 160 classes took %d name lookups, %.1f times those of 40 (%d): want about 4", name, big, float64(big)/float64(small), small)
		}
	}
}

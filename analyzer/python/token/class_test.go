package token

import "testing"

func TestClass(t *testing.T) {
	for i, kw := range Keywords {
		s, err := TokenizeTextStream(kw + " x" + kw + "\n")
		if err != nil {
			t.Fatal(err)
		}
		if k, c := s.KindClass(0); k != Name || c != Class(i+1) {
			t.Errorf("%q: kind %v class %d, want NAME %d", kw, k, c, i+1)
		}
		if _, c := s.KindClass(1); c != 0 {
			t.Errorf("%q: class %d, want 0", "x"+kw, c)
		}
	}
	for i, op := range Operators {
		src := "a " + op + " b\n"
		if op == "(" || op == "[" || op == "{" {
			src = "a " + op + " b " + map[string]string{"(": ")", "[": "]", "{": "}"}[op] + "\n"
		} else if op == ")" || op == "]" || op == "}" {
			src = map[string]string{")": "(", "]": "[", "}": "{"}[op] + " a " + op + "\n"
		}
		s, err := TokenizeTextStream(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		found := false
		for j := range s.Len() {
			if k, c := s.KindClass(j); k == Op && s.Text(j) == op {
				found = true
				if c != Class(i+1) {
					t.Errorf("%q: class %d, want %d", op, c, i+1)
				}
			}
		}
		if !found {
			t.Errorf("%q: not tokenized as one operator", op)
		}
	}
	for _, src := range []string{"a <> b\n", "ändern = 1\n", "Tru = nonlocals\n"} {
		s, err := TokenizeTextStream(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		for j := range s.Len() {
			if k, c := s.KindClass(j); (k == Name || s.Text(j) == "<>") && c != 0 {
				t.Errorf("%q: token %q has class %d, want 0", src, s.Text(j), c)
			}
		}
	}
}

package token

// Class tells the parser which keyword a Name token spells (1+index into Keywords) or which operator an Op
// token is (1+index into Operators); 0 is a Name that is no keyword, an Op outside Operators ("<>"), or a
// token of another kind. The tokenizer computes it while the token's bytes are at hand, so that the parser
// does not read every token's text a second time to classify it.
type Class uint8

// Keywords are Python 3.11's keywords.
var Keywords = [...]string{
	"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
	"del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
	"nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
}

// Operators are the operators and delimiters of the grammar.
var Operators = [...]string{
	"(", ")", "[", "]", "{", "}", ":", ",", ";", ".", "...", "+", "-", "*", "/", "//", "%", "@", "|", "&",
	"^", "~", "<<", ">>", "**", "<", ">", "=", "==", "!=", "<=", ">=", "->", ":=", "+=", "-=", "*=", "/=",
	"//=", "%=", "@=", "|=", "&=", "^=", "<<=", ">>=", "**=",
}

// NumClasses bounds every Class value.
const NumClasses = max(len(Keywords), len(Operators)) + 1

const maxKeywordLen = 8

// Classification tables, laid out for lookups by bytes rather than by hashing the text.
var (
	keywordsByShape [maxKeywordLen + 1][128][]Class // by length and first byte
	singleOps       [128]Class                      // "+"
	opsBeforeEq     [128]Class                      // "+=" by its first byte
	doubledOps      [128]Class                      // "**" by its byte
	doubledOpsEq    [128]Class                      // "**=" by its first byte
	arrowOp         Class                           // "->"
	ellipsisOp      Class                           // "..."
)

func init() {
	for i, kw := range Keywords {
		keywordsByShape[len(kw)][kw[0]] = append(keywordsByShape[len(kw)][kw[0]], Class(i+1))
	}
	for i, op := range Operators {
		c := Class(i + 1)
		switch {
		case len(op) == 1:
			singleOps[op[0]] = c
		case op == "->":
			arrowOp = c
		case op == "...":
			ellipsisOp = c
		case len(op) == 2 && op[1] == '=':
			opsBeforeEq[op[0]] = c
		case len(op) == 2 && op[0] == op[1]:
			doubledOps[op[0]] = c
		case len(op) == 3 && op[0] == op[1] && op[2] == '=':
			doubledOpsEq[op[0]] = c
		default:
			panic("token: operator table shape: " + op)
		}
	}
}

// NameClass is the Class of a Name token spelled s.
func NameClass(s string) Class {
	if len(s) == 0 || len(s) > maxKeywordLen || s[0] >= 128 {
		return 0
	}
	for _, c := range keywordsByShape[len(s)][s[0]] {
		if Keywords[c-1] == s {
			return c
		}
	}
	return 0
}

// opClass is the Class of an Op token spelled s.
func opClass(s string) Class {
	if s[0] >= 128 {
		return 0
	}
	switch len(s) {
	case 1:
		return singleOps[s[0]]
	case 2:
		switch {
		case s[1] == '=':
			return opsBeforeEq[s[0]]
		case s[0] == s[1]:
			return doubledOps[s[0]]
		case s == "->":
			return arrowOp
		}
	case 3:
		if s[0] == s[1] && s[2] == '=' {
			return doubledOpsEq[s[0]]
		}
		if s == "..." {
			return ellipsisOp
		}
	}
	return 0
}

package parser

import "github.com/sbxgate/sbxgate/analyzer/python/token"

// tt is a token kind as the grammar sees it: keywords and each operator get their own kind.
type tt uint8

const (
	tEOF tt = iota
	tNAME
	tNUMBER
	tSTRING
	tNEWLINE
	tINDENT
	tDEDENT
	tERROR // an operator the grammar does not know

	kwFalse
	kwNone
	kwTrue
	kwAnd
	kwAs
	kwAssert
	kwAsync
	kwAwait
	kwBreak
	kwClass
	kwContinue
	kwDef
	kwDel
	kwElif
	kwElse
	kwExcept
	kwFinally
	kwFor
	kwFrom
	kwGlobal
	kwIf
	kwImport
	kwIn
	kwIs
	kwLambda
	kwNonlocal
	kwNot
	kwOr
	kwPass
	kwRaise
	kwReturn
	kwTry
	kwWhile
	kwWith
	kwYield

	opLPar
	opRPar
	opLSqb
	opRSqb
	opLBrace
	opRBrace
	opColon
	opComma
	opSemi
	opDot
	opEllipsis
	opPlus
	opMinus
	opStar
	opSlash
	opDoubleSlash
	opPercent
	opAt
	opVbar
	opAmper
	opCircumflex
	opTilde
	opLeftShift
	opRightShift
	opDoubleStar
	opLess
	opGreater
	opEqual
	opEqEqual
	opNotEqual
	opLessEqual
	opGreaterEqual
	opRArrow
	opColonEqual
	opPlusEq
	opMinusEq
	opStarEq
	opSlashEq
	opDoubleSlashEq
	opPercentEq
	opAtEq
	opVbarEq
	opAmperEq
	opCircumflexEq
	opLeftShiftEq
	opRightShiftEq
	opDoubleStarEq
)

var keywords = map[string]tt{
	"False": kwFalse, "None": kwNone, "True": kwTrue, "and": kwAnd, "as": kwAs, "assert": kwAssert,
	"async": kwAsync, "await": kwAwait, "break": kwBreak, "class": kwClass, "continue": kwContinue,
	"def": kwDef, "del": kwDel, "elif": kwElif, "else": kwElse, "except": kwExcept, "finally": kwFinally,
	"for": kwFor, "from": kwFrom, "global": kwGlobal, "if": kwIf, "import": kwImport, "in": kwIn,
	"is": kwIs, "lambda": kwLambda, "nonlocal": kwNonlocal, "not": kwNot, "or": kwOr, "pass": kwPass,
	"raise": kwRaise, "return": kwReturn, "try": kwTry, "while": kwWhile, "with": kwWith, "yield": kwYield,
}

var operators = map[string]tt{
	"(": opLPar, ")": opRPar, "[": opLSqb, "]": opRSqb, "{": opLBrace, "}": opRBrace, ":": opColon,
	",": opComma, ";": opSemi, ".": opDot, "...": opEllipsis, "+": opPlus, "-": opMinus, "*": opStar,
	"/": opSlash, "//": opDoubleSlash, "%": opPercent, "@": opAt, "|": opVbar, "&": opAmper,
	"^": opCircumflex, "~": opTilde, "<<": opLeftShift, ">>": opRightShift, "**": opDoubleStar,
	"<": opLess, ">": opGreater, "=": opEqual, "==": opEqEqual, "!=": opNotEqual, "<=": opLessEqual,
	">=": opGreaterEqual, "->": opRArrow, ":=": opColonEqual, "+=": opPlusEq, "-=": opMinusEq,
	"*=": opStarEq, "/=": opSlashEq, "//=": opDoubleSlashEq, "%=": opPercentEq, "@=": opAtEq,
	"|=": opVbarEq, "&=": opAmperEq, "^=": opCircumflexEq, "<<=": opLeftShiftEq, ">>=": opRightShiftEq,
	"**=": opDoubleStarEq,
	// "<>" is NOTEQUAL to CPython's tokenizer but rejected by the grammar action unless barry_as_FLUFL is on,
	// so it stays tERROR here.
}

// kinds maps a token's kind and class (see token.Class) to its tt: the tokenizer has classified keywords and
// operators already, so the parser's classification is one lookup per token.
var kinds = func() (t [token.Dedent + 1][token.NumClasses]tt) {
	if len(token.Keywords) != len(keywords) || len(token.Operators) != len(operators) {
		panic("parser: keyword or operator table differs from package token's")
	}
	for i := range t[token.Name] {
		t[token.Name][i] = tNAME
		t[token.Op][i] = tERROR
	}
	for i, kw := range token.Keywords {
		k, ok := keywords[kw]
		if !ok {
			panic("parser: unknown keyword " + kw)
		}
		t[token.Name][i+1] = k
	}
	for i, op := range token.Operators {
		k, ok := operators[op]
		if !ok {
			panic("parser: unknown operator " + op)
		}
		t[token.Op][i+1] = k
	}
	for c := range t[0] {
		t[token.EndMarker][c] = tEOF
		t[token.Number][c] = tNUMBER
		t[token.String][c] = tSTRING
		t[token.Newline][c] = tNEWLINE
		t[token.Indent][c] = tINDENT
		t[token.Dedent][c] = tDEDENT
	}
	return t
}()

func classify(kind token.Kind, class token.Class) tt { return kinds[kind][class] }

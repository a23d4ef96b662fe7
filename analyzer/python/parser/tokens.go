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

// keywordsByShape and singleOps are keywords and operators laid out for classify, which runs on every
// token: hashing each name and operator into the maps above was a visible part of the parse.
var (
	keywordsByShape [maxKeywordLen + 1][128][]keyword // by length and first byte
	singleOps       [128]tt                           // one-byte operators; 0 (tEOF) for none
)

const maxKeywordLen = 8

type keyword struct {
	text string
	kind tt
}

func init() {
	for text, k := range keywords {
		if len(text) > maxKeywordLen || text[0] >= 128 {
			panic("parser: keyword table shape: " + text)
		}
		keywordsByShape[len(text)][text[0]] = append(keywordsByShape[len(text)][text[0]], keyword{text, k})
	}
	for text, k := range operators {
		if len(text) == 1 {
			singleOps[text[0]] = k
		}
	}
}

func classify(kind token.Kind, text string) tt {
	switch kind {
	case token.EndMarker:
		return tEOF
	case token.Name:
		if len(text) <= maxKeywordLen && text[0] < 128 {
			for _, kw := range keywordsByShape[len(text)][text[0]] {
				if kw.text == text {
					return kw.kind
				}
			}
		}
		return tNAME
	case token.Number:
		return tNUMBER
	case token.String:
		return tSTRING
	case token.Newline:
		return tNEWLINE
	case token.Indent:
		return tINDENT
	case token.Dedent:
		return tDEDENT
	case token.Op:
		if len(text) == 1 && text[0] < 128 {
			if k := singleOps[text[0]]; k != tEOF {
				return k
			}
			return tERROR
		}
		// Operators of two and three characters: a switch, not a map (see keywordsByShape).
		switch text {
		case "//":
			return opDoubleSlash
		case "<<":
			return opLeftShift
		case ">>":
			return opRightShift
		case "**":
			return opDoubleStar
		case "==":
			return opEqEqual
		case "!=":
			return opNotEqual
		case "<=":
			return opLessEqual
		case ">=":
			return opGreaterEqual
		case "->":
			return opRArrow
		case ":=":
			return opColonEqual
		case "...":
			return opEllipsis
		}
		if k, ok := operators[text]; ok {
			return k
		}
	}
	return tERROR
}

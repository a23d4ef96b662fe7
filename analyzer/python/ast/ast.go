// Package ast holds the syntax tree of CPython 3.11 (Parser/Python.asdl) as Go types.
//
// Mapping from ASDL to Go:
//   - Every constructor becomes a struct of the same name (FunctionDef, Call, MatchAs, ...); its NodeType method
//     returns CPython's class name. The one exception to the Go name is the statement Expr, which is ExprStmt
//     here because Expr is the name of the expression interface; its NodeType() is still "Expr".
//   - Product types become structs named in Go style: comprehension -> Comprehension, arguments -> Arguments,
//     arg -> Arg, keyword -> Keyword, alias -> Alias, withitem -> WithItem, match_case -> MatchCase,
//     type_ignore's TypeIgnore. Their NodeType() is the lowercase ASDL name, as Python prints it.
//   - Sum types become interfaces: Stmt, Expr, Pattern (and ModNode for ASDL's mod, since Mod is the operator). excepthandler has a single
//     constructor and is the struct *ExceptHandler.
//   - Field names are the ASDL names in Go case: decorator_list -> DecoratorList, kw_defaults -> KwDefaults,
//     context_expr -> ContextExpr, type_comment -> TypeComment, is_async -> IsAsync.
//   - T* is a slice, T? is a nil-able field: an interface or pointer for nodes, *string for identifier? and
//     string? (nil means None; a non-nil pointer to "" would be an empty identifier, which the parser never makes).
//     Dict.Keys and Arguments.KwDefaults may hold nil entries, which stand for None in those lists.
//   - The enumerations expr_context, boolop, operator, unaryop and cmpop are small integer types (ExprContext,
//     BoolOperator, Operator, UnaryOperator, CmpOp) whose String method gives the Python class name. They are
//     values, not nodes, so Children and Walk do not visit them.
//   - The attributes lineno, col_offset, end_lineno, end_col_offset are the embedded Loc of each located node
//     (stmt, expr, pattern, excepthandler, arg, keyword, alias). Lines are 1-based, columns 0-based UTF-8 byte
//     offsets, exactly as CPython reports them.
//   - constant is Go's any; see Constant for the dynamic types used.
package ast

import "math/big"

// Node is any node of the tree.
type Node interface {
	// NodeType is CPython's class name of the node, as ast.dump prints it. (It is not called Type because
	// ExceptHandler has a field of that name.)
	NodeType() string
}

// Loc is the source span of a located node, with CPython's meaning of each field.
type Loc struct {
	Lineno, ColOffset, EndLineno, EndColOffset int
}

// Location returns the span; it is promoted to every node that embeds Loc.
func (l Loc) Location() Loc { return l }

// Located is a node that carries a source span.
type Located interface {
	Node
	Location() Loc
}

// ModNode is ASDL's mod, a top-level node (Module, Interactive, Expression, FunctionType).
type ModNode interface {
	Node
	modNode()
}

// Stmt is a statement node.
type Stmt interface {
	Located
	stmtNode() Node
}

// Expr is an expression node.
type Expr interface {
	Located
	exprNode() Node
}

// Pattern is a pattern node of a match statement's case.
type Pattern interface {
	Located
	patternNode() Node
}

// The markers return their node as a Node: a conversion from Expr, Stmt or Pattern to Node looks the
// node type's method table up in the runtime (a cache miss is ~90 instructions, and walkers convert
// every child), while the marker converts from the concrete type, whose table is static.

// ExprNode is Node(e), nil for a nil e.
func ExprNode(e Expr) Node {
	if e == nil {
		return nil
	}
	return e.exprNode()
}

// StmtNode is Node(s), nil for a nil s.
func StmtNode(s Stmt) Node {
	if s == nil {
		return nil
	}
	return s.stmtNode()
}

// PatternNode is Node(p), nil for a nil p.
func PatternNode(p Pattern) Node {
	if p == nil {
		return nil
	}
	return p.patternNode()
}

// IsStmt is n.(Stmt)'s ok, by the node's concrete type: an assertion to an interface type is a runtime
// lookup.
func IsStmt(n Node) bool {
	switch n.(type) {
	case *FunctionDef, *AsyncFunctionDef, *ClassDef, *Return, *Delete, *Assign, *AugAssign, *AnnAssign,
		*For, *AsyncFor, *While, *If, *With, *AsyncWith, *Match, *Raise, *Try, *TryStar, *Assert,
		*Import, *ImportFrom, *Global, *Nonlocal, *ExprStmt, *Pass, *Break, *Continue:
		return true
	}
	return false
}

// ---- mod ----

type Module struct {
	Body        []Stmt
	TypeIgnores []*TypeIgnore
}

type Interactive struct {
	Body []Stmt
}

type Expression struct {
	Body Expr
}

type FunctionType struct {
	Argtypes []Expr
	Returns  Expr
}

// ---- stmt ----

type FunctionDef struct {
	Loc
	Name          string
	Args          *Arguments
	Body          []Stmt
	DecoratorList []Expr
	Returns       Expr
	TypeComment   *string
}

type AsyncFunctionDef struct {
	Loc
	Name          string
	Args          *Arguments
	Body          []Stmt
	DecoratorList []Expr
	Returns       Expr
	TypeComment   *string
}

type ClassDef struct {
	Loc
	Name          string
	Bases         []Expr
	Keywords      []*Keyword
	Body          []Stmt
	DecoratorList []Expr
}

type Return struct {
	Loc
	Value Expr
}

type Delete struct {
	Loc
	Targets []Expr
}

type Assign struct {
	Loc
	Targets     []Expr
	Value       Expr
	TypeComment *string
}

type AugAssign struct {
	Loc
	Target Expr
	Op     Operator
	Value  Expr
}

type AnnAssign struct {
	Loc
	Target     Expr
	Annotation Expr
	Value      Expr
	Simple     int
}

type For struct {
	Loc
	Target      Expr
	Iter        Expr
	Body        []Stmt
	Orelse      []Stmt
	TypeComment *string
}

type AsyncFor struct {
	Loc
	Target      Expr
	Iter        Expr
	Body        []Stmt
	Orelse      []Stmt
	TypeComment *string
}

type While struct {
	Loc
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

type If struct {
	Loc
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

type With struct {
	Loc
	Items       []*WithItem
	Body        []Stmt
	TypeComment *string
}

type AsyncWith struct {
	Loc
	Items       []*WithItem
	Body        []Stmt
	TypeComment *string
}

type Match struct {
	Loc
	Subject Expr
	Cases   []*MatchCase
}

type Raise struct {
	Loc
	Exc   Expr
	Cause Expr
}

type Try struct {
	Loc
	Body      []Stmt
	Handlers  []*ExceptHandler
	Orelse    []Stmt
	Finalbody []Stmt
}

type TryStar struct {
	Loc
	Body      []Stmt
	Handlers  []*ExceptHandler
	Orelse    []Stmt
	Finalbody []Stmt
}

type Assert struct {
	Loc
	Test Expr
	Msg  Expr
}

type Import struct {
	Loc
	Names []*Alias
}

type ImportFrom struct {
	Loc
	Module *string // nil for "from . import x"
	Names  []*Alias
	Level  int
}

type Global struct {
	Loc
	Names []string
}

type Nonlocal struct {
	Loc
	Names []string
}

// ExprStmt is ASDL's statement Expr (an expression used as a statement).
type ExprStmt struct {
	Loc
	Value Expr
}

type Pass struct{ Loc }

type Break struct{ Loc }

type Continue struct{ Loc }

// ---- expr ----

type BoolOp struct {
	Loc
	Op     BoolOperator
	Values []Expr
}

type NamedExpr struct {
	Loc
	Target Expr
	Value  Expr
}

type BinOp struct {
	Loc
	Left  Expr
	Op    Operator
	Right Expr
}

type UnaryOp struct {
	Loc
	Op      UnaryOperator
	Operand Expr
}

type Lambda struct {
	Loc
	Args *Arguments
	Body Expr
}

type IfExp struct {
	Loc
	Test   Expr
	Body   Expr
	Orelse Expr
}

// Dict is a dict display; a nil key stands for a **mapping entry.
type Dict struct {
	Loc
	Keys   []Expr
	Values []Expr
}

type Set struct {
	Loc
	Elts []Expr
}

type ListComp struct {
	Loc
	Elt        Expr
	Generators []*Comprehension
}

type SetComp struct {
	Loc
	Elt        Expr
	Generators []*Comprehension
}

type DictComp struct {
	Loc
	Key        Expr
	Value      Expr
	Generators []*Comprehension
}

type GeneratorExp struct {
	Loc
	Elt        Expr
	Generators []*Comprehension
}

type Await struct {
	Loc
	Value Expr
}

type Yield struct {
	Loc
	Value Expr
}

type YieldFrom struct {
	Loc
	Value Expr
}

type Compare struct {
	Loc
	Left        Expr
	Ops         []CmpOp
	Comparators []Expr
}

type Call struct {
	Loc
	Func     Expr
	Args     []Expr
	Keywords []*Keyword
}

// FormattedValue is one {...} field of an f-string. Conversion is -1 (none) or the code point of 's', 'r', 'a'.
type FormattedValue struct {
	Loc
	Value      Expr
	Conversion int
	FormatSpec Expr
}

type JoinedStr struct {
	Loc
	Values []Expr
}

// Constant is a literal. Value holds one of:
//
//	NoneValue{}            None
//	bool                   True, False
//	EllipsisValue{}        ...
//	*big.Int               int (any size)
//	float64                float
//	complex128             complex (imaginary literals have a zero real part)
//	string                 str, UTF-8; a lone surrogate from an escape such as "\ud800" is kept in its
//	                       WTF-8 form (the 3-byte generalized UTF-8 encoding), so the string may be invalid UTF-8
//	[]byte                 bytes
//
// Kind is "u" for a str literal written with a u prefix, nil otherwise.
type Constant struct {
	Loc
	Value any
	Kind  *string
}

// NoneValue is the constant None.
type NoneValue struct{}

// EllipsisValue is the constant Ellipsis (...).
type EllipsisValue struct{}

// Compile-time reminder that ints are *big.Int.
var _ = (*big.Int)(nil)

type Attribute struct {
	Loc
	Value Expr
	Attr  string
	Ctx   ExprContext
}

type Subscript struct {
	Loc
	Value Expr
	Slice Expr
	Ctx   ExprContext
}

type Starred struct {
	Loc
	Value Expr
	Ctx   ExprContext
}

type Name struct {
	Loc
	Id  string
	Ctx ExprContext
}

type List struct {
	Loc
	Elts []Expr
	Ctx  ExprContext
}

type Tuple struct {
	Loc
	Elts []Expr
	Ctx  ExprContext
}

type Slice struct {
	Loc
	Lower Expr
	Upper Expr
	Step  Expr
}

// ---- product types ----

type Comprehension struct {
	Target  Expr
	Iter    Expr
	Ifs     []Expr
	IsAsync int
}

type ExceptHandler struct {
	Loc
	Type Expr
	Name *string
	Body []Stmt
}

// Arguments is a parameter list. Defaults belong to the last len(Defaults) of Posonlyargs+Args; KwDefaults
// is parallel to Kwonlyargs with nil for a parameter without default.
type Arguments struct {
	Posonlyargs []*Arg
	Args        []*Arg
	Vararg      *Arg
	Kwonlyargs  []*Arg
	KwDefaults  []Expr
	Kwarg       *Arg
	Defaults    []Expr
}

type Arg struct {
	Loc
	Arg         string
	Annotation  Expr
	TypeComment *string
}

// Keyword is a keyword argument of a call or class; Arg is nil for **mapping.
type Keyword struct {
	Loc
	Arg   *string
	Value Expr
}

type Alias struct {
	Loc
	Name   string
	Asname *string
}

type WithItem struct {
	ContextExpr  Expr
	OptionalVars Expr
}

type MatchCase struct {
	Pattern Pattern
	Guard   Expr
	Body    []Stmt
}

// ---- pattern ----

type MatchValue struct {
	Loc
	Value Expr
}

// MatchSingleton matches None, True or False; Value is NoneValue{} or a bool.
type MatchSingleton struct {
	Loc
	Value any
}

type MatchSequence struct {
	Loc
	Patterns []Pattern
}

type MatchMapping struct {
	Loc
	Keys     []Expr
	Patterns []Pattern
	Rest     *string
}

type MatchClass struct {
	Loc
	Cls         Expr
	Patterns    []Pattern
	KwdAttrs    []string
	KwdPatterns []Pattern
}

type MatchStar struct {
	Loc
	Name *string
}

type MatchAs struct {
	Loc
	Pattern Pattern
	Name    *string
}

type MatchOr struct {
	Loc
	Patterns []Pattern
}

type TypeIgnore struct {
	Lineno int
	Tag    string
}

// Ident returns a pointer to a copy of s, for the optional identifier fields.
func Ident(s string) *string { return &s }

// Str returns *p, or "" when p is nil.
func Str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

package ast

// ExprContext is ASDL's expr_context.
type ExprContext uint8

const (
	Load ExprContext = iota
	Store
	Del
)

func (c ExprContext) String() string { return [...]string{"Load", "Store", "Del"}[c] }

// BoolOperator is ASDL's boolop.
type BoolOperator uint8

const (
	And BoolOperator = iota
	Or
)

func (o BoolOperator) String() string { return [...]string{"And", "Or"}[o] }

// Operator is ASDL's operator (binary and augmented-assignment operators).
type Operator uint8

const (
	Add Operator = iota
	Sub
	Mult
	MatMult
	Div
	Mod
	Pow
	LShift
	RShift
	BitOr
	BitXor
	BitAnd
	FloorDiv
)

func (o Operator) String() string {
	return [...]string{"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr",
		"BitXor", "BitAnd", "FloorDiv"}[o]
}

// UnaryOperator is ASDL's unaryop.
type UnaryOperator uint8

const (
	Invert UnaryOperator = iota
	Not
	UAdd
	USub
)

func (o UnaryOperator) String() string { return [...]string{"Invert", "Not", "UAdd", "USub"}[o] }

// CmpOp is ASDL's cmpop.
type CmpOp uint8

const (
	Eq CmpOp = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	Is
	IsNot
	In
	NotIn
)

func (o CmpOp) String() string {
	return [...]string{"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"}[o]
}

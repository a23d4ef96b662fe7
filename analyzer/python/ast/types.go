// Type names and interface markers of every node, one block per ASDL sum type.

package ast

func (*Module) NodeType() string       { return "Module" }
func (*Module) modNode()               {}
func (*Interactive) NodeType() string  { return "Interactive" }
func (*Interactive) modNode()          {}
func (*Expression) NodeType() string   { return "Expression" }
func (*Expression) modNode()           {}
func (*FunctionType) NodeType() string { return "FunctionType" }
func (*FunctionType) modNode()         {}

func (*FunctionDef) NodeType() string      { return "FunctionDef" }
func (n *FunctionDef) stmtNode() Node      { return n }
func (*AsyncFunctionDef) NodeType() string { return "AsyncFunctionDef" }
func (n *AsyncFunctionDef) stmtNode() Node { return n }
func (*ClassDef) NodeType() string         { return "ClassDef" }
func (n *ClassDef) stmtNode() Node         { return n }
func (*Return) NodeType() string           { return "Return" }
func (n *Return) stmtNode() Node           { return n }
func (*Delete) NodeType() string           { return "Delete" }
func (n *Delete) stmtNode() Node           { return n }
func (*Assign) NodeType() string           { return "Assign" }
func (n *Assign) stmtNode() Node           { return n }
func (*AugAssign) NodeType() string        { return "AugAssign" }
func (n *AugAssign) stmtNode() Node        { return n }
func (*AnnAssign) NodeType() string        { return "AnnAssign" }
func (n *AnnAssign) stmtNode() Node        { return n }
func (*For) NodeType() string              { return "For" }
func (n *For) stmtNode() Node              { return n }
func (*AsyncFor) NodeType() string         { return "AsyncFor" }
func (n *AsyncFor) stmtNode() Node         { return n }
func (*While) NodeType() string            { return "While" }
func (n *While) stmtNode() Node            { return n }
func (*If) NodeType() string               { return "If" }
func (n *If) stmtNode() Node               { return n }
func (*With) NodeType() string             { return "With" }
func (n *With) stmtNode() Node             { return n }
func (*AsyncWith) NodeType() string        { return "AsyncWith" }
func (n *AsyncWith) stmtNode() Node        { return n }
func (*Match) NodeType() string            { return "Match" }
func (n *Match) stmtNode() Node            { return n }
func (*Raise) NodeType() string            { return "Raise" }
func (n *Raise) stmtNode() Node            { return n }
func (*Try) NodeType() string              { return "Try" }
func (n *Try) stmtNode() Node              { return n }
func (*TryStar) NodeType() string          { return "TryStar" }
func (n *TryStar) stmtNode() Node          { return n }
func (*Assert) NodeType() string           { return "Assert" }
func (n *Assert) stmtNode() Node           { return n }
func (*Import) NodeType() string           { return "Import" }
func (n *Import) stmtNode() Node           { return n }
func (*ImportFrom) NodeType() string       { return "ImportFrom" }
func (n *ImportFrom) stmtNode() Node       { return n }
func (*Global) NodeType() string           { return "Global" }
func (n *Global) stmtNode() Node           { return n }
func (*Nonlocal) NodeType() string         { return "Nonlocal" }
func (n *Nonlocal) stmtNode() Node         { return n }
func (*ExprStmt) NodeType() string         { return "Expr" }
func (n *ExprStmt) stmtNode() Node         { return n }
func (*Pass) NodeType() string             { return "Pass" }
func (n *Pass) stmtNode() Node             { return n }
func (*Break) NodeType() string            { return "Break" }
func (n *Break) stmtNode() Node            { return n }
func (*Continue) NodeType() string         { return "Continue" }
func (n *Continue) stmtNode() Node         { return n }

func (*BoolOp) NodeType() string         { return "BoolOp" }
func (n *BoolOp) exprNode() Node         { return n }
func (*NamedExpr) NodeType() string      { return "NamedExpr" }
func (n *NamedExpr) exprNode() Node      { return n }
func (*BinOp) NodeType() string          { return "BinOp" }
func (n *BinOp) exprNode() Node          { return n }
func (*UnaryOp) NodeType() string        { return "UnaryOp" }
func (n *UnaryOp) exprNode() Node        { return n }
func (*Lambda) NodeType() string         { return "Lambda" }
func (n *Lambda) exprNode() Node         { return n }
func (*IfExp) NodeType() string          { return "IfExp" }
func (n *IfExp) exprNode() Node          { return n }
func (*Dict) NodeType() string           { return "Dict" }
func (n *Dict) exprNode() Node           { return n }
func (*Set) NodeType() string            { return "Set" }
func (n *Set) exprNode() Node            { return n }
func (*ListComp) NodeType() string       { return "ListComp" }
func (n *ListComp) exprNode() Node       { return n }
func (*SetComp) NodeType() string        { return "SetComp" }
func (n *SetComp) exprNode() Node        { return n }
func (*DictComp) NodeType() string       { return "DictComp" }
func (n *DictComp) exprNode() Node       { return n }
func (*GeneratorExp) NodeType() string   { return "GeneratorExp" }
func (n *GeneratorExp) exprNode() Node   { return n }
func (*Await) NodeType() string          { return "Await" }
func (n *Await) exprNode() Node          { return n }
func (*Yield) NodeType() string          { return "Yield" }
func (n *Yield) exprNode() Node          { return n }
func (*YieldFrom) NodeType() string      { return "YieldFrom" }
func (n *YieldFrom) exprNode() Node      { return n }
func (*Compare) NodeType() string        { return "Compare" }
func (n *Compare) exprNode() Node        { return n }
func (*Call) NodeType() string           { return "Call" }
func (n *Call) exprNode() Node           { return n }
func (*FormattedValue) NodeType() string { return "FormattedValue" }
func (n *FormattedValue) exprNode() Node { return n }
func (*JoinedStr) NodeType() string      { return "JoinedStr" }
func (n *JoinedStr) exprNode() Node      { return n }
func (*Constant) NodeType() string       { return "Constant" }
func (n *Constant) exprNode() Node       { return n }
func (*Attribute) NodeType() string      { return "Attribute" }
func (n *Attribute) exprNode() Node      { return n }
func (*Subscript) NodeType() string      { return "Subscript" }
func (n *Subscript) exprNode() Node      { return n }
func (*Starred) NodeType() string        { return "Starred" }
func (n *Starred) exprNode() Node        { return n }
func (*Name) NodeType() string           { return "Name" }
func (n *Name) exprNode() Node           { return n }
func (*List) NodeType() string           { return "List" }
func (n *List) exprNode() Node           { return n }
func (*Tuple) NodeType() string          { return "Tuple" }
func (n *Tuple) exprNode() Node          { return n }
func (*Slice) NodeType() string          { return "Slice" }
func (n *Slice) exprNode() Node          { return n }

func (*MatchValue) NodeType() string        { return "MatchValue" }
func (n *MatchValue) patternNode() Node     { return n }
func (*MatchSingleton) NodeType() string    { return "MatchSingleton" }
func (n *MatchSingleton) patternNode() Node { return n }
func (*MatchSequence) NodeType() string     { return "MatchSequence" }
func (n *MatchSequence) patternNode() Node  { return n }
func (*MatchMapping) NodeType() string      { return "MatchMapping" }
func (n *MatchMapping) patternNode() Node   { return n }
func (*MatchClass) NodeType() string        { return "MatchClass" }
func (n *MatchClass) patternNode() Node     { return n }
func (*MatchStar) NodeType() string         { return "MatchStar" }
func (n *MatchStar) patternNode() Node      { return n }
func (*MatchAs) NodeType() string           { return "MatchAs" }
func (n *MatchAs) patternNode() Node        { return n }
func (*MatchOr) NodeType() string           { return "MatchOr" }
func (n *MatchOr) patternNode() Node        { return n }

func (*Comprehension) NodeType() string { return "comprehension" }
func (*ExceptHandler) NodeType() string { return "ExceptHandler" }
func (*Arguments) NodeType() string     { return "arguments" }
func (*Arg) NodeType() string           { return "arg" }
func (*Keyword) NodeType() string       { return "keyword" }
func (*Alias) NodeType() string         { return "alias" }
func (*WithItem) NodeType() string      { return "withitem" }
func (*MatchCase) NodeType() string     { return "match_case" }
func (*TypeIgnore) NodeType() string    { return "TypeIgnore" }

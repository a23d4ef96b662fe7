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
func (*FunctionDef) stmtNode()             {}
func (*AsyncFunctionDef) NodeType() string { return "AsyncFunctionDef" }
func (*AsyncFunctionDef) stmtNode()        {}
func (*ClassDef) NodeType() string         { return "ClassDef" }
func (*ClassDef) stmtNode()                {}
func (*Return) NodeType() string           { return "Return" }
func (*Return) stmtNode()                  {}
func (*Delete) NodeType() string           { return "Delete" }
func (*Delete) stmtNode()                  {}
func (*Assign) NodeType() string           { return "Assign" }
func (*Assign) stmtNode()                  {}
func (*AugAssign) NodeType() string        { return "AugAssign" }
func (*AugAssign) stmtNode()               {}
func (*AnnAssign) NodeType() string        { return "AnnAssign" }
func (*AnnAssign) stmtNode()               {}
func (*For) NodeType() string              { return "For" }
func (*For) stmtNode()                     {}
func (*AsyncFor) NodeType() string         { return "AsyncFor" }
func (*AsyncFor) stmtNode()                {}
func (*While) NodeType() string            { return "While" }
func (*While) stmtNode()                   {}
func (*If) NodeType() string               { return "If" }
func (*If) stmtNode()                      {}
func (*With) NodeType() string             { return "With" }
func (*With) stmtNode()                    {}
func (*AsyncWith) NodeType() string        { return "AsyncWith" }
func (*AsyncWith) stmtNode()               {}
func (*Match) NodeType() string            { return "Match" }
func (*Match) stmtNode()                   {}
func (*Raise) NodeType() string            { return "Raise" }
func (*Raise) stmtNode()                   {}
func (*Try) NodeType() string              { return "Try" }
func (*Try) stmtNode()                     {}
func (*TryStar) NodeType() string          { return "TryStar" }
func (*TryStar) stmtNode()                 {}
func (*Assert) NodeType() string           { return "Assert" }
func (*Assert) stmtNode()                  {}
func (*Import) NodeType() string           { return "Import" }
func (*Import) stmtNode()                  {}
func (*ImportFrom) NodeType() string       { return "ImportFrom" }
func (*ImportFrom) stmtNode()              {}
func (*Global) NodeType() string           { return "Global" }
func (*Global) stmtNode()                  {}
func (*Nonlocal) NodeType() string         { return "Nonlocal" }
func (*Nonlocal) stmtNode()                {}
func (*ExprStmt) NodeType() string         { return "Expr" }
func (*ExprStmt) stmtNode()                {}
func (*Pass) NodeType() string             { return "Pass" }
func (*Pass) stmtNode()                    {}
func (*Break) NodeType() string            { return "Break" }
func (*Break) stmtNode()                   {}
func (*Continue) NodeType() string         { return "Continue" }
func (*Continue) stmtNode()                {}

func (*BoolOp) NodeType() string         { return "BoolOp" }
func (*BoolOp) exprNode()                {}
func (*NamedExpr) NodeType() string      { return "NamedExpr" }
func (*NamedExpr) exprNode()             {}
func (*BinOp) NodeType() string          { return "BinOp" }
func (*BinOp) exprNode()                 {}
func (*UnaryOp) NodeType() string        { return "UnaryOp" }
func (*UnaryOp) exprNode()               {}
func (*Lambda) NodeType() string         { return "Lambda" }
func (*Lambda) exprNode()                {}
func (*IfExp) NodeType() string          { return "IfExp" }
func (*IfExp) exprNode()                 {}
func (*Dict) NodeType() string           { return "Dict" }
func (*Dict) exprNode()                  {}
func (*Set) NodeType() string            { return "Set" }
func (*Set) exprNode()                   {}
func (*ListComp) NodeType() string       { return "ListComp" }
func (*ListComp) exprNode()              {}
func (*SetComp) NodeType() string        { return "SetComp" }
func (*SetComp) exprNode()               {}
func (*DictComp) NodeType() string       { return "DictComp" }
func (*DictComp) exprNode()              {}
func (*GeneratorExp) NodeType() string   { return "GeneratorExp" }
func (*GeneratorExp) exprNode()          {}
func (*Await) NodeType() string          { return "Await" }
func (*Await) exprNode()                 {}
func (*Yield) NodeType() string          { return "Yield" }
func (*Yield) exprNode()                 {}
func (*YieldFrom) NodeType() string      { return "YieldFrom" }
func (*YieldFrom) exprNode()             {}
func (*Compare) NodeType() string        { return "Compare" }
func (*Compare) exprNode()               {}
func (*Call) NodeType() string           { return "Call" }
func (*Call) exprNode()                  {}
func (*FormattedValue) NodeType() string { return "FormattedValue" }
func (*FormattedValue) exprNode()        {}
func (*JoinedStr) NodeType() string      { return "JoinedStr" }
func (*JoinedStr) exprNode()             {}
func (*Constant) NodeType() string       { return "Constant" }
func (*Constant) exprNode()              {}
func (*Attribute) NodeType() string      { return "Attribute" }
func (*Attribute) exprNode()             {}
func (*Subscript) NodeType() string      { return "Subscript" }
func (*Subscript) exprNode()             {}
func (*Starred) NodeType() string        { return "Starred" }
func (*Starred) exprNode()               {}
func (*Name) NodeType() string           { return "Name" }
func (*Name) exprNode()                  {}
func (*List) NodeType() string           { return "List" }
func (*List) exprNode()                  {}
func (*Tuple) NodeType() string          { return "Tuple" }
func (*Tuple) exprNode()                 {}
func (*Slice) NodeType() string          { return "Slice" }
func (*Slice) exprNode()                 {}

func (*MatchValue) NodeType() string     { return "MatchValue" }
func (*MatchValue) patternNode()         {}
func (*MatchSingleton) NodeType() string { return "MatchSingleton" }
func (*MatchSingleton) patternNode()     {}
func (*MatchSequence) NodeType() string  { return "MatchSequence" }
func (*MatchSequence) patternNode()      {}
func (*MatchMapping) NodeType() string   { return "MatchMapping" }
func (*MatchMapping) patternNode()       {}
func (*MatchClass) NodeType() string     { return "MatchClass" }
func (*MatchClass) patternNode()         {}
func (*MatchStar) NodeType() string      { return "MatchStar" }
func (*MatchStar) patternNode()          {}
func (*MatchAs) NodeType() string        { return "MatchAs" }
func (*MatchAs) patternNode()            {}
func (*MatchOr) NodeType() string        { return "MatchOr" }
func (*MatchOr) patternNode()            {}

func (*Comprehension) NodeType() string { return "comprehension" }
func (*ExceptHandler) NodeType() string { return "ExceptHandler" }
func (*Arguments) NodeType() string     { return "arguments" }
func (*Arg) NodeType() string           { return "arg" }
func (*Keyword) NodeType() string       { return "keyword" }
func (*Alias) NodeType() string         { return "alias" }
func (*WithItem) NodeType() string      { return "withitem" }
func (*MatchCase) NodeType() string     { return "match_case" }
func (*TypeIgnore) NodeType() string    { return "TypeIgnore" }

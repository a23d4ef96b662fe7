package ast

// Children returns the direct child nodes of n in ASDL field order, skipping nil (absent) fields and the nil
// entries of Dict.Keys and Arguments.KwDefaults. Enumeration values (ctx, op) are not nodes and not returned.
func Children(n Node) []Node { return AppendChildren(nil, n) }

// AppendChildren appends the children of n (as Children returns them) to dst and returns the extended slice,
// so that walkers can reuse one buffer.
func AppendChildren(dst []Node, n Node) []Node {
	c := childList{nodes: dst}
	switch n := n.(type) {
	case *Module:
		c.stmts(n.Body)
		for _, t := range n.TypeIgnores {
			c.add(t)
		}
	case *Interactive:
		c.stmts(n.Body)
	case *Expression:
		c.expr(n.Body)
	case *FunctionType:
		c.exprs(n.Argtypes)
		c.expr(n.Returns)

	case *FunctionDef:
		c.add(n.Args)
		c.stmts(n.Body)
		c.exprs(n.DecoratorList)
		c.expr(n.Returns)
	case *AsyncFunctionDef:
		c.add(n.Args)
		c.stmts(n.Body)
		c.exprs(n.DecoratorList)
		c.expr(n.Returns)
	case *ClassDef:
		c.exprs(n.Bases)
		c.keywords(n.Keywords)
		c.stmts(n.Body)
		c.exprs(n.DecoratorList)
	case *Return:
		c.expr(n.Value)
	case *Delete:
		c.exprs(n.Targets)
	case *Assign:
		c.exprs(n.Targets)
		c.expr(n.Value)
	case *AugAssign:
		c.expr(n.Target)
		c.expr(n.Value)
	case *AnnAssign:
		c.expr(n.Target)
		c.expr(n.Annotation)
		c.expr(n.Value)
	case *For:
		c.expr(n.Target)
		c.expr(n.Iter)
		c.stmts(n.Body)
		c.stmts(n.Orelse)
	case *AsyncFor:
		c.expr(n.Target)
		c.expr(n.Iter)
		c.stmts(n.Body)
		c.stmts(n.Orelse)
	case *While:
		c.expr(n.Test)
		c.stmts(n.Body)
		c.stmts(n.Orelse)
	case *If:
		c.expr(n.Test)
		c.stmts(n.Body)
		c.stmts(n.Orelse)
	case *With:
		c.withItems(n.Items)
		c.stmts(n.Body)
	case *AsyncWith:
		c.withItems(n.Items)
		c.stmts(n.Body)
	case *Match:
		c.expr(n.Subject)
		for _, mc := range n.Cases {
			c.add(mc)
		}
	case *Raise:
		c.expr(n.Exc)
		c.expr(n.Cause)
	case *Try:
		c.stmts(n.Body)
		c.handlers(n.Handlers)
		c.stmts(n.Orelse)
		c.stmts(n.Finalbody)
	case *TryStar:
		c.stmts(n.Body)
		c.handlers(n.Handlers)
		c.stmts(n.Orelse)
		c.stmts(n.Finalbody)
	case *Assert:
		c.expr(n.Test)
		c.expr(n.Msg)
	case *Import:
		c.aliases(n.Names)
	case *ImportFrom:
		c.aliases(n.Names)
	case *ExprStmt:
		c.expr(n.Value)
	case *Global, *Nonlocal, *Pass, *Break, *Continue:

	case *BoolOp:
		c.exprs(n.Values)
	case *NamedExpr:
		c.expr(n.Target)
		c.expr(n.Value)
	case *BinOp:
		c.expr(n.Left)
		c.expr(n.Right)
	case *UnaryOp:
		c.expr(n.Operand)
	case *Lambda:
		c.add(n.Args)
		c.expr(n.Body)
	case *IfExp:
		c.expr(n.Test)
		c.expr(n.Body)
		c.expr(n.Orelse)
	case *Dict:
		c.exprs(n.Keys)
		c.exprs(n.Values)
	case *Set:
		c.exprs(n.Elts)
	case *ListComp:
		c.expr(n.Elt)
		c.comprehensions(n.Generators)
	case *SetComp:
		c.expr(n.Elt)
		c.comprehensions(n.Generators)
	case *DictComp:
		c.expr(n.Key)
		c.expr(n.Value)
		c.comprehensions(n.Generators)
	case *GeneratorExp:
		c.expr(n.Elt)
		c.comprehensions(n.Generators)
	case *Await:
		c.expr(n.Value)
	case *Yield:
		c.expr(n.Value)
	case *YieldFrom:
		c.expr(n.Value)
	case *Compare:
		c.expr(n.Left)
		c.exprs(n.Comparators)
	case *Call:
		c.expr(n.Func)
		c.exprs(n.Args)
		c.keywords(n.Keywords)
	case *FormattedValue:
		c.expr(n.Value)
		c.expr(n.FormatSpec)
	case *JoinedStr:
		c.exprs(n.Values)
	case *Constant:
	case *Attribute:
		c.expr(n.Value)
	case *Subscript:
		c.expr(n.Value)
		c.expr(n.Slice)
	case *Starred:
		c.expr(n.Value)
	case *Name:
	case *List:
		c.exprs(n.Elts)
	case *Tuple:
		c.exprs(n.Elts)
	case *Slice:
		c.expr(n.Lower)
		c.expr(n.Upper)
		c.expr(n.Step)

	case *Comprehension:
		c.expr(n.Target)
		c.expr(n.Iter)
		c.exprs(n.Ifs)
	case *ExceptHandler:
		c.expr(n.Type)
		c.stmts(n.Body)
	case *Arguments:
		c.args(n.Posonlyargs)
		c.args(n.Args)
		if n.Vararg != nil {
			c.add(n.Vararg)
		}
		c.args(n.Kwonlyargs)
		c.exprs(n.KwDefaults)
		if n.Kwarg != nil {
			c.add(n.Kwarg)
		}
		c.exprs(n.Defaults)
	case *Arg:
		c.expr(n.Annotation)
	case *Keyword:
		c.expr(n.Value)
	case *Alias:
	case *WithItem:
		c.expr(n.ContextExpr)
		c.expr(n.OptionalVars)
	case *MatchCase:
		c.pattern(n.Pattern)
		c.expr(n.Guard)
		c.stmts(n.Body)

	case *MatchValue:
		c.expr(n.Value)
	case *MatchSingleton:
	case *MatchSequence:
		c.patterns(n.Patterns)
	case *MatchMapping:
		c.exprs(n.Keys)
		c.patterns(n.Patterns)
	case *MatchClass:
		c.expr(n.Cls)
		c.patterns(n.Patterns)
		c.patterns(n.KwdPatterns)
	case *MatchStar:
	case *MatchAs:
		c.pattern(n.Pattern)
	case *MatchOr:
		c.patterns(n.Patterns)
	case *TypeIgnore:
	}
	return c.nodes
}

type childList struct{ nodes []Node }

func (c *childList) add(n Node) { c.nodes = append(c.nodes, n) }

func (c *childList) expr(e Expr) {
	if e != nil {
		c.nodes = append(c.nodes, e.exprNode()) // not Node(e): see the markers
	}
}

func (c *childList) exprs(es []Expr) {
	for _, e := range es {
		c.expr(e)
	}
}

func (c *childList) stmts(ss []Stmt) {
	for _, s := range ss {
		if s != nil {
			c.nodes = append(c.nodes, s.stmtNode())
		}
	}
}

func (c *childList) pattern(p Pattern) {
	if p != nil {
		c.nodes = append(c.nodes, p.patternNode())
	}
}

func (c *childList) patterns(ps []Pattern) {
	for _, p := range ps {
		c.pattern(p)
	}
}

func (c *childList) keywords(ks []*Keyword) {
	for _, k := range ks {
		if k != nil {
			c.nodes = append(c.nodes, k)
		}
	}
}

func (c *childList) aliases(as []*Alias) {
	for _, a := range as {
		if a != nil {
			c.nodes = append(c.nodes, a)
		}
	}
}

func (c *childList) args(as []*Arg) {
	for _, a := range as {
		if a != nil {
			c.nodes = append(c.nodes, a)
		}
	}
}

func (c *childList) withItems(ws []*WithItem) {
	for _, w := range ws {
		if w != nil {
			c.nodes = append(c.nodes, w)
		}
	}
}

func (c *childList) handlers(hs []*ExceptHandler) {
	for _, h := range hs {
		if h != nil {
			c.nodes = append(c.nodes, h)
		}
	}
}

func (c *childList) comprehensions(gs []*Comprehension) {
	for _, g := range gs {
		if g != nil {
			c.nodes = append(c.nodes, g)
		}
	}
}

// Walk visits root and every node below it in depth-first pre-order (the order of Children), calling visit
// with each node and its parent (nil for root). When visit returns false the node's children are skipped.
// Walk keeps its own stack, so a deeply nested tree cannot exhaust the Go stack.
func Walk(root Node, visit func(n, parent Node) bool) {
	if root == nil {
		return
	}
	type frame struct{ n, parent Node }
	stack := []frame{{root, nil}}
	// kids is one buffer for every node's children, pushed before the next visit: a fresh
	// slice per node (Children) was most of what a walk cost.
	var kids []Node
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !visit(f.n, f.parent) {
			continue
		}
		kids = AppendChildren(kids[:0], f.n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, frame{kids[i], f.n})
		}
	}
}

// This file compiles and runs method bodies: statements (expressions and
// assignments) and the block constructs (macros) of MuranoPL.

package dsl

import (
	"errors"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// block is a compiled code block: a list of statements.
type block struct {
	stmts []stmt
}

// stmt is a compiled statement.
type stmt interface {
	exec(f *frame) error
}

// macroStmt is a block construct; its instruction is shown in stack
// traces.
type macroStmt interface {
	stmt
	instruction() *instruction
}

// compileBody compiles a method body (a statement or a list of them).
func compileBody(n *decl.Node, c *Class) (*block, error) {
	if n == nil || n.Kind == decl.Null {
		return &block{}, nil
	}
	return compileBlock(n, c)
}

func compileBlock(n *decl.Node, c *Class) (*block, error) {
	var items []*decl.Node
	switch {
	case n == nil || n.Kind == decl.Null:
	case n.Kind == decl.List:
		items = n.Items
	default:
		items = []*decl.Node{n}
	}
	b := &block{}
	for _, it := range items {
		s, err := compileStmt(it, c)
		if err != nil {
			return nil, atNode(err, it)
		}
		b.stmts = append(b.stmts, s)
	}
	return b, nil
}

func syntaxErrorIn(n *decl.Node) error {
	return builtinError("SyntaxError", "Syntax is incorrect in expression: %s", n.Text())
}

func compileStmt(n *decl.Node, c *Class) (stmt, error) {
	if n != nil && n.Kind == decl.Expr {
		return &exprStmt{x: n.Expr}, nil
	}
	if n == nil || n.Kind != decl.Map {
		return nil, syntaxErrorIn(n)
	}
	kw := map[string]*decl.Node{}
	for _, e := range n.Entries {
		if e.Key.Kind == decl.Expr {
			if len(n.Entries) != 1 {
				return nil, builtinError("SyntaxError", "None")
			}
			lhs, err := newLHS(e.Key.Expr)
			if err != nil {
				return nil, err
			}
			return &assignStmt{lhs: lhs, rhs: e.Value}, nil
		}
		if e.Key.Kind != decl.String {
			return nil, syntaxErrorIn(n)
		}
		kw[e.Key.Text()] = e.Value
	}
	for _, m := range macros {
		s, ok, err := m(kw, c)
		if err != nil {
			return nil, err
		}
		if ok {
			return withInstruction(s, n), nil
		}
	}
	return nil, syntaxErrorIn(n)
}

// exprStmt is an expression statement.
type exprStmt struct{ x *decl.Expression }

func (s *exprStmt) exec(f *frame) error {
	_, err := f.evalExpr(s.x)
	return err
}

// assignStmt is "target: value".
type assignStmt struct {
	lhs *lhs
	rhs *decl.Node
}

func (s *assignStmt) exec(f *frame) error {
	v, err := f.evalData(s.rhs, f.ctx)
	if err != nil {
		return err
	}
	return s.lhs.assign(f, v)
}

// run executes a method body: Return ends it with a value, Break and
// Continue may not escape it.
func (b *block) run(f *frame) (value.Value, error) {
	bf := f.child()
	bf.vars = bf.ctx
	err := b.exec(bf)
	if err == nil {
		return value.Null, nil
	}
	var fl *flow
	if errors.As(err, &fl) {
		switch fl.kind {
		case flowReturn:
			return fl.value, nil
		case flowBreak:
			return nil, engineError("DslInvalidOperationError", "Break cannot be used on method level")
		default:
			return nil, engineError("DslInvalidOperationError", "Continue cannot be used on method level")
		}
	}
	return nil, err
}

// exec runs the statements of a code block in frame f. Errors of the
// reference's Python code become MuranoPL exceptions here.
func (b *block) exec(f *frame) error {
	if b == nil {
		return nil
	}
	for _, s := range b.stmts {
		if m, ok := s.(macroStmt); ok {
			f.instr = m.instruction()
		}
		if err := f.ex.step(); err != nil {
			return err
		}
		if err := s.exec(f); err != nil {
			return f.wrap(err)
		}
	}
	return nil
}

// wrap turns an error into a MuranoPL exception carrying f's stack.
func (f *frame) wrap(err error) error {
	var me *Exception
	var fl *flow
	if errors.As(err, &me) || errors.As(err, &fl) || isFatal(err) {
		return err
	}
	return f.ex.wrapError(err, f)
}

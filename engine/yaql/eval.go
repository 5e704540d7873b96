// This file defines the evaluation of expression trees.

package yaql

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// constValue returns the value of a literal or bare word, nil for other
// expressions.
func constValue(e syntax.Expr) value.Value {
	switch n := e.(type) {
	case *syntax.Constant:
		return n.Value
	case *syntax.Keyword:
		return n.Value
	}
	return nil
}

// eval evaluates e in ctx. A receiver (not NoValue) turns a function call
// into a method call on it.
func (rt *Runtime) eval(e syntax.Expr, receiver value.Value, ctx *Context) (value.Value, error) {
	switch n := e.(type) {
	case *syntax.Constant:
		return n.Value, nil
	case *syntax.Keyword:
		return n.Value, nil
	case *syntax.Wrap:
		return rt.eval(n.X, receiver, ctx)
	case *syntax.MappingRule:
		k, err := rt.eval(n.Key, receiver, ctx)
		if err != nil {
			return nil, err
		}
		v, err := rt.eval(n.Value, receiver, ctx)
		if err != nil {
			return nil, err
		}
		return &MappingRule{Key: k, Value: v}, nil
	case *syntax.Call:
		args := make([]Arg, len(n.Args))
		for i, a := range n.Args {
			if a == nil {
				args[i] = Arg{Val: NoValue}
			} else {
				args[i] = Arg{Expr: a, Val: constValue(a)}
			}
		}
		v, err := rt.Call(ctx, n.Name, receiver, args, nil, n)
		if err != nil {
			return nil, locate(err, n.Start, n.End)
		}
		return v, nil
	}
	panic("yaql: unknown expression node")
}

// Eval evaluates an expression tree with a receiver (NoValue for none) in
// ctx, for functions that evaluate code they were given.
func (rt *Runtime) Eval(e syntax.Expr, receiver value.Value, ctx *Context) (value.Value, error) {
	return rt.eval(e, receiver, ctx)
}

// This file defines the values that carry unevaluated expressions: lambdas,
// raw expressions and mapping rules.

package yaql

import (
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// Lambda is an argument expression that a function evaluates on demand,
// with positional arguments published as $1, $2, … ($ is $1) and keyword
// arguments as $name. A lambda may also wrap a value: a delegate made by
// lambda() is called, anything else is returned as it is.
type Lambda struct {
	expr        syntax.Expr
	val         value.Value
	ctx         *Context
	rt          *Runtime
	method      bool // called with a receiver first
	withContext bool // called with the context to evaluate in
	bound       bool // evaluated with receiver in ctx itself (mapping rule parts)
	receiver    value.Value
	host        HostFunc // a Go function (see NewCallable)
}

func (*Lambda) Type() string { return "function" }
func (l *Lambda) Repr() string {
	if l.expr != nil {
		return "<lambda " + l.expr.String() + ">"
	}
	return "<lambda>"
}

// Call evaluates the lambda with positional arguments.
func (l *Lambda) Call(args ...value.Value) (value.Value, error) { return l.Invoke(args, nil) }

// Invoke evaluates the lambda. A method lambda takes its receiver as the
// first argument; a lambda with context takes the *Context to evaluate in
// next.
func (l *Lambda) Invoke(args []value.Value, kwargs []KeywordArg) (value.Value, error) {
	if l.host != nil {
		return l.host(args, kwargs)
	}
	if l.bound {
		return l.rt.eval(l.expr, l.receiver, l.ctx)
	}
	receiver := NoValue
	if l.method {
		receiver, args = args[0], args[1:]
	}
	var ctx *Context
	if l.withContext {
		ctx, args = args[0].(*Context), args[1:]
	} else {
		ctx = l.ctx.Child()
	}
	if l.expr == nil {
		if c, ok := l.val.(*Lambda); ok {
			return c.Invoke(args, kwargs)
		}
		return l.val, nil
	}
	for i, a := range args {
		ctx.setPositional(i+1, a)
	}
	for _, kw := range kwargs {
		ctx.Set(kw.Name, kw.Value)
	}
	return l.rt.eval(l.expr, receiver, ctx)
}

// Expression is an argument passed as its syntax tree, for functions that
// inspect or evaluate it themselves.
type Expression struct {
	Node syntax.Expr
	rt   *Runtime
}

func (*Expression) Type() string   { return "expression" }
func (x *Expression) Repr() string { return x.Node.String() }

// Eval evaluates the expression with a receiver (NoValue for none) in ctx.
func (x *Expression) Eval(receiver value.Value, ctx *Context) (value.Value, error) {
	return x.rt.eval(x.Node, receiver, ctx)
}

// MappingRule is a "key => value" argument. Passed to a mapping-rule
// parameter its parts are lambdas (call Key/Value to evaluate them); as an
// ordinary value its parts are already evaluated.
type MappingRule struct{ Key, Value value.Value }

func (*MappingRule) Type() string { return "MappingRule" }

// Parts returns the key and the value, evaluating lazy parts.
func (m *MappingRule) Parts() (k, v value.Value, err error) {
	if k, err = force(m.Key); err != nil {
		return nil, nil, err
	}
	v, err = force(m.Value)
	return k, v, err
}

func force(v value.Value) (value.Value, error) {
	if l, ok := v.(*Lambda); ok && l.bound {
		return l.Invoke(nil, nil)
	}
	return v, nil
}

// This file defines assignment targets: the left-hand side of "target:
// value" statements ($x, $.x, $x.key, $x[i], :Type.x …).

package dsl

import (
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/syntax"
)

// lhs is a compiled assignment target.
type lhs struct {
	x *decl.Expression
}

func newLHS(x *decl.Expression) (*lhs, error) { return &lhs{x: x}, nil }

func (l *lhs) invalid() error {
	return engineError("InvalidLhsTargetError", "Invalid assignment target \"%s\"", l.x.Source)
}

// property is a readable and writable place.
type property struct {
	get func() (value.Value, error)
	set func(value.Value) error
}

func (l *lhs) assign(f *frame, v value.Value) error {
	p, err := l.target(f, l.x.Tree)
	if err != nil {
		return err
	}
	return p.set(v)
}

func (l *lhs) target(f *frame, e syntax.Expr) (*property, error) {
	switch n := e.(type) {
	case *syntax.Wrap:
		return l.target(f, n.X)
	case *syntax.Call:
		switch {
		case n.Kind == syntax.Variable:
			name := value.Str(constOf(n.Args[0]))
			return &property{
				get: func() (value.Value, error) {
					v, ok := f.ctx.Get(name)
					if !ok {
						return value.Null, nil
					}
					return v, nil
				},
				set: func(v value.Value) error {
					if name == "" || name == "$" || name == "$this" {
						return builtinError("ValueError", "Cannot assign to %s", name)
					}
					scope := f.vars
					if scope == nil {
						scope = f.ctx
					}
					scope.Set(name, v)
					return nil
				},
			}, nil
		case n.Name == "#operator_." && len(n.Args) == 2:
			key, ok := n.Args[1].(*syntax.Keyword)
			if !ok {
				return nil, &yaql.Error{Class: yaql.ClassNoMatchingFunc, Msg: "No function \"#operator_.\" matches supplied arguments", Pos: -1, End: -1}
			}
			src, err := l.target(f, n.Args[0])
			if err != nil {
				return nil, err
			}
			return attribution(f, src, key.Value), nil
		case n.Name == "#indexer" && len(n.Args) == 2:
			src, err := l.target(f, n.Args[0])
			if err != nil {
				return nil, err
			}
			idx, err := f.runtime().Finalize(f.ctx, yaql.ExprArg(n.Args[1]))
			if err != nil {
				return nil, err
			}
			if !isPyInt(idx) {
				return attribution(f, src, idx), nil
			}
			return indexation(f, src, idx), nil
		case n.Name == "#operator_:" || n.Name == "#unary_operator_:" || (n.Name == "type" && n.Kind == syntax.FuncCall):
			v, err := f.runtime().Finalize(f.ctx, yaql.ExprArg(n))
			if err != nil {
				return nil, err
			}
			if s, ok := v.(value.String); ok && n.Name == "type" {
				c, err := f.findClass(string(s))
				if err != nil {
					return nil, err
				}
				v = c.Ref()
			}
			return &property{
				get: func() (value.Value, error) { return v, nil },
				set: func(value.Value) error { return l.invalid() },
			}, nil
		default:
			return nil, &yaql.Error{Class: yaql.ClassNoFunction, Msg: "Unknown function \"" + n.Name + "\"", Pos: -1, End: -1}
		}
	}
	return nil, l.invalid()
}

func constOf(e syntax.Expr) value.Value {
	switch n := e.(type) {
	case *syntax.Constant:
		return n.Value
	case *syntax.Keyword:
		return n.Value
	}
	return value.Null
}

func isPyInt(v value.Value) bool {
	switch v.(type) {
	case value.Int, value.BigInt, value.Bool:
		return true
	}
	return false
}

func attribution(f *frame, src *property, key value.Value) *property {
	name := value.Str(key)
	return &property{
		get: func() (value.Value, error) {
			s, err := src.get()
			if err != nil {
				return nil, err
			}
			switch x := s.(type) {
			case *value.Dict:
				if v, ok := x.Get(key); ok {
					return v, nil
				}
				return value.NewDict(0), nil
			case *Object:
				v, err := x.GetProperty(name, f.typ, f)
				if err != nil && isPyError(err, "UninitializedPropertyAccessError") {
					return value.NewDict(0), nil
				}
				return v, err
			case *TypeRef:
				return f.ex.getStatic(x.Class, name, f)
			}
			return nil, builtinError("ValueError", "attribution may only be applied to objects and dictionaries")
		},
		set: func(v value.Value) error {
			s, err := src.get()
			if err != nil {
				return err
			}
			switch x := s.(type) {
			case *value.Dict:
				d := x.Copy()
				if err := d.Set(key, v); err != nil {
					return err
				}
				return src.set(d)
			case *Object:
				return x.SetProperty(name, v, f, false)
			case *TypeRef:
				return f.ex.setStatic(x.Class, name, v, f, false)
			}
			return builtinError("ValueError", "attribution may only be applied to objects and dictionaries")
		},
	}
}

func indexation(f *frame, src *property, idx value.Value) *property {
	i := int64(0)
	switch x := idx.(type) {
	case value.Int:
		i = int64(x)
	case value.Bool:
		if x {
			i = 1
		}
	}
	return &property{
		get: func() (value.Value, error) {
			s, err := src.get()
			if err != nil {
				return nil, err
			}
			if l, ok := s.(*value.List); ok {
				j := i
				if j < 0 {
					j += int64(len(l.Items))
				}
				if j < 0 || j >= int64(len(l.Items)) {
					return nil, builtinError("IndexError", "tuple index out of range")
				}
				return l.Items[j], nil
			}
			return nil, builtinError("ValueError", "indexation may only be applied to lists")
		},
		set: func(v value.Value) error {
			s, err := src.get()
			if err != nil {
				return err
			}
			switch x := s.(type) {
			case *value.List:
				n := int64(len(x.Items))
				out := append([]value.Value(nil), x.Items[:pyClamp(i, n)]...)
				out = append(out, v)
				out = append(out, x.Items[pyClamp(i+1, n):]...)
				return src.set(value.NewTuple(out))
			case *value.Dict:
				return attribution(f, src, idx).set(v)
			}
			return nil
		},
	}
}

// pyClamp is the start/stop of a Python slice: negative indexes count
// from the end, out-of-range ones are clamped.
func pyClamp(i, n int64) int64 {
	if i < 0 {
		i += n
		if i < 0 {
			return 0
		}
	}
	if i > n {
		return n
	}
	return i
}

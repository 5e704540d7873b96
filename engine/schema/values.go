// This file converts the YAML data of class files (defaults, map keys)
// into values as the reference's loader makes them: not evaluated, an
// expression stays an expression.

package schema

import (
	"fmt"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// rawValue is a YAML node as data: scalars as they are, lists and maps
// of such values, expressions as [Expression].
func rawValue(n *decl.Node) (value.Value, error) {
	if n == nil {
		return value.Null, nil
	}
	switch n.Kind {
	case decl.Expr:
		return &Expression{Source: n.Expr.Source}, nil
	case decl.Date:
		t := n.Value.(value.DateTime).T
		return &pyObject{typ: "date", repr: fmt.Sprintf("datetime.date(%d, %d, %d)", t.Year(), t.Month(), t.Day())}, nil
	case decl.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			v, err := rawValue(it)
			if err != nil {
				return nil, err
			}
			items[i] = v
		}
		return value.NewPyList(items), nil
	case decl.Map:
		d := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			k, err := rawValue(e.Key)
			if err != nil {
				return nil, err
			}
			v, err := rawValue(e.Value)
			if err != nil {
				return nil, err
			}
			if err := d.Set(k, v); err != nil {
				return nil, err
			}
		}
		return d, nil
	}
	if n.Value == nil {
		return value.Null, nil
	}
	return n.Value, nil
}

// Expression is a YAQL expression kept as data (a Default that is an
// expression, which the reference passes on unevaluated). It encodes as
// the reference harness prints it: {"$pytype": "YaqlExpression",
// "$repr": "YAQL(<source>)"}.
type Expression struct{ Source string }

func (*Expression) Type() string { return "YaqlExpression" }

// Repr is the reference's repr of an expression.
func (x *Expression) Repr() string { return "YAQL(" + x.Source + ")" }

// JSON encodes the expression as the reference harness does.
func (x *Expression) JSON() (value.Value, error) { return reprJSON(x.Type(), x.Repr()), nil }

// pyObject is a Python value the project has no kind for (a date),
// known by its type and repr.
type pyObject struct{ typ, repr string }

func (o *pyObject) Type() string { return o.typ }

func (o *pyObject) Repr() string { return o.repr }

func (o *pyObject) JSON() (value.Value, error) { return reprJSON(o.typ, o.repr), nil }

func reprJSON(typ, repr string) value.Value {
	d := value.NewDict(2)
	d.SetString("$pytype", value.String(typ))
	d.SetString("$repr", value.String(repr))
	return d
}

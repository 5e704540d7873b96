// This file defines the expression tree.

package syntax

import (
	"strings"

	"murano.dev/playground/engine/value"
)

// Expr is a node of the expression tree.
type Expr interface {
	// Span returns the offsets of the node's first character and of the
	// character after its last one.
	Span() (start, end int)
	// String prints the node in the reference's notation: operators as
	// the function calls they stand for.
	String() string
	exprNode()
}

// Constant is a literal: a number, a quoted string, true, false or null.
type Constant struct {
	Value      value.Value
	Start, End int
}

// Keyword is a bare word such as abc in $.abc or f(abc => 1). It evaluates
// to the string itself, but some functions accept only keywords.
type Keyword struct {
	Name       string
	Value      value.String // the word as a string value
	Start, End int
}

// CallKind tells what syntax produced a [Call].
type CallKind uint8

// The kinds of calls.
const (
	FuncCall  CallKind = iota // name(args)
	BinaryOp                  // a + b
	UnaryOp                   // -a
	Index                     // a[b]
	ListLit                   // [a, b]
	MapLit                    // {a => b}
	Variable                  // $name
	ValueCall                 // value(args), with delegates allowed
)

// Call calls the function Name. Operators, indexers, literals and
// variables are calls too: a + b is #operator_+(a, b), $x is
// #get_context_data('$x'). Args may hold nil for a skipped positional
// argument, as in f(1,,3).
type Call struct {
	Name       string
	Args       []Expr
	Kind       CallKind
	Start, End int
	NameStart  int // where the function name or operator symbol starts
	NameEnd    int
}

// UsesReceiver reports whether the call can be the right side of the
// method operator: only a plain function call name(args) can.
func (c *Call) UsesReceiver() bool { return c.Kind == FuncCall }

// Wrap is an expression in parentheses.
type Wrap struct {
	X          Expr
	Start, End int
}

// MappingRule is a "key => value" pair inside an argument list or a
// dictionary literal.
type MappingRule struct {
	Key, Value Expr
}

func (c *Constant) Span() (int, int)    { return c.Start, c.End }
func (k *Keyword) Span() (int, int)     { return k.Start, k.End }
func (c *Call) Span() (int, int)        { return c.Start, c.End }
func (w *Wrap) Span() (int, int)        { return w.Start, w.End }
func (m *MappingRule) Span() (int, int) { s, _ := m.Key.Span(); _, e := m.Value.Span(); return s, e }

func (*Constant) exprNode()    {}
func (*Keyword) exprNode()     {}
func (*Call) exprNode()        {}
func (*Wrap) exprNode()        {}
func (*MappingRule) exprNode() {}

func (c *Constant) String() string {
	if s, ok := c.Value.(value.String); ok {
		return "'" + string(s) + "'"
	}
	return value.Repr(c.Value)
}

func (k *Keyword) String() string { return k.Name }

func (c *Call) String() string {
	if c.Kind == Variable {
		return c.Args[0].(*Constant).Value.(value.String).String()
	}
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		if a == nil {
			parts[i] = "<NoValue>"
		} else {
			parts[i] = a.String()
		}
	}
	return c.Name + "(" + strings.Join(parts, ", ") + ")"
}

func (w *Wrap) String() string { return w.X.String() }

func (m *MappingRule) String() string { return m.Key.String() + " => " + m.Value.String() }

// This file defines the data tree decoded from YAML.

package pyyaml

import (
	"strconv"
	"strings"

	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/syntax"
)

// Kind is the kind of a [Node].
type Kind uint8

// The kinds of nodes. Scalars carry a [value.Value]; Date and Timestamp
// carry a [value.DateTime] (midnight UTC for a date; a timestamp without
// a time zone is taken as UTC).
const (
	Null      Kind = iota
	Bool           // true/false, yes/no, on/off
	Int            // value.Int or value.BigInt
	Float          // value.Float
	String         // value.String
	Date           // 2001-12-14 (Python datetime.date)
	Timestamp      // 2001-12-14 21:59:43.10 -5 (Python datetime.datetime)
	Expr           // an expression of the dialect (see [Expressions])
	List           // a sequence
	Map            // a mapping
)

var kindNames = [...]string{"null", "bool", "int", "float", "string", "date", "timestamp", "expression", "list", "map"}

// String returns the kind's name ("null", "expression", ...).
func (k Kind) String() string { return kindNames[k] }

// Node is a YAML value as PyYAML constructs it, with its position.
// Nodes are shared where YAML aliases share them, and must not be
// modified.
type Node struct {
	Kind    Kind
	Span    source.Span
	Value   value.Value // scalars (nil for Expr, List and Map)
	Expr    *Expression // Kind == Expr
	Items   []*Node     // Kind == List
	Entries []Entry     // Kind == Map, in the order of the keys' first appearance
}

// Entry is a key and its value in a map. Keys are nodes too: in
// MuranoPL, a plain key such as $.x is an expression.
type Entry struct{ Key, Value *Node }

// Expression is a YAQL expression embedded in a YAML scalar.
type Expression struct {
	Source   string      // the scalar's value: the expression's text
	Tree     syntax.Expr // the parsed expression
	Embedded source.Embedded
	// Start is where the scalar starts in the file, its tag included
	// (the reference reports expressions there).
	Start source.Pos
}

// Pos returns the file position of the character at rune offset off of
// the expression's text, for reporting YAQL errors.
func (x *Expression) Pos(off int) source.Pos { return x.Embedded.At(off) }

// Get returns the value of the string key in a map node, or nil when the
// node is not a map or has no such key (Python's dict.get with a str key).
func (n *Node) Get(key string) *Node {
	e := n.Lookup(key)
	if e == nil {
		return nil
	}
	return e.Value
}

// Has reports whether a map node has the string key.
func (n *Node) Has(key string) bool { return n.Lookup(key) != nil }

// Lookup returns the entry of the string key in a map node, or nil.
func (n *Node) Lookup(key string) *Entry {
	if n == nil || n.Kind != Map {
		return nil
	}
	for i, e := range n.Entries {
		if e.Key.Kind == String && string(e.Key.Value.(value.String)) == key {
			return &n.Entries[i]
		}
	}
	return nil
}

// Truthy reports Python's truth value of the node: null, false, zero,
// and empty strings, lists and maps are false.
func (n *Node) Truthy() bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case Expr, Date, Timestamp:
		return true
	case List:
		return len(n.Items) > 0
	case Map:
		return len(n.Entries) > 0
	}
	return value.Truth(n.Value)
}

// Text returns Python's str() of the node: a string as it is, the source
// of an expression, None/True/False, numbers as Python prints them, and
// lists and maps as their repr.
func (n *Node) Text() string {
	if n == nil {
		return "None"
	}
	switch n.Kind {
	case String:
		return string(n.Value.(value.String))
	case Expr:
		return n.Expr.Source
	case Date:
		return n.Value.(value.DateTime).T.Format("2006-01-02")
	case Timestamp:
		return value.Str(n.Value)
	}
	return n.Repr()
}

// Repr returns Python's repr() of the node, for messages.
func (n *Node) Repr() string {
	var b strings.Builder
	n.writeRepr(&b)
	return b.String()
}

func (n *Node) writeRepr(b *strings.Builder) {
	if n == nil {
		b.WriteString("None")
		return
	}
	switch n.Kind {
	case Expr:
		b.WriteString("YAQL(" + n.Expr.Source + ")")
	case Date:
		t := n.Value.(value.DateTime).T
		b.WriteString("datetime.date(" + strconv.Itoa(t.Year()) + ", " + strconv.Itoa(int(t.Month())) + ", " + strconv.Itoa(t.Day()) + ")")
	case List:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.writeRepr(b)
		}
		b.WriteByte(']')
	case Map:
		b.WriteByte('{')
		for i, e := range n.Entries {
			if i > 0 {
				b.WriteString(", ")
			}
			e.Key.writeRepr(b)
			b.WriteString(": ")
			e.Value.writeRepr(b)
		}
		b.WriteByte('}')
	default:
		b.WriteString(value.Repr(n.Value))
	}
}

// PyType returns the name of the Python type PyYAML makes of the node
// as Python's messages name it ("str", "list", "dict", "datetime.date",
// "YaqlExpression" ...).
func (n *Node) PyType() string {
	if n == nil {
		return "NoneType"
	}
	switch n.Kind {
	case Null:
		return "NoneType"
	case Date:
		return "datetime.date"
	case Timestamp:
		return "datetime.datetime"
	case Expr:
		return "YaqlExpression"
	case List:
		return "list"
	case Map:
		return "dict"
	}
	return n.Value.Type()
}

// Hashable reports whether the node can be a Python dict key or set
// member: lists and maps cannot.
func (n *Node) Hashable() bool { return n == nil || (n.Kind != List && n.Kind != Map) }

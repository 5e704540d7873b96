// This file defines the data tree decoded from YAML: PyYAML's, from
// engine/internal/pyyaml, under the names the engine and the forms use.

package decl

import "murano.dev/playground/engine/internal/pyyaml"

type (
	// Kind is the kind of a [Node].
	Kind = pyyaml.Kind
	// Node is a YAML value as the reference's loader constructs it, with
	// its position. Nodes are shared where YAML aliases share them, and
	// must not be modified.
	Node = pyyaml.Node
	// Entry is a key and its value in a map. Keys are nodes too: a plain
	// key such as $.x is an expression.
	Entry = pyyaml.Entry
	// Expression is a YAQL expression embedded in a YAML scalar.
	Expression = pyyaml.Expression
)

// The kinds of nodes. Scalars carry a [value.Value]; Date and Timestamp
// carry a [value.DateTime] (midnight UTC for a date; a timestamp without
// a time zone is taken as UTC).
const (
	Null      = pyyaml.Null
	Bool      = pyyaml.Bool      // true/false, yes/no, on/off
	Int       = pyyaml.Int       // value.Int or value.BigInt
	Float     = pyyaml.Float     // value.Float
	String    = pyyaml.String    // value.String
	Date      = pyyaml.Date      // 2001-12-14 (Python datetime.date)
	Timestamp = pyyaml.Timestamp // 2001-12-14 21:59:43.10 -5 (Python datetime.datetime)
	Expr      = pyyaml.Expr      // a YAQL expression
	List      = pyyaml.List      // a sequence
	Map       = pyyaml.Map       // a mapping
)

// Limits on what a YAML file may contain (see engine/internal/pyyaml).
const (
	MaxFileSize = pyyaml.MaxFileSize // bytes
	MaxNodes    = pyyaml.MaxNodes    // nodes after expanding aliases
	MaxDepth    = pyyaml.MaxDepth    // nesting of lists and maps
)

// pyType is the name of the Python type murano's loader makes of a node,
// as its messages give it: maps are MuranoPlDict.
func pyType(n *Node) string {
	if n != nil && n.Kind == Map {
		return "MuranoPlDict"
	}
	return n.PyType()
}

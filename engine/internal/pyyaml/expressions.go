// This file defines the hook through which a YAML dialect embeds
// expressions in scalars.

package pyyaml

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/yaql/syntax"
)

// Expressions is the hook of a dialect that embeds YAQL expressions in
// YAML scalars: MuranoPL's class files (the !yaql tag and the implicit
// YAQL resolver) and the dashboard's UI definitions. The rules stay with
// their users; the decoder asks them about each string and records the
// expressions they make with their positions (see [Expression]).
type Expressions interface {
	// Tag is the local tag that makes a scalar an expression ("!yaql").
	Tag() string
	// Implicit decides a plain scalar that PyYAML resolves to a string:
	// it returns the parsed expression the string stands for, or nil when
	// it stays a string. An error fails the node.
	Implicit(s string) (syntax.Expr, *Error)
	// Explicit parses the text of a scalar with the tag. emb locates the
	// text in the file and span is the scalar's, for placing an error.
	Explicit(s string, emb source.Embedded, span source.Span) (syntax.Expr, *diag.Error)
}

// This file defines the errors of class loading.

package decl

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
)

// PyError is an error as the reference raises it: the Python exception
// class and its message. Decoding errors carry one as their cause
// ([diag.Error.Err]) so that callers can report the reference's exception
// name. The playground's own limits, which the reference does not have,
// fail with the class LoadError.
type PyError = pyyaml.Error

// newError builds a diagnostic whose cause is the reference's error.
func newError(kind diag.Kind, span source.Span, path string, err *PyError) *diag.Error {
	return pyyaml.NewError(kind, span, path, err)
}

// spanOf returns the node's span, or the fallback when the node is absent.
func spanOf(n *Node, fallback source.Span) source.Span {
	if n == nil {
		return fallback
	}
	return n.Span
}

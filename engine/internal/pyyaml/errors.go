// This file defines the errors of decoding.

package pyyaml

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
)

// Error is an error as the reference raises it: the Python exception
// class and its message. Decoding errors carry one as their cause
// ([diag.Error.Err]) so that callers can report the reference's
// exception name. The limits PyYAML does not have fail with the class
// LoadError.
type Error struct {
	Class string // e.g. "ConstructorError", "ValueError", "KeyError"
	Msg   string
}

func (e *Error) Error() string { return e.Class + ": " + e.Msg }

// NewError builds a diagnostic whose cause is the reference's error.
func NewError(kind diag.Kind, span source.Span, path string, err *Error) *diag.Error {
	return &diag.Error{Kind: kind, Pos: span, Path: path, Msg: err.Error(), Err: err}
}

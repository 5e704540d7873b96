// This file defines the errors the dashboard raises instead of showing a
// form.

package dynui

import (
	"fmt"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
)

// Error is a failure of the dashboard's own code: the Python exception
// class and message it raises (ValueError, TypeError, KeyError, a YAQL
// exception …) and where in ui.yaml the cause was written.
type Error struct {
	Type    string
	Message string
	Pos     source.Span
}

func (e *Error) Error() string {
	msg := e.Type + ": " + e.Message
	if e.Pos.Start.IsValid() {
		return e.Pos.Start.String() + ": " + msg
	}
	return msg
}

func errorf(at source.Span, typ, format string, args ...any) *Error {
	return &Error{Type: typ, Message: fmt.Sprintf(format, args...), Pos: at}
}

// Diagnostic returns the error as the engine's diagnostics are reported
// (diag.Format and diag.JSON render it with the offending line).
func (e *Error) Diagnostic() *diag.Error {
	return &diag.Error{Kind: diag.Load, Pos: e.Pos, Msg: e.Type + ": " + e.Message, Err: e}
}

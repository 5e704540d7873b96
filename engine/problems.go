// This file defines the errors of the facade that are placed in a file.

package engine

import (
	"errors"

	"murano.dev/playground/engine/diag"
)

// Problem is an error placed in a file: File is relative to the package
// root, Line and Col are 1-based (0 when unknown), EndLine and EndCol end
// the span when it is longer than one point (else 0), and Kind says what
// failed ("syntax", "load", "contract", …).
type Problem struct {
	Kind            string
	File            string
	Line, Col       int
	EndLine, EndCol int
	Message         string
}

// Problems returns the errors with a place that err holds (a list of
// them, or one); nil when it holds none.
func Problems(err error) []Problem {
	var out []Problem
	for _, e := range diagErrors(err) {
		p := Problem{Kind: e.Kind.String(), File: e.Pos.Start.File, Line: e.Pos.Start.Line, Col: e.Pos.Start.Col, Message: e.Msg}
		if e.Pos.End.IsValid() && e.Pos.End != e.Pos.Start {
			p.EndLine, p.EndCol = e.Pos.End.Line, e.Pos.End.Col
		}
		out = append(out, p)
	}
	return out
}

// diagErrors returns the errors of a diag.List, or the one diag.Error,
// inside err.
func diagErrors(err error) diag.List {
	var list diag.List
	if errors.As(err, &list) {
		return list
	}
	var one *diag.Error
	if errors.As(err, &one) {
		return diag.List{one}
	}
	return nil
}

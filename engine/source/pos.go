// Package source locates things in source files: positions and spans,
// the text of a file with its lines, and the mapping of offsets inside an
// expression that was embedded in a YAML scalar back to the file.
//
// Lines and columns are 1-based and count characters (runes), as YAML
// parsers report them; the zero value of a field means "unknown".
//
// The package knows nothing about YAML libraries: whoever decodes YAML
// copies the line and column of each node into a [Pos] and describes
// embedded scalars with an [Embedded].
package source

import (
	"fmt"
	"strconv"
)

// Pos is a position in a source file. Line and Col are 1-based; zero
// means unknown.
type Pos struct {
	File      string
	Line, Col int
}

// IsValid reports whether the position has a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String renders the position as "file:line:col", leaving out what is
// unknown ("file:line", "file", "line:col", or "-" for nothing).
func (p Pos) String() string {
	s := p.File
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += strconv.Itoa(p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Before reports whether p comes before q in the same file.
func (p Pos) Before(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Span is a range of source text: Start is the first character and End
// the position just after the last one. End may be unknown (zero).
type Span struct{ Start, End Pos }

// At returns the span holding just the position p.
func At(p Pos) Span { return Span{Start: p, End: p} }

// String renders the start of the span.
func (s Span) String() string { return s.Start.String() }

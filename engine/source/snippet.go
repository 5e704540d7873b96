// This file renders source snippets for error messages.

package source

import "strings"

// Snippet renders the line where sp starts and a caret line under the
// span, each prefixed with " | ":
//
//	| Contract: $.string(
//	| ...................^
//
// Dots stand for the characters before the span (tabs stay tabs, so the
// carets line up); the carets cover the span up to the end of its first
// line, and at least one character. Snippet returns "" when the line is
// unknown.
func (f *File) Snippet(sp Span) string { return f.snippet(sp, '.') }

// Caret is [File.Snippet] with blanks instead of dots before the span, for
// a short text such as an expression on a terminal:
//
//	| $.foo(
//	|       ^
func (f *File) Caret(sp Span) string { return f.snippet(sp, ' ') }

func (f *File) snippet(sp Span, fill byte) string {
	if !sp.Start.IsValid() || sp.Start.Line > f.LineCount() {
		return ""
	}
	line := []rune(f.Line(sp.Start.Line))
	col := max(sp.Start.Col, 1)
	var pad strings.Builder
	for i := 0; i < col-1; i++ {
		if i < len(line) && line[i] == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(fill)
		}
	}
	width := 1
	switch {
	case sp.End.Line == sp.Start.Line && sp.End.Col > col:
		width = sp.End.Col - col
	case sp.End.Line > sp.Start.Line:
		width = len(line) - (col - 1)
	}
	width = max(1, min(width, len(line)-(col-1)))
	return " | " + string(line) + "\n | " + pad.String() + strings.Repeat("^", width)
}

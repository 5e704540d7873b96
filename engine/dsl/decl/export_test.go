package decl

import "testing"

// CheckExpressionPositions is checkExpressionPositions for the external
// tests (corpus_test.go reads the core library through package pkg,
// which imports this one).
var CheckExpressionPositions = checkExpressionPositions

// checkExpressionPositions checks that every character of every
// expression maps to the same character in the file (or to the escape
// that wrote it), and that spans do not end before they start.
func checkExpressionPositions(t *testing.T, f *File) {
	seen := map[*Node]bool{}
	for _, doc := range f.Docs {
		walk(doc, seen, func(n *Node) {
			if n.Span.End.IsValid() && n.Span.End.Before(n.Span.Start) {
				t.Errorf("%s: span %v ends before it starts", f.Name, n.Span)
			}
			if n.Kind != Expr {
				return
			}
			for i, r := range []rune(n.Expr.Source) {
				if r == ' ' || r == '\n' {
					continue
				}
				p := n.Expr.Pos(i)
				line := []rune(f.Source.Line(p.Line))
				if p.Col < 1 || p.Col > len(line) {
					t.Errorf("%s: %q[%d] at %v, outside its line", f.Name, n.Expr.Source, i, p)
					return
				}
				if got := line[p.Col-1]; got != r && got != '\\' && got != '\'' {
					t.Errorf("%s: %q[%d] = %q at %v, where the file has %q", f.Name, n.Expr.Source, i, r, p, got)
					return
				}
			}
		})
	}
}

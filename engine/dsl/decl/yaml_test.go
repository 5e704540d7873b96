package decl

import (
	"fmt"
	"strings"
	"testing"

	"murano.dev/playground/engine/diag"
)

// The messages are the reference loader's (PyYAML's SafeLoader with the
// !yaql constructor), checked by loading each text with murano's
// yaql_yaml_loader; the positions are PyYAML's marks where it gives one.
func TestLoadErrors(t *testing.T) {
	tests := []struct {
		src       string
		line, col int
		kind      diag.Kind
		msg       string
	}{
		{"a: !yaql \"foo(\"\n", 1, 16, diag.Syntax, "YaqlGrammarException: Parse error: unexpected end of statement"},
		{"a: !yaql |\n  $x +\n  ) 1\n", 3, 3, diag.Syntax, "YaqlGrammarException: Parse error: unexpected ')' at position 5 of expression '$x +\n) 1\n'"},
		{"a: !yaql [x]\n", 1, 4, diag.Load, "ConstructorError: expected a scalar node, but found sequence"},
		{"a: foo(\"\\N{foo}\")\n", 1, 4, diag.Load, "UnicodeDecodeError: 'unicodeescape' codec can't decode bytes in position 0-6: unknown Unicode character name"},
		// Deviations: the recursion is caught before Python's stack
		// overflows, and the YAML library's own syntax messages.
	}
	for _, tt := range tests {
		_, errs := DecodeFile("f.yaml", []byte(tt.src), V1_0)
		if len(errs) == 0 {
			t.Errorf("%q: no error, want %s", tt.src, tt.msg)
			continue
		}
		e := errs[0]
		if e.Msg != tt.msg && !strings.HasPrefix(e.Msg, tt.msg+" (") {
			t.Errorf("%q: error %q, want %q", tt.src, e.Msg, tt.msg)
		}
		if e.Kind != tt.kind || e.Pos.Start.Line != tt.line || e.Pos.Start.Col != tt.col {
			t.Errorf("%q: %s error at %d:%d, want %s at %d:%d", tt.src, e.Kind, e.Pos.Start.Line, e.Pos.Start.Col, tt.kind, tt.line, tt.col)
		}
		if pe, ok := e.Err.(*PyError); ok && pe.Error() != tt.msg {
			t.Errorf("%q: cause %q, want %q", tt.src, pe.Error(), tt.msg)
		}
	}
}

// Expression nodes map offsets in their text to the file: the character
// at each offset is the one written there.
func TestExpressionPositions(t *testing.T) {
	src := "a: $.f(1,\n    $x)\nb: !yaql \"$.g('\\x41', $y)\"\nc: !yaql |\n  $.h(\n    $z)\nd: !yaql '$.f(''s'', $w)'\n"
	f, errs := DecodeFile("f.yaml", []byte(src), V1_0)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := map[string]string{"a": "1:4 2:5", "b": "3:11 3:23", "c": "5:3 6:5", "d": "7:11 7:22"}
	for _, e := range f.Docs[0].Entries {
		x := e.Value.Expr
		if x == nil {
			t.Fatalf("%s: not an expression", e.Key.Text())
		}
		dollars := []string{}
		for i, r := range []rune(x.Source) {
			if r == '$' {
				p := x.Pos(i)
				dollars = append(dollars, fmt.Sprintf("%d:%d", p.Line, p.Col))
			}
		}
		if got := strings.Join(dollars, " "); got != want[e.Key.Text()] {
			t.Errorf("%s: $ at %s, want %s", e.Key.Text(), got, want[e.Key.Text()])
		}
	}
}

// Expressions print as the reference's YaqlExpression and maps are
// murano's MuranoPlDict (the other values: engine/internal/pyyaml).
func TestNodeText(t *testing.T) {
	f, _ := DecodeFile("f.yaml", []byte("[[a, {b: $x}]]"), V1_0)
	n := f.Docs[0].Items[0]
	if want := "['a', {'b': YAQL($x)}]"; n.Text() != want || n.Repr() != want {
		t.Errorf("Text, Repr = %s, %s, want %s", n.Text(), n.Repr(), want)
	}
	if got := pyType(n.Items[1]) + " " + pyType(n.Items[1].Get("b")); got != "MuranoPlDict YaqlExpression" {
		t.Errorf("types %s, want MuranoPlDict YaqlExpression", got)
	}
}

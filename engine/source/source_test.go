package source

import (
	"strings"
	"testing"
)

func TestPosString(t *testing.T) {
	tests := []struct {
		pos  Pos
		want string
	}{
		{Pos{File: "a.yaml", Line: 3, Col: 7}, "a.yaml:3:7"},
		{Pos{File: "a.yaml", Line: 3}, "a.yaml:3"},
		{Pos{File: "a.yaml"}, "a.yaml"},
		{Pos{Line: 2, Col: 1}, "2:1"},
		{Pos{}, "-"},
	}
	for _, tt := range tests {
		if got := tt.pos.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

func TestFileLines(t *testing.T) {
	f := NewFile("f", "\uFEFFab\r\ncé\rd\u2028e\n")
	lines := []string{"ab", "cé", "d", "e", ""}
	if f.LineCount() != len(lines) {
		t.Fatalf("LineCount = %d, want %d", f.LineCount(), len(lines))
	}
	for i, want := range lines {
		if got := f.Line(i + 1); got != want {
			t.Errorf("Line(%d) = %q, want %q", i+1, got, want)
		}
	}
	for _, tt := range []struct {
		pos Pos
		off int
	}{
		{Pos{Line: 1, Col: 1}, 3},
		{Pos{Line: 2, Col: 3}, 10}, // after the two-byte é
		{Pos{Line: 2, Col: 9}, 10}, // clamped to the end of the line
		{Pos{Line: 4, Col: 1}, 15},
		{Pos{Line: 9, Col: 1}, 17},
	} {
		if got := f.Offset(tt.pos); got != tt.off {
			t.Errorf("Offset(%v) = %d, want %d", tt.pos, got, tt.off)
		}
	}
	if got, want := f.Pos(10), (Pos{File: "f", Line: 2, Col: 3}); got != want {
		t.Errorf("Pos(10) = %v, want %v", got, want)
	}
}

func TestSnippet(t *testing.T) {
	f := NewFile("f", "a: 1\n\tContract: $.string(\nz")
	tests := []struct {
		span  Span
		want  string
		caret bool // Caret instead of Snippet
	}{
		{At(Pos{Line: 2, Col: 12}), " | \tContract: $.string(\n | \t..........^", false},
		{Span{Pos{Line: 2, Col: 12}, Pos{Line: 2, Col: 16}}, " | \tContract: $.string(\n | \t..........^^^^", false},
		{Span{Pos{Line: 2, Col: 12}, Pos{Line: 2, Col: 40}}, " | \tContract: $.string(\n | \t..........^^^^^^^^^", false},
		{Span{Pos{Line: 2, Col: 12}, Pos{Line: 3, Col: 2}}, " | \tContract: $.string(\n | \t..........^^^^^^^^^", false},
		{At(Pos{Line: 3, Col: 5}), " | z\n | ....^", false},
		{At(Pos{Line: 7, Col: 1}), "", false},
		{Span{Pos{Line: 2, Col: 12}, Pos{Line: 2, Col: 16}}, " | \tContract: $.string(\n | \t          ^^^^", true},
		{At(Pos{Line: 3, Col: 2}), " | z\n |  ^", true},
		{At(Pos{Line: 7, Col: 1}), "", true},
	}
	for _, tt := range tests {
		render, name := f.Snippet, "Snippet"
		if tt.caret {
			render, name = f.Caret, "Caret"
		}
		if got := render(tt.span); got != tt.want {
			t.Errorf("%s(%v) =\n%s\nwant\n%s", name, tt.span, got, tt.want)
		}
	}
}

// The scalars are written as a value of "k: " (so they start at column 4
// of line 1); their values are what PyYAML's safe_load gives for them.
func TestEmbedded(t *testing.T) {
	type at struct {
		off       int
		line, col int
	}
	tests := []struct {
		name  string
		style Style
		text  string // from the scalar's first character to the end of the file
		value string
		raw   string
		at    []at
		end   [2]int
	}{
		{"plain", Plain, "$.f($x)\nb: 1\n", "$.f($x)", "$.f($x)",
			[]at{{0, 1, 4}, {4, 1, 8}, {7, 1, 11}}, [2]int{1, 11}},
		{"plain folded", Plain, "a b\n    c d\n", "a b c d", "a b\n    c d",
			[]at{{2, 1, 6}, {3, 1, 7}, {4, 2, 5}, {6, 2, 7}}, [2]int{2, 8}},
		{"plain empty line", Plain, "a\n\n  b", "a\nb", "a\n\n  b",
			[]at{{1, 2, 1}, {2, 3, 3}}, [2]int{3, 4}},
		{"single quoted", SingleQuoted, "'it''s $x' # c", "it's $x", "'it''s $x'",
			[]at{{0, 1, 5}, {2, 1, 7}, {3, 1, 9}, {6, 1, 12}}, [2]int{1, 14}},
		{"double quoted", DoubleQuoted, `"a\tb\x41c"`, "a\tbAc", `"a\tb\x41c"`,
			[]at{{0, 1, 5}, {1, 1, 6}, {2, 1, 8}, {3, 1, 9}, {4, 1, 13}}, [2]int{1, 15}},
		{"escaped break", DoubleQuoted, "\"x\\\n   y\"\n", "xy", "\"x\\\n   y\"",
			[]at{{0, 1, 5}, {1, 2, 4}}, [2]int{2, 6}},
		{"blanks before break", DoubleQuoted, "\"a  \n  \n b\"", "a\nb", "\"a  \n  \n b\"",
			[]at{{1, 2, 3}, {2, 3, 2}}, [2]int{3, 4}},
		{"literal", Literal, "|\n  line1 $x\n  line2\nb: 1\n", "line1 $x\nline2\n", "|\n  line1 $x\n  line2\n",
			[]at{{0, 2, 3}, {6, 2, 9}, {8, 2, 11}, {9, 3, 3}}, [2]int{3, 8}},
		{"folded strip", Folded, ">-\n   x\n   y\n", "x y", ">-\n   x\n   y",
			[]at{{0, 2, 4}, {1, 2, 5}, {2, 3, 4}}, [2]int{3, 5}},
		{"folded more indented", Folded, ">\n a\n  b\n c\n\n d\n", "a\n b\nc\nd\n", ">\n a\n  b\n c\n\n d\n",
			[]at{{2, 3, 2}, {3, 3, 3}, {5, 4, 2}, {7, 6, 2}}, [2]int{6, 3}},
		{"folded leading empty line", Folded, ">\n\n  a\n", "\na\n", ">\n\n  a\n",
			[]at{{0, 2, 1}, {1, 3, 3}}, [2]int{3, 4}},
		{"explicit indentation", Literal, "|2\n    x\n   y\n", "  x\n y\n", "|2\n    x\n   y\n",
			[]at{{0, 2, 3}, {2, 2, 5}, {4, 3, 3}, {5, 3, 4}}, [2]int{3, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := NewEmbedded(Pos{File: "f", Line: 1, Col: 4}, tt.style, tt.text, tt.value, 0)
			if e.Raw != tt.raw {
				t.Errorf("Raw = %q, want %q", e.Raw, tt.raw)
			}
			for _, a := range tt.at {
				want := Pos{File: "f", Line: a.line, Col: a.col}
				if got := e.At(a.off); got != want {
					t.Errorf("At(%d) = %v, want %v", a.off, got, want)
				}
			}
			if got, want := e.End(), (Pos{File: "f", Line: tt.end[0], Col: tt.end[1]}); got != want {
				t.Errorf("End() = %v, want %v", got, want)
			}
			if got := e.At(len([]rune(tt.value)) + 5); got != e.End() {
				t.Errorf("At past the end = %v, want End() %v", got, e.End())
			}
		})
	}
}

// Raw stays within the text whatever the value claims.
func TestEmbeddedMismatch(t *testing.T) {
	for _, style := range []Style{Plain, SingleQuoted, DoubleQuoted, Literal, Folded} {
		for _, text := range []string{"", "'", "\"\\", "|", ">\n", "|9\n x", "a\n"} {
			e := NewEmbedded(Pos{Line: 1, Col: 1}, style, text, strings.Repeat("x", 10), -1)
			if !strings.HasPrefix(text, e.Raw) {
				t.Errorf("style %d, text %q: Raw %q is not a prefix", style, text, e.Raw)
			}
			e.At(3)
			e.End()
		}
	}
}

func TestRunePos(t *testing.T) {
	f := NewFile("expression", "$.a +\n  ñ.b")
	for _, tt := range []struct {
		n    int
		want Pos
	}{
		{-1, Pos{"expression", 1, 1}}, {0, Pos{"expression", 1, 1}}, {4, Pos{"expression", 1, 5}},
		{6, Pos{"expression", 2, 1}}, {9, Pos{"expression", 2, 4}}, {11, Pos{"expression", 2, 6}}, {99, Pos{"expression", 2, 6}},
	} {
		if got := f.RunePos(tt.n); got != tt.want {
			t.Errorf("RunePos(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

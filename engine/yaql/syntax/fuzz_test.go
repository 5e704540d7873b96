package syntax

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that the parser never panics, that every failure is a
// positioned *Error inside the expression, and that the printed tree of a
// successful parse is stable.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"$.where($ > 1).select({a => $, b => [1, 2.5, 'x']})", "f(1,,3, a => `v`)", "not -$x[0] in [1] and $y or z -> $", "'\\u0041\\N{DIGIT ONE}'", "ns:Name.f(:T)", "a => b => c", "$f(1)(2)", "((((1))))", "1 +", "'unterminated"} {
		f.Add(s, uint8(0))
	}
	dialects := []Dialect{{}, {Legacy: true}, {Murano: true}, {AllowDelegates: true}, {Legacy: true, AllowDelegates: true}}
	f.Fuzz(func(t *testing.T, src string, d uint8) {
		p := NewParser(dialects[int(d)%len(dialects)])
		e, err := p.Parse(src)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q): error %T is not *Error", src, err)
			}
			if n := utf8.RuneCountInString(src); se.Pos < 0 || se.Pos > n {
				t.Fatalf("Parse(%q): error position %d outside 0..%d", src, se.Pos, n)
			}
			return
		}
		e2, err := p.Parse(src)
		if err != nil || e.String() != e2.String() {
			t.Fatalf("Parse(%q) is not deterministic", src)
		}
	})
}

package pyre

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
)

// The expected values are Python 3.11's re module on the same patterns
// and subjects (re.compile, repr, search().span(), finditer, split, sub,
// escape).

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{"a{2,1}", "error: min repeat greater than max repeat at position 2"},
		{"(", "error: missing ), unterminated subpattern at position 0"},
		{"[a", "error: unterminated character set at position 0"},
		{`\q`, `error: bad escape \q at position 0`},
		{"(?P<1>a)", "error: bad character in group name '1' at position 4"},
		{"a\n(", "error: missing ), unterminated subpattern at position 2 (line 2, column 1)"},
		{"(?i)a(?m)b", "error: global flags not at the start of the expression at position 5"},
		{"x**", "error: multiple repeat at position 2"},
		{"(?=a)", "NotImplementedError: a lookahead assertion (?=...) (at position 0) is not supported: regular expressions run on Go's RE2 engine"},
	} {
		_, err := Compile(tc.pattern, 0)
		var ex *value.Exception
		if !errors.As(err, &ex) || err.Error() != tc.want {
			t.Errorf("Compile(%q) = %v, want %s", tc.pattern, err, tc.want)
		}
	}
}

func TestRepr(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		flags   int
		want    string
	}{
		{"a", IgnoreCase, "re.compile('a', re.IGNORECASE)"},
		{"a'b", 0, `re.compile("a'b")`},
		{"x", IgnoreCase | MultiLine | DotAll, "re.compile('x', re.IGNORECASE|re.MULTILINE|re.DOTALL)"},
		{"a", ASCII, "re.compile('a', re.ASCII)"},
	} {
		r, err := Compile(tc.pattern, tc.flags)
		if err != nil || r.Repr() != tc.want {
			t.Errorf("repr(re.compile(%q, %d)) = %v, %v, want %s", tc.pattern, tc.flags, r.Repr(), err, tc.want)
		}
	}
}

// spans lists the code point spans of every match in s, as finditer.
func spans(t *testing.T, pattern, s string) string {
	t.Helper()
	r, err := Compile(pattern, 0)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := r.Subject(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := r.Scan(sub)
	for {
		m, err := sc.Next()
		if err != nil {
			t.Fatal(err)
		}
		if m == nil {
			return strings.Join(out, " ")
		}
		out = append(out, fmt.Sprintf("%d-%d", sub.Pos(m[0]), sub.Pos(m[1])))
	}
}

func TestMatches(t *testing.T) {
	for _, tc := range []struct{ pattern, s, want string }{
		{"b", "éb", "1-2"},
		{"x*", "axb", "0-0 1-2 2-2 3-3"},
		{`\d+`, "x٣4y", "1-3"},
		{`\w+`, "é_1!", "0-3"},
		{`(?a)\w+`, "é_1!", "1-3"},
		{`[^\W\d]+`, "é1a", "0-1 2-3"},
		{"a$", "a\n", "0-1"},
		{"(?m)^b", "a\nb", "2-3"},
	} {
		if got := spans(t, tc.pattern, tc.s); got != tc.want {
			t.Errorf("finditer(%q, %q) spans %s, want %s", tc.pattern, tc.s, got, tc.want)
		}
	}
}

func TestReplacement(t *testing.T) {
	for _, tc := range []struct{ pattern, repl, s, want string }{
		{"(a)", `\1\1`, "ab", "aab"},
		{"(?P<n>a)", `[\g<n>\g<0>\101]`, "ab", "[aaA]b"},
		{"(a)", `\g<2>`, "a", "error: invalid group reference 2 at position 3"},
		{"(a)", `\9`, "a", "error: invalid group reference 9 at position 1"},
		{"(a)", `\q`, "a", `error: bad escape \q at position 0`},
	} {
		r, err := Compile(tc.pattern, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		tmpl, err := r.Replacement(tc.repl)
		if err != nil {
			got = err.Error()
		} else {
			sub, m, _ := r.Search(tc.s)
			got = tmpl.Expand(sub, m) + tc.s[m[1]:]
		}
		if got != tc.want {
			t.Errorf("sub(%q, %q, %q) = %s, want %s", tc.pattern, tc.repl, tc.s, got, tc.want)
		}
	}
}

func TestEscape(t *testing.T) {
	if got, want := Escape("a.b c-d"), `a\.b\ c\-d`; got != want {
		t.Errorf("escape = %s, want %s", got, want)
	}
}

// FuzzCompile checks that no pattern and subject make the translation
// panic, and that what compiles can scan its subject to the end.
func FuzzCompile(f *testing.F) {
	for _, seed := range []struct{ p, s string }{
		{`(\d+)\.?(\d+)?`, "a24.16b"}, {`(?P<ab>x)(?P<b>y)`, "xy"}, {`x*`, "abxd"}, {`[^\W\d]+|\b$`, "é a\n"},
		{`(?x) a # c`, "a"}, {`a{2,1}`, ""}, {`(?i:[a-z]){1,3}?`, "ABC"}, {`\1(a)`, "aa"}, {`[\s\S]`, "\n"},
	} {
		f.Add(seed.p, seed.s)
	}
	f.Fuzz(func(t *testing.T, p, s string) {
		r, err := Compile(p, 0)
		var ex *value.Exception
		if err != nil {
			if !errors.As(err, &ex) {
				t.Fatalf("Compile(%q): %T %v", p, err, err)
			}
			return
		}
		sub, err := r.Subject(s)
		if err != nil {
			return
		}
		sc := r.Scan(sub)
		for i := 0; i <= len(s)+1; i++ {
			m, err := sc.Next()
			if err != nil || m == nil {
				return
			}
		}
		t.Fatalf("%q on %q: more matches than positions", p, s)
	})
}

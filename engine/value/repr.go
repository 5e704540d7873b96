// This file defines the textual forms of values: Python's str() and repr().

package value

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Str returns Python's str(v): strings as they are, everything else as
// [Repr] except dates and time spans, which have their own display form.
func Str(v Value) string {
	switch x := v.(type) {
	case String:
		return string(x)
	case DateTime:
		return x.String()
	case TimeSpan:
		return x.String()
	}
	if s, ok := v.(interface{ Str() string }); ok {
		return s.Str()
	}
	return Repr(v)
}

// Repr returns Python's repr(v) for the values of this package. Other
// values print through their Repr() string method, or as an opaque object.
func Repr(v Value) string {
	var b strings.Builder
	writeRepr(&b, v)
	return b.String()
}

func writeRepr(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case NullType:
		b.WriteString("None")
	case Bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case Int:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case BigInt:
		b.WriteString(x.V.String())
	case Float:
		b.WriteString(FormatFloat(float64(x)))
	case String:
		b.WriteString(QuoteString(string(x)))
	case *List:
		open, close := "(", ")"
		if x.Mutable {
			open, close = "[", "]"
		}
		b.WriteString(open)
		for i, e := range x.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		if len(x.Items) == 1 && !x.Mutable {
			b.WriteByte(',')
		}
		b.WriteString(close)
	case *Dict:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, k)
			b.WriteString(": ")
			writeRepr(b, x.vals[i])
		}
		b.WriteByte('}')
	case *Set:
		if x.View != nil {
			b.WriteString(x.View.Repr())
			return
		}
		if len(x.items) == 0 {
			b.WriteString(x.Type() + "()")
			return
		}
		if !x.Mutable {
			b.WriteString("frozenset(")
		}
		b.WriteByte('{')
		for i, e := range x.items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte('}')
		if !x.Mutable {
			b.WriteByte(')')
		}
	case *Iterator:
		if x.View != nil {
			b.WriteString(x.View.Repr())
			return
		}
		b.WriteString("<iterator object>")
	case *Range:
		if x.Step == 1 {
			fmt.Fprintf(b, "range(%d, %d)", x.Start, x.Stop)
		} else {
			fmt.Fprintf(b, "range(%d, %d, %d)", x.Start, x.Stop, x.Step)
		}
	case DateTime:
		b.WriteString(x.Repr())
	case TimeSpan:
		b.WriteString(x.Repr())
	default:
		if r, ok := v.(interface{ Repr() string }); ok {
			b.WriteString(r.Repr())
			return
		}
		fmt.Fprintf(b, "<%s object>", v.Type())
	}
}

// FormatFloat formats f as Python's repr(float) does: the shortest string
// that reads back as f, in positional notation for decimal exponents from
// -4 to 15 and in scientific notation (1e+16, 1e-05) otherwise.
func FormatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(f) {
		sign = "-"
		f = -f
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Replace(mant, ".", "", 1)
	decpt := exp + 1
	if f == 0 {
		return sign + "0.0"
	}
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			return sign + "0." + strings.Repeat("0", -decpt) + digits
		case decpt >= len(digits):
			return sign + digits + strings.Repeat("0", decpt-len(digits)) + ".0"
		default:
			return sign + digits[:decpt] + "." + digits[decpt:]
		}
	}
	out := sign + digits[:1]
	if len(digits) > 1 {
		out += "." + digits[1:]
	}
	es := "+"
	if exp < 0 {
		es = "-"
		exp = -exp
	}
	if exp < 10 {
		return out + "e" + es + "0" + strconv.Itoa(exp)
	}
	return out + "e" + es + strconv.Itoa(exp)
}

// QuoteString returns Python's repr of a string: single quotes unless the
// string contains a single quote and no double quote, with backslash
// escapes for the quote, backslash, control and unprintable characters.
func QuoteString(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for i, w := 0, 0; i < len(s); i += w {
		r, width := utf8.DecodeRuneInString(s[i:])
		w = width
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError && width == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x80 || isPrintable(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// isPrintable approximates Python's str.isprintable for one character:
// letters, marks, numbers, punctuation, symbols and the ASCII space.
func isPrintable(r rune) bool {
	if r == ' ' {
		return true
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}

// This file reads text as Python's built-in types do: int() and float()
// of a string, str.isspace and str.strip, and the errors of decoding
// UTF-8.

package value

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// MaxStrDigits is Python's default limit on the digits of an integer
// converted from decimal text (sys.get_int_max_str_digits()).
const MaxStrDigits = 4300

// IsSpace is Python's str.isspace for one character.
func IsSpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }

// TrimSpace is Python's str.strip() without arguments.
func TrimSpace(s string) string { return strings.TrimFunc(s, IsSpace) }

// DecimalDigit maps a Unicode decimal digit (category Nd) to its ASCII
// digit, as Python's int() and float() read digits of any script. The
// digits of each script come in runs of ten starting at zero.
func DecimalDigit(r rune) (byte, bool) {
	if r >= '0' && r <= '9' {
		return byte(r), true
	}
	if r < 0x80 || !unicode.Is(unicode.Nd, r) {
		return 0, false
	}
	start := r
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return byte('0' + (r-start)%10), true
}

// ParseInt is Python's int(s, base) for base 2, 8, 10 or 16: white space
// around, a sign, the base's prefix (0b, 0o, 0x; not for base 10), digits
// of any script (and letters for base 16) with single underscores
// between them. It fails with Python's ValueError, and for more than
// [MaxStrDigits] decimal digits with Python's limit error.
func ParseInt(s string, base int) (Value, error) {
	bad := &Exception{Class: "ValueError", Message: "invalid literal for int() with base " + strconv.Itoa(base) + ": " + QuoteString(s)}
	rs := []rune(TrimSpace(s))
	var digits []byte
	i := 0
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-') {
		if rs[i] == '-' {
			digits = append(digits, '-')
		}
		i++
	}
	prefixed := false
	if base != 10 && i+1 < len(rs) && rs[i] == '0' && strings.ContainsRune(map[int]string{2: "bB", 8: "oO", 16: "xX"}[base], rs[i+1]) {
		i += 2
		prefixed = true
	}
	n := 0
	for i < len(rs) {
		if d, ok := digitIn(rs[i], base); ok {
			digits = append(digits, d)
			n++
			i++
			continue
		}
		if rs[i] == '_' && (n > 0 || prefixed) && i+1 < len(rs) {
			if _, ok := digitIn(rs[i+1], base); ok {
				i++
				continue
			}
		}
		break
	}
	if n == 0 || i != len(rs) {
		return nil, bad
	}
	if base == 10 && n > MaxStrDigits {
		return nil, &Exception{Class: "ValueError", Message: "Exceeds the limit (" + strconv.Itoa(MaxStrDigits) + " digits) for integer string conversion: value has " + strconv.Itoa(n) + " digits; use sys.set_int_max_str_digits() to increase the limit"}
	}
	b, ok := new(big.Int).SetString(string(digits), base)
	if !ok {
		return nil, bad
	}
	return NewInt(b), nil
}

// digitIn returns the ASCII form of a digit of the base.
func digitIn(r rune, base int) (byte, bool) {
	if d, ok := DecimalDigit(r); ok {
		return d, int(d-'0') < base
	}
	if base == 16 && (r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
		return byte(r), true
	}
	return 0, false
}

// ParseFloat is Python's float(s): white space around, a sign, inf,
// infinity or nan in any case, or a decimal number with digits of any
// script, single underscores between digits and an exponent. A number
// too large is infinite. It fails with Python's ValueError.
func ParseFloat(s string) (Float, error) {
	t := TrimSpace(s)
	body := t
	sign := 1.0
	if body != "" && (body[0] == '-' || body[0] == '+') {
		if body[0] == '-' {
			sign = -1
		}
		body = body[1:]
	}
	switch strings.ToLower(body) {
	case "inf", "infinity":
		return Float(math.Inf(int(sign))), nil
	case "nan":
		return Float(math.Copysign(math.NaN(), sign)), nil
	}
	bad := &Exception{Class: "ValueError", Message: "could not convert string to float: " + QuoteString(s)}
	text, ok := floatText(t)
	if !ok {
		return 0, bad
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, bad
	}
	return Float(f), nil
}

// floatText checks the syntax of a Python float literal and returns it
// with ASCII digits and without underscores.
func floatText(s string) (string, bool) {
	rs := []rune(s)
	out := make([]byte, 0, len(rs))
	i := 0
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-') {
		out = append(out, byte(rs[i]))
		i++
	}
	// digitPart reads digits with single underscores between them.
	digitPart := func() int {
		n := 0
		for i < len(rs) {
			if d, ok := DecimalDigit(rs[i]); ok {
				out = append(out, d)
				n++
				i++
				continue
			}
			if rs[i] == '_' && n > 0 && i+1 < len(rs) {
				if _, ok := DecimalDigit(rs[i+1]); ok {
					i++
					continue
				}
			}
			break
		}
		return n
	}
	intDigits := digitPart()
	fracDigits := 0
	if i < len(rs) && rs[i] == '.' {
		out = append(out, '.')
		i++
		fracDigits = digitPart()
	}
	if intDigits+fracDigits == 0 {
		return "", false
	}
	if i < len(rs) && (rs[i] == 'e' || rs[i] == 'E') {
		out = append(out, 'e')
		i++
		if i < len(rs) && (rs[i] == '+' || rs[i] == '-') {
			out = append(out, byte(rs[i]))
			i++
		}
		if digitPart() == 0 {
			return "", false
		}
	}
	return string(out), i == len(rs)
}

// UTF8Problem finds the first sequence of s that is not UTF-8 as
// Python's decoder reports it: the byte offsets of its start and end, and
// the reason ("invalid start byte", "invalid continuation byte",
// "unexpected end of data"). ok is false when s is UTF-8.
func UTF8Problem(s string) (start, end int, reason string, ok bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			i++
			continue
		}
		var n int
		lo, hi := byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			n = 2
		case c >= 0xE0 && c <= 0xEF:
			n = 3
			if c == 0xE0 {
				lo = 0xA0
			} else if c == 0xED {
				hi = 0x9F
			}
		case c >= 0xF0 && c <= 0xF4:
			n = 4
			if c == 0xF0 {
				lo = 0x90
			} else if c == 0xF4 {
				hi = 0x8F
			}
		default:
			return i, i + 1, "invalid start byte", true
		}
		for k := 1; k < n; k++ {
			if i+k >= len(s) {
				return i, i + k, "unexpected end of data", true
			}
			if s[i+k] < lo || s[i+k] > hi {
				return i, i + k, "invalid continuation byte", true
			}
			lo, hi = 0x80, 0xBF
		}
		i += n
	}
	return 0, 0, "", false
}

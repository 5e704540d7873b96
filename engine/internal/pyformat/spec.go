// This file implements the format-specification mini-language of str,
// int, bool and float: fill, align, sign, z, #, 0, width, grouping,
// precision and type.

package pyformat

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// fmtSpec is a parsed format specification.
type fmtSpec struct {
	fill     rune
	align    rune // 0, '<', '>', '=' or '^'
	sign     rune // 0, '+', '-' or ' '
	noNeg0   bool
	alt      bool
	width    int // -1 when absent
	group    rune
	group4   bool // '_' every four digits (b, o, x, X)
	prec     int  // -1 when absent
	typ      rune
	typeName string
}

func isFormatAlign(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }

// parseSpec parses a format specification for a value of the named type,
// with the type's default presentation type and alignment.
func parseSpec(spec string, defType, defAlign rune, typeName string) (*fmtSpec, error) {
	rs := []rune(spec)
	sp := &fmtSpec{fill: ' ', align: defAlign, width: -1, prec: -1, typ: defType, typeName: typeName}
	i := 0
	fillSet, alignSet := false, false
	if len(rs) >= 2 && isFormatAlign(rs[1]) {
		sp.fill, sp.align, fillSet, alignSet = rs[0], rs[1], true, true
		i = 2
	} else if len(rs) >= 1 && isFormatAlign(rs[0]) {
		sp.align, alignSet = rs[0], true
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		sp.sign = rs[i]
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		sp.noNeg0 = true
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		sp.alt = true
		i++
	}
	if !fillSet && i < len(rs) && rs[i] == '0' {
		sp.fill = '0'
		if !alignSet && defAlign == '>' {
			sp.align = '='
		}
		i++
	}
	n, used, err := formatSpecInt(rs, &i)
	if err != nil {
		return nil, err
	}
	if used {
		sp.width = n
	}
	if i < len(rs) && rs[i] == ',' {
		sp.group = ','
		i++
	}
	if i < len(rs) && rs[i] == '_' {
		if sp.group != 0 {
			return nil, fmtValueError("Cannot specify both ',' and '_'.")
		}
		sp.group = '_'
		i++
	}
	if i < len(rs) && rs[i] == ',' && sp.group == '_' {
		return nil, fmtValueError("Cannot specify both ',' and '_'.")
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		n, used, err := formatSpecInt(rs, &i)
		if err != nil {
			return nil, err
		}
		if !used {
			return nil, fmtValueError("Format specifier missing precision")
		}
		sp.prec = n
	}
	if len(rs)-i > 1 {
		return nil, fmtValueError("Invalid format specifier '" + spec + "' for object of type '" + typeName + "'")
	}
	if len(rs)-i == 1 {
		sp.typ = rs[i]
	}
	if sp.group != 0 {
		switch sp.typ {
		case 'd', 'e', 'f', 'g', 'E', 'G', '%', 'F', 0:
		case 'b', 'o', 'x', 'X':
			if sp.group == '_' {
				sp.group4 = true
				break
			}
			fallthrough
		default:
			if sp.typ > 32 && sp.typ < 128 {
				return nil, fmtValueError("Cannot specify '" + string(sp.group) + "' with '" + string(sp.typ) + "'.")
			}
			return nil, fmtValueError("Cannot specify '" + string(sp.group) + "' with '\\x" + strconv.FormatInt(int64(sp.typ), 16) + "'.")
		}
	}
	return sp, nil
}

func formatSpecInt(rs []rune, i *int) (n int, used bool, err error) {
	for *i < len(rs) && rs[*i] >= '0' && rs[*i] <= '9' {
		d := int(rs[*i] - '0')
		if n > (math.MaxInt64-d)/10 {
			return 0, false, fmtValueError("Too many decimal digits in format string")
		}
		n = n*10 + d
		used = true
		*i++
	}
	return n, used, nil
}

func (sp *fmtSpec) unknownType() error {
	if sp.typ > 32 && sp.typ < 128 {
		return fmtValueError("Unknown format code '" + string(sp.typ) + "' for object of type '" + sp.typeName + "'")
	}
	return fmtValueError("Unknown format code '\\x" + strconv.FormatInt(int64(sp.typ), 16) + "' for object of type '" + sp.typeName + "'")
}

func pyFormatStr(s, spec string, check func(int) error) (string, error) {
	sp, err := parseSpec(spec, 's', '<', "str")
	if err != nil {
		return "", err
	}
	if sp.typ != 's' {
		return "", sp.unknownType()
	}
	switch {
	case sp.sign == ' ':
		return "", fmtValueError("Space not allowed in string format specifier")
	case sp.sign != 0:
		return "", fmtValueError("Sign not allowed in string format specifier")
	case sp.noNeg0:
		return "", fmtValueError("Negative zero coercion (z) not allowed in string format specifier")
	case sp.alt:
		return "", fmtValueError("Alternate form (#) not allowed in string format specifier")
	case sp.align == '=':
		return "", fmtValueError("'=' alignment not allowed in string format specifier")
	}
	if sp.prec >= 0 {
		n := 0
		for i := range s {
			if n == sp.prec {
				s = s[:i]
				break
			}
			n++
		}
	}
	return padField(s, "", sp, check)
}

// padField aligns body in the spec's width; for '=' alignment the padding
// goes after head (sign and prefix).
func padField(body, head string, sp *fmtSpec, check func(int) error) (string, error) {
	n := utf8.RuneCountInString(head) + utf8.RuneCountInString(body)
	if sp.width <= n {
		return head + body, nil
	}
	fill := string(sp.fill)
	missing := sp.width - n
	if err := check(len(head) + len(body) + missing*len(fill)); err != nil {
		return "", err
	}
	switch sp.align {
	case '<':
		return head + body + strings.Repeat(fill, missing), nil
	case '^':
		left := missing / 2
		return strings.Repeat(fill, left) + head + body + strings.Repeat(fill, missing-left), nil
	case '=':
		return head + strings.Repeat(fill, missing) + body, nil
	}
	return strings.Repeat(fill, missing) + head + body, nil
}

func numberSign(neg bool, sign rune) string {
	switch {
	case neg:
		return "-"
	case sign == '+':
		return "+"
	case sign == ' ':
		return " "
	}
	return ""
}

func pyFormatInt(n *big.Int, spec, typeName string, check func(int) error) (string, error) {
	sp, err := parseSpec(spec, 'd', '>', typeName)
	if err != nil {
		return "", err
	}
	switch sp.typ {
	case 'b', 'c', 'd', 'o', 'x', 'X', 'n':
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, acc := new(big.Float).SetInt(n).Float64()
		if math.IsInf(f, 0) && acc != big.Exact {
			return "", raise("OverflowError", "int too large to convert to float")
		}
		return pyFormatFloatSpec(f, sp, check)
	default:
		return "", sp.unknownType()
	}
	if sp.prec >= 0 {
		return "", fmtValueError("Precision not allowed in integer format specifier")
	}
	if sp.noNeg0 {
		return "", fmtValueError("Negative zero coercion (z) not allowed in integer format specifier")
	}
	neg := n.Sign() < 0
	abs := new(big.Int).Abs(n)
	prefix, digits := "", ""
	switch sp.typ {
	case 'c':
		if sp.sign != 0 {
			return "", fmtValueError("Sign not allowed with integer format specifier 'c'")
		}
		if sp.alt {
			return "", fmtValueError("Alternate form (#) not allowed with integer format specifier 'c'")
		}
		if neg || !n.IsInt64() || n.Int64() > 0x10ffff {
			return "", raise("OverflowError", "%%c arg not in range(0x110000)")
		}
		return padField(string(rune(n.Int64())), "", sp, check)
	case 'b':
		prefix, digits = "0b", abs.Text(2)
	case 'o':
		prefix, digits = "0o", abs.Text(8)
	case 'x':
		prefix, digits = "0x", abs.Text(16)
	case 'X':
		prefix, digits = "0X", strings.ToUpper(abs.Text(16))
	default:
		digits = abs.String()
	}
	if !sp.alt {
		prefix = ""
	}
	head := numberSign(neg, sp.sign) + prefix
	return layoutFormattedNumber(head, digits, "", sp, check)
}

// layoutFormattedNumber joins a number's parts — head (sign and prefix), integer
// digits and the rest (fraction, exponent, '%') — applying grouping and
// padding as Python does: with '0' fill and '=' alignment the zero
// padding is itself grouped.
func layoutFormattedNumber(head, digits, rest string, sp *fmtSpec, check func(int) error) (string, error) {
	if sp.group != 0 && isDigitText(digits) {
		minWidth := 0
		if sp.fill == '0' && sp.align == '=' {
			minWidth = sp.width - utf8.RuneCountInString(head) - utf8.RuneCountInString(rest)
		}
		size := 3
		if sp.group4 {
			size = 4
		}
		if err := check(max(minWidth, 0) + 2*len(digits)); err != nil {
			return "", err
		}
		digits = groupDigits(digits, size, string(sp.group), minWidth)
	}
	return padField(digits+rest, head, sp, check)
}

func isDigitText(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f' || s[i] >= 'A' && s[i] <= 'F') {
			return false
		}
	}
	return s != ""
}

// groupDigits inserts sep every size digits from the right, extending the
// digits with zeros (grouped too) until the result is minWidth long.
func groupDigits(digits string, size int, sep string, minWidth int) string {
	var parts []string
	remaining := len(digits)
	for first := true; ; first = false {
		if !first {
			minWidth -= len(sep)
		}
		l := min(size, max(remaining, minWidth, 1))
		zeros := max(0, l-remaining)
		chars := max(0, min(remaining, l))
		parts = append(parts, strings.Repeat("0", zeros)+digits[remaining-chars:remaining])
		remaining -= chars
		minWidth -= l
		if remaining <= 0 && minWidth <= 0 {
			break
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, sep)
}

func pyFormatFloat(f float64, spec, typeName string, check func(int) error) (string, error) {
	if spec == "" {
		return value.FormatFloat(f), nil
	}
	sp, err := parseSpec(spec, 0, '>', typeName)
	if err != nil {
		return "", err
	}
	return pyFormatFloatSpec(f, sp, check)
}

func pyFormatFloatSpec(f float64, sp *fmtSpec, check func(int) error) (string, error) {
	typ := sp.typ
	addDot0 := false
	switch typ {
	case 0:
		addDot0 = true
		typ = 'r'
	case 'n':
		typ = 'g'
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
	default:
		return "", sp.unknownType()
	}
	prec := sp.prec
	if prec < 0 {
		if typ != 'r' {
			prec = 6
		}
	} else if typ == 'r' {
		typ = 'g'
	}
	if err := check(max(prec, 0)); err != nil {
		return "", err
	}
	suffix := ""
	if typ == '%' {
		f *= 100
		typ = 'f'
		suffix = "%"
	}
	neg := math.Signbit(f) && !math.IsNaN(f)
	body := pyFloatDigits(math.Abs(f), typ, prec, sp.alt, addDot0)
	if neg && sp.noNeg0 && isZeroNumberText(body) {
		neg = false
	}
	head := numberSign(neg, sp.sign)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return padField(body+suffix, head, sp, check)
	}
	intEnd := strings.IndexFunc(body, func(r rune) bool { return r < '0' || r > '9' })
	if intEnd < 0 {
		intEnd = len(body)
	}
	return layoutFormattedNumber(head, body[:intEnd], body[intEnd:]+suffix, sp, check)
}

func isZeroNumberText(s string) bool {
	for _, r := range s {
		if r >= '1' && r <= '9' {
			return false
		}
		if r == 'e' || r == 'E' {
			break
		}
	}
	return true
}

// pyFloatDigits formats a non-negative float with a Python presentation
// type ('r' is repr, or 'g' with at least one fractional digit when
// addDot0 is set).
func pyFloatDigits(f float64, typ rune, prec int, alt, addDot0 bool) string {
	upper := typ == 'E' || typ == 'F' || typ == 'G'
	if math.IsInf(f, 0) || math.IsNaN(f) {
		s := "inf"
		if math.IsNaN(f) {
			s = "nan"
		}
		if upper {
			s = strings.ToUpper(s)
		}
		return s
	}
	var s string
	switch typ {
	case 'r':
		s = value.FormatFloat(f)
		if alt && !strings.Contains(s, ".") {
			s = strings.Replace(s, "e", ".e", 1)
		}
	case 'e', 'E':
		s = strconv.FormatFloat(f, 'e', prec, 64)
		if alt && prec == 0 {
			s = strings.Replace(s, "e", ".e", 1)
		}
	case 'f', 'F':
		s = strconv.FormatFloat(f, 'f', prec, 64)
		if alt && prec == 0 {
			s += "."
		}
	case 'g', 'G':
		s = pyFormatG(f, prec, alt, addDot0)
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return s
}

// pyFormatG is Python's 'g' presentation: prec significant digits, in
// scientific notation when the exponent is below -4 or not below the
// precision (minus one with addDot0), trailing zeros removed unless alt.
func pyFormatG(f float64, prec int, alt, addDot0 bool) string {
	if prec == 0 {
		prec = 1
	}
	e := strconv.FormatFloat(f, 'e', prec-1, 64)
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Replace(mant, ".", "", 1)
	limit := prec
	if addDot0 {
		limit = prec - 1
	}
	decpt := exp + 1
	if f == 0 {
		decpt = 1
	}
	if !alt {
		digits = strings.TrimRight(digits, "0")
		if digits == "" {
			digits = "0"
		}
	}
	if decpt <= -4 || decpt > limit {
		out := digits[:1]
		if len(digits) > 1 || alt {
			out += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		es := strconv.Itoa(exp)
		if len(es) < 2 {
			es = "0" + es
		}
		return out + "e" + sign + es
	}
	var intPart, frac string
	switch {
	case decpt <= 0:
		intPart, frac = "0", strings.Repeat("0", -decpt)+digits
	case decpt >= len(digits):
		intPart, frac = digits+strings.Repeat("0", decpt-len(digits)), ""
	default:
		intPart, frac = digits[:decpt], digits[decpt:]
	}
	if frac == "" && addDot0 {
		frac = "0"
	}
	if frac == "" && !alt {
		return intPart
	}
	return intPart + "." + frac
}

// This file implements Python's str.format and its format-specification
// mini-language for YAQL values, which the format() function exposes:
// fields ({0}, {}, {name}, {0.attr}, {0[key]}), conversions (!r, !s, !a),
// nested fields in specs and the fill/align/sign/z/#/0/width/grouping/
// precision/type options of str, int, bool and float, with Python's
// error classes and messages.

package std

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/internal/pyre"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// pyFormatter formats one format string: it holds the arguments and the
// automatic field numbering state shared by nested fields.
type pyFormatter struct {
	args   []value.Value
	kwargs []yaql.KeywordArg
	// formatOther formats the values that have their own __format__
	// (dates: strftime); nil leaves them to object.__format__.
	formatOther func(v value.Value, spec string) (string, error)
	// check fails when a string of n bytes is too large to build.
	check func(n int) error

	numbering int // 0 undecided, autoNumbering or manualNumbering
	next      int
}

const (
	autoNumbering = iota + 1
	manualNumbering
)

func fmtValueError(msg string) error { return yaql.Raise("ValueError", "%s", msg) }

// format returns the format string with its fields replaced (Python's
// str.format, whose recursion depth is 2).
func (f *pyFormatter) format(s string) (string, error) { return f.build(s, 2) }

func (f *pyFormatter) build(s string, depth int) (string, error) {
	if depth <= 0 {
		return "", fmtValueError("Max string recursion exceeded")
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] != '{' && s[j] != '}' {
			j++
		}
		b.WriteString(s[i:j])
		if j >= len(s) {
			break
		}
		c := s[j]
		atEnd := j+1 >= len(s)
		if c == '}' {
			if atEnd || s[j+1] != '}' {
				return "", fmtValueError("Single '}' encountered in format string")
			}
			b.WriteByte('}')
			i = j + 2
			continue
		}
		if atEnd {
			return "", fmtValueError("Single '{' encountered in format string")
		}
		if s[j+1] == '{' {
			b.WriteByte('{')
			i = j + 2
			continue
		}
		fld, next, err := parseFormatField(s, j+1)
		if err != nil {
			return "", err
		}
		out, err := f.render(fld, depth)
		if err != nil {
			return "", err
		}
		if err := f.check(b.Len() + len(out)); err != nil {
			return "", err
		}
		b.WriteString(out)
		i = next
	}
	return b.String(), nil
}

// formatField is one replacement field: {name!conversion:spec}.
type formatField struct {
	name       string
	conversion rune // 0 when absent
	spec       string
	expand     bool // the spec holds nested fields
}

// parseFormatField parses the field that starts at s[i] (after its '{') and
// returns it with the index after its closing '}'.
func parseFormatField(s string, i int) (formatField, int, error) {
	var fl formatField
	start := i
	var c byte
	terminated := false
scan:
	for i < len(s) {
		c = s[i]
		i++
		switch c {
		case '{':
			return fl, 0, fmtValueError("unexpected '{' in field name")
		case '[':
			for i < len(s) && s[i] != ']' {
				i++
			}
		case '}', ':', '!':
			terminated = true
			break scan
		}
	}
	if !terminated {
		return fl, 0, fmtValueError("expected '}' before end of string")
	}
	fl.name = s[start : i-1]
	if c == '}' {
		return fl, i, nil
	}
	if c == '!' {
		if i >= len(s) {
			return fl, 0, fmtValueError("end of string while looking for conversion specifier")
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		fl.conversion = r
		i += w
		if i < len(s) {
			next := s[i]
			i++
			if next == '}' {
				return fl, i, nil
			}
			if next != ':' {
				return fl, 0, fmtValueError("expected ':' after conversion specifier")
			}
		}
	}
	specStart := i
	for count := 1; i < len(s); {
		c := s[i]
		i++
		switch c {
		case '{':
			fl.expand = true
			count++
		case '}':
			count--
			if count == 0 {
				fl.spec = s[specStart : i-1]
				return fl, i, nil
			}
		}
	}
	return fl, 0, fmtValueError("unmatched '{' in format spec")
}

func (f *pyFormatter) render(fl formatField, depth int) (string, error) {
	obj, err := f.lookup(fl.name)
	if err != nil {
		return "", err
	}
	switch fl.conversion {
	case 0:
	case 'r':
		obj = value.String(value.Repr(obj))
	case 's':
		obj = value.String(value.Str(obj))
	case 'a':
		obj = value.String(pyASCII(value.Repr(obj)))
	default:
		if fl.conversion > 32 && fl.conversion < 127 {
			return "", fmtValueError("Unknown conversion specifier " + string(fl.conversion))
		}
		return "", fmtValueError("Unknown conversion specifier \\x" + strconv.FormatInt(int64(fl.conversion), 16))
	}
	spec := fl.spec
	if fl.expand {
		if spec, err = f.build(spec, depth-1); err != nil {
			return "", err
		}
	}
	return pyFormatValue(obj, spec, f.formatOther, f.check)
}

// pyASCII is Python's ascii() applied to a repr: non-ASCII characters
// become \x, \u or \U escapes.
func pyASCII(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x` + hexPadded(int64(r), 2))
		case r <= 0xffff:
			b.WriteString(`\u` + hexPadded(int64(r), 4))
		default:
			b.WriteString(`\U` + hexPadded(int64(r), 8))
		}
	}
	return b.String()
}

func hexPadded(n int64, width int) string {
	s := strconv.FormatInt(n, 16)
	return strings.Repeat("0", width-len(s)) + s
}

// formatDecimalIndex parses a field-name part made of ASCII digits; ok is false
// for anything else.
func formatDecimalIndex(s string) (n int, ok bool, err error) {
	if s == "" {
		return 0, false, nil
	}
	for i := 0; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' {
			return 0, false, nil
		}
		if n > (math.MaxInt64-int(d-'0'))/10 {
			return 0, false, fmtValueError("Too many decimal digits in format string")
		}
		n = n*10 + int(d-'0')
	}
	return n, true, nil
}

// lookup resolves a field name: an argument chosen by position, by
// automatic numbering or by keyword, then its attributes and items.
func (f *pyFormatter) lookup(name string) (value.Value, error) {
	cut := strings.IndexAny(name, ".[")
	if cut < 0 {
		cut = len(name)
	}
	first, rest := name[:cut], name[cut:]
	idx, numeric, err := formatDecimalIndex(first)
	if err != nil {
		return nil, err
	}
	empty := first == ""
	if empty || numeric {
		if f.numbering == 0 {
			f.numbering = manualNumbering
			if empty {
				f.numbering = autoNumbering
			}
		}
		if f.numbering == manualNumbering && empty {
			return nil, fmtValueError("cannot switch from manual field specification to automatic field numbering")
		}
		if f.numbering == autoNumbering && !empty {
			return nil, fmtValueError("cannot switch from automatic field numbering to manual field specification")
		}
		if empty {
			idx = f.next
			f.next++
		}
	}
	var obj value.Value
	if empty || numeric {
		if idx >= len(f.args) {
			return nil, yaql.Raise("IndexError", "Replacement index %d out of range for positional args tuple", idx)
		}
		obj = f.args[idx]
	} else {
		found := false
		for _, kw := range f.kwargs {
			if kw.Name == first {
				obj, found = kw.Value, true
			}
		}
		if !found {
			return nil, yaql.Raise("KeyError", "%s", value.QuoteString(first))
		}
	}
	for rest != "" {
		c := rest[0]
		rest = rest[1:]
		var part string
		switch c {
		case '.':
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			part, rest = rest[:end], rest[end:]
			if part == "" {
				return nil, fmtValueError("Empty attribute in format string")
			}
			if obj, err = pyGetAttr(obj, part); err != nil {
				return nil, err
			}
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, fmtValueError("Missing ']' in format string")
			}
			part, rest = rest[:end], rest[end+1:]
			if part == "" {
				return nil, fmtValueError("Empty attribute in format string")
			}
			n, isIndex, err := formatDecimalIndex(part)
			if err != nil {
				return nil, err
			}
			var key value.Value = value.String(part)
			if isIndex {
				key = value.Int(n)
			}
			if obj, err = pyGetItem(obj, key); err != nil {
				return nil, err
			}
		default:
			return nil, fmtValueError("Only '.' or '[' may follow ']' in format field specifier")
		}
	}
	return obj, nil
}

// pyGetAttr returns the data attributes Python values have (numbers'
// real/imag/numerator/denominator, dates' fields); methods are not
// supported.
func pyGetAttr(obj value.Value, name string) (value.Value, error) {
	switch x := obj.(type) {
	case value.Bool, value.Int, value.BigInt:
		b, _ := value.ToBig(x)
		switch name {
		case "real", "numerator":
			return value.NewInt(b), nil
		case "imag":
			return value.Int(0), nil
		case "denominator":
			return value.Int(1), nil
		}
	case value.Float:
		switch name {
		case "real":
			return x, nil
		case "imag":
			return value.Float(0), nil
		}
	case value.DateTime:
		t := x.T
		fields := map[string]int{"year": t.Year(), "month": int(t.Month()), "day": t.Day(), "hour": t.Hour(),
			"minute": t.Minute(), "second": t.Second(), "microsecond": t.Nanosecond() / 1000}
		if n, ok := fields[name]; ok {
			return value.Int(n), nil
		}
	case value.TimeSpan:
		d, s, us := x.Parts()
		fields := map[string]int64{"days": d, "seconds": s, "microseconds": us}
		if n, ok := fields[name]; ok {
			return value.Int(n), nil
		}
	}
	return nil, yaql.Raise("AttributeError", "'%s' object has no attribute '%s'", pyClassName(obj), name)
}

// pyGetItem is Python's obj[key] for a key written in a format field: a
// non-negative integer or a string.
func pyGetItem(obj value.Value, key value.Value) (value.Value, error) {
	n, isIndex := key.(value.Int)
	switch x := obj.(type) {
	case *value.List:
		if !isIndex {
			return nil, yaql.Raise("TypeError", "%s indices must be integers or slices, not str", x.Type())
		}
		if int(n) >= len(x.Items) {
			return nil, yaql.Raise("IndexError", "%s index out of range", x.Type())
		}
		return x.Items[n], nil
	case *value.Range:
		if !isIndex {
			return nil, yaql.Raise("TypeError", "range indices must be integers or slices, not str")
		}
		if int(n) >= x.Len() {
			return nil, yaql.Raise("IndexError", "range object index out of range")
		}
		return x.At(int(n)), nil
	case value.String:
		if !isIndex {
			return nil, yaql.Raise("TypeError", "string indices must be integers, not 'str'")
		}
		i := 0
		for _, r := range string(x) {
			if i == int(n) {
				return value.String(string(r)), nil
			}
			i++
		}
		return nil, yaql.Raise("IndexError", "string index out of range")
	case *value.Dict:
		v, ok := x.Get(key)
		if !ok {
			return nil, yaql.Raise("KeyError", "%s", value.Repr(key))
		}
		return v, nil
	}
	return nil, yaql.Raise("TypeError", "'%s' object is not subscriptable", pyClassName(obj))
}

// pyFormatValue is Python's format(v, spec).
func pyFormatValue(v value.Value, spec string, other func(value.Value, string) (string, error), check func(int) error) (string, error) {
	switch x := v.(type) {
	case value.String:
		if spec == "" {
			return string(x), nil
		}
		return pyFormatStr(string(x), spec, check)
	case value.Bool:
		if spec == "" {
			return value.Repr(x), nil
		}
		b, _ := value.ToBig(x)
		return pyFormatInt(b, spec, "bool", check)
	case value.Int, value.BigInt:
		b, _ := value.ToBig(x)
		return pyFormatInt(b, spec, "int", check)
	case value.Float:
		return pyFormatFloat(float64(x), spec, "float", check)
	case value.DateTime:
		if spec != "" && other != nil {
			return other(v, spec)
		}
	}
	if spec != "" {
		return "", yaql.Raise("TypeError", "unsupported format string passed to %s.__format__", pyClassName(v))
	}
	return value.Str(v), nil
}

// pyClassName is the class name (tp_name) Python's messages give for a
// value: dictionaries are yaql's FrozenDict, and classes of C modules
// carry the module name.
func pyClassName(v value.Value) string {
	switch v.(type) {
	case *value.Dict:
		return "FrozenDict"
	case value.DateTime:
		return "datetime.datetime"
	case value.TimeSpan:
		return "datetime.timedelta"
	case *pyre.Regex:
		return "re.Pattern"
	}
	return v.Type()
}

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
			return "", yaql.Raise("OverflowError", "int too large to convert to float")
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
			return "", yaql.Raise("OverflowError", "%%c arg not in range(0x110000)")
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

// This file implements str.format: replacement fields, their names,
// conversions and nested specs.

package pyformat

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// Formatter formats one format string with its arguments as Python's
// str.format(*Args, **Kwargs) does. It holds the automatic field
// numbering shared by nested fields, so it serves one call.
type Formatter struct {
	Args   []value.Value
	Kwargs map[string]value.Value
	// ClassName names the class of a value in messages, as Python's
	// tp_name (nil: the value's Type).
	ClassName func(v value.Value) string
	// FormatOther formats the values that have a __format__ of their own
	// (dates: strftime); nil leaves them to object.__format__.
	FormatOther func(v value.Value, spec string) (string, error)
	// Check fails when a string of n bytes is too large to build (nil:
	// no limit).
	Check func(n int) error

	numbering int // 0 undecided, autoNumbering or manualNumbering
	next      int
}

const (
	autoNumbering = iota + 1
	manualNumbering
)

// raise returns the Python exception of the class.
func raise(class, format string, args ...any) error {
	return &value.Exception{Class: class, Message: fmt.Sprintf(format, args...)}
}

func fmtValueError(msg string) error { return raise("ValueError", "%s", msg) }

// Format returns the format string with its fields replaced (Python's
// str.format, whose recursion depth is 2). Errors are Python's
// ([value.Exception]) or those of Check and FormatOther.
func (f *Formatter) Format(s string) (string, error) {
	if f.Check == nil {
		f.Check = func(int) error { return nil }
	}
	return f.build(s, 2)
}

func (f *Formatter) className(v value.Value) string {
	if f.ClassName == nil {
		return v.Type()
	}
	return f.ClassName(v)
}

func (f *Formatter) build(s string, depth int) (string, error) {
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
		if err := f.Check(b.Len() + len(out)); err != nil {
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

func (f *Formatter) render(fl formatField, depth int) (string, error) {
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
	return f.formatValue(obj, spec)
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
func (f *Formatter) lookup(name string) (value.Value, error) {
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
		if idx >= len(f.Args) {
			return nil, raise("IndexError", "Replacement index %d out of range for positional args tuple", idx)
		}
		obj = f.Args[idx]
	} else {
		var found bool
		if obj, found = f.Kwargs[first]; !found {
			return nil, raise("KeyError", "%s", value.QuoteString(first))
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
			if obj, err = f.getAttr(obj, part); err != nil {
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
			if obj, err = f.getItem(obj, key); err != nil {
				return nil, err
			}
		default:
			return nil, fmtValueError("Only '.' or '[' may follow ']' in format field specifier")
		}
	}
	return obj, nil
}

// getAttr returns the data attributes Python values have (numbers'
// real/imag/numerator/denominator, dates' fields); methods are not
// supported.
func (f *Formatter) getAttr(obj value.Value, name string) (value.Value, error) {
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
	return nil, raise("AttributeError", "'%s' object has no attribute '%s'", f.className(obj), name)
}

// getItem is Python's obj[key] for a key written in a format field: a
// non-negative integer or a string.
func (f *Formatter) getItem(obj value.Value, key value.Value) (value.Value, error) {
	n, isIndex := key.(value.Int)
	switch x := obj.(type) {
	case *value.List:
		if !isIndex {
			return nil, raise("TypeError", "%s indices must be integers or slices, not str", x.Type())
		}
		if int(n) >= len(x.Items) {
			return nil, raise("IndexError", "%s index out of range", x.Type())
		}
		return x.Items[n], nil
	case *value.Range:
		if !isIndex {
			return nil, raise("TypeError", "range indices must be integers or slices, not str")
		}
		if int(n) >= x.Len() {
			return nil, raise("IndexError", "range object index out of range")
		}
		return x.At(int(n)), nil
	case value.String:
		if !isIndex {
			return nil, raise("TypeError", "string indices must be integers, not 'str'")
		}
		i := 0
		for _, r := range string(x) {
			if i == int(n) {
				return value.String(string(r)), nil
			}
			i++
		}
		return nil, raise("IndexError", "string index out of range")
	case *value.Dict:
		v, ok := x.Get(key)
		if !ok {
			return nil, raise("KeyError", "%s", value.Repr(key))
		}
		return v, nil
	}
	return nil, raise("TypeError", "'%s' object is not subscriptable", f.className(obj))
}

// formatValue is Python's format(v, spec).
func (f *Formatter) formatValue(v value.Value, spec string) (string, error) {
	check := f.Check
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
		if spec != "" && f.FormatOther != nil {
			return f.FormatOther(v, spec)
		}
	}
	if spec != "" {
		return "", raise("TypeError", "unsupported format string passed to %s.__format__", f.className(v))
	}
	return value.Str(v), nil
}

// This file defines the str methods bodies call, str.format and the %
// operator of strings.

package agent

import (
	"strconv"
	"strings"
	"sync"
	"unicode"

	"murano.dev/playground/engine/value"
)

type strMethod func(s string, args []any, kwargs []namedValue) (any, error)

// strMethods are the methods of str that bodies may call, and
// otherStrMethods those of Python's str that the agent does not offer;
// both are made on first use.
func strMethods() map[string]strMethod {
	strMethodsOnce.Do(func() { strMethodTable = makeStrMethods() })
	return strMethodTable
}

var (
	strMethodsOnce sync.Once
	strMethodTable map[string]strMethod
)

func otherStrMethods() map[string]bool {
	otherOnce.Do(func() {
		otherStrMethodSet = map[string]bool{}
		for _, name := range strings.Fields(`capitalize casefold center count encode expandtabs find format_map
		index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace
		istitle isupper ljust maketrans partition removeprefix removesuffix rfind rindex rjust rpartition
		rsplit splitlines swapcase title translate zfill`) {
			otherStrMethodSet[name] = true
		}
	})
	return otherStrMethodSet
}

var (
	otherOnce         sync.Once
	otherStrMethodSet map[string]bool
)

func makeStrMethods() map[string]strMethod {
	return map[string]strMethod{
		"format":     func(s string, args []any, kwargs []namedValue) (any, error) { return format(s, args, kwargs) },
		"strip":      stripper("strip", strings.TrimFunc),
		"lstrip":     stripper("lstrip", strings.TrimLeftFunc),
		"rstrip":     stripper("rstrip", strings.TrimRightFunc),
		"lower":      noArgs("lower", strings.ToLower),
		"upper":      noArgs("upper", strings.ToUpper),
		"startswith": affix("startswith", strings.HasPrefix),
		"endswith":   affix("endswith", strings.HasSuffix),
		"split":      split,
		"join":       join,
		"replace":    replace,
	}
}

func positional(name string, args []any, kwargs []namedValue, most int) error {
	if len(kwargs) > 0 {
		return pyErr("str.%s() takes no keyword arguments", name)
	}
	if len(args) > most {
		if most == 0 {
			return pyErr("str.%s() takes no arguments (%d given)", name, len(args))
		}
		return pyErr("%s expected at most %d argument%s, got %d", name, most, plural(most), len(args))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func noArgs(name string, f func(string) string) strMethod {
	return func(s string, args []any, kwargs []namedValue) (any, error) {
		if err := positional(name, args, kwargs, 0); err != nil {
			return nil, err
		}
		return f(s), nil
	}
}

func stripper(name string, trim func(string, func(rune) bool) string) strMethod {
	return func(s string, args []any, kwargs []namedValue) (any, error) {
		if err := positional(name, args, kwargs, 1); err != nil {
			return nil, err
		}
		if len(args) == 0 || args[0] == nil {
			return trim(s, isPySpace), nil
		}
		chars, ok := args[0].(string)
		if !ok {
			return nil, pyErr("%s arg must be None or str", name)
		}
		return trim(s, func(r rune) bool { return strings.ContainsRune(chars, r) }), nil
	}
}

func affix(name string, has func(string, string) bool) strMethod {
	return func(s string, args []any, kwargs []namedValue) (any, error) {
		if len(kwargs) > 0 {
			return nil, pyErr("str.%s() takes no keyword arguments", name)
		}
		if len(args) != 1 {
			if len(args) == 0 {
				return nil, pyErr("%s() takes at least 1 argument (0 given)", name)
			}
			return nil, pyErr("the simulated murano agent's str.%s() takes one argument", name)
		}
		switch a := args[0].(type) {
		case string:
			return has(s, a), nil
		case tuple:
			for _, item := range a {
				text, ok := item.(string)
				if !ok {
					return nil, pyErr("tuple for %s must only contain str, not %s", name, pyType(item))
				}
				if has(s, text) {
					return true, nil
				}
			}
			return false, nil
		}
		return nil, pyErr("%s first arg must be str or a tuple of str, not %s", name, pyType(args[0]))
	}
}

func split(s string, args []any, kwargs []namedValue) (any, error) {
	params := []string{"sep", "maxsplit"}
	values := []any{nil, int64(-1)}
	if len(args) > 2 {
		return nil, pyErr("split() takes at most 2 arguments (%d given)", len(args))
	}
	copy(values, args)
	for _, kw := range kwargs {
		var i int
		switch {
		case kw.name == "sep":
			i = 0
		case kw.name == "maxsplit":
			i = 1
		default:
			return nil, pyErr("split() got an unexpected keyword argument '%s'", kw.name)
		}
		if i < len(args) {
			return nil, pyErr("argument for split() given by name ('%s') and position (%d)", params[i], i+1)
		}
		values[i] = kw.value
	}
	limit, _, isFloat, ok := number(values[1])
	if !ok || isFloat {
		return nil, pyErr("'%s' object cannot be interpreted as an integer", pyType(values[1]))
	}
	var parts []string
	switch sep := values[0].(type) {
	case nil:
		parts = splitSpace(s, limit)
	case string:
		if sep == "" {
			return nil, pyErr("empty separator")
		}
		n := -1
		if limit >= 0 {
			n = int(min(limit, int64(maxSize))) + 1
		}
		parts = strings.SplitN(s, sep, n)
	default:
		return nil, pyErr("must be str or None, not %s", pyType(values[0]))
	}
	out := make([]any, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out, nil
}

func splitSpace(s string, limit int64) []string {
	var parts []string
	rest := strings.TrimLeftFunc(s, isPySpace)
	for rest != "" {
		if limit >= 0 && int64(len(parts)) == limit {
			parts = append(parts, strings.TrimRightFunc(rest, isPySpace))
			break
		}
		end := strings.IndexFunc(rest, isPySpace)
		if end < 0 {
			parts = append(parts, rest)
			break
		}
		parts = append(parts, rest[:end])
		rest = strings.TrimLeftFunc(rest[end:], isPySpace)
	}
	return parts
}

func join(s string, args []any, kwargs []namedValue) (any, error) {
	if err := positional("join", args, kwargs, 1); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return nil, pyErr("str.join() takes exactly one argument (0 given)")
	}
	var items []any
	switch v := args[0].(type) {
	case []any, tuple:
		items = asItems(v)
	case string:
		for _, r := range v {
			items = append(items, string(r))
		}
	case map[string]any, bunch:
		for _, k := range sortedKeys(asDict(v)) {
			items = append(items, k)
		}
	default:
		return nil, pyErr("can only join an iterable")
	}
	texts := make([]string, len(items))
	size := 0
	for i, item := range items {
		text, ok := item.(string)
		if !ok {
			return nil, pyErr("sequence item %d: expected str instance, %s found", i, pyType(item))
		}
		texts[i] = text
		size += len(text) + len(s)
	}
	return sized(strings.Join(texts, s), size)
}

func replace(s string, args []any, kwargs []namedValue) (any, error) {
	if err := positional("replace", args, kwargs, 3); err != nil {
		return nil, err
	}
	if len(args) < 2 {
		return nil, pyErr("replace expected at least 2 arguments, got %d", len(args))
	}
	old, ok1 := args[0].(string)
	repl, ok2 := args[1].(string)
	if !ok1 || !ok2 {
		bad := args[0]
		n := 1
		if ok1 {
			bad, n = args[1], 2
		}
		return nil, pyErr("replace() argument %d must be str, not %s", n, pyType(bad))
	}
	count := int64(-1)
	if len(args) == 3 {
		c, _, isFloat, ok := number(args[2])
		if !ok || isFloat {
			return nil, pyErr("'%s' object cannot be interpreted as an integer", pyType(args[2]))
		}
		count = c
	}
	n := strings.Count(s, old)
	if count >= 0 && int64(n) > count {
		n = int(count)
	}
	if int64(len(s))+int64(n)*int64(len(repl)-len(old)) > maxSize {
		return sized(s, maxSize+1)
	}
	return strings.Replace(s, old, repl, n), nil
}

// format is str.format: fields {}, {0}, {name}, with .attr and [key]
// lookups, !s/!r conversions and the spec of strings and numbers.
func format(s string, args []any, kwargs []namedValue) (any, error) {
	var b strings.Builder
	auto := 0 // -1: manual numbering
	manual := false
	for i := 0; i < len(s); {
		c := s[i]
		if c == '}' {
			if i+1 < len(s) && s[i+1] == '}' {
				b.WriteByte('}')
				i += 2
				continue
			}
			return nil, pyErr("Single '}' encountered in format string")
		}
		if c != '{' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			b.WriteByte('{')
			i += 2
			continue
		}
		end, depth := i+1, 1
		for ; end < len(s); end++ {
			if s[end] == '{' {
				depth++
			} else if s[end] == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if end >= len(s) {
			if depth > 1 {
				return nil, pyErr("expected '}' before end of string")
			}
			return nil, pyErr("Single '{' encountered in format string")
		}
		field := s[i+1 : end]
		i = end + 1
		name, spec, _ := strings.Cut(field, ":")
		name, conv, hasConv := strings.Cut(name, "!")
		if strings.ContainsAny(spec, "{}") {
			return nil, pyErr("the simulated murano agent does not nest format fields")
		}
		first, rest := name, ""
		if k := strings.IndexAny(name, ".["); k >= 0 {
			first, rest = name[:k], name[k:]
		}
		var v any
		if first == "" {
			if manual {
				return nil, pyErr("cannot switch from manual field specification to automatic field numbering")
			}
			if auto >= len(args) {
				return nil, pyErr("Replacement index %d out of range for positional args tuple", auto)
			}
			v = args[auto]
			auto++
		} else if n, err := strconv.Atoi(first); err == nil && strings.Trim(first, "0123456789") == "" {
			if auto > 0 {
				return nil, pyErr("cannot switch from automatic field numbering to manual field specification")
			}
			manual = true
			if n >= len(args) {
				return nil, pyErr("Replacement index %d out of range for positional args tuple", n)
			}
			v = args[n]
		} else {
			found := false
			for _, kw := range kwargs {
				if kw.name == first {
					v, found = kw.value, true
				}
			}
			if !found {
				return nil, pyErr("%s", repr(first))
			}
		}
		v, err := lookupField(v, rest)
		if err != nil {
			return nil, err
		}
		if hasConv {
			switch conv {
			case "s":
				v = str(v)
			case "r":
				v = repr(v)
			case "":
				return nil, pyErr("end of string while looking for conversion specifier")
			default:
				if len(conv) > 1 {
					return nil, pyErr("expected ':' after conversion specifier")
				}
				return nil, pyErr("Unknown conversion specifier %s", conv)
			}
		}
		text, err := formatSpec(v, spec)
		if err != nil {
			return nil, err
		}
		b.WriteString(text)
		if b.Len() > maxSize {
			return sized(s, maxSize+1)
		}
	}
	return b.String(), nil
}

func lookupField(v any, rest string) (any, error) {
	for rest != "" {
		var err error
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			name := rest[1 : 1+end]
			if name == "" {
				return nil, pyErr("Empty attribute in format string")
			}
			if v, err = attribute(v, name); err != nil {
				return nil, err
			}
			rest = rest[1+end:]
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, pyErr("Missing ']' in format string")
			}
			key := rest[1:end]
			var index any = key
			if n, convErr := strconv.ParseInt(key, 10, 64); convErr == nil && strings.Trim(key, "0123456789") == "" {
				index = n
			}
			if v, err = subscript(v, index); err != nil {
				return nil, err
			}
			rest = rest[end+1:]
		default:
			return nil, pyErr("Only '.' or '[' may follow ']' in format field specifier")
		}
	}
	return v, nil
}

// formatSpec applies a format spec: [[fill]align][sign][0][width][.precision][type].
func formatSpec(v any, spec string) (string, error) {
	if spec == "" {
		return str(v), nil
	}
	fill, align := " ", byte(0)
	rs := []rune(spec)
	if len(rs) >= 2 && strings.ContainsRune("<>^=", rs[1]) {
		fill, align, rs = string(rs[0]), byte(rs[1]), rs[2:]
	} else if len(rs) >= 1 && strings.ContainsRune("<>^=", rs[0]) {
		align, rs = byte(rs[0]), rs[1:]
	}
	sign := byte('-')
	if len(rs) > 0 && strings.ContainsRune("+- ", rs[0]) {
		sign, rs = byte(rs[0]), rs[1:]
	}
	if len(rs) > 0 && rs[0] == '0' {
		if align == 0 {
			fill, align = "0", '='
		}
		rs = rs[1:]
	}
	rest := string(rs)
	digitsEnd := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsDigit(r) })
	if digitsEnd < 0 {
		digitsEnd = len(rest)
	}
	width, _ := strconv.Atoi(rest[:digitsEnd])
	rest = rest[digitsEnd:]
	precision := -1
	if strings.HasPrefix(rest, ".") {
		end := strings.IndexFunc(rest[1:], func(r rune) bool { return !unicode.IsDigit(r) })
		if end < 0 {
			end = len(rest) - 1
		}
		if end == 0 {
			return "", pyErr("Format specifier missing precision")
		}
		precision, _ = strconv.Atoi(rest[1 : 1+end])
		rest = rest[1+end:]
	}
	if len(rest) > 1 || width > maxSize || precision > maxSize {
		return "", pyErr("the simulated murano agent does not support the format spec %s", repr(spec))
	}
	kind := rest
	var body string
	numeric := false
	switch x := v.(type) {
	case string:
		if kind != "" && kind != "s" {
			return "", pyErr("Unknown format code '%s' for object of type 'str'", kind)
		}
		if sign != '-' {
			return "", pyErr("Sign not allowed in string format specifier")
		}
		if align == '=' {
			return "", pyErr("'=' alignment not allowed in string format specifier")
		}
		body = x
		if precision >= 0 && len([]rune(body)) > precision {
			body = string([]rune(body)[:precision])
		}
		if align == 0 {
			align = '<'
		}
	default:
		i, f, isFloat, ok := number(v)
		if !ok {
			return "", pyErr("unsupported format string passed to %s.__format__", pyType(v))
		}
		numeric = true
		switch {
		case kind == "d" && !isFloat:
			body = strconv.FormatInt(i, 10)
		case kind == "" && !isFloat:
			body = strconv.FormatInt(i, 10)
			if b, isBool := v.(bool); isBool && align == 0 && sign == '-' && width == 0 {
				body = str(b)
			}
		case kind == "f" || kind == "F" || kind == "%":
			if precision < 0 {
				precision = 6
			}
			if kind == "%" {
				f *= 100
			}
			body = strconv.FormatFloat(f, 'f', precision, 64)
			if kind == "%" {
				body += "%"
			}
		case kind == "" && isFloat:
			if precision >= 0 {
				body = strconv.FormatFloat(f, 'g', max(precision, 1), 64)
			} else {
				body = value.FormatFloat(f)
			}
		default:
			return "", pyErr("Unknown format code '%s' for object of type '%s'", kind, pyType(v))
		}
		if sign != '-' && !strings.HasPrefix(body, "-") {
			body = string(sign) + body
		}
		if align == 0 {
			align = '>'
		}
	}
	pad := width - len([]rune(body))
	if pad <= 0 {
		return body, nil
	}
	switch align {
	case '<':
		return body + strings.Repeat(fill, pad), nil
	case '^':
		return strings.Repeat(fill, pad/2) + body + strings.Repeat(fill, pad-pad/2), nil
	case '=':
		if numeric && body != "" && strings.ContainsAny(body[:1], "+- ") {
			return body[:1] + strings.Repeat(fill, pad) + body[1:], nil
		}
	}
	return strings.Repeat(fill, pad) + body, nil
}

// percentFormat is the % operator of strings: %s, %r, %d, %i, %f and %%,
// with flags, width and precision.
func percentFormat(s string, arg any) (any, error) {
	var args []any
	mapping := false
	switch a := arg.(type) {
	case tuple:
		args = a
	case map[string]any, bunch:
		mapping = true
		args = []any{a}
	default:
		args = []any{a}
	}
	used := 0
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		i++
		if i >= len(s) {
			return nil, pyErr("incomplete format")
		}
		if s[i] == '(' {
			return nil, pyErr("the simulated murano agent does not support %%(name) formats")
		}
		flags := ""
		for i < len(s) && strings.IndexByte("-+ #0", s[i]) >= 0 {
			flags += s[i : i+1]
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		width, _ := strconv.Atoi(s[start:i])
		precision := -1
		if i < len(s) && s[i] == '.' {
			i++
			start = i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			precision, _ = strconv.Atoi(s[start:i])
		}
		if i >= len(s) {
			return nil, pyErr("incomplete format")
		}
		if width > maxSize || precision > maxSize {
			return sized(s, maxSize+1)
		}
		kind := s[i]
		if kind == '%' {
			b.WriteByte('%')
			continue
		}
		if used >= len(args) {
			return nil, pyErr("not enough arguments for format string")
		}
		v := args[used]
		used++
		var text string
		switch kind {
		case 's':
			text = str(v)
			if precision >= 0 && len([]rune(text)) > precision {
				text = string([]rune(text)[:precision])
			}
		case 'r':
			text = repr(v)
		case 'd', 'i', 'u':
			n, f, isFloat, ok := number(v)
			if !ok {
				return nil, pyErr("%%%c format: a real number is required, not %s", kind, pyType(v))
			}
			if isFloat {
				t, err := toInt(f)
				if err != nil {
					return nil, err
				}
				n = t.(int64)
			}
			text = strconv.FormatInt(n, 10)
		case 'f', 'F':
			_, f, _, ok := number(v)
			if !ok {
				return nil, pyErr("must be real number, not %s", pyType(v))
			}
			if precision < 0 {
				precision = 6
			}
			text = strconv.FormatFloat(f, 'f', precision, 64)
		default:
			if kind >= 0x80 || !unicode.IsPrint(rune(kind)) {
				return nil, pyErr("unsupported format character '?' (0x%x) at index %d", kind, i)
			}
			return nil, pyErr("unsupported format character '%c' (0x%x) at index %d", kind, kind, i)
		}
		numeric := strings.IndexByte("diufF", kind) >= 0
		if numeric && strings.Contains(flags, "+") && !strings.HasPrefix(text, "-") {
			text = "+" + text
		} else if numeric && strings.Contains(flags, " ") && !strings.HasPrefix(text, "-") {
			text = " " + text
		}
		if pad := width - len([]rune(text)); pad > 0 {
			switch {
			case strings.Contains(flags, "-"):
				text += strings.Repeat(" ", pad)
			case numeric && strings.Contains(flags, "0"):
				if strings.ContainsAny(text[:1], "+- ") {
					text = text[:1] + strings.Repeat("0", pad) + text[1:]
				} else {
					text = strings.Repeat("0", pad) + text
				}
			default:
				text = strings.Repeat(" ", pad) + text
			}
		}
		b.WriteString(text)
		if b.Len() > maxSize {
			return sized(s, maxSize+1)
		}
	}
	if used < len(args) && !mapping {
		return nil, pyErr("not all arguments converted during string formatting")
	}
	return b.String(), nil
}

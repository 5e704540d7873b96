// This file defines the strings library: comparison, concatenation and
// repetition operators, case mapping, splitting, trimming, searching,
// replacing, str() and Python's str.format. Indexes and lengths count
// code points and the character classes (whitespace, case) are Python's.

package std

import (
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"murano.dev/playground/engine/internal/pyformat"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderStrings, "strings", registerStrings) }

// intNotNull is Python's int as a parameter type without a None default:
// integers and booleans, not null.
var intNotNull = func() *yaql.PyType { t := *yaql.Int; t.Nullable = false; return &t }()

// boolOrNull is an untyped parameter whose default is a boolean.
var boolOrNull = yaql.Boolean.OrNull()

func registerStrings(c *yaql.Context, _ Options) {
	str := yaql.String
	strOrNull := yaql.String.OrNull()
	c.Register(
		yaql.Fn("#operator_>", stringCompare(func(c int) bool { return c > 0 }), yaql.P("left", str), yaql.P("right", str)),
		yaql.Fn("#operator_<", stringCompare(func(c int) bool { return c < 0 }), yaql.P("left", str), yaql.P("right", str)),
		yaql.Fn("#operator_>=", stringCompare(func(c int) bool { return c >= 0 }), yaql.P("left", str), yaql.P("right", str)),
		yaql.Fn("#operator_<=", stringCompare(func(c int) bool { return c <= 0 }), yaql.P("left", str), yaql.P("right", str)),
		yaql.Ext("len", fnStringLen, yaql.P("string", str)),
		yaql.Meth("toLower", fnStringToLower, yaql.P("string", str)),
		yaql.Meth("toUpper", fnStringToUpper, yaql.P("string", str)),
		yaql.Meth("split", fnStringSplit(false), yaql.P("string", str), yaql.Opt("separator", strOrNull, value.Null), yaql.Opt("maxSplits", intNotNull, value.Int(-1))),
		yaql.Meth("rightSplit", fnStringSplit(true), yaql.P("string", str), yaql.Opt("separator", strOrNull, value.Null), yaql.Opt("maxSplits", intNotNull, value.Int(-1))),
		yaql.Meth("join", fnStringJoin(0, 1), yaql.P("sequence", yaql.Iterable), yaql.P("separator", str)),
		yaql.Meth("join", fnStringJoin(1, 0), yaql.P("separator", str), yaql.P("sequence", yaql.Iterable)),
		yaql.Fn("str", fnStringStr, yaql.P("value", yaql.Any)),
		yaql.Fn("concat", fnStringConcat, yaql.Rest("args", str)),
		yaql.Fn("#operator_+", fnStringConcat, yaql.Rest("args", str)),
		yaql.Meth("trim", fnStringTrim(true, true), yaql.P("string", str), yaql.Opt("chars", strOrNull, value.Null)),
		yaql.Meth("trimLeft", fnStringTrim(true, false), yaql.P("string", str), yaql.Opt("chars", strOrNull, value.Null)),
		yaql.Meth("trimRight", fnStringTrim(false, true), yaql.P("string", str), yaql.Opt("chars", strOrNull, value.Null)),
		yaql.Meth("replace", fnStringReplace, yaql.P("string", str), yaql.P("old", str), yaql.P("new", str), yaql.Opt("count", intNotNull, value.Int(-1))),
		yaql.Meth("replace", fnStringReplaceWithDict, yaql.P("string", str), yaql.P("replacements", yaql.Mapping), yaql.Opt("count", intNotNull, value.Int(-1))),
		yaql.Ext("format", fnStringFormat, yaql.P("_FormatString", str), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)),
		yaql.Ext("isEmpty", fnStringIsEmpty, yaql.P("string", strOrNull), yaql.Opt("trim", yaql.Boolean, value.Bool(true)), yaql.Opt("chars", strOrNull, value.Null)),
		yaql.Fn("#operator_*", fnStringRepeat(0, 1), yaql.P("left", str), yaql.P("right", intNotNull)),
		yaql.Fn("#operator_*", fnStringRepeat(1, 0), yaql.P("left", intNotNull), yaql.P("right", str)),
		yaql.Meth("substring", fnStringSubstring, yaql.P("string", str), yaql.P("start", intNotNull), yaql.Opt("length", intNotNull, value.Int(-1))),
		yaql.Meth("indexOf", fnStringIndexOf(false), yaql.P("string", str), yaql.P("sub", str), yaql.Opt("start", intNotNull, value.Int(0))),
		yaql.Meth("indexOf", fnStringIndexOfLength(false), yaql.P("string", str), yaql.P("sub", str), yaql.P("start", intNotNull), yaql.P("length", intNotNull)),
		yaql.Meth("lastIndexOf", fnStringIndexOf(true), yaql.P("string", str), yaql.P("sub", str), yaql.Opt("start", intNotNull, value.Int(0))),
		yaql.Meth("lastIndexOf", fnStringIndexOfLength(true), yaql.P("string", str), yaql.P("sub", str), yaql.P("start", intNotNull), yaql.P("length", intNotNull)),
		yaql.Meth("toCharArray", fnStringToCharArray, yaql.P("string", str)),
		yaql.Fn("characters", fnStringCharacters, characterClassParams()...),
		yaql.Fn("isString", fnStringIsString, yaql.P("arg", yaql.Any)),
		yaql.Ext("norm", fnStringNorm, yaql.P("string", strOrNull), yaql.Opt("chars", strOrNull, value.Null)),
		yaql.Fn("#operator_in", fnStringIn, yaql.P("left", str), yaql.P("right", str)),
		yaql.Meth("startsWith", fnStringAffix(strings.HasPrefix), yaql.P("string", str), yaql.Rest("prefixes", str)),
		yaql.Meth("endsWith", fnStringAffix(strings.HasSuffix), yaql.P("string", str), yaql.Rest("suffixes", str)),
		yaql.Fn("hex", fnStringHex, yaql.P("num", yaql.Number.OrNull())),
	)
}

func stringArg(c *yaql.Call, i int) string { return string(c.Args[i].(value.String)) }

// optionalStringArg returns a nullable string argument; ok is false for null.
func optionalStringArg(c *yaql.Call, i int) (s string, ok bool) {
	v, ok := c.Args[i].(value.String)
	return string(v), ok
}

func stringCompare(test func(int) bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return value.Bool(test(strings.Compare(stringArg(c, 0), stringArg(c, 1)))), nil
	}
}

func fnStringLen(c *yaql.Call) (value.Value, error) {
	return value.Int(utf8.RuneCountInString(stringArg(c, 0))), nil
}

func fnStringToUpper(c *yaql.Call) (value.Value, error) {
	return value.String(pyUpper(stringArg(c, 0))), nil
}
func fnStringToLower(c *yaql.Call) (value.Value, error) {
	return value.String(pyLower(stringArg(c, 0))), nil
}

// pyUpper is Python's str.upper: full case mapping (ß → SS).
func pyUpper(s string) string {
	var b strings.Builder
	for _, r := range s {
		if m, ok := upperSpecial[r]; ok {
			b.WriteString(m)
		} else {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// pyLower is Python's str.lower: full case mapping (İ → i̇) and the final
// form of capital sigma at the end of a word.
func pyLower(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case r == 'İ':
			b.WriteString("i\u0307")
		case r == 'Σ' && finalSigma(rs, i):
			b.WriteRune('ς')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma reports whether the sigma at rs[i] ends a word: a cased
// letter precedes it and none follows (case-ignorable characters skipped).
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && caseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !cased(rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && caseIgnorable(rs[j]) {
		j++
	}
	return j == len(rs) || !cased(rs[j])
}

func cased(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }

func caseIgnorable(r rune) bool {
	return strings.ContainsRune("'.:^`\u00b7\u2018\u2019\u2024\u2027", r) ||
		unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// upperSpecial holds the characters whose Python uppercase is more than
// one character (Unicode SpecialCasing, unconditional mappings).
var upperSpecial = map[rune]string{
	0x00DF: "\u0053\u0053", 0x0149: "\u02BC\u004E", 0x01F0: "\u004A\u030C", 0x0390: "\u0399\u0308\u0301",
	0x03B0: "\u03A5\u0308\u0301", 0x0587: "\u0535\u0552", 0x1E96: "\u0048\u0331", 0x1E97: "\u0054\u0308",
	0x1E98: "\u0057\u030A", 0x1E99: "\u0059\u030A", 0x1E9A: "\u0041\u02BE", 0x1F50: "\u03A5\u0313",
	0x1F52: "\u03A5\u0313\u0300", 0x1F54: "\u03A5\u0313\u0301", 0x1F56: "\u03A5\u0313\u0342",
	0x1F80: "\u1F08\u0399", 0x1F81: "\u1F09\u0399", 0x1F82: "\u1F0A\u0399", 0x1F83: "\u1F0B\u0399",
	0x1F84: "\u1F0C\u0399", 0x1F85: "\u1F0D\u0399", 0x1F86: "\u1F0E\u0399", 0x1F87: "\u1F0F\u0399",
	0x1F88: "\u1F08\u0399", 0x1F89: "\u1F09\u0399", 0x1F8A: "\u1F0A\u0399", 0x1F8B: "\u1F0B\u0399",
	0x1F8C: "\u1F0C\u0399", 0x1F8D: "\u1F0D\u0399", 0x1F8E: "\u1F0E\u0399", 0x1F8F: "\u1F0F\u0399",
	0x1F90: "\u1F28\u0399", 0x1F91: "\u1F29\u0399", 0x1F92: "\u1F2A\u0399", 0x1F93: "\u1F2B\u0399",
	0x1F94: "\u1F2C\u0399", 0x1F95: "\u1F2D\u0399", 0x1F96: "\u1F2E\u0399", 0x1F97: "\u1F2F\u0399",
	0x1F98: "\u1F28\u0399", 0x1F99: "\u1F29\u0399", 0x1F9A: "\u1F2A\u0399", 0x1F9B: "\u1F2B\u0399",
	0x1F9C: "\u1F2C\u0399", 0x1F9D: "\u1F2D\u0399", 0x1F9E: "\u1F2E\u0399", 0x1F9F: "\u1F2F\u0399",
	0x1FA0: "\u1F68\u0399", 0x1FA1: "\u1F69\u0399", 0x1FA2: "\u1F6A\u0399", 0x1FA3: "\u1F6B\u0399",
	0x1FA4: "\u1F6C\u0399", 0x1FA5: "\u1F6D\u0399", 0x1FA6: "\u1F6E\u0399", 0x1FA7: "\u1F6F\u0399",
	0x1FA8: "\u1F68\u0399", 0x1FA9: "\u1F69\u0399", 0x1FAA: "\u1F6A\u0399", 0x1FAB: "\u1F6B\u0399",
	0x1FAC: "\u1F6C\u0399", 0x1FAD: "\u1F6D\u0399", 0x1FAE: "\u1F6E\u0399", 0x1FAF: "\u1F6F\u0399",
	0x1FB2: "\u1FBA\u0399", 0x1FB3: "\u0391\u0399", 0x1FB4: "\u0386\u0399", 0x1FB6: "\u0391\u0342",
	0x1FB7: "\u0391\u0342\u0399", 0x1FBC: "\u0391\u0399", 0x1FC2: "\u1FCA\u0399", 0x1FC3: "\u0397\u0399",
	0x1FC4: "\u0389\u0399", 0x1FC6: "\u0397\u0342", 0x1FC7: "\u0397\u0342\u0399", 0x1FCC: "\u0397\u0399",
	0x1FD2: "\u0399\u0308\u0300", 0x1FD3: "\u0399\u0308\u0301", 0x1FD6: "\u0399\u0342",
	0x1FD7: "\u0399\u0308\u0342", 0x1FE2: "\u03A5\u0308\u0300", 0x1FE3: "\u03A5\u0308\u0301",
	0x1FE4: "\u03A1\u0313", 0x1FE6: "\u03A5\u0342", 0x1FE7: "\u03A5\u0308\u0342", 0x1FF2: "\u1FFA\u0399",
	0x1FF3: "\u03A9\u0399", 0x1FF4: "\u038F\u0399", 0x1FF6: "\u03A9\u0342", 0x1FF7: "\u03A9\u0342\u0399",
	0x1FFC: "\u03A9\u0399", 0xFB00: "\u0046\u0046", 0xFB01: "\u0046\u0049", 0xFB02: "\u0046\u004C",
	0xFB03: "\u0046\u0046\u0049", 0xFB04: "\u0046\u0046\u004C", 0xFB05: "\u0053\u0054", 0xFB06: "\u0053\u0054",
	0xFB13: "\u0544\u0546", 0xFB14: "\u0544\u0535", 0xFB15: "\u0544\u053B", 0xFB16: "\u054E\u0546",
	0xFB17: "\u0544\u053D",
}

// pySsize converts an int argument as Python's C functions do (OverflowError
// beyond 64 bits).
func pySsize(v value.Value) (int, error) {
	if n, ok := value.ToInt64(v); ok {
		return int(n), nil
	}
	return 0, yaql.Raise("OverflowError", "Python int too large to convert to C ssize_t")
}

// pySliceIndex converts an int argument used as a slice index, which Python
// clamps instead of failing; the range keeps index arithmetic exact.
func pySliceIndex(v value.Value) int {
	b, _ := value.ToBig(v)
	const limit = 1 << 62
	switch {
	case b.Cmp(big.NewInt(limit)) > 0:
		return limit
	case b.Cmp(big.NewInt(-limit)) < 0:
		return -limit
	}
	return int(b.Int64())
}

func fnStringSplit(right bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		s := stringArg(c, 0)
		max, err := pySsize(c.Args[2])
		if err != nil {
			return nil, err
		}
		var parts []string
		if sep, ok := optionalStringArg(c, 1); ok {
			if sep == "" {
				return nil, yaql.Raise("ValueError", "empty separator")
			}
			parts = splitSep(s, sep, max, right)
		} else {
			parts = splitSpace(s, max, right)
		}
		if err := c.RT.CheckCollection(len(parts)); err != nil {
			return nil, err
		}
		items := make([]value.Value, len(parts))
		for i, p := range parts {
			items[i] = value.String(p)
		}
		return value.NewPyList(items), nil
	}
}

// splitSep is Python's str.split(sep, max) (rsplit when right).
func splitSep(s, sep string, max int, right bool) []string {
	if !right {
		n := -1
		if max >= 0 {
			n = max + 1
		}
		return strings.SplitN(s, sep, n)
	}
	var parts []string
	for max < 0 || len(parts) < max {
		i := strings.LastIndex(s, sep)
		if i < 0 {
			break
		}
		parts = append(parts, s[i+len(sep):])
		s = s[:i]
	}
	parts = append(parts, s)
	reverseStrings(parts)
	return parts
}

// splitSpace is Python's str.split(None, max): runs of whitespace
// separate, leading and trailing whitespace is dropped (rsplit when
// right).
func splitSpace(s string, max int, right bool) []string {
	rs := []rune(s)
	if right {
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
	}
	var parts []string
	i := 0
	for {
		for i < len(rs) && value.IsSpace(rs[i]) {
			i++
		}
		if i == len(rs) {
			break
		}
		if max >= 0 && len(parts) == max {
			parts = append(parts, runesText(rs[i:], right))
			break
		}
		j := i
		for j < len(rs) && !value.IsSpace(rs[j]) {
			j++
		}
		parts = append(parts, runesText(rs[i:j], right))
		i = j
	}
	if right {
		reverseStrings(parts)
	}
	return parts
}

func runesText(rs []rune, reversed bool) string {
	if !reversed {
		return string(rs)
	}
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[len(rs)-1-i] = r
	}
	return string(out)
}

func reverseStrings(parts []string) {
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
}

// fnStringJoin joins the items of a collection, each through the YAQL str
// function; seq and sep are the argument indexes of the two overloads.
func fnStringJoin(seq, sep int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		var b strings.Builder
		first := true
		err := value.Each(c.Args[seq], func(item value.Value) error {
			s, err := c.CallFunction("str", yaql.NoValue, item)
			if err != nil {
				return err
			}
			if !first {
				b.WriteString(stringArg(c, sep))
			}
			first = false
			text, _ := s.(value.String)
			if err := c.RT.CheckString(b.Len() + len(text)); err != nil {
				return err
			}
			b.WriteString(string(text))
			return nil
		})
		return value.String(b.String()), err
	}
}

// yaqlStr is YAQL's str(): null, true and false in YAQL's spelling,
// everything else as Python's str().
func yaqlStr(v value.Value) string {
	switch x := v.(type) {
	case value.NullType:
		return "null"
	case value.Bool:
		if x {
			return "true"
		}
		return "false"
	}
	return value.Str(v)
}

func fnStringStr(c *yaql.Call) (value.Value, error) { return value.String(yaqlStr(c.Args[0])), nil }

func fnStringConcat(c *yaql.Call) (value.Value, error) {
	n := 0
	for _, a := range c.Rest {
		n += len(a.(value.String))
	}
	if err := c.RT.CheckString(n); err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, a := range c.Rest {
		b.WriteString(string(a.(value.String)))
	}
	return value.String(b.String()), nil
}

// pyStrip is Python's str.strip/lstrip/rstrip: chars nil strips
// whitespace.
func pyStrip(s string, chars *string, left, right bool) string {
	strip := value.IsSpace
	if chars != nil {
		set := *chars
		strip = func(r rune) bool { return strings.ContainsRune(set, r) }
	}
	if left {
		s = strings.TrimLeftFunc(s, strip)
	}
	if right {
		s = strings.TrimRightFunc(s, strip)
	}
	return s
}

func stripCharsArg(c *yaql.Call, i int) *string {
	if s, ok := optionalStringArg(c, i); ok {
		return &s
	}
	return nil
}

func fnStringTrim(left, right bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return value.String(pyStrip(stringArg(c, 0), stripCharsArg(c, 1), left, right)), nil
	}
}

// pyReplace is Python's str.replace(old, new, count), count < 0 meaning
// all, with the result size checked first.
func pyReplace(rt *yaql.Runtime, s, old, new string, count int) (string, error) {
	n := strings.Count(s, old)
	if count >= 0 && count < n {
		n = count
	}
	if err := rt.CheckString(len(s) + n*(len(new)-len(old))); err != nil {
		return "", err
	}
	return strings.Replace(s, old, new, n), nil
}

func fnStringReplace(c *yaql.Call) (value.Value, error) {
	count, err := pySsize(c.Args[3])
	if err != nil {
		return nil, err
	}
	s, err := pyReplace(c.RT, stringArg(c, 0), stringArg(c, 1), stringArg(c, 2), count)
	return value.String(s), err
}

func fnStringReplaceWithDict(c *yaql.Call) (value.Value, error) {
	s := stringArg(c, 0)
	d := c.Args[1].(*value.Dict)
	count, err := pySsize(c.Args[2])
	if err != nil {
		return nil, err
	}
	for i, k := range d.Keys() {
		old, err := c.CallFunction("str", yaql.NoValue, k)
		if err != nil {
			return nil, err
		}
		new, err := c.CallFunction("str", yaql.NoValue, d.Values()[i])
		if err != nil {
			return nil, err
		}
		if s, err = pyReplace(c.RT, s, string(old.(value.String)), string(new.(value.String)), count); err != nil {
			return nil, err
		}
	}
	return value.String(s), nil
}

// fnStringFormat is Python's str.format (engine/internal/pyformat); a
// date's format spec goes to the date's format method.
func fnStringFormat(c *yaql.Call) (value.Value, error) {
	kwargs := map[string]value.Value{}
	for _, kw := range c.Kwargs {
		kwargs[kw.Name] = kw.Value
	}
	f := &pyformat.Formatter{
		Args:      c.Rest,
		Kwargs:    kwargs,
		ClassName: pyClassName,
		Check:     c.RT.CheckString,
		FormatOther: func(v value.Value, spec string) (string, error) {
			s, err := c.CallFunction("format", v, value.String(spec))
			if err != nil {
				return "", err
			}
			return value.Str(s), nil
		},
	}
	s, err := f.Format(stringArg(c, 0))
	if err != nil {
		return nil, raised(err)
	}
	return value.String(s), nil
}

func fnStringIsEmpty(c *yaql.Call) (value.Value, error) {
	s, ok := optionalStringArg(c, 0)
	if !ok {
		return value.Bool(true), nil
	}
	if c.Args[1].(value.Bool) {
		s = pyStrip(s, stripCharsArg(c, 2), true, true)
	}
	return value.Bool(s == ""), nil
}

func fnStringNorm(c *yaql.Call) (value.Value, error) {
	s, ok := optionalStringArg(c, 0)
	if !ok {
		return value.Null, nil
	}
	s = pyStrip(s, stripCharsArg(c, 1), true, true)
	if s == "" {
		return value.Null, nil
	}
	return value.String(s), nil
}

// fnStringRepeat is string * count and count * string. Like the reference it
// checks the memory quota before building the string: the quota counts
// (1 - count) empty strings plus count copies of the string.
func fnStringRepeat(str, count int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		s := stringArg(c, str)
		n, _ := value.ToBig(c.Args[count])
		if quota := c.RT.Engine.Options.MemoryQuota; quota > 0 {
			total := new(big.Int).Mul(new(big.Int).Sub(big.NewInt(1), n), big.NewInt(int64(pyStrSize(""))))
			over := total.Cmp(big.NewInt(int64(quota))) > 0
			total.Add(total, new(big.Int).Mul(n, big.NewInt(int64(pyStrSize(s)))))
			if over || total.Cmp(big.NewInt(int64(quota))) > 0 {
				return nil, &yaql.Error{Class: yaql.ClassMemory, Msg: "Expression consumed too much memory", Pos: -1, End: -1}
			}
		}
		if n.Sign() <= 0 || s == "" {
			return value.String(""), nil
		}
		if !n.IsInt64() {
			return nil, yaql.Raise("OverflowError", "cannot fit 'int' into an index-sized integer")
		}
		times := n.Int64()
		if times > int64(c.RT.Engine.Options.MaxString) {
			return nil, c.RT.CheckString(-1)
		}
		if err := c.RT.CheckString(len(s) * int(times)); err != nil {
			return nil, err
		}
		return value.String(strings.Repeat(s, int(times))), nil
	}
}

// pyStrSize is CPython's sys.getsizeof of a string.
func pyStrSize(s string) int {
	var max rune
	n := 0
	for _, r := range s {
		n++
		max = maxOfRunes(max, r)
	}
	switch {
	case max < 0x80:
		return 49 + n
	case max < 0x100:
		return 73 + n
	case max < 0x10000:
		return 74 + 2*n
	}
	return 76 + 4*n
}

func maxOfRunes(a, b rune) rune {
	if a > b {
		return a
	}
	return b
}

// pySlice resolves Python slice bounds s[lo:hi] for a sequence of n items.
func pySlice(n, lo, hi int) (int, int) {
	adjust := func(i int) int {
		if i < 0 {
			i += n
			if i < 0 {
				i = 0
			}
		}
		if i > n {
			i = n
		}
		return i
	}
	lo, hi = adjust(lo), adjust(hi)
	if hi < lo {
		hi = lo
	}
	return lo, hi
}

func fnStringSubstring(c *yaql.Call) (value.Value, error) {
	s := stringArg(c, 0)
	start, length := pySliceIndex(c.Args[1]), pySliceIndex(c.Args[2])
	if isASCII(s) {
		if length < 0 {
			length = len(s)
		}
		if start < 0 {
			start += len(s)
		}
		lo, hi := pySlice(len(s), start, start+length)
		return value.String(s[lo:hi]), nil
	}
	rs := []rune(s)
	if length < 0 {
		length = len(rs)
	}
	if start < 0 {
		start += len(rs)
	}
	lo, hi := pySlice(len(rs), start, start+length)
	return value.String(string(rs[lo:hi])), nil
}

// pyFind is Python's str.find/rfind(sub, start, end) over code points.
func pyFind(s, sub string, start, end int, last bool) int {
	rs, subRunes := []rune(s), []rune(sub)
	n := len(rs)
	if end > n {
		end = n
	} else if end < 0 {
		end = max(end+n, 0)
	}
	if start < 0 {
		start = max(start+n, 0)
	}
	if end-start < len(subRunes) {
		return -1
	}
	window := string(rs[start:end])
	var i int
	if last {
		i = strings.LastIndex(window, sub)
	} else {
		i = strings.Index(window, sub)
	}
	if i < 0 {
		return -1
	}
	return start + utf8.RuneCountInString(window[:i])
}

func fnStringIndexOf(last bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return value.Int(pyFind(stringArg(c, 0), stringArg(c, 1), pySliceIndex(c.Args[2]), 1<<62, last)), nil
	}
}

func fnStringIndexOfLength(last bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		s := stringArg(c, 0)
		n := utf8.RuneCountInString(s)
		start, length := pySliceIndex(c.Args[2]), pySliceIndex(c.Args[3])
		if start < 0 {
			start += n
		}
		if length < 0 {
			length = n - start
		}
		return value.Int(pyFind(s, stringArg(c, 1), start, start+length, last)), nil
	}
}

func fnStringToCharArray(c *yaql.Call) (value.Value, error) {
	s := stringArg(c, 0)
	items := make([]value.Value, 0, len(s))
	for _, r := range s {
		items = append(items, value.String(string(r)))
	}
	return value.NewTuple(items), nil
}

// characterClasses are the parameters of characters() with the contents
// of Python's string module constants; nil marks the Python 2 names that
// Python 3's string module lacks.
var characterClasses = []struct {
	param, attr string
	chars       *string
}{
	{"digits", "digits", strPtr("0123456789")},
	{"hexdigits", "hexdigits", strPtr("0123456789abcdefABCDEF")},
	{"asciiLowercase", "ascii_lowercase", strPtr("abcdefghijklmnopqrstuvwxyz")},
	{"asciiUppercase", "ascii_uppercase", strPtr("ABCDEFGHIJKLMNOPQRSTUVWXYZ")},
	{"asciiLetters", "ascii_letters", strPtr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")},
	{"letters", "letters", nil},
	{"octdigits", "octdigits", strPtr("01234567")},
	{"punctuation", "punctuation", strPtr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")},
	{"printable", "printable", strPtr("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c")},
	{"lowercase", "lowercase", nil},
	{"uppercase", "uppercase", nil},
	{"whitespace", "whitespace", strPtr(" \t\n\r\x0b\x0c")},
}

func strPtr(s string) *string { return &s }

func characterClassParams() []yaql.Param {
	ps := make([]yaql.Param, len(characterClasses))
	for i, cc := range characterClasses {
		ps[i] = yaql.Opt(cc.param, boolOrNull, value.Bool(false))
	}
	return ps
}

// fnStringCharacters returns the distinct characters of the chosen classes in
// the order CPython's set of them iterates (string hashes with hash
// randomisation off, PYTHONHASHSEED=0, as the reference oracle runs).
func fnStringCharacters(c *yaql.Call) (value.Value, error) {
	var all strings.Builder
	for i, cc := range characterClasses {
		if !value.Truth(c.Args[i]) {
			continue
		}
		if cc.chars == nil {
			return nil, yaql.Raise("AttributeError", "module 'string' has no attribute '%s'", cc.attr)
		}
		all.WriteString(*cc.chars)
	}
	var chars []value.Value
	for _, r := range all.String() {
		chars = append(chars, value.String(string(r)))
	}
	return value.NewTuple(PySetOrder(chars)), nil
}

func fnStringIsString(c *yaql.Call) (value.Value, error) {
	_, ok := c.Args[0].(value.String)
	return value.Bool(ok), nil
}

func fnStringIn(c *yaql.Call) (value.Value, error) {
	return value.Bool(strings.Contains(stringArg(c, 1), stringArg(c, 0))), nil
}

func fnStringAffix(test func(s, affix string) bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		s := stringArg(c, 0)
		for _, a := range c.Rest {
			if test(s, string(a.(value.String))) {
				return value.Bool(true), nil
			}
		}
		return value.Bool(false), nil
	}
}

// fnStringHex is Python's hex(): integers only, though the parameter accepts any
// number and null.
func fnStringHex(c *yaql.Call) (value.Value, error) {
	n, ok := value.ToBig(c.Args[0])
	if !ok {
		return nil, yaql.Raise("TypeError", "'%s' object cannot be interpreted as an integer", c.Args[0].Type())
	}
	if n.Sign() < 0 {
		return value.String("-0x" + new(big.Int).Neg(n).Text(16)), nil
	}
	return value.String("0x" + n.Text(16)), nil
}

// isASCII reports whether s has only ASCII characters, where code points
// and bytes coincide.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

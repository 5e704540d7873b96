// This file defines the regex library: regex(), matching operators,
// search, searchAll, split, replace and replaceBy, with Python's re
// semantics as engine/internal/pyre reproduces them on Go's RE2 engine.

package std

import (
	"strconv"
	"strings"

	"murano.dev/playground/engine/internal/pyre"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderRegex, "regex", registerRegex) }

// regexType is the parameter type of compiled patterns (Python's
// re.Pattern).
var regexType = yaql.NewPyType("Pattern", "Pattern", false, func(v value.Value) bool {
	_, ok := v.(*pyre.Regex)
	return ok
})

func registerRegex(c *yaql.Context, _ Options) {
	str := yaql.String
	selector := &yaql.LambdaType{WithContext: true}
	c.Register(
		yaql.Fn("regex", fnRegex, yaql.P("pattern", str), yaql.Opt("ignoreCase", boolOrNull, value.Bool(false)),
			yaql.Opt("multiLine", boolOrNull, value.Bool(false)), yaql.Opt("dotAll", boolOrNull, value.Bool(false))),
		yaql.Meth("matches", fnRegexMatches(0, 1, true), yaql.P("regexp", regexType), yaql.P("string", str)),
		yaql.Meth("matches", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("regexp", str)),
		yaql.Fn("#operator_=~", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("pattern", str)),
		yaql.Fn("#operator_=~", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("regexp", regexType)),
		yaql.Fn("#operator_!~", fnRegexMatches(1, 0, false), yaql.P("string", str), yaql.P("pattern", str)),
		yaql.Fn("#operator_!~", fnRegexMatches(1, 0, false), yaql.P("string", str), yaql.P("regexp", regexType)),
		yaql.Meth("search", fnRegexSearch, yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("selector", selector, value.Null)),
		yaql.Meth("searchAll", fnRegexSearchAll, yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("selector", selector, value.Null)),
		yaql.Meth("split", fnRegexSplit(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("maxSplit", intNotNull, value.Int(0))),
		yaql.Meth("split", fnRegexSplit(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.Opt("maxSplit", intNotNull, value.Int(0))),
		yaql.Meth("replace", fnRegexReplace(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.P("repl", str), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replaceBy", fnRegexReplaceBy(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.P("repl", selector), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replace", fnRegexReplace(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.P("repl", str), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replaceBy", fnRegexReplaceBy(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.P("repl", selector), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Fn("escapeRegex", fnEscapeRegex, yaql.P("string", str)),
		yaql.Fn("isRegex", fnIsRegex, yaql.P("value", yaql.Any)),
	)
}

// publishMatch defines $1 (the match) and $2… (the groups) in ctx as the
// reference does. Its loop over named groups unpacks each group's value
// as a (name, group) pair, so named groups only work when they matched
// two characters, the second naming a group; otherwise it fails with the
// reference's errors.
func publishMatch(ctx *yaql.Context, r *pyre.Regex, sub *pyre.Subject, m pyre.Match) error {
	if err := r.CheckGroups(); err != nil {
		return raised(err)
	}
	ctx.Set("$1", matchRecord(sub, m, 0))
	for g := 1; g <= r.Groups; g++ {
		ctx.Set("$"+strconv.Itoa(g+1), matchRecord(sub, m, g))
	}
	for _, name := range r.Names() {
		i, _ := r.GroupIndex(name)
		v, ok := sub.Group(m, i)
		if !ok {
			return yaql.Raise("TypeError", "cannot unpack non-iterable NoneType object")
		}
		rs := []rune(v)
		switch {
		case len(rs) < 2:
			return yaql.Raise("ValueError", "not enough values to unpack (expected 2, got %d)", len(rs))
		case len(rs) > 2:
			return yaql.Raise("ValueError", "too many values to unpack (expected 2)")
		}
		g, ok := r.GroupIndex(string(rs[1]))
		if !ok {
			return yaql.Raise("IndexError", "no such group")
		}
		d := value.NewDict(3)
		d.SetString("value", value.String(string(rs[1])))
		d.SetString("start", value.Int(sub.Pos(m[2*g])))
		d.SetString("end", value.Int(sub.Pos(m[2*g+1])))
		ctx.Set("$"+string(rs[0]), d)
	}
	return nil
}

// groupValue returns group g of a match (null when it did not take part).
func groupValue(sub *pyre.Subject, m pyre.Match, g int) value.Value {
	if s, ok := sub.Group(m, g); ok {
		return value.String(s)
	}
	return value.Null
}

// matchRecord is the dictionary the reference publishes for a group:
// value, start and end in code points.
func matchRecord(sub *pyre.Subject, m pyre.Match, g int) *value.Dict {
	d := value.NewDict(3)
	d.SetString("value", groupValue(sub, m, g))
	d.SetString("start", value.Int(sub.Pos(m[2*g])))
	d.SetString("end", value.Int(sub.Pos(m[2*g+1])))
	return d
}

func fnRegex(c *yaql.Call) (value.Value, error) {
	flags := 0
	for i, f := range []int{pyre.IgnoreCase, pyre.MultiLine, pyre.DotAll} {
		if value.Truth(c.Args[i+1]) {
			flags |= f
		}
	}
	r, err := pyre.Compile(stringArg(c, 0), flags|pyre.Unicode)
	if err != nil {
		return nil, raised(err)
	}
	return r, nil
}

// regexArg returns the pattern argument i: a compiled pattern or a
// string compiled with default flags.
func regexArg(c *yaql.Call, i int) (*pyre.Regex, error) {
	if r, ok := c.Args[i].(*pyre.Regex); ok {
		return r, nil
	}
	r, err := pyre.Cached(stringArg(c, i))
	return r, raised(err)
}

// fnRegexMatches is re.search(pattern, string) is not None (negated when
// want is false); re and str are the argument indexes.
func fnRegexMatches(re, str int, want bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r, err := regexArg(c, re)
		if err != nil {
			return nil, err
		}
		_, m, err := r.Search(stringArg(c, str))
		if err != nil {
			return nil, raised(err)
		}
		return value.Bool((m != nil) == want), nil
	}
}

func fnRegexSearch(c *yaql.Call) (value.Value, error) {
	r := c.Args[0].(*pyre.Regex)
	sub, m, err := r.Search(stringArg(c, 1))
	if err != nil || m == nil {
		return value.Null, raised(err)
	}
	selector, ok := c.Args[2].(*yaql.Lambda)
	if !ok {
		return groupValue(sub, m, 0), nil
	}
	ctx := c.Ctx.Child()
	if err := publishMatch(ctx, r, sub, m); err != nil {
		return nil, err
	}
	return selector.Invoke([]value.Value{ctx}, nil)
}

func fnRegexSearchAll(c *yaql.Call) (value.Value, error) {
	r := c.Args[0].(*pyre.Regex)
	sub, err := r.Subject(stringArg(c, 1))
	if err != nil {
		return nil, raised(err)
	}
	selector, _ := c.Args[2].(*yaql.Lambda)
	sc := r.Scan(sub)
	return value.NewIterator(func() (value.Value, bool, error) {
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		m, err := sc.Next()
		if err != nil || m == nil {
			return nil, false, raised(err)
		}
		if selector == nil {
			return groupValue(sub, m, 0), true, nil
		}
		ctx := c.Ctx.Child()
		if err := publishMatch(ctx, r, sub, m); err != nil {
			return nil, false, err
		}
		v, err := selector.Invoke([]value.Value{ctx}, nil)
		return v, err == nil, err
	}), nil
}

// reScanLimit turns Python's count/maxsplit argument into a number of
// matches: 0 means all, a negative one none.
func reScanLimit(v value.Value) (int, error) {
	n, err := pySsize(v)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return -1, nil
	}
	return max(n, 0), nil
}

// eachMatch calls f with the matches of a scan, at most limit of them (all
// when limit is negative), each charged a step of the budget.
func eachMatch(c *yaql.Call, sc *pyre.Scanner, limit int, f func(m pyre.Match) error) error {
	for n := 0; limit < 0 || n < limit; n++ {
		if err := c.RT.Step(); err != nil {
			return err
		}
		m, err := sc.Next()
		if err != nil {
			return raised(err)
		}
		if m == nil {
			return nil
		}
		if err := f(m); err != nil {
			return err
		}
	}
	return nil
}

func fnRegexSplit(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*pyre.Regex)
		limit, err := reScanLimit(c.Args[2])
		if err != nil {
			return nil, err
		}
		s := stringArg(c, str)
		sub, err := r.Subject(s)
		if err != nil {
			return nil, raised(err)
		}
		if r.Groups > 0 {
			if err := r.CheckGroups(); err != nil {
				return nil, raised(err)
			}
		}
		var out []value.Value
		last := 0
		err = eachMatch(c, r.Scan(sub), limit, func(m pyre.Match) error {
			out = append(out, value.String(s[last:m[0]]))
			for g := 1; g <= r.Groups; g++ {
				out = append(out, groupValue(sub, m, g))
			}
			last = m[1]
			return c.RT.CheckCollection(len(out))
		})
		if err != nil {
			return nil, err
		}
		out = append(out, value.String(s[last:]))
		return value.NewPyList(out), nil
	}
}

// substitute is Python's pattern.sub with a function computing each
// match's replacement (null for nothing; other non-strings fail when the
// pieces are joined, as in the reference).
func substitute(c *yaql.Call, r *pyre.Regex, s string, count value.Value, repl func(sub *pyre.Subject, m pyre.Match) (value.Value, error)) (value.Value, error) {
	limit, err := reScanLimit(count)
	if err != nil {
		return nil, err
	}
	sub, err := r.Subject(s)
	if err != nil {
		return nil, raised(err)
	}
	var pieces []value.Value
	size, last := 0, 0
	err = eachMatch(c, r.Scan(sub), limit, func(m pyre.Match) error {
		if last < m[0] {
			pieces = append(pieces, value.String(s[last:m[0]]))
			size += m[0] - last
		}
		v, err := repl(sub, m)
		if err != nil {
			return err
		}
		if !value.IsNull(v) {
			pieces = append(pieces, v)
			if t, ok := v.(value.String); ok {
				size += len(t)
			}
		}
		last = m[1]
		return c.RT.CheckString(size)
	})
	if err != nil {
		return nil, err
	}
	if last < len(s) {
		pieces = append(pieces, value.String(s[last:]))
	}
	var b strings.Builder
	for i, p := range pieces {
		t, ok := p.(value.String)
		if !ok {
			return nil, yaql.Raise("TypeError", "sequence item %d: expected str instance, %s found", i, pyClassName(p))
		}
		b.WriteString(string(t))
	}
	return value.String(b.String()), nil
}

func fnRegexReplace(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*pyre.Regex)
		tmpl, err := r.Replacement(stringArg(c, 2))
		if err != nil {
			return nil, raised(err)
		}
		return substitute(c, r, stringArg(c, str), c.Args[3], func(sub *pyre.Subject, m pyre.Match) (value.Value, error) {
			return value.String(tmpl.Expand(sub, m)), nil
		})
	}
}

func fnRegexReplaceBy(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*pyre.Regex)
		repl := c.Lambda(2)
		return substitute(c, r, stringArg(c, str), c.Args[3], func(sub *pyre.Subject, m pyre.Match) (value.Value, error) {
			if err := publishMatch(c.Ctx, r, sub, m); err != nil {
				return nil, err
			}
			return repl.Invoke([]value.Value{c.Ctx.Child()}, nil)
		})
	}
}

func fnEscapeRegex(c *yaql.Call) (value.Value, error) {
	return value.String(pyre.Escape(stringArg(c, 0))), nil
}

func fnIsRegex(c *yaql.Call) (value.Value, error) {
	_, ok := c.Args[0].(*pyre.Regex)
	return value.Bool(ok), nil
}

// This file reads check() predicates: the comparisons, enumerations and
// patterns a JSON schema can say, found in the predicate's syntax tree
// without running it.

package schema

import (
	"math/big"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/syntax"
)

// fnCheck is check(predicate, msg): the fragment with the keys the terms
// of the predicate give, later ones overwriting earlier ones.
func (g *generator) fnCheck(c *yaql.Call) (value.Value, error) {
	r := c.Args[0]
	pred := c.Args[1].(*yaql.Expression).Node
	var terms []syntax.Expr
	if g.ext {
		terms = flattenAnd(pred, nil)
	} else {
		terms = splitAnd(pred)
	}
	for _, t := range terms {
		path, frag, err := g.pattern(t, c.RT)
		if err != nil {
			return nil, err
		}
		if frag == nil {
			continue
		}
		d, ok := r.(*value.Dict)
		if !ok || !g.mutable[d] {
			return nil, dsl.PyErr("AttributeError", "'"+pyType(r)+"' object has no attribute 'update'")
		}
		if len(path) > 0 {
			d = g.contextOf(d, path)
		}
		if g.ext {
			tighten(d, frag)
		}
		for i, k := range frag.Keys() {
			d.SetString(string(k.(value.String)), frag.Values()[i])
		}
	}
	return r, nil
}

// bounds are the keys of the bounds a predicate gives, with the key of
// their exclusivity ("" for none) and which way is stricter (+1: a
// greater bound).
var bounds = []struct {
	key, exclusive string
	stricter       int
}{
	{"minimum", "exclusiveMinimum", +1},
	{"maximum", "exclusiveMaximum", -1},
	{"minLength", "", +1},
	{"maxLength", "", -1},
}

// tighten makes the bounds of frag, about to be merged into d, the
// stricter of its own and those d has, as two checks both apply (the
// reference keeps the later ones).
func tighten(d, frag *value.Dict) {
	for _, b := range bounds {
		old, ok1 := d.GetString(b.key)
		nw, ok2 := frag.GetString(b.key)
		if !ok1 || !ok2 || !value.IsNumber(old) || !value.IsNumber(nw) {
			continue
		}
		c, err := value.Compare(nw, old)
		if err != nil {
			continue
		}
		switch c * b.stricter {
		case -1:
			frag.SetString(b.key, old)
			if b.exclusive != "" {
				oldExcl, _ := d.GetString(b.exclusive)
				frag.SetString(b.exclusive, oldExcl)
			}
		case 0:
			if b.exclusive != "" {
				oldExcl, _ := d.GetString(b.exclusive)
				newExcl, _ := frag.GetString(b.exclusive)
				frag.SetString(b.exclusive, value.Bool(value.Truth(oldExcl) || value.Truth(newExcl)))
			}
		}
	}
}

// splitAnd is the reference's reading of "and": the left operand of an
// "and" at the top is a term and the right one is read again, so that
// "A and B" gives A and B, but "A and B and C", which is "(A and B) and
// C", gives the term "A and B" (which says nothing) and C.
func splitAnd(e syntax.Expr) []syntax.Expr {
	var terms []syntax.Expr
	for {
		and, ok := binary(e, "and")
		if !ok {
			return append(terms, e)
		}
		terms = append(terms, and.Args[0])
		e = and.Args[1]
	}
}

// flattenAnd splits "and" at any depth and through parentheses.
func flattenAnd(e syntax.Expr, terms []syntax.Expr) []syntax.Expr {
	if w, ok := e.(*syntax.Wrap); ok {
		return flattenAnd(w.X, terms)
	}
	if and, ok := binary(e, "and"); ok {
		return flattenAnd(and.Args[1], flattenAnd(and.Args[0], terms))
	}
	return append(terms, e)
}

// binary returns e as a call of the binary operator op.
func binary(e syntax.Expr, op string) (*syntax.Call, bool) {
	c, ok := e.(*syntax.Call)
	if !ok || c.Kind != syntax.BinaryOp || c.Name != "#operator_"+op || len(c.Args) != 2 {
		return nil, false
	}
	return c, true
}

// comparisons are the operators check() reads, in the reference's order
// (its mirroring of "5 < $" indexes this list from the end).
var comparisons = []string{">", "<", ">=", "<="}

// pattern returns the schema keys a term of a predicate gives (nil when
// it gives none) and, with the extensions, the path of the property of
// the value they are about (none for the value itself).
func (g *generator) pattern(e syntax.Expr, rt *yaql.Runtime) ([]string, *value.Dict, error) {
	c, ok := e.(*syntax.Call)
	if !ok || c.Kind != syntax.BinaryOp || len(c.Args) != 2 {
		return nil, nil, nil
	}
	op := strings.TrimPrefix(c.Name, "#operator_")
	switch op {
	case ">", "<", ">=", "<=":
		return g.comparison(op, c.Args[0], c.Args[1], rt)
	case "in":
		path, ok := g.subject(c.Args[0])
		if !ok {
			return nil, nil, nil
		}
		list, err := g.constant(c.Args[1], rt)
		if l, ok := list.(*value.List); ok && !l.Mutable && err == nil {
			return path, g.fragment("enum", value.NewPyList(append([]value.Value(nil), l.Items...))), nil
		}
		return nil, nil, err
	case ".":
		path, ok := g.subject(c.Args[0])
		m, isCall := c.Args[1].(*syntax.Call)
		if !ok || !isCall || m.Kind != syntax.FuncCall || m.Name != "matches" {
			return nil, nil, nil
		}
		if len(m.Args) == 0 {
			return nil, nil, dsl.PyErr("IndexError", "tuple index out of range")
		}
		p, err := g.constant(m.Args[0], rt)
		if err != nil || value.IsNull(p) {
			return nil, nil, err
		}
		return path, g.fragment("pattern", p), nil
	}
	return nil, nil, nil
}

// comparison reads "subject op constant" or "constant op subject".
func (g *generator) comparison(op string, left, right syntax.Expr, rt *yaql.Runtime) ([]string, *value.Dict, error) {
	i := indexOf(comparisons, op)
	path, ok := g.subject(left)
	other := right
	if !ok {
		if path, ok = g.subject(right); !ok {
			if g.ext {
				return g.lengthComparison(op, left, right, rt)
			}
			return nil, nil, nil
		}
		other = left
		i = mirror(i, g.ext)
	}
	c, err := g.constant(other, rt)
	if err != nil || value.IsNull(c) {
		return nil, nil, err
	}
	switch comparisons[i] {
	case ">":
		return path, g.fragment("minimum", c, "exclusiveMinimum", value.Bool(true)), nil
	case ">=":
		return path, g.fragment("minimum", c, "exclusiveMinimum", value.Bool(false)), nil
	case "<":
		return path, g.fragment("maximum", c, "exclusiveMaximum", value.Bool(true)), nil
	}
	return path, g.fragment("maximum", c, "exclusiveMaximum", value.Bool(false)), nil
}

// mirror is the operator of "constant op $" read as "$ op' constant":
// the reference takes the operator at the same place from the end of
// comparisons (so "5 < $" reads as "$ >= 5"); the extensions mirror it.
func mirror(i int, correct bool) int {
	if correct {
		return i ^ 1
	}
	return len(comparisons) - 1 - i
}

// lengthComparison reads "len(subject) op integer" (and its mirror) as
// minLength or maxLength.
func (g *generator) lengthComparison(op string, left, right syntax.Expr, rt *yaql.Runtime) ([]string, *value.Dict, error) {
	i := indexOf(comparisons, op)
	path, ok := g.lengthOf(left)
	other := right
	if !ok {
		if path, ok = g.lengthOf(right); !ok {
			return nil, nil, nil
		}
		other = left
		i = mirror(i, true)
	}
	c, err := g.constant(other, rt)
	if err != nil {
		return nil, nil, err
	}
	n, ok := c.(value.Int)
	if !ok {
		return nil, nil, nil
	}
	key := "minLength"
	switch comparisons[i] {
	case ">":
		n++
	case "<":
		n--
		key = "maxLength"
	case "<=":
		key = "maxLength"
	}
	if n < 0 {
		return nil, nil, nil
	}
	return path, g.fragment(key, value.NewInt(big.NewInt(int64(n)))), nil
}

// lengthOf reads len(subject) or subject.len().
func (g *generator) lengthOf(e syntax.Expr) ([]string, bool) {
	c, ok := e.(*syntax.Call)
	if !ok {
		return nil, false
	}
	if c.Kind == syntax.FuncCall && c.Name == "len" && len(c.Args) == 1 {
		return g.subject(c.Args[0])
	}
	if dot, ok := binary(c, "."); ok {
		if m, ok := dot.Args[1].(*syntax.Call); ok && m.Kind == syntax.FuncCall && m.Name == "len" && len(m.Args) == 0 {
			return g.subject(dot.Args[0])
		}
	}
	return nil, false
}

// subject reports whether e is the value checked: $ (or $1), and with the
// extensions also a property of it ($.port, $.a.b), whose path it
// returns.
func (g *generator) subject(e syntax.Expr) ([]string, bool) {
	if isDollar(e) {
		return nil, true
	}
	if !g.ext {
		return nil, false
	}
	dot, ok := binary(e, ".")
	if !ok {
		return nil, false
	}
	k, ok := dot.Args[1].(*syntax.Keyword)
	if !ok {
		return nil, false
	}
	path, ok := g.subject(dot.Args[0])
	if !ok {
		return nil, false
	}
	return append(path, k.Name), true
}

// isDollar reports the reference's is_dollar: a reference to $ or $1.
func isDollar(e syntax.Expr) bool {
	c, ok := e.(*syntax.Call)
	if !ok || c.Kind != syntax.Variable || len(c.Args) != 1 {
		return false
	}
	name, ok := c.Args[0].(*syntax.Constant)
	return ok && (value.Equal(name.Value, value.String("$")) || value.Equal(name.Value, value.String("$1")))
}

// contextOf returns the schema of the property at path inside the
// "context" of fragment d (the extensions' constraints on the
// properties of an object), creating what is missing.
func (g *generator) contextOf(d *value.Dict, path []string) *value.Dict {
	cur := g.child(d, "context")
	for _, name := range path {
		cur = g.child(g.child(cur, "properties"), name)
	}
	return cur
}

// child returns d[key] as a dictionary, set to a new one when it is not.
func (g *generator) child(d *value.Dict, key string) *value.Dict {
	if v, ok := d.GetString(key); ok {
		if c, ok := v.(*value.Dict); ok && g.mutable[c] {
			return c
		}
	}
	c := g.newDict(2)
	d.SetString(key, c)
	return c
}

// fragment is a new fragment with the keys and values given in pairs.
func (g *generator) fragment(kv ...any) *value.Dict {
	d := g.newDict(len(kv) / 2)
	for i := 0; i < len(kv); i += 2 {
		d.SetString(kv[i].(string), kv[i+1].(value.Value))
	}
	return d
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// trap is what $ holds while a constant is evaluated: reading it makes
// the expression not a constant.
type trap struct{}

func (trap) Type() string { return "MarkerClass" }

var theTrap value.Value = trap{}

// readTrap is #get_context_data where $ is the trap: reading it fails
// with yaql's ResolutionError.
var readTrap = yaql.Fn("#get_context_data", func(c *yaql.Call) (value.Value, error) {
	v, ok := c.Ctx.Get(string(c.Args[0].(value.String)))
	switch {
	case !ok:
		return value.Null, nil
	case v == theTrap:
		return nil, &yaql.Error{Class: "ResolutionError", Pos: -1, End: -1}
	}
	return v, nil
}, yaql.P("name", yaql.StringConstant))

// constant is the value of an expression of a predicate that does not
// depend on $: a literal as it is, anything else evaluated in the
// class's context; null when it reads $ or fails with a YAQL error.
// Other errors (a MuranoPL exception, a Python one) are the check's.
func (g *generator) constant(e syntax.Expr, rt *yaql.Runtime) (value.Value, error) {
	switch x := e.(type) {
	case nil:
		return value.Null, nil
	case *syntax.Constant:
		return x.Value, nil
	case *syntax.Keyword:
		return x.Value, nil
	}
	ctx := g.scope.Child()
	ctx.Set("$", theTrap)
	ctx.Register(readTrap)
	v, err := rt.Finalize(ctx, yaql.ExprArg(e))
	if err != nil {
		if class, module, _ := dsl.PythonName(err); module == "yaql.language.exceptions" || class == "ResolutionError" {
			return value.Null, nil
		}
		return nil, err
	}
	return v, nil
}

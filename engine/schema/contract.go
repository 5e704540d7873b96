// This file translates contracts: maps and lists by their shape, YAQL
// expressions by evaluating them where the contract functions build
// schema fragments.

package schema

import (
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// translate is the schema of a contract written in a package of runtime
// rt. A scalar that is not an expression translates to null (the
// reference's None).
func (g *generator) translate(n *decl.Node, rt decl.Version) (value.Value, error) {
	if n == nil {
		return value.Null, nil
	}
	switch n.Kind {
	case decl.Map:
		return g.translateMap(n, rt)
	case decl.List:
		return g.translateList(n, rt)
	case decl.Expr:
		return g.expression(n.Expr, rt)
	}
	return value.Null, nil
}

// translateMap is an object schema: a property per constant key, and
// additionalProperties from an expression key (the last one).
func (g *generator) translateMap(n *decl.Node, rt decl.Version) (value.Value, error) {
	props := g.newDict(len(n.Entries))
	var additional value.Value = value.Bool(false)
	var required []value.Value
	for _, e := range n.Entries {
		v, err := g.translate(e.Value, rt)
		if err != nil {
			return nil, err
		}
		if e.Key.Kind == decl.Expr {
			additional = v
			continue
		}
		k, err := rawValue(e.Key)
		if err != nil {
			return nil, err
		}
		if err := props.Set(k, v); err != nil {
			return nil, err
		}
		if g.notNull && e.Value.Kind == decl.Expr {
			required = append(required, k)
		}
	}
	out := g.newDict(4)
	out.SetString("type", value.String("object"))
	out.SetString("properties", props)
	out.SetString("additionalProperties", additional)
	if g.ext && len(required) > 0 {
		out.SetString("required", value.NewPyList(required))
	}
	return out, nil
}

// translateList is an array schema: the items the contract's elements
// give, leaving out the integers (the counts, wherever they are). With
// the extensions the counts become minItems and maxItems, read as the
// reference's validation reads them: the last integer is the minimum,
// or the last two are the minimum and the maximum.
func (g *generator) translateList(n *decl.Node, rt decl.Version) (value.Value, error) {
	var items []value.Value
	for _, it := range n.Items {
		if isInt(it) {
			continue
		}
		v, err := g.translate(it, rt)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	out := g.newDict(5)
	out.SetString("type", value.String("array"))
	switch len(items) {
	case 0:
	case 1:
		out.SetString("items", items[0])
	default:
		out.SetString("items", value.NewPyList(items))
		out.SetString("additionalItems", items[len(items)-1])
	}
	if g.ext {
		listCounts(out, n.Items)
	}
	return out, nil
}

// listCounts sets minItems and maxItems from the counts of a list
// contract (a negative count allows any length).
func listCounts(out *value.Dict, specs []*decl.Node) {
	last := len(specs) - 1
	if last < 0 || !isInt(specs[last]) {
		return
	}
	minNode, maxNode := specs[last], (*decl.Node)(nil)
	if last >= 1 && isInt(specs[last-1]) {
		minNode, maxNode = specs[last-1], specs[last]
	}
	for _, c := range []struct {
		key  string
		node *decl.Node
	}{{"minItems", minNode}, {"maxItems", maxNode}} {
		if c.node == nil {
			continue
		}
		if n, _ := value.ToBig(c.node.Value); n.Sign() >= 0 {
			out.SetString(c.key, value.NewInt(n))
		}
	}
}

// isInt reports a node that is a Python int (booleans included).
func isInt(n *decl.Node) bool { return n != nil && (n.Kind == decl.Int || n.Kind == decl.Bool) }

// expression evaluates a contract expression in schema mode: $ is an
// empty fragment that the contract functions build on.
func (g *generator) expression(x *decl.Expression, rt decl.Version) (value.Value, error) {
	g.notNull = false
	ctx := g.base(rt).Child()
	dsl.CopyNamesScope(ctx, g.scope)
	ctx.Set("$", g.newDict(0))
	return g.ex.Runtime(rt).Finalize(ctx, yaql.ExprArg(x.Tree))
}

// base returns the context of contract expressions of runtime rt: the
// root context with the contract functions of schema mode.
func (g *generator) base(rt decl.Version) *yaql.Context {
	if c, ok := g.bases[rt]; ok {
		return c
	}
	self := yaql.P("self", yaql.Any)
	optString := func(name string) yaql.Param { return yaql.Opt(name, yaql.String.OrNull(), value.Null) }
	c := g.ex.RootContext(rt).Child()
	c.Register(
		yaql.Meth("string", g.typeFunc("string"), self),
		yaql.Meth("bool", g.typeFunc("boolean"), self),
		yaql.Meth("int", g.typeFunc("integer"), self),
		yaql.Meth("notNull", g.fnNotNull, self),
		yaql.Meth("check", g.fnCheck, self, yaql.P("predicate", yaql.ExpressionType{}), optString("msg")),
		yaql.Meth("class", g.fnClass, self, yaql.P("name", dsl.TypeParameter(false)),
			yaql.Opt("defaultName", dsl.TypeParameter(true), value.Null), optString("versionSpec")),
		yaql.Meth("template", g.fnTemplate, self, yaql.P("type", dsl.TypeParameter(false)),
			yaql.Opt("defaultType", dsl.TypeParameter(true), value.Null), optString("versionSpec"),
			yaql.Opt("excludeProperties", yaql.Sequence.OrNull(), value.Null)),
		yaql.Meth("owned", g.ownedFunc(true), self),
		yaql.Meth("notOwned", g.ownedFunc(false), self),
		yaql.Fn("#finalize", g.fnFinalize, yaql.P("obj", yaql.Any)),
	)
	g.bases[rt] = c
	return c
}

// fnFinalize ends a contract expression: the fragment loses the mark
// notNull() left for the type functions.
func (g *generator) fnFinalize(c *yaql.Call) (value.Value, error) {
	d, ok := c.Args[0].(*value.Dict)
	if !ok || !g.mutable[d] {
		return c.Args[0], nil
	}
	if _, marked := d.GetString(notNullMark); !marked {
		return d, nil
	}
	out, err := d.Delete(value.String(notNullMark))
	if err != nil {
		return nil, err
	}
	g.mutable[out] = true
	return out, nil
}

// notNullMark is the key notNull() leaves in a fragment, so that a type
// function after it makes the type not nullable.
const notNullMark = "_notNull"

// typeFunc is string(), bool() or int(): a new fragment with the type,
// nullable unless notNull() came before.
func (g *generator) typeFunc(name string) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		t, err := g.nullable(c.Args[0], name)
		if err != nil {
			return nil, err
		}
		out := g.newDict(1)
		out.SetString("type", t)
		return out, nil
	}
}

// nullable is the type name alone when fragment r has notNull()'s mark,
// else the list [name, "null"].
func (g *generator) nullable(r value.Value, name string) (value.Value, error) {
	marked, err := contains(r, notNullMark)
	if err != nil {
		return nil, err
	}
	if marked {
		return value.String(name), nil
	}
	return value.NewPyList([]value.Value{value.String(name), value.String("null")}), nil
}

// fnNotNull removes "null" from the types of the fragment and marks it.
func (g *generator) fnNotNull(c *yaql.Call) (value.Value, error) {
	g.notNull = true
	r := c.Args[0]
	d, ok := r.(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("AttributeError", "'"+pyType(r)+"' object has no attribute 'get'")
	}
	types, _ := d.GetString("type")
	if l, ok := types.(*value.List); ok && l.Mutable {
		if i := index(l, value.String("null")); i >= 0 {
			rest := append(append(make([]value.Value, 0, len(l.Items)-1), l.Items[:i]...), l.Items[i+1:]...)
			var t value.Value = value.NewPyList(rest)
			if len(rest) == 1 {
				t = rest[0]
			}
			if err := g.assign(d, "type", t); err != nil {
				return nil, err
			}
		}
	}
	return d, g.assign(d, notNullMark, value.Bool(true))
}

// ownedFunc is owned() or notOwned(): the fragment with "owned".
func (g *generator) ownedFunc(owned bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		return c.Args[0], g.assign(c.Args[0], "owned", value.Bool(owned))
	}
}

// fnClass is class(): a new object fragment with the class's name.
func (g *generator) fnClass(c *yaql.Call) (value.Value, error) {
	return g.objectFragment(c)
}

// fnTemplate is template(): an owned object fragment, with the
// properties left out of the template.
func (g *generator) fnTemplate(c *yaql.Call) (value.Value, error) {
	out, err := g.objectFragment(c)
	if err != nil {
		return nil, err
	}
	out.SetString("owned", value.Bool(true))
	if value.Truth(c.Args[4]) {
		out.SetString("excludedProperties", c.Args[4])
	}
	return out, nil
}

func (g *generator) objectFragment(c *yaql.Call) (*value.Dict, error) {
	t, err := g.nullable(c.Args[0], "muranoObject")
	if err != nil {
		return nil, err
	}
	class := c.Args[1].(*dsl.TypeRef).Class
	out := g.newDict(4)
	out.SetString("type", t)
	out.SetString("muranoType", value.String(class.Name))
	if g.ext {
		if v := g.version(class, c.Args[3]); v != "" {
			out.SetString("version", value.String(v))
		}
	}
	return out, nil
}

// version is the version spec of a class a contract names: the one it
// gives, or the requirement of the declaring class's package on the
// package of the class.
func (g *generator) version(class *dsl.Class, spec value.Value) string {
	if s, ok := spec.(value.String); ok {
		return string(s)
	}
	p := g.declaring.Package
	if class.Package.Name == p.Name || class.Package.Name == dsl.CoreLibrary {
		return ""
	}
	for _, r := range p.Requirements {
		if r.Name == class.Package.Name {
			return r.Spec
		}
	}
	return ""
}

// assign is Python's r[key] = v on a fragment.
func (g *generator) assign(r value.Value, key string, v value.Value) error {
	if d, ok := r.(*value.Dict); ok && g.mutable[d] {
		d.SetString(key, v)
		return nil
	}
	if l, ok := r.(*value.List); ok && l.Mutable {
		return dsl.PyErr("TypeError", "list indices must be integers or slices, not str")
	}
	return dsl.PyErr("TypeError", "'"+pyType(r)+"' object does not support item assignment")
}

// contains is Python's key in r.
func contains(r value.Value, key string) (bool, error) {
	switch x := r.(type) {
	case *value.Dict:
		_, ok := x.GetString(key)
		return ok, nil
	case *value.List:
		return index(x, value.String(key)) >= 0, nil
	case *value.Set:
		return x.Has(value.String(key))
	case value.String:
		return strings.Contains(string(x), key), nil
	}
	return false, dsl.PyErr("TypeError", "argument of type '"+pyType(r)+"' is not iterable")
}

// index is the position of the first item of l equal to v, -1 when none.
func index(l *value.List, v value.Value) int {
	for i, it := range l.Items {
		if value.Equal(it, v) {
			return i
		}
	}
	return -1
}

// pyType is the name of the Python type of a value in messages; a
// dictionary that is not the generator's is YAQL's frozen one.
func pyType(v value.Value) string {
	switch v.(type) {
	case *value.Dict:
		return "FrozenDict"
	case nil:
		return "NoneType"
	}
	return v.Type()
}

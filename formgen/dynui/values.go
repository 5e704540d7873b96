// This file converts YAML nodes into the values the dashboard works with
// and defines the small Python string helpers it relies on.

package dynui

import (
	"strings"
	"unicode"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// rawExpr is a YAQL expression kept unevaluated inside data (the
// dashboard's YaqlExpression): template bodies, Application values and
// YAQL-valued field attributes.
type rawExpr struct {
	stmt *yaql.Statement
	node *decl.Node
}

func (*rawExpr) Type() string   { return "YaqlExpression" }
func (x *rawExpr) Str() string  { return x.stmt.Source }
func (x *rawExpr) Repr() string { return "YAQL(" + x.stmt.Source + ")" }

// objectID is an id made by ref(), replaced by its text when the object
// model is assembled.
type objectID struct{ id string }

func (*objectID) Type() string   { return "ObjectID" }
func (o *objectID) Str() string  { return o.id }
func (o *objectID) Repr() string { return "<ObjectID " + o.id + ">" }

// toValue converts a node: maps to dicts, sequences to lists, YAQL
// scalars to rawExpr, other scalars to their values.
func (d *Definition) toValue(n *decl.Node) value.Value {
	switch n.Kind {
	case decl.Expr:
		return d.expr(n)
	case decl.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			items[i] = d.toValue(it)
		}
		return value.NewPyList(items)
	case decl.Map:
		out := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			_ = out.Set(d.toValue(e.Key), d.toValue(e.Value))
		}
		return out
	}
	if n.Kind == decl.Date {
		return yamlDate(n.Text())
	}
	if n.Value == nil {
		return value.Null
	}
	return n.Value
}

// yamlDate is a YAML date (Python's datetime.date), which prints as
// 2001-12-14.
type yamlDate string

func (yamlDate) Type() string  { return "date" }
func (d yamlDate) Str() string { return string(d) }

// expr returns the rawExpr of an expression node, parsed once.
func (d *Definition) expr(n *decl.Node) *rawExpr {
	if x, ok := d.exprs[n]; ok {
		return x
	}
	stmt, err := dashEngine.Parse(n.Expr.Source)
	if err != nil {
		// The loader parsed it with the same grammar.
		panic(err)
	}
	x := &rawExpr{stmt: stmt, node: n}
	d.exprs[n] = x
	return x
}

// decamelize is the dashboard's helpers.decamelize: split before each run
// of capitals, lower-case the pieces, join them with "_".
func decamelize(name string) string {
	var bits []string
	for {
		i := 0
		for i < len(name) && name[i] >= 'A' && name[i] <= 'Z' {
			i++
		}
		for i < len(name) && !(name[i] >= 'A' && name[i] <= 'Z') {
			i++
		}
		bits = append(bits, strings.ToLower(name[:i]))
		if i == len(name) {
			break
		}
		name = name[i:]
	}
	return strings.Join(bits, "_")
}

// prettyName is Django's pretty_name: underscores to spaces, the first
// character upper-cased and the rest lower-cased.
func prettyName(name string) string {
	if name == "" {
		return ""
	}
	return pyCapitalize(strings.ReplaceAll(name, "_", " "))
}

func pyCapitalize(s string) string {
	rs := []rune(strings.ToLower(s))
	if len(rs) > 0 {
		rs[0] = unicode.ToTitle(rs[0])
	}
	return string(rs)
}

// htmlEscape is Python's html.escape with quote=True.
func htmlEscape(s string) string {
	return htmlEscaper.Replace(s)
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#x27;")

// pyStr is Python's str() of a value.
func pyStr(v value.Value) string { return value.Str(v) }

// pyRepr is Python's repr() of a string.
func pyRepr(s string) string { return value.QuoteString(s) }

// isEmpty reports whether Django counts the value as empty: None, ”,
// [], (), {}.
func isEmpty(v value.Value) bool {
	switch x := v.(type) {
	case nil, value.NullType:
		return true
	case value.String:
		return x == ""
	case *value.List:
		return len(x.Items) == 0
	case *value.Dict:
		return x.Len() == 0
	}
	return false
}

// pyType is the Python type name of a node's value in the dashboard's
// messages (type(x).__name__: date and datetime without their module).
func pyType(n *decl.Node) string {
	switch {
	case n != nil && n.Kind == decl.Date:
		return "date"
	case n != nil && n.Kind == decl.Timestamp:
		return "datetime"
	}
	return n.PyType()
}

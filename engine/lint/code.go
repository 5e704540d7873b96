package lint

import (
	"regexp"
	"slices"
	"strings"

	"murano.dev/playground/engine/internal/pyyaml"

	"murano.dev/playground/engine/yaql/syntax"
)

var parser = syntax.NewParser(syntax.Dialect{Murano: true})

// validYAQL reports whether a node is a string that parses as YAQL, or
// an expression tagged !yaql (whose syntax the engine's checks see).
func validYAQL(n *pyyaml.Node) bool {
	if n != nil && n.Kind == pyyaml.Expr {
		return true
	}
	if !isStr(n) {
		return false
	}
	_, err := parser.Parse(n.Text())
	return err == nil
}

// contract checks a contract as murano-pkg-check does: every string must
// be a YAQL expression on $ (W048); cardinality lists are not looked into.
func (c *checker) contract(f string, n *pyyaml.Node) {
	switch n.PyType() {
	case "list":
		items := n.Items
		switch {
		case len(items) == 2 && items[1].PyType() == "int",
			len(items) == 3 && items[1].PyType() == "int" && items[2].PyType() == "int":
			return
		}
		for _, x := range items {
			c.contract(f, x)
		}
	case "dict":
		for _, e := range entries(n) {
			if !isStr(e.Key) {
				c.report(pos(f, e.Key), "E040", "Value is not a string %q", e.Key.Text())
			}
			c.contract(f, e.Value)
		}
	default:
		if isStr(n) && strings.HasPrefix(n.Text(), "$") {
			if _, err := parser.Parse(n.Text()); err != nil {
				c.reportAs(Error, pos(f, n), codeSyntax, "contract %q does not parse: %v", n.Text(), err)
			}
		}
		if !validYAQL(n) || !(n.Text() == "$" || len(n.Text()) > 1 && n.Text()[:2] == "$.") {
			c.report(pos(f, n), "W048", "Contract is not valid yaql %q", n.Text())
		}
	}
}

// A structure is a MuranoPL statement keyword and its sub-keys: what each
// must hold and whether it is required.
type structure struct {
	keyword string
	keys    []subKey
}

type subKey struct {
	name     string
	check    string // codeblock, catchblock, yaql, empty, string, cases
	required bool
}

// structures are in the order murano-pkg-check looks for them.
var structures = []structure{
	{"Try", []subKey{{"Try", "codeblock", true}, {"Catch", "catchblock", true}, {"Else", "codeblock", false}, {"Finally", "codeblock", false}}},
	{"Parallel", []subKey{{"Limit", "codeblock", false}, {"Parallel", "codeblock", true}}},
	{"Repeat", []subKey{{"Repeat", "yaql", true}, {"Do", "codeblock", true}}},
	{"If", []subKey{{"If", "yaql", true}, {"Then", "codeblock", true}, {"Else", "codeblock", false}}},
	{"Break", []subKey{{"Break", "empty", true}}},
	{"Return", nil},
	{"While", []subKey{{"While", "yaql", true}, {"Do", "codeblock", true}}},
	{"For", []subKey{{"For", "string", true}, {"In", "yaql", true}, {"Do", "codeblock", true}}},
	{"Match", []subKey{{"Match", "cases", true}, {"Value", "yaql", true}, {"Default", "codeblock", false}}},
	{"Switch", []subKey{{"Switch", "cases", true}, {"Default", "codeblock", true}}},
	{"Throw", []subKey{{"Throw", "string", true}, {"Message", "string", true}}},
	{"Continue", []subKey{{"Continue", "empty", true}}},
	{"Rethrow", []subKey{{"Rethrow", "empty", true}}},
}

var assignmentKey = regexp.MustCompile(`^\$.?\w`)

func (c *checker) codeblock(f string, n *pyyaml.Node) {
	if isList(n) {
		for _, b := range n.Items {
			c.block(f, b)
		}
		return
	}
	c.block(f, n)
}

func (c *checker) block(f string, n *pyyaml.Node) {
	switch n.PyType() {
	case "str", "YaqlExpression":
		c.yaql(f, n)
	case "dict":
		c.statement(f, n)
	}
}

func (c *checker) yaql(f string, n *pyyaml.Node) {
	if !validYAQL(n) && !isBool(n) {
		c.report(pos(f, n), "W202", "%q is not valid yaql expression", n.Text())
	}
}

func (c *checker) statement(f string, n *pyyaml.Node) {
	var st *structure
	for i := range structures {
		if k, _ := get(n, structures[i].keyword); k != nil {
			st = &structures[i]
			break
		}
	}
	es := entries(n)
	if st == nil {
		if len(es) == 1 {
			if !isStr(es[0].Key) || !assignmentKey.MatchString(es[0].Key.Text()) {
				c.report(pos(f, es[0].Key), "E201", "%q is not valid variable name", es[0].Key.Text())
			}
		} else {
			c.report(pos(f, n), "E204", "Wrong code structure/assigment. Probably a typo")
		}
		return
	}
	names := []string{st.keyword}
	for _, k := range st.keys {
		names = append(names, k.name)
		if k.required {
			if key, _ := get(n, k.name); key == nil {
				c.report(pos(f, n), "E204", "Missing keyword %q for %q code structure", k.name, st.keyword)
			}
		}
	}
	for _, e := range es {
		if !isStr(e.Key) || !slices.Contains(names, e.Key.Text()) {
			c.report(pos(f, e.Key), "E201", "Unknown keyword %q in %q", e.Key.Text(), st.keyword)
		}
	}
	for _, k := range st.keys {
		_, v := get(n, k.name)
		if !v.Truthy() {
			continue
		}
		c.check(f, k.check, v)
	}
}

func (c *checker) check(f, check string, v *pyyaml.Node) {
	switch check {
	case "codeblock":
		c.codeblock(f, v)
	case "catchblock":
		items := []*pyyaml.Node{v}
		if isList(v) {
			items = v.Items
		}
		for _, cb := range items {
			if _, do := get(cb, "Do"); do.Truthy() {
				c.codeblock(f, do)
			} else {
				c.report(pos(f, cb), "E204", "Catch is missing \"Do\" block")
			}
			for _, k := range []string{"With", "As"} {
				if _, s := get(cb, k); s != nil {
					c.check(f, "string", s)
				}
			}
		}
	case "yaql":
		c.yaql(f, v)
	case "empty":
		c.report(pos(f, v), "E200", "Statement should be empty, not a %q", v.Text())
	case "string":
		if !isStr(v) {
			c.report(pos(f, v), "E203", "Value of %q should be a string", v.Text())
		}
	case "cases":
		for _, e := range entries(v) {
			c.yaql(f, e.Key)
			c.codeblock(f, e.Value)
		}
	}
}

// expressions reports the strings of a method body that start like a
// YAQL expression ($…) but do not parse: murano silently takes them as
// plain strings.
func (c *checker) expressions(f string, n *pyyaml.Node) {
	if n == nil {
		return
	}
	if isStr(n) && strings.HasPrefix(n.Text(), "$") {
		if _, err := parser.Parse(n.Text()); err != nil {
			c.reportAs(Error, pos(f, n), codeSyntax, "%q does not parse as YAQL (%v); murano takes it as a plain string", n.Text(), err)
		}
	}
	for _, x := range n.Items {
		c.expressions(f, x)
	}
	for _, e := range n.Entries {
		c.expressions(f, e.Key)
		c.expressions(f, e.Value)
	}
}

// This file generates the Dynamic UI form of Heat.HOT packages.

package pkg

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/value"
)

// hotUI generates the Dynamic UI (Version 2) of a Heat.HOT package as the
// reference does: a first form with the hidden title (the manifest's
// description, nil for null) and the application name, one form per
// parameter_groups entry, then one with the parameters in no group; the
// Application object maps every parameter to its field. Errors are the
// reference's ([decl.PyError]).
func hotUI(fullName, version string, description *pyyaml.Node, template []byte) ([]byte, error) {
	doc, err := parseTemplate(template)
	if err != nil {
		return nil, err
	}
	specs := map[string]*pyyaml.Node{}
	var order []string
	if params := doc.Get("parameters"); params != nil && params.Kind == pyyaml.Map {
		for _, e := range params.Entries {
			order = append(order, e.Key.Text())
			specs[e.Key.Text()] = e.Value
		}
	}

	forms := seqNode()
	forms.Content = append(forms.Content, mapNode("group0", mapNode("fields", seqNode(
		mapNode("name", str("title"), "type", str("string"), "required", boolean(false), "hidden", boolean(true),
			"description", dump(description)),
		mapNode("name", str("name"), "type", str("string"), "label", str("Application Name"), "required", boolean(true),
			"description", str("Enter a desired name for the application. Just A-Z, a-z, 0-9, and dash are allowed")),
	))))
	mapped := map[string]string{}
	var mappedOrder []string
	addGroup := func(names []string) error {
		group := "group" + strconv.Itoa(len(forms.Content))
		fields := seqNode()
		for _, name := range names {
			f, err := uiField(name, specs[name])
			if err != nil {
				return err
			}
			fields.Content = append(fields.Content, f)
			if _, ok := mapped[name]; !ok {
				mappedOrder = append(mappedOrder, name)
			}
			mapped[name] = "$." + group + "." + name
		}
		forms.Content = append(forms.Content, mapNode(group, mapNode("fields", fields)))
		return nil
	}
	grouped := map[string]bool{}
	groups := doc.Get("parameter_groups")
	if groups != nil && groups.Kind != pyyaml.List {
		return nil, &decl.PyError{Class: "TypeError", Msg: "'" + groups.PyType() + "' object is not iterable"}
	}
	if groups != nil {
		for _, g := range groups.Items {
			var names []string
			if ps := g.Get("parameters"); ps != nil {
				for _, p := range ps.Items {
					name := p.Text()
					if spec := specs[name]; spec.Truthy() {
						names = append(names, name)
						grouped[name] = true
					}
				}
			}
			if err := addGroup(names); err != nil {
				return nil, err
			}
		}
	}
	var rest []string
	for _, name := range order {
		if !grouped[name] {
			rest = append(rest, name)
		}
	}
	if len(rest) > 0 {
		if err := addGroup(rest); err != nil {
			return nil, err
		}
	}

	app := mapNode("?", mapNode("type", str(fullName), "package", str(fullName), "classVersion", str(version)),
		"name", yaqlScalar("$.group0.name"))
	if len(order) > 0 {
		tp := mapNode()
		for _, name := range mappedOrder {
			tp.Content = append(tp.Content, str(name), yaqlScalar(mapped[name]))
		}
		app.Content = append(app.Content, str("templateParameters"), tp)
	}
	ui := mapNode("Version", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: "2"}, "Application", app, "Forms", forms)
	return emitYAML(ui), nil
}

// uiField translates a template parameter into a form field.
func uiField(name string, spec *pyyaml.Node) (*yaml.Node, error) {
	typ := spec.Get("type")
	if typ == nil {
		return nil, &decl.PyError{Class: "KeyError", Msg: "'type'"}
	}
	label := str(strings.ReplaceAll(pyTitle(name), "_", " "))
	if l := spec.Get("label"); l.Truthy() {
		label = dump(l)
	}
	fieldType := "string"
	switch typ.Text() {
	case "number":
		fieldType = "integer"
	case "boolean":
		fieldType = "boolean"
	}
	f := mapNode("name", str(name), "label", label, "type", str(fieldType))
	if d := spec.Get("description"); d != nil {
		f.Content = append(f.Content, str("description"), dump(d))
	}
	if d := spec.Get("default"); d != nil {
		f.Content = append(f.Content, str("initial"), dump(d), str("required"), boolean(false))
	} else {
		f.Content = append(f.Content, str("required"), boolean(true))
	}
	var minLen, maxLen *int64
	validators := seqNode()
	if cs := spec.Get("constraints"); cs != nil {
		for _, c := range cs.Items {
			var v *yaml.Node
			if l := c.Get("length"); l != nil {
				for _, b := range []struct {
					key string
					dst **int64
					min bool
				}{{"min", &minLen, true}, {"max", &maxLen, false}} {
					n := l.Get(b.key)
					if n == nil {
						continue
					}
					s, err := pyInt(n)
					if err != nil {
						return nil, err
					}
					i, _ := strconv.ParseInt(s, 10, 64)
					if *b.dst == nil || b.min && i > **b.dst || !b.min && i < **b.dst {
						*b.dst = &i
					}
				}
				continue
			} else if r := c.Get("range"); r != nil {
				lo, hi := r.Get("min"), r.Get("max")
				switch {
				case lo != nil && hi != nil:
					v = mapNode("expr", yaqlScalar("$ >= "+lo.Text()+" and $ <= "+hi.Text()))
				case lo != nil:
					v = mapNode("expr", yaqlScalar("$ >= "+lo.Text()))
				default:
					v = mapNode("expr", yaqlScalar("$ <= "+hi.Text()))
				}
			} else if av := c.Get("allowed_values"); av != nil {
				var items []string
				for _, item := range av.Items {
					items = append(items, pyLiteral(item))
				}
				v = mapNode("expr", yaqlScalar("$ in list("+strings.Join(items, ", ")+")"))
			} else if p := c.Get("allowed_pattern"); p != nil {
				v = mapNode("expr", mapNode("regexpValidator", dump(p)))
			} else {
				continue
			}
			if d := c.Get("description"); d != nil {
				v.Content = append(v.Content, str("message"), dump(d))
			}
			validators.Content = append(validators.Content, v)
		}
	}
	if minLen != nil {
		f.Content = append(f.Content, str("minLength"), intNode(*minLen))
	}
	if maxLen != nil {
		f.Content = append(f.Content, str("maxLength"), intNode(*maxLen))
	}
	if len(validators.Content) > 0 {
		f.Content = append(f.Content, str("validators"), validators)
	}
	return f, nil
}

// pyTitle is Python's str.title(): a letter after a non-letter is upper
// case, other letters lower case.
func pyTitle(s string) string {
	var b strings.Builder
	prevLetter := false
	for _, r := range s {
		if prevLetter {
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(unicode.ToTitle(r))
		}
		prevLetter = unicode.IsLetter(r)
	}
	return b.String()
}

// dump is how the reference's dumper writes a value of the template (nil
// for null): scalars with their tags (strings double-quoted), floats as PyYAML
// represents them, lists and maps item by item.
func dump(n *pyyaml.Node) *yaml.Node {
	scalar := func(tag, v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v} }
	switch {
	case n == nil || n.Kind == pyyaml.Null:
		return scalar("!!null", "null")
	case n.Kind == pyyaml.Bool:
		return boolean(n.Value == value.Bool(true))
	case n.Kind == pyyaml.Int:
		return scalar("!!int", n.Text())
	case n.Kind == pyyaml.Float:
		return scalar("!!float", pyyamlFloat(float64(n.Value.(value.Float))))
	case n.Kind == pyyaml.Date || n.Kind == pyyaml.Timestamp:
		return scalar("!!timestamp", n.Text())
	case n.Kind == pyyaml.List:
		out := seqNode()
		for _, it := range n.Items {
			out.Content = append(out.Content, dump(it))
		}
		return out
	case n.Kind == pyyaml.Map:
		out := mapNode()
		for _, e := range n.Entries {
			out.Content = append(out.Content, dump(e.Key), dump(e.Value))
		}
		return out
	}
	return str(n.Text())
}

// pyyamlFloat is PyYAML's representation of a float: Python's repr, with
// .inf and .nan, and ".0" before an exponent without a dot.
func pyyamlFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ".nan"
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	}
	s := value.FormatFloat(f)
	if !strings.Contains(s, ".") && strings.Contains(s, "e") {
		s = strings.Replace(s, "e", ".0e", 1)
	}
	return s
}

// mapNode builds a mapping from alternating keys (strings) and values.
func mapNode(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i < len(kv); i += 2 {
		m.Content = append(m.Content, str(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return m
}

func seqNode(items ...*yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
}

func str(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
}

func yaqlScalar(e string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!yaql", Value: e, Style: yaml.DoubleQuotedStyle}
}

func boolean(b bool) *yaml.Node {
	v := "false"
	if b {
		v = "true"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: v}
}

func intNode(i int64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(i, 10)}
}

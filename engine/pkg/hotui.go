// This file generates the Dynamic UI form of Heat.HOT packages.

package pkg

import (
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/dsl/decl"
)

// HOTUI generates the Dynamic UI (Version 2) of a Heat.HOT package as the
// reference does: a first form with the hidden title (the manifest's
// description, nil for null) and the application name, one form per
// parameter_groups entry, then one with the parameters in no group; the
// Application object maps every parameter to its field. Errors are the
// reference's ([decl.PyError]).
func HOTUI(fullName, version string, description *yaml.Node, template []byte) ([]byte, error) {
	doc, err := parseTemplate(template)
	if err != nil {
		return nil, err
	}
	params := mapping(doc, "parameters")
	specs := map[string]*yaml.Node{}
	var order []string
	eachEntry(params, func(k, v *yaml.Node) {
		if _, seen := specs[pyStr(k)]; !seen {
			order = append(order, pyStr(k))
		}
		specs[pyStr(k)] = deref(v)
	})

	if description == nil {
		description = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	forms := seqNode()
	forms.Content = append(forms.Content, mapNode("group0", mapNode("fields", seqNode(
		mapNode("name", str("title"), "type", str("string"), "required", boolean(false), "hidden", boolean(true),
			"description", description),
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
	groups := field(doc, "parameter_groups")
	if groups != nil && deref(groups).Kind != yaml.SequenceNode {
		return nil, &decl.PyError{Class: "TypeError", Msg: "'" + pyType(deref(groups)) + "' object is not iterable"}
	}
	if groups != nil {
		for _, g := range deref(groups).Content {
			var names []string
			if ps := deref(field(deref(g), "parameters")); ps != nil {
				for _, p := range ps.Content {
					name := pyStr(deref(p))
					if spec := specs[name]; spec != nil && truthy(spec) {
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
	return yaml.Marshal(ui)
}

// uiField translates a template parameter into a form field.
func uiField(name string, spec *yaml.Node) (*yaml.Node, error) {
	typ := field(spec, "type")
	if typ == nil {
		return nil, &decl.PyError{Class: "KeyError", Msg: "'type'"}
	}
	label := field(spec, "label")
	if !truthy(label) {
		label = str(strings.ReplaceAll(pyTitle(name), "_", " "))
	}
	fieldType := "string"
	switch pyStr(typ) {
	case "number":
		fieldType = "integer"
	case "boolean":
		fieldType = "boolean"
	}
	f := mapNode("name", str(name), "label", label, "type", str(fieldType))
	if d := field(spec, "description"); d != nil {
		f.Content = append(f.Content, str("description"), d)
	}
	if d := field(spec, "default"); d != nil {
		f.Content = append(f.Content, str("initial"), d, str("required"), boolean(false))
	} else {
		f.Content = append(f.Content, str("required"), boolean(true))
	}
	var minLen, maxLen *int64
	validators := seqNode()
	if cs := deref(field(spec, "constraints")); cs != nil {
		for _, c := range cs.Content {
			c = deref(c)
			var v *yaml.Node
			if l := deref(field(c, "length")); l != nil {
				for _, b := range []struct {
					key string
					dst **int64
					min bool
				}{{"min", &minLen, true}, {"max", &maxLen, false}} {
					n := field(l, b.key)
					if n == nil {
						continue
					}
					s, err := pyInt(deref(n))
					if err != nil {
						return nil, err
					}
					i, _ := strconv.ParseInt(s, 10, 64)
					if *b.dst == nil || b.min && i > **b.dst || !b.min && i < **b.dst {
						*b.dst = &i
					}
				}
				continue
			} else if r := deref(field(c, "range")); r != nil {
				lo, hi := field(r, "min"), field(r, "max")
				switch {
				case lo != nil && hi != nil:
					v = mapNode("expr", yaqlScalar("$ >= "+pyStr(deref(lo))+" and $ <= "+pyStr(deref(hi))))
				case lo != nil:
					v = mapNode("expr", yaqlScalar("$ >= "+pyStr(deref(lo))))
				default:
					v = mapNode("expr", yaqlScalar("$ <= "+pyStr(deref(hi))))
				}
			} else if av := deref(field(c, "allowed_values")); av != nil {
				var items []string
				for _, item := range av.Content {
					items = append(items, pyLiteral(deref(item)))
				}
				v = mapNode("expr", yaqlScalar("$ in list("+strings.Join(items, ", ")+")"))
			} else if p := field(c, "allowed_pattern"); p != nil {
				v = mapNode("expr", mapNode("regexpValidator", p))
			} else {
				continue
			}
			if d := field(c, "description"); d != nil {
				v.Content = append(v.Content, str("message"), d)
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

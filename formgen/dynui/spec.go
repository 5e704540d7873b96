// This file turns a field's YAML mapping into constructor arguments the
// way the dashboard's forms._collect_fields does: keys decamelized at
// every depth, YAQL values set aside as properties, hidden turned into a
// widget and regexpValidator into a validator.

package dynui

import (
	"regexp"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// kwarg is one constructor argument.
type kwarg struct {
	key string
	val value.Value
	at  source.Span
}

// regexSpec is a regexpValidator: a Python pattern and re flags.
type regexSpec struct {
	pattern    string
	ignoreCase bool
	multiLine  bool
	dotAll     bool
}

func (*regexSpec) Type() string { return "RegexValidator" }

// hiddenWidget stands for forms.HiddenInput given by hidden: true.
type hiddenWidget struct{}

func (hiddenWidget) Type() string { return "type" }

var localizable = map[string]bool{"label": true, "help_text": true, "error_messages": true}

var slashPattern = regexp.MustCompile(`(?s)^/(.*)/([A-Za-z]*)$`)

// parseRegexp is helpers.prepare_regexp.
func parseRegexp(n *decl.Node) (*regexSpec, *Error) {
	if n.Kind != decl.String {
		return nil, errorf(n.Span, "AttributeError", "'%s' object has no attribute 'startswith'", pyType(n))
	}
	s := n.Text()
	if len(s) == 0 || s[0] != '/' {
		return &regexSpec{pattern: s}, nil
	}
	m := slashPattern.FindStringSubmatch(s)
	if m == nil {
		return nil, errorf(n.Span, "AttributeError", "'NoneType' object has no attribute 'groups'")
	}
	r := &regexSpec{pattern: m[1]}
	for _, f := range m[2] {
		switch f {
		case 'i', 'I':
			r.ignoreCase = true
		case 'm', 'M':
			r.multiLine = true
		case 's', 'S':
			r.dotAll = true
		}
	}
	return r, nil
}

// specArgs is the cached conversion of a field's mapping.
type specArgs struct {
	kwargs []kwarg
	err    *Error
}

// kwargs converts the field's mapping (without type and name).
func (d *Definition) kwargs(spec *decl.Node) ([]kwarg, *Error) {
	if c, ok := d.specs[spec]; ok {
		return c.kwargs, c.err
	}
	kw, err := d.convertKwargs(spec)
	d.specs[spec] = specArgs{kw, err}
	return kw, err
}

func (d *Definition) convertKwargs(spec *decl.Node) ([]kwarg, *Error) {
	var out []kwarg
	index := map[string]int{}
	for _, e := range spec.Entries {
		if e.Key.Kind != decl.String {
			if e.Key.Kind == decl.Expr {
				return nil, errorf(e.Key.Span, "TypeError", "expected string or bytes-like object, got 'YaqlExpression'")
			}
			return nil, errorf(e.Key.Span, "TypeError", "expected string or bytes-like object, got '%s'", pyType(e.Key))
		}
		if raw := e.Key.Text(); raw == "type" || raw == "name" {
			continue
		}
		k := decamelize(e.Key.Text())
		newKey, v, err := d.parseSpec(e.Value, []string{k})
		if err != nil {
			return nil, err
		}
		if newKey != "" {
			k = newKey
		}
		kw := kwarg{key: k, val: v, at: e.Key.Span}
		if i, ok := index[k]; ok {
			out[i].val, out[i].at = kw.val, kw.at
			continue
		}
		index[k] = len(out)
		out = append(out, kw)
	}
	return out, nil
}

// parseSpec is the dashboard's parse_spec for a value under the key path.
func (d *Definition) parseSpec(n *decl.Node, keys []string) (string, value.Value, *Error) {
	key := keys[len(keys)-1]
	switch n.Kind {
	case decl.Expr:
		return key, d.expr(n), nil
	case decl.Map:
		out := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			var k value.Value
			sub := keys
			if e.Key.Kind == decl.String {
				ks := decamelize(e.Key.Text())
				k = value.String(ks)
				sub = append(append([]string(nil), keys...), ks)
			} else {
				return "", nil, errorf(e.Key.Span, "TypeError", "expected string or bytes-like object, got '%s'", pyType(e.Key))
			}
			newKey, v, err := d.parseSpec(e.Value, sub)
			if err != nil {
				return "", nil, err
			}
			if newKey != "" {
				k = value.String(newKey)
			}
			_ = out.Set(k, v)
		}
		return key, out, nil
	case decl.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			_, v, err := d.parseSpec(it, keys)
			if err != nil {
				return "", nil, err
			}
			items[i] = v
		}
		return key, value.NewPyList(items), nil
	}
	if n.Kind == decl.String {
		for _, k := range keys {
			if localizable[k] {
				return key, n.Value, nil
			}
		}
	}
	switch key {
	case "hidden":
		if n.Truthy() {
			return "widget", hiddenWidget{}, nil
		}
		return "widget", value.Null, nil
	case "regexp_validator":
		r, err := parseRegexp(n)
		if err != nil {
			return "", nil, err
		}
		return "validators", value.NewPyList([]value.Value{r}), nil
	}
	return key, d.toValue(n), nil
}

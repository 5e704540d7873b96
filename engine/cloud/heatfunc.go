// This file defines Heat's intrinsic functions: the references a
// template makes and the resolver that evaluates them on a stack.

package cloud

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// calls calls visit for every {function: argument} object in a snippet,
// outermost first, in the snippet's order.
func calls(v any, visit func(name string, arg any)) {
	switch x := v.(type) {
	case *Map:
		if x.Len() == 1 {
			visit(x.keys[0], x.vals[0])
		}
		for _, v := range x.vals {
			calls(v, visit)
		}
	case []any:
		for _, e := range x {
			calls(e, visit)
		}
	}
}

// refs appends the names of the resources a template snippet refers to
// (get_resource, get_attr, Ref, Fn::GetAtt), in the snippet's order.
func refs(v any, out []string) []string {
	calls(v, func(name string, arg any) {
		switch name {
		case "get_resource", "Ref":
			if s, ok := arg.(string); ok {
				out = append(out, s)
			}
		case "get_attr", "Fn::GetAtt":
			if l, ok := arg.([]any); ok && len(l) > 0 {
				if s, ok := l[0].(string); ok {
					out = append(out, s)
				}
			}
		}
	})
	return out
}

// maxString bounds the strings functions make: replacements that feed
// one another would otherwise grow without end.
const maxString = 1 << 20

// errNotReady: a function refers to a resource that does not exist (yet).
var errNotReady = errors.New("resource not ready")

// resolver evaluates intrinsic functions against one stack.
type resolver struct {
	stack    *Stack
	template *Map
	// partial makes a missing resource resolve to null instead of
	// errNotReady.
	partial bool
	project string
}

func (r *resolver) resource(name string) (*Resource, error) {
	if res := r.stack.resource(name); res != nil {
		return res, nil
	}
	if r.partial {
		return nil, nil
	}
	return nil, errNotReady
}

func (r *resolver) param(name any) any {
	n, ok := name.(string)
	if !ok {
		return nil
	}
	switch n {
	case "OS::stack_name":
		return r.stack.Name
	case "OS::stack_id":
		return r.stack.ID
	case "OS::project_id":
		return r.project
	}
	if v, ok := r.stack.Parameters.Get(n); ok {
		return v
	}
	params, _ := r.template.Value("parameters").(*Map)
	spec, _ := params.Value(n).(*Map)
	return spec.Value("default")
}

// path walks keys and list indexes into a value; nil when a step fails.
func path(v any, steps []any) any {
	for _, p := range steps {
		switch x := v.(type) {
		case []any:
			i, ok := pyInt(p)
			if !ok {
				return nil
			}
			if i < 0 {
				i += int64(len(x))
			}
			if i < 0 || i >= int64(len(x)) {
				return nil
			}
			v = x[i]
		case *Map:
			k, ok := p.(string)
			if !ok {
				return nil
			}
			e, ok := x.Get(k)
			if !ok {
				return nil
			}
			v = e
		case string:
			i, ok := p.(int64)
			rs := []rune(x)
			if !ok {
				return nil
			}
			if i < 0 {
				i += int64(len(rs))
			}
			if i < 0 || i >= int64(len(rs)) {
				return nil
			}
			v = string(rs[i])
		default:
			return nil
		}
	}
	return v
}

// pyInt is Python's int() of an index.
func pyInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case float64:
		return int64(x), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case string:
		i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		return i, err == nil
	}
	return 0, false
}

// resolve evaluates the functions in v.
func (r *resolver) resolve(v any) (any, error) {
	switch x := v.(type) {
	case *Map:
		if x.Len() == 1 {
			if out, done, err := r.function(x.keys[0], x.vals[0]); done {
				return out, err
			}
		}
		out := NewMapSize(x.Len())
		for i, k := range x.keys {
			e, err := r.resolve(x.vals[i])
			if err != nil {
				return nil, err
			}
			out.Set(k, e)
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var err error
			if out[i], err = r.resolve(e); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return v, nil
}

// function evaluates {name: arg}; done is false when name is no function.
func (r *resolver) function(name string, arg any) (out any, done bool, err error) {
	switch name {
	case "get_resource", "Ref":
		if name == "Ref" {
			resources, _ := r.template.Value("resources").(*Map)
			if s, ok := arg.(string); !ok || !hasKey(resources, s) {
				return r.param(arg), true, nil
			}
		}
		res, err := r.resource(str(arg))
		if res == nil || err != nil {
			return nil, true, err
		}
		return res.ID, true, nil
	case "get_attr", "Fn::GetAtt":
		a, err := r.resolve(arg)
		if err != nil {
			return nil, true, err
		}
		l, ok := a.([]any)
		if !ok || len(l) == 0 {
			return nil, true, fmt.Errorf("Arguments to %q must be of the form [resource_name, attribute, (path), ...]", name)
		}
		res, err := r.resource(str(l[0]))
		if res == nil || err != nil {
			return nil, true, err
		}
		return clone(path(res.Attrs, l[1:])), true, nil
	case "get_param":
		a, err := r.resolve(arg)
		if err != nil {
			return nil, true, err
		}
		if l, ok := a.([]any); ok {
			if len(l) == 0 {
				return nil, true, nil
			}
			return path(r.param(l[0]), l[1:]), true, nil
		}
		return r.param(a), true, nil
	case "str_replace":
		a, err := r.resolve(arg)
		if err != nil {
			return nil, true, err
		}
		m, ok := a.(*Map)
		if !ok {
			return nil, true, errors.New(`Arguments to "str_replace" must be a dictionary`)
		}
		text := ""
		if t, ok := m.Get("template"); ok {
			text = pyStr(t)
		}
		params, _ := m.Value("params").(*Map)
		for _, k := range params.Keys() {
			val := ""
			if pv := params.Value(k); pv != nil {
				val = pyStr(pv)
			}
			if grown := len(text) + strings.Count(text, k)*(len(val)-len(k)); grown > maxString {
				return nil, true, fmt.Errorf(`The result of "str_replace" is longer than %d bytes`, maxString)
			}
			text = strings.ReplaceAll(text, k, val)
		}
		return text, true, nil
	case "list_join", "Fn::Join":
		a, err := r.resolve(arg)
		if err != nil {
			return nil, true, err
		}
		l, ok := a.([]any)
		if !ok || len(l) == 0 {
			return nil, true, fmt.Errorf(`Incorrect arguments to %q should be: [delimiter, [list]]`, name)
		}
		sep, ok := l[0].(string)
		if !ok {
			return nil, true, fmt.Errorf(`Incorrect arguments to %q should be: [delimiter, [list]]`, name)
		}
		var parts []string
		for _, x := range l[1:] {
			items, ok := x.([]any)
			if !ok {
				items = []any{x}
			}
			for _, e := range items {
				if e == nil {
					parts = append(parts, "")
				} else {
					parts = append(parts, pyStr(e))
				}
			}
		}
		size := len(sep) * len(parts)
		for _, p := range parts {
			size += len(p)
		}
		if size > maxString {
			return nil, true, fmt.Errorf(`The result of %q is longer than %d bytes`, name, maxString)
		}
		return strings.Join(parts, sep), true, nil
	case "get_file":
		s, ok := arg.(string)
		if !ok {
			return nil, true, nil
		}
		if content, ok := r.stack.Files[s]; ok {
			return content, true, nil
		}
		return nil, true, nil
	case "Fn::Select":
		a, err := r.resolve(arg)
		if err != nil {
			return nil, true, err
		}
		l, ok := a.([]any)
		if !ok || len(l) < 2 {
			return nil, true, nil
		}
		return path(l[1], l[:1]), true, nil
	case "Fn::Base64":
		v, err := r.resolve(arg)
		return v, true, err
	}
	return nil, false, nil
}

func hasKey(m *Map, k string) bool {
	_, ok := m.Get(k)
	return ok
}

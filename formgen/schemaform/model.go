// This file defines the object model a form makes, and the form's values
// of an object model.

package schemaform

import (
	"fmt"
	"slices"
)

// Header is the "?" of an object model: its class (type), id and the
// version of its class (classVersion), with whatever else the engine or
// the dashboard put there (name, package, metadata …).
type Header map[string]any

// NewHeader returns the header of a new object of a class.
func NewHeader(class, version, id string) Header {
	h := Header{"type": class, "id": id}
	if version != "" {
		h["classVersion"] = version
	}
	return h
}

// Build makes an object model: the header, the form's values (properties
// without a value are left out) and the values kept from the model the
// form edited (see [Edit]).
func Build(header Header, values, kept map[string]any) map[string]any {
	out := make(map[string]any, len(values)+len(kept)+1)
	for k, v := range kept {
		out[k] = v
	}
	for k, v := range values {
		out[k] = v
	}
	out["?"] = map[string]any(header)
	return out
}

// Exclude returns a copy of a root schema without the properties named
// (the excludedProperties of a template() field, which the form of the
// object made inline leaves out), in "properties" and in "required"
// alike, so that the form cannot ask for a value it does not show.
// Anything else, and the schema given, is left as it is.
func Exclude(schema any, names []string) any {
	root, ok := schema.(map[string]any)
	if !ok || len(names) == 0 {
		return schema
	}
	out := make(map[string]any, len(root))
	for k, v := range root {
		out[k] = v
	}
	if props, ok := root["properties"].(map[string]any); ok {
		kept := make(map[string]any, len(props))
		for k, v := range props {
			if !slices.Contains(names, k) {
				kept[k] = v
			}
		}
		out["properties"] = kept
	}
	if req, ok := root["required"].([]any); ok {
		out["required"] = slices.DeleteFunc(slices.Clone(req), func(r any) bool {
			s, ok := r.(string)
			return ok && slices.Contains(names, s)
		})
	}
	return out
}

// Edited is an object model read for its form: the header, the values of
// the form's fields, what the form does not show (kept as it is), and the
// names of those properties.
type Edited struct {
	Header Header         `json:"header"`
	Values map[string]any `json:"values"`
	Kept   map[string]any `json:"kept"`
	// Unshown lists the properties the form has no field for.
	Unshown []string `json:"unshown"`
}

// Edit reads an object model for the form a root schema describes.
func Edit(model any, schema any) (*Edited, error) {
	m, ok := model.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the object model is %s, not an object", describeValue(model))
	}
	h, ok := m["?"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf(`the object model has no "?" header`)
	}
	if _, ok := h["type"].(string); !ok {
		return nil, fmt.Errorf(`the object model's header has no type`)
	}
	root, _ := schema.(map[string]any)
	props, _ := root["properties"].(map[string]any)
	e := &Edited{Header: Header(h), Values: map[string]any{}, Kept: map[string]any{}, Unshown: []string{}}
	for k, v := range m {
		switch {
		case k == "?":
		case props[k] != nil:
			e.Values[k] = v
		default:
			e.Kept[k] = v
			e.Unshown = append(e.Unshown, k)
		}
	}
	slices.Sort(e.Unshown)
	return e, nil
}

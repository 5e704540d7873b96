// This file defines the form a schema describes.

package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Form is what a schema describes: a title, a description and help, and
// the fields in sections.
type Form struct {
	Title       string     `json:"title,omitempty"`
	Description string     `json:"description,omitempty"`
	HelpText    string     `json:"helpText,omitempty"`
	Sections    []*Section `json:"sections"`
	// Required lists the names of the fields that must be given (a
	// schema's "required", which Murano's extended schemas have).
	Required []string `json:"required,omitempty"`
}

// Section is a part of a form: Name "" is the fields that name no
// section of the form, which come first.
type Section struct {
	Name   string   `json:"name"`
	Title  string   `json:"title"`
	Fields []*Field `json:"fields"`
}

// Field is one property (or argument) of a form, or the item, value or
// property of a composite one. Its names are Dynamic UI's field
// descriptions' where they mean the same (name, label, inputKind,
// required, initial, helpText, description, widgetAttrs, choices).
type Field struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	// Kind is the value's type: string, integer, number, boolean, list,
	// tuple, map, object (a map with fixed keys only), muranoObject, or
	// any (a contract that says nothing of it: JSON).
	Kind string `json:"kind"`
	// InputKind is the widget of a scalar: text, number, checkbox,
	// select or json; composite fields have their kind.
	InputKind string `json:"inputKind"`
	// Nullable: null is a valid value (the contract has no notNull).
	Nullable bool `json:"nullable"`
	// Required: the form must give a value (see Form.Required), or the
	// value may not be null and there is no default.
	Required bool `json:"required"`
	// Initial is the default, when HasDefault; Expression is its text
	// when the default is a YAQL expression the engine evaluates.
	Initial     any    `json:"initial"`
	HasDefault  bool   `json:"hasDefault"`
	Expression  string `json:"expression,omitempty"`
	HelpText    string `json:"helpText,omitempty"`
	Description string `json:"description,omitempty"`
	// Hidden fields are not shown; their default is kept.
	Hidden bool `json:"hidden,omitempty"`
	// WidgetAttrs are the bounds a widget enforces: min and max (with
	// exclusiveMinimum, exclusiveMaximum), minLength, maxLength,
	// pattern, minItems, maxItems.
	WidgetAttrs map[string]any `json:"widgetAttrs"`
	// Choices are [value, label, disabled] triples of an enum.
	Choices []Choice `json:"choices,omitempty"`
	// Item is a list's item (or, with Items, a tuple's items after the
	// last of Items).
	Item  *Field   `json:"item,omitempty"`
	Items []*Field `json:"items,omitempty"`
	// Properties are a map's fixed keys; Additional the value of its
	// other keys (nil: no other key).
	Properties []*Field `json:"properties,omitempty"`
	Additional *Field   `json:"additional,omitempty"`
	// MuranoType is the class of a muranoObject field; Owned says whether
	// the object is made inline (true), picked by id (false) or either
	// (nil); Excluded names properties an inline object's form leaves out.
	MuranoType string   `json:"muranoType,omitempty"`
	Owned      *bool    `json:"owned,omitempty"`
	Excluded   []string `json:"excludedProperties,omitempty"`

	section string
	index   *float64
}

// Choice is an option of an enum: its value, label and whether it is
// disabled (always false: the shape of Dynamic UI's choices).
type Choice [3]any

// Decode reads a JSON document keeping its numbers as they are written.
func Decode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

// Describe reads the form of a root schema (one entity of a generated
// document: a class's or a model builder's).
func Describe(schema any) (*Form, error) {
	root, ok := schema.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the schema is not an object")
	}
	if t, _ := root["type"].(string); t != "object" {
		return nil, fmt.Errorf(`the schema's type is %s, not "object"`, describeValue(root["type"]))
	}
	props, ok := root["properties"].(map[string]any)
	if !ok && root["properties"] != nil {
		return nil, fmt.Errorf("the schema's properties are not an object")
	}
	f := &Form{Title: str(root["title"]), Description: str(root["description"]), HelpText: str(root["helpText"])}
	for _, r := range list(root["required"]) {
		if s, ok := r.(string); ok {
			f.Required = append(f.Required, s)
		}
	}
	sections := map[string]*Section{}
	var named []*Section
	type ordered struct {
		s     *Section
		index float64
	}
	var withIndex []ordered
	if fs, ok := root["formSections"].(map[string]any); ok {
		for _, name := range sortedKeys(fs) {
			def, _ := fs[name].(map[string]any)
			s := &Section{Name: name, Title: str(def["title"]), Fields: []*Field{}}
			if s.Title == "" {
				s.Title = name
			}
			sections[name] = s
			if i, ok := number(def["index"]); ok {
				withIndex = append(withIndex, ordered{s, i})
			} else {
				named = append(named, s)
			}
		}
	}
	slices.SortStableFunc(withIndex, func(a, b ordered) int { return cmpFloat(a.index, b.index) })
	general := &Section{Name: "", Title: f.Title, Fields: []*Field{}}
	f.Sections = []*Section{general}
	for _, o := range withIndex {
		f.Sections = append(f.Sections, o.s)
	}
	f.Sections = append(f.Sections, named...)

	var fields []*Field
	for _, name := range sortedKeys(props) {
		field, err := describeField(name, props[name], 0)
		if err != nil {
			return nil, err
		}
		if slices.Contains(f.Required, name) {
			field.Required = true
		}
		fields = append(fields, field)
	}
	// Positioned fields first, by position; the others by label.
	slices.SortStableFunc(fields, func(a, b *Field) int {
		switch {
		case a.index != nil && b.index != nil:
			return cmpFloat(*a.index, *b.index)
		case a.index != nil:
			return -1
		case b.index != nil:
			return 1
		}
		return strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label))
	})
	for _, field := range fields {
		s := sections[field.section]
		if s == nil {
			s = general
		}
		s.Fields = append(s.Fields, field)
	}
	f.Sections = slices.DeleteFunc(f.Sections, func(s *Section) bool { return len(s.Fields) == 0 && s != general })
	return f, nil
}

// maxDepth bounds the nesting of the schemas a form describes.
const maxDepth = 64

func describeField(name string, schema any, depth int) (*Field, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("%s: the schema nests deeper than %d levels", name, maxDepth)
	}
	s, ok := schema.(map[string]any)
	if !ok {
		if b, isBool := schema.(bool); isBool && b {
			s = map[string]any{}
		} else {
			return nil, fmt.Errorf("%s: the schema is %s, not an object", name, describeValue(schema))
		}
	}
	f := &Field{Name: name, Label: str(s["title"]), HelpText: str(s["helpText"]), Description: str(s["description"]), WidgetAttrs: map[string]any{}}
	if f.Label == "" {
		f.Label = name
	}
	types, err := typesOf(name, s["type"])
	if err != nil {
		return nil, err
	}
	f.Nullable = len(types) == 0 || slices.Contains(types, "null")
	types = slices.DeleteFunc(types, func(t string) bool { return t == "null" })
	switch {
	case len(types) == 1:
		f.Kind = types[0]
	case len(types) == 0 && s["muranoType"] != nil:
		f.Kind = "muranoObject"
	default:
		f.Kind = "any"
	}
	if f.Kind == "array" {
		f.Kind = "list"
	}
	if v, ok := s["default"]; ok {
		f.HasDefault = true
		f.Initial = v
		if m, ok := v.(map[string]any); ok && m["$pytype"] == "YaqlExpression" {
			f.Expression = strings.TrimSuffix(strings.TrimPrefix(str(m["$repr"]), "YAQL("), ")")
			f.Initial = nil
		}
	}
	f.Required = !f.Nullable && !f.HasDefault
	if visible, ok := s["visible"].(bool); ok && !visible {
		f.Hidden = true
	}
	f.section = str(s["formSection"])
	if i, ok := number(s["formIndex"]); ok {
		f.index = &i
	}
	for _, bound := range [...]struct{ key, exclusive, attr string }{{"minimum", "exclusiveMinimum", "min"}, {"maximum", "exclusiveMaximum", "max"}} {
		if v, ok := s[bound.key]; ok {
			f.WidgetAttrs[bound.attr] = v
			if ex, _ := s[bound.exclusive].(bool); ex {
				f.WidgetAttrs[bound.exclusive] = true
			}
		}
	}
	for _, k := range []string{"minLength", "maxLength", "pattern", "minItems", "maxItems"} {
		if v, ok := s[k]; ok {
			f.WidgetAttrs[k] = v
		}
	}
	if e, ok := s["enum"].([]any); ok {
		f.InputKind = "select"
		for _, v := range e {
			label := describeValue(v)
			if s, ok := v.(string); ok {
				label = s
			}
			f.Choices = append(f.Choices, Choice{v, label, false})
		}
	}
	switch f.Kind {
	case "string":
		if f.InputKind == "" {
			f.InputKind = "text"
		}
	case "integer", "number":
		if f.InputKind == "" {
			f.InputKind = "number"
		}
	case "boolean":
		if f.InputKind == "" {
			f.InputKind = "checkbox"
		}
	case "list":
		f.InputKind = "list"
		switch items := s["items"].(type) {
		case nil:
			f.Item, err = describeField("item", map[string]any{}, depth+1)
		case []any:
			f.Kind, f.InputKind = "tuple", "tuple"
			for i, it := range items {
				item, err := describeField(fmt.Sprintf("item %d", i+1), it, depth+1)
				if err != nil {
					return nil, err
				}
				f.Items = append(f.Items, item)
			}
			if add, ok := s["additionalItems"]; ok && add != false {
				f.Item, err = describeField("item", add, depth+1)
			}
		default:
			f.Item, err = describeField("item", items, depth+1)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	case "object":
		f.InputKind = "map"
		props, _ := s["properties"].(map[string]any)
		for _, k := range sortedKeys(props) {
			p, err := describeField(k, props[k], depth+1)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			f.Properties = append(f.Properties, p)
		}
		switch add := s["additionalProperties"].(type) {
		case bool:
			if add {
				f.Additional, err = describeField("value", map[string]any{}, depth+1)
			}
		case nil:
			if _, given := s["additionalProperties"]; !given {
				f.Additional, err = describeField("value", map[string]any{}, depth+1)
			}
		default:
			f.Additional, err = describeField("value", add, depth+1)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if f.Additional == nil {
			f.Kind = "object"
		} else {
			f.Kind = "map"
		}
	case "muranoObject":
		f.InputKind = "muranoObject"
		f.MuranoType = str(s["muranoType"])
		if o, ok := s["owned"].(bool); ok {
			f.Owned = &o
		}
		for _, x := range list(s["excludedProperties"]) {
			if xs, ok := x.(string); ok {
				f.Excluded = append(f.Excluded, xs)
			}
		}
	default:
		f.Kind = "any"
		if f.InputKind == "" {
			f.InputKind = "json"
		}
	}
	return f, nil
}

// typesOf reads a schema's type: absent, one name or a list of names.
func typesOf(name string, t any) ([]string, error) {
	switch t := t.(type) {
	case nil:
		return nil, nil
	case string:
		return []string{t}, nil
	case []any:
		var out []string
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("%s: a type is %s, not a name", name, describeValue(x))
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: the type is %s, not a name or a list of names", name, describeValue(t))
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	}
	return 0, false
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// describeValue is a value as an error message quotes it.
func describeValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

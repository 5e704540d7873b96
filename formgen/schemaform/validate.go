// This file defines the validation of a form's values against its schema.

package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Validator checks a form's values against a root schema.
type Validator struct {
	schema *jsonschema.Schema
}

// Errors are the messages of a validation by the path of the value they
// concern: "" for the form as a whole, a field's name, or a field's name
// followed by the keys and indexes inside its value ("ports/0/name").
type Errors map[string][]string

// schemaURL names the schema being compiled in the validator's
// messages: an absolute URL, which the validator takes as it is (a
// relative one would be a file it resolves against the working
// directory, which WebAssembly has not).
const schemaURL = "mem:form.json"

// NewValidator compiles a root schema. Murano's "muranoObject" type is
// read as an object made inline or a string (the id of another object);
// a schema that is not a valid draft 4 schema even so is an error, and
// references ($ref) may only point inside it.
func NewValidator(schema any) (*Validator, error) {
	doc, err := json.Marshal(forValidation(schema, 0))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft4
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("%s: a form's schema cannot refer to other documents", url)
	}
	if err := c.AddResource(schemaURL, bytes.NewReader(doc)); err != nil {
		return nil, fmt.Errorf("the schema: %v", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("the schema is not one the validator takes: %s", schemaErrorText(err))
	}
	return &Validator{schema: s}, nil
}

// Validate checks values (JSON data, as [Decode] reads it) and returns
// the messages, none when they are valid.
func (v *Validator) Validate(values any) Errors {
	errs := Errors{}
	err := v.schema.Validate(values)
	if err == nil {
		return errs
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		errs[""] = append(errs[""], err.Error())
		return errs
	}
	var leaves func(e *jsonschema.ValidationError)
	leaves = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			path := pointerPath(e.InstanceLocation)
			if !slices.Contains(errs[path], e.Message) {
				errs[path] = append(errs[path], e.Message)
			}
			return
		}
		for _, c := range e.Causes {
			leaves(c)
		}
	}
	leaves(ve)
	return errs
}

// pointerPath turns a JSON pointer into a path of Errors.
func pointerPath(ptr string) string {
	tokens := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range tokens {
		tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return strings.Join(tokens, "/")
}

// forValidation copies a schema for the validator: muranoObject becomes
// an object or a string. Deeper than maxDepth, a schema accepts anything.
func forValidation(schema any, depth int) any {
	if depth > maxDepth {
		return map[string]any{}
	}
	switch s := schema.(type) {
	case map[string]any:
		out := make(map[string]any, len(s))
		for k, v := range s {
			switch k {
			case "type":
				out[k] = validatorTypes(v)
			case "items", "additionalItems", "additionalProperties", "not", "allOf", "anyOf", "oneOf":
				out[k] = forValidation(v, depth+1)
			case "properties", "definitions", "patternProperties", "dependencies":
				out[k] = v
				if m, ok := v.(map[string]any); ok {
					each := make(map[string]any, len(m))
					for name, sub := range m {
						each[name] = forValidation(sub, depth+1)
					}
					out[k] = each
				}
			default:
				out[k] = v
			}
		}
		if _, typed := s["type"]; !typed && s["muranoType"] != nil {
			out["type"] = []any{"object", "string"}
		}
		return out
	case []any:
		out := make([]any, len(s))
		for i, v := range s {
			out[i] = forValidation(v, depth+1)
		}
		return out
	}
	return schema
}

func validatorTypes(t any) any {
	switch t := t.(type) {
	case string:
		if t == "muranoObject" {
			return []any{"object", "string"}
		}
	case []any:
		var out []any
		for _, x := range t {
			if x == "muranoObject" {
				out = append(out, "object", "string")
			} else {
				out = append(out, x)
			}
		}
		return out
	}
	return t
}

// schemaErrorText is a compile error without the validator's URLs.
func schemaErrorText(err error) string {
	msg := err.Error()
	if se, ok := err.(*jsonschema.SchemaError); ok {
		if ve, ok := se.Err.(*jsonschema.ValidationError); ok {
			var parts []string
			var walk func(e *jsonschema.ValidationError)
			walk = func(e *jsonschema.ValidationError) {
				if len(e.Causes) == 0 {
					parts = append(parts, fmt.Sprintf("at %q: %s", e.InstanceLocation, e.Message))
				}
				for _, c := range e.Causes {
					walk(c)
				}
			}
			walk(ve)
			slices.Sort(parts) // the validator's causes come in no fixed order
			msg = strings.Join(parts, "; ")
		} else if se.Err != nil {
			msg = se.Err.Error()
		}
	}
	return strings.ReplaceAll(msg, schemaURL+"#", "")
}

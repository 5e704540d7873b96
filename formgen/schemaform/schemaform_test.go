package schemaform

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func decode(t testing.TB, text string) any {
	t.Helper()
	v, err := Decode([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

// testSchema is murano's TestSchema class as the reference generates it
// (engine/dsl/testdata/conformance/test_schema_generation.txtar).
const testSchema = `{"$schema": "http://json-schema.org/draft-04/schema#", "additionalProperties": false, "formSections": {"mySection": {"index": 0, "title": "Section Title"}}, "properties": {"boolNotNullProperty": {"type": "boolean"}, "boolProperty": {"type": ["boolean", "null"]}, "chainContract": {"exclusiveMaximum": false, "exclusiveMinimum": true, "maximum": 10, "minimum": 0, "type": "integer"}, "classProperty": {"muranoType": "SampleClass1", "type": ["muranoObject", "null"]}, "complexProperty": {"additionalProperties": {"items": {"type": "integer"}, "type": "array"}, "properties": {}, "type": "object"}, "decoratedProperty": {"description": "Description!", "formIndex": 4, "formSection": "mySection", "helpText": "Help!", "title": "Title!", "type": "string", "visible": false}, "defaultProperty": {"default": 999, "type": ["integer", "null"]}, "dictProperty": {"additionalProperties": {"type": ["integer", "null"]}, "properties": {"key1": {"type": "string"}, "key2": {"type": "string"}}, "type": "object"}, "enumContract": {"enum": ["a", "b"], "type": "string"}, "enumFuncContract": {"enum": ["x", "y"], "type": "string"}, "intNotNullProperty": {"type": "integer"}, "intProperty": {"type": ["integer", "null"]}, "listProperty": {"items": {"type": "string"}, "type": "array"}, "maximumContract": {"exclusiveMaximum": true, "maximum": 15, "type": "integer"}, "minimumContract": {"exclusiveMinimum": false, "minimum": 5, "type": "integer"}, "rangeContract": {"exclusiveMaximum": false, "exclusiveMinimum": true, "maximum": 10, "minimum": 0, "type": "integer"}, "regexContract": {"pattern": "\\d+", "type": "string"}, "stringNotNullProperty": {"type": "string"}, "stringProperty": {"type": ["string", "null"]}, "templateProperty": {"excludedProperties": ["stringProperty"], "muranoType": "SampleClass1", "owned": true, "type": ["muranoObject", "null"]}}, "type": "object"}`

func fieldOf(f *Form, name string) *Field {
	for _, s := range f.Sections {
		for _, x := range s.Fields {
			if x.Name == name {
				return x
			}
		}
	}
	return nil
}

func TestDescribeTestSchema(t *testing.T) {
	form, err := Describe(decode(t, testSchema))
	if err != nil {
		t.Fatal(err)
	}
	if len(form.Sections) != 2 || form.Sections[0].Name != "" || form.Sections[1].Name != "mySection" || form.Sections[1].Title != "Section Title" {
		t.Fatalf("sections: %+v", form.Sections)
	}
	if s := form.Sections[1]; len(s.Fields) != 1 || s.Fields[0].Name != "decoratedProperty" {
		t.Errorf("the section's fields: %+v", s.Fields)
	}
	// The unpositioned fields, by label.
	var names []string
	for _, f := range form.Sections[0].Fields {
		names = append(names, f.Name)
	}
	if !slices.IsSortedFunc(names, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) || len(names) != 19 {
		t.Errorf("the general section: %v", names)
	}
	for _, tt := range []struct {
		name, kind, input  string
		nullable, required bool
	}{
		{"boolNotNullProperty", "boolean", "checkbox", false, true},
		{"boolProperty", "boolean", "checkbox", true, false},
		{"intProperty", "integer", "number", true, false},
		{"stringNotNullProperty", "string", "text", false, true},
		{"defaultProperty", "integer", "number", true, false},
		{"listProperty", "list", "list", false, true},
		{"complexProperty", "map", "map", false, true},
		{"dictProperty", "map", "map", false, true},
		{"classProperty", "muranoObject", "muranoObject", true, false},
		{"enumContract", "string", "select", false, true},
	} {
		f := fieldOf(form, tt.name)
		if f == nil {
			t.Errorf("no field %s", tt.name)
			continue
		}
		if f.Kind != tt.kind || f.InputKind != tt.input || f.Nullable != tt.nullable || f.Required != tt.required {
			t.Errorf("%s: kind %s input %s nullable %v required %v; want %s %s %v %v", tt.name, f.Kind, f.InputKind, f.Nullable, f.Required, tt.kind, tt.input, tt.nullable, tt.required)
		}
	}
	d := fieldOf(form, "decoratedProperty")
	if d.Label != "Title!" || d.HelpText != "Help!" || d.Description != "Description!" || !d.Hidden {
		t.Errorf("decoratedProperty: %+v", d)
	}
	if f := fieldOf(form, "defaultProperty"); !f.HasDefault || f.Initial != json.Number("999") {
		t.Errorf("defaultProperty: %+v", f)
	}
	if f := fieldOf(form, "rangeContract"); f.WidgetAttrs["min"] != json.Number("0") || f.WidgetAttrs["max"] != json.Number("10") || f.WidgetAttrs["exclusiveMinimum"] != true || f.WidgetAttrs["exclusiveMaximum"] != nil {
		t.Errorf("rangeContract: %v", f.WidgetAttrs)
	}
	if f := fieldOf(form, "regexContract"); f.WidgetAttrs["pattern"] != `\d+` {
		t.Errorf("regexContract: %v", f.WidgetAttrs)
	}
	if f := fieldOf(form, "enumContract"); len(f.Choices) != 2 || f.Choices[0] != (Choice{"a", "a", false}) {
		t.Errorf("enumContract: %v", f.Choices)
	}
	if f := fieldOf(form, "dictProperty"); len(f.Properties) != 2 || f.Properties[0].Name != "key1" || f.Additional == nil || f.Additional.Kind != "integer" || !f.Additional.Nullable {
		t.Errorf("dictProperty: %+v", f)
	}
	if f := fieldOf(form, "complexProperty"); f.Additional == nil || f.Additional.Kind != "list" || f.Additional.Item.Kind != "integer" {
		t.Errorf("complexProperty: %+v", f)
	}
	if f := fieldOf(form, "templateProperty"); f.MuranoType != "SampleClass1" || f.Owned == nil || !*f.Owned || !slices.Equal(f.Excluded, []string{"stringProperty"}) {
		t.Errorf("templateProperty: %+v", f)
	}
	if f := fieldOf(form, "classProperty"); f.Owned != nil {
		t.Errorf("classProperty: owned %v", *f.Owned)
	}
}

func TestDescribeOrder(t *testing.T) {
	form, err := Describe(decode(t, `{"type": "object", "title": "T", "required": ["b"], "formSections": {"late": {"title": "Late", "index": 3}, "early": {"title": "Early", "index": 0}, "loose": {"title": "Loose"}, "empty": {"title": "Empty", "index": 1}},
	  "properties": {
	    "z": {"type": "string", "formIndex": 2},
	    "a": {"type": "string", "formIndex": 8},
	    "b": {"type": ["string", "null"], "title": "Bee"},
	    "c": {"type": "string", "title": "alpha"},
	    "d": {"type": "string", "formSection": "late"},
	    "e": {"type": "string", "formSection": "early", "formIndex": 5},
	    "f": {"type": "string", "formSection": "early", "formIndex": 1},
	    "g": {"type": "string", "formSection": "loose"},
	    "h": {"type": "string", "formSection": "nowhere"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range form.Sections {
		var fields []string
		for _, f := range s.Fields {
			fields = append(fields, f.Name)
		}
		got = append(got, s.Name+":"+strings.Join(fields, ","))
	}
	// The general section first (with the fields of unknown sections),
	// positioned fields before the others (by label); sections with an
	// index by index, then the others; empty ones dropped.
	want := []string{":z,a,c,b,h", "early:f,e", "late:d", "loose:g"}
	if !slices.Equal(got, want) {
		t.Errorf("order:\n got %v\nwant %v", got, want)
	}
	if form.Sections[0].Title != "T" || !fieldOf(form, "b").Required {
		t.Errorf("title %q, b required %v", form.Sections[0].Title, fieldOf(form, "b").Required)
	}
}

func TestDescribeComposites(t *testing.T) {
	form, err := Describe(decode(t, `{"type": "object", "properties": {
	  "tuple": {"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": {"type": "string"}},
	  "bare": {"type": "array"},
	  "fixed": {"type": "object", "properties": {"k": {"type": "integer"}}, "additionalProperties": false},
	  "free": {"type": "object"},
	  "anything": {},
	  "owned": {"owned": true},
	  "expr": {"type": "string", "default": {"$pytype": "YaqlExpression", "$repr": "YAQL($.name)"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if f := fieldOf(form, "tuple"); f.Kind != "tuple" || len(f.Items) != 2 || f.Items[1].Kind != "string" || f.Item == nil || f.Item.Kind != "string" {
		t.Errorf("tuple: %+v", f)
	}
	if f := fieldOf(form, "bare"); f.Kind != "list" || f.Item == nil || f.Item.Kind != "any" || f.Item.InputKind != "json" {
		t.Errorf("bare: %+v", f)
	}
	if f := fieldOf(form, "fixed"); f.Kind != "object" || f.Additional != nil || len(f.Properties) != 1 {
		t.Errorf("fixed: %+v", f)
	}
	if f := fieldOf(form, "free"); f.Kind != "map" || f.Additional == nil || f.Additional.Kind != "any" {
		t.Errorf("free: %+v", f)
	}
	if f := fieldOf(form, "anything"); f.Kind != "any" || !f.Nullable || f.Required {
		t.Errorf("anything: %+v", f)
	}
	if f := fieldOf(form, "expr"); f.Expression != "$.name" || f.Initial != nil || !f.HasDefault {
		t.Errorf("expr: %+v", f)
	}
}

func TestDescribeRejects(t *testing.T) {
	deep := `{"type": "array"}`
	for range maxDepth + 2 {
		deep = `{"type": "array", "items": ` + deep + `}`
	}
	for _, tt := range []struct{ schema, want string }{
		{`[]`, "not an object"},
		{`{"type": "string"}`, `type is "string", not "object"`},
		{`{"type": "object", "properties": 3}`, "properties are not an object"},
		{`{"type": "object", "properties": {"a": 3}}`, "a: the schema is 3"},
		{`{"type": "object", "properties": {"a": {"type": 3}}}`, "a: the type is 3"},
		{`{"type": "object", "properties": {"a": {"type": [1]}}}`, "a: a type is 1"},
		{`{"type": "object", "properties": {"a": ` + deep + `}}`, "nests deeper"},
	} {
		if _, err := Describe(decode(t, tt.schema)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.80s: %v, want %q", tt.schema, err, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	v, err := NewValidator(decode(t, testSchema))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		values string
		want   map[string]string // path → a part of its message
	}{
		{`{}`, nil},
		{`{"intProperty": null, "stringProperty": null, "classProperty": null}`, nil},
		{`{"classProperty": "6f1c0e0c0a8b4a7c9b1f7a4d2e3c5b6a", "templateProperty": {"?": {"type": "SampleClass1", "id": "x"}}}`, nil},
		{`{"intNotNullProperty": null}`, map[string]string{"intNotNullProperty": "expected integer"}},
		{`{"intProperty": "3"}`, map[string]string{"intProperty": "expected integer"}},
		{`{"rangeContract": 0}`, map[string]string{"rangeContract": "0"}},
		{`{"rangeContract": 10}`, nil},
		{`{"maximumContract": 15}`, map[string]string{"maximumContract": "15"}},
		{`{"minimumContract": 5}`, nil},
		{`{"regexContract": "abc"}`, map[string]string{"regexContract": "does not match pattern"}},
		{`{"enumContract": "c"}`, map[string]string{"enumContract": "a"}},
		{`{"listProperty": ["a", 1]}`, map[string]string{"listProperty/1": "expected string"}},
		{`{"dictProperty": {"key1": "x", "other": "y"}}`, map[string]string{"dictProperty/other": "expected integer"}},
		{`{"complexProperty": {"a~b/c": [1, "x"]}}`, map[string]string{"complexProperty/a~b/c/1": "expected integer"}},
		{`{"nope": 1}`, map[string]string{"": "nope"}},
		{`{"classProperty": 3}`, map[string]string{"classProperty": "expected"}},
	} {
		errs := v.Validate(decode(t, tt.values))
		if len(errs) != len(tt.want) {
			t.Errorf("%s: %v, want %v", tt.values, errs, tt.want)
			continue
		}
		for path, part := range tt.want {
			if len(errs[path]) == 0 || !strings.Contains(strings.Join(errs[path], "\n"), part) {
				t.Errorf("%s: %q: %v, want a message with %q", tt.values, path, errs[path], part)
			}
		}
	}
}

func TestValidatorRejects(t *testing.T) {
	for _, tt := range []struct{ schema, want string }{
		{`{"type": "object", "properties": {"a": {"type": "thing"}}}`, "not one the validator takes"},
		{`{"type": "object", "properties": {"a": {"$ref": "http://example.org/s.json"}}}`, "cannot refer to other documents"},
		{`{"type": "object", "properties": {"a": {"pattern": "("}}}`, "not one the validator takes"},
	} {
		if _, err := NewValidator(decode(t, tt.schema)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.schema, err, tt.want)
		}
	}
}

func TestBuildEdit(t *testing.T) {
	schema := decode(t, testSchema)
	model := Build(NewHeader("io.murano.test.TestSchema", "1.0.0", "id1"), map[string]any{"intProperty": json.Number("3"), "listProperty": []any{"a"}}, nil)
	want := decode(t, `{"?": {"type": "io.murano.test.TestSchema", "id": "id1", "classVersion": "1.0.0"}, "intProperty": 3, "listProperty": ["a"]}`)
	if !reflect.DeepEqual(model, want) {
		t.Fatalf("Build: %v", model)
	}
	// A model from elsewhere: a property the class does not declare and
	// the header's own keys are kept through an edit.
	from := decode(t, `{"?": {"type": "io.murano.test.TestSchema", "id": "id2", "name": "mine", "_actions": {}}, "intProperty": 1, "legacy": {"a": 1}}`)
	e, err := Edit(from, schema)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.Unshown, []string{"legacy"}) || e.Values["intProperty"] != json.Number("1") || e.Header["name"] != "mine" {
		t.Fatalf("Edit: %+v", e)
	}
	e.Values["intProperty"] = json.Number("2")
	again := Build(e.Header, e.Values, e.Kept)
	changes := Diff(from, again)
	if len(changes) != 1 || changes[0] != (Change{Path: "intProperty", Kind: "changed", Before: json.Number("1"), After: json.Number("2")}) {
		t.Errorf("Diff after an edit: %+v", changes)
	}
	for _, bad := range []string{`3`, `{"a": 1}`, `{"?": {"id": "x"}}`} {
		if _, err := Edit(decode(t, bad), schema); err == nil {
			t.Errorf("Edit(%s) took it", bad)
		}
	}
}

func TestDiff(t *testing.T) {
	a := decode(t, `{"x": 1, "l": [1, 2], "m": {"k": "v", "gone": true}, "n": 1.0, "s": [1]}`)
	b := decode(t, `{"x": 1, "l": [1, 3], "m": {"k": "w", "new": null}, "n": 1, "s": [1, 2]}`)
	var got []string
	for _, c := range Diff(a, b) {
		got = append(got, c.Kind+" "+c.Path)
	}
	want := []string{"changed l/1", "removed m/gone", "changed m/k", "added m/new", "changed s"}
	if !slices.Equal(got, want) {
		t.Errorf("Diff:\n got %v\nwant %v", got, want)
	}
	if len(Diff(a, a)) != 0 {
		t.Error("a value differs from itself")
	}
}

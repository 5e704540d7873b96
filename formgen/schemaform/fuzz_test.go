package schemaform

import "testing"

// FuzzSchema: any JSON document as a schema, with any values, is
// described, compiled and validated without a panic.
func FuzzSchema(f *testing.F) {
	f.Add([]byte(testSchema), []byte(`{"intProperty": 3, "listProperty": ["a"]}`))
	f.Add([]byte(`{"type": "object", "properties": {"a": {"type": "array", "items": [{"type": "muranoObject"}], "additionalItems": {"enum": [1, "x", null]}}}}`), []byte(`{"a": [{}, 1]}`))
	f.Add([]byte(`{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"$ref": "#"}}}}`), []byte(`{"m": {"x": {"m": {}}}}`))
	f.Fuzz(func(t *testing.T, schemaText, valuesText []byte) {
		schema, err := Decode(schemaText)
		if err != nil {
			return
		}
		if form, err := Describe(schema); err == nil && form == nil {
			t.Fatal("no form and no error")
		}
		values, err := Decode(valuesText)
		if err != nil {
			return
		}
		if v, err := NewValidator(schema); err == nil {
			v.Validate(values)
		}
		Edit(values, schema)
		Diff(schema, values)
	})
}

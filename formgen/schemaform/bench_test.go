package schemaform

import (
	"fmt"
	"strings"
	"testing"
)

// form40 is a schema of 40 fields of every scalar kind, with bounds,
// patterns and enums, and values for it (one of them invalid).
func form40(tb testing.TB) (schema, values any) {
	var props, vals []string
	for i := range 40 {
		switch i % 4 {
		case 0:
			props = append(props, fmt.Sprintf(`"s%d": {"type": "string", "pattern": "^[a-z]+$", "title": "S %d"}`, i, i))
			vals = append(vals, fmt.Sprintf(`"s%d": "abc"`, i))
		case 1:
			props = append(props, fmt.Sprintf(`"i%d": {"type": ["integer", "null"], "minimum": 0, "maximum": 100, "exclusiveMinimum": true}`, i))
			vals = append(vals, fmt.Sprintf(`"i%d": %d`, i, i))
		case 2:
			props = append(props, fmt.Sprintf(`"e%d": {"type": "string", "enum": ["a", "b", "c"]}`, i))
			vals = append(vals, fmt.Sprintf(`"e%d": "b"`, i))
		case 3:
			props = append(props, fmt.Sprintf(`"l%d": {"type": "array", "items": {"type": "string"}}`, i))
			vals = append(vals, fmt.Sprintf(`"l%d": ["x", "y"]`, i))
		}
	}
	vals[0] = `"s0": "ABC"`
	return decode(tb, `{"type": "object", "additionalProperties": false, "properties": {`+strings.Join(props, ", ")+`}}`),
		decode(tb, `{`+strings.Join(vals, ", ")+`}`)
}

// BenchmarkValidate40 is a keystroke's validation of a 40-field form.
func BenchmarkValidate40(b *testing.B) {
	schema, values := form40(b)
	v, err := NewValidator(schema)
	if err != nil {
		b.Fatal(err)
	}
	if errs := v.Validate(values); len(errs["s0"]) != 1 || len(errs) != 1 {
		b.Fatalf("errors: %v", errs)
	}
	for b.Loop() {
		v.Validate(values)
	}
}

// BenchmarkDescribe40 describes a 40-field form and compiles its validator.
func BenchmarkDescribe40(b *testing.B) {
	schema, _ := form40(b)
	for b.Loop() {
		if _, err := Describe(schema); err != nil {
			b.Fatal(err)
		}
		if _, err := NewValidator(schema); err != nil {
			b.Fatal(err)
		}
	}
}

package schemaform

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func call(t *testing.T, s *Service, method string, params any) map[string]any {
	t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(s.Call(method, raw), &out); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return out
}

func TestService(t *testing.T) {
	s := NewService()
	schema := json.RawMessage(testSchema)
	opened := call(t, s, "form.open", map[string]any{"schema": schema})
	if opened["ok"] != true || opened["id"] == "" {
		t.Fatalf("form.open: %v", opened)
	}
	sections := opened["form"].(map[string]any)["sections"].([]any)
	if len(sections) != 2 {
		t.Errorf("form.open: %d sections", len(sections))
	}
	id := opened["id"]
	v := call(t, s, "form.validate", map[string]any{"id": id, "values": map[string]any{"intNotNullProperty": nil}})
	if errs := v["errors"].(map[string]any); v["ok"] != true || len(errs) != 1 || errs["intNotNullProperty"] == nil {
		t.Errorf("form.validate: %v", v)
	}
	built := call(t, s, "form.build", map[string]any{"header": map[string]any{"type": "T", "id": "1"}, "values": map[string]any{"a": 1}, "kept": map[string]any{"b": 2}})
	if m := built["model"].(map[string]any); m["a"] != 1.0 || m["b"] != 2.0 || m["?"].(map[string]any)["id"] != "1" {
		t.Errorf("form.build: %v", built)
	}
	edited := call(t, s, "form.edit", map[string]any{"schema": schema, "model": map[string]any{"?": map[string]any{"type": "T", "id": "1"}, "intProperty": 2, "x": 1}})
	if e := edited["edited"].(map[string]any); fmt.Sprint(e["unshown"]) != "[x]" {
		t.Errorf("form.edit: %v", edited)
	}
	diff := call(t, s, "form.diff", map[string]any{"before": map[string]any{"a": 1}, "after": map[string]any{"a": 1}})
	if c := diff["changes"].([]any); len(c) != 0 {
		t.Errorf("form.diff: %v", diff)
	}
	call(t, s, "form.close", map[string]any{"id": id})
	for _, tt := range []struct {
		method string
		params any
		kind   string
	}{
		{"form.validate", map[string]any{"id": id}, "gone"},
		{"form.open", map[string]any{"schema": 3}, "schema"},
		{"form.open", map[string]any{"schema": map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "nothing"}}}}, "schema"},
		{"form.build", map[string]any{}, "request"},
		{"form.edit", map[string]any{"model": 1}, "model"},
		{"form.nothing", map[string]any{}, "request"},
		{"form.open", []int{1}, "request"},
	} {
		out := call(t, s, tt.method, tt.params)
		if e, _ := out["error"].(map[string]any); out["ok"] != false || e["kind"] != tt.kind {
			t.Errorf("%s %v: %v, want a %s error", tt.method, tt.params, out, tt.kind)
		}
	}
	if out := s.Call("form.open", []byte("{")); !strings.Contains(string(out), `"invalid parameters`) {
		t.Errorf("broken JSON: %s", out)
	}
	// Only the newest forms stay open.
	var first any
	for i := range maxOpen + 1 {
		o := call(t, s, "form.open", map[string]any{"schema": schema})
		if i == 0 {
			first = o["id"]
		}
	}
	if out := call(t, s, "form.validate", map[string]any{"id": first, "values": map[string]any{}}); out["ok"] != false {
		t.Errorf("the oldest of %d forms is still open", maxOpen+1)
	}
}

// TestExclude: the form of an object made inline by a template() field
// with excludeProperties neither shows nor requires what is excluded.
func TestExclude(t *testing.T) {
	schema := map[string]any{"type": "object", "additionalProperties": false, "required": []any{"name", "flavor"},
		"properties": map[string]any{"name": map[string]any{"type": "string"}, "flavor": map[string]any{"type": "string"}}}
	got := Exclude(schema, []string{"name"}).(map[string]any)
	if fmt.Sprint(got["required"]) != "[flavor]" || len(got["properties"].(map[string]any)) != 1 {
		t.Errorf("Exclude: %v", got)
	}
	if len(schema["required"].([]any)) != 2 || len(schema["properties"].(map[string]any)) != 2 {
		t.Errorf("Exclude changed the schema given: %v", schema)
	}
	s := NewService()
	opened := call(t, s, "form.open", map[string]any{"schema": schema, "excluded": []string{"name"}})
	if opened["ok"] != true {
		t.Fatalf("form.open: %v", opened)
	}
	v := call(t, s, "form.validate", map[string]any{"id": opened["id"], "values": map[string]any{"flavor": "m1"}})
	if errs := v["errors"].(map[string]any); len(errs) != 0 {
		t.Errorf("form.validate without the excluded name: %v", errs)
	}
}

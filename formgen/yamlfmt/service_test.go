package yamlfmt

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestCall(t *testing.T) {
	for _, c := range []struct {
		method, params string
		want           map[string]any
	}{
		{"yaml.format", `{"text": "a:\n    b: 1 # c\n"}`, map[string]any{"ok": true, "text": "a:\n  b: 1 # c\n", "changed": true}},
		{"yaml.format", `{"text": "a: 1\n"}`, map[string]any{"ok": true, "text": "a: 1\n", "changed": false}},
		{"yaml.format", `{"text": "a:\n  b: 1\n c: 2\n"}`, map[string]any{"ok": false, "error": map[string]any{
			"kind": "syntax", "message": "did not find expected key", "line": 3.0, "col": 2.0}}},
		{"yaml.format", `{}`, map[string]any{"ok": false, "error": map[string]any{
			"kind": "request", "message": "yaml.format takes {text}", "line": 0.0, "col": 0.0}}},
		{"yaml.nothing", `{}`, map[string]any{"ok": false, "error": map[string]any{
			"kind": "request", "message": `unknown method "yaml.nothing"`, "line": 0.0, "col": 0.0}}},
	} {
		var got map[string]any
		if err := json.Unmarshal(Call(c.method, []byte(c.params)), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s:\ngot  %v\nwant %v", c.method, c.params, got, c.want)
		}
	}
}

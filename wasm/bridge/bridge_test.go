package bridge

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

// Requests as the web page sends them and the responses it relies on; the
// expected values are the reference's (checked with the oracle).
func TestYAQLEval(t *testing.T) {
	tests := []struct {
		params string
		want   string
	}{
		{`{"expr": "$", "data": "[1, 2]", "dataFormat": "json"}`, `{"ok": true, "result": [1, 2]}`},
		{`{"expr": "$.x", "data": "x: [a, 1.5]", "dataFormat": "yaml"}`, `{"ok": true, "result": ["a", 1.5]}`},
		{`{"expr": "let(a => 1) -> $a"}`, `{"ok": true, "result": 1}`},
		{`{"expr": "1 +", "data": ""}`, `{"ok": false, "error": {"kind": "syntax", "class": "YaqlGrammarException", "message": "Parse error: unexpected end of statement", "detail": "expected a value", "offset": 3, "line": 1, "col": 4, "endCol": 5}}`},
		{`{"expr": "$ +\n foo(", "data": ""}`, `{"ok": false, "error": {"kind": "syntax", "class": "YaqlGrammarException", "message": "Parse error: unexpected end of statement", "detail": "expected a value", "offset": 9, "line": 2, "col": 6, "endCol": 7}}`},
		{`{"expr": "nosuch(1)"}`, `{"ok": false, "error": {"kind": "runtime", "class": "NoFunctionRegisteredException", "message": "Unknown function \"nosuch\"", "offset": 0, "line": 1, "col": 1, "endCol": 10}}`},
		{`{"expr": "$", "data": "{\"a\": ", "dataFormat": "json"}`, `{"ok": false, "error": {"kind": "data", "message": "unexpected end of JSON input", "line": 1, "col": 7}}`},
		{`{"expr": "$", "flavor": "nonsense"}`, `{"ok": false, "error": {"kind": "request", "message": "yaql: unknown flavour \"nonsense\" (want one of plain, legacy, murano, murano-legacy)"}}`},
	}
	for _, tt := range tests {
		got := Call(context.Background(), "yaql.eval", []byte(tt.params))
		var g, w any
		if err := json.Unmarshal(got, &g); err != nil {
			t.Fatalf("%s: invalid JSON response %s", tt.params, got)
		}
		if err := json.Unmarshal([]byte(tt.want), &w); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("yaql.eval %s\n got  %s\n want %s", tt.params, got, tt.want)
		}
	}
}

func TestUnknownMethod(t *testing.T) {
	got := string(Call(context.Background(), "nope", nil))
	want := `{"error":{"kind":"request","message":"unknown method nope"},"ok":false}`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestVersion(t *testing.T) {
	var v struct{ Version, Go string }
	if err := json.Unmarshal(Call(context.Background(), "version", nil), &v); err != nil || v.Version == "" || v.Go == "" {
		t.Errorf("version: %+v %v", v, err)
	}
}

func TestWarmLeavesTheBridgeUsable(t *testing.T) {
	Warm()
	var r struct {
		OK     bool
		Result []int
	}
	if err := json.Unmarshal(Call(context.Background(), "yaql.eval", []byte(`{"expr": "$", "data": "[3]"}`)), &r); err != nil || !r.OK || len(r.Result) != 1 || r.Result[0] != 3 {
		t.Errorf("after Warm: %+v %v", r, err)
	}
}

package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
)

func mustJSON(t *testing.T, text string) value.Value {
	t.Helper()
	v, err := value.FromJSON([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

// object stands for a MuranoPL object, which encodes itself as the oracle
// does.
type object struct{ typ, id string }

func (object) Type() string { return "MuranoObject" }

func (o object) JSON() (value.Value, error) {
	inner := value.NewDict(2)
	inner.SetString("type", value.String(o.typ))
	inner.SetString("id", value.String(o.id))
	d := value.NewDict(1)
	d.SetString("$object", inner)
	return d, nil
}

// The expected texts are lines printed by the reference harness's oracle.py dsl
// (taken from engine/dsl/testdata), except the error shape, which is the
// contract of issue 3 point 6.
func TestRunResultJSON(t *testing.T) {
	set := value.NewSet(3)
	for _, n := range []int64{3, 1, 2} {
		set.Add(value.Int(n))
	}
	tests := []struct {
		name string
		r    *RunResult
		want string
	}{
		{
			name: "differential exceptions:catch-by-name",
			r:    &RunResult{OK: true, Result: mustJSON(t, `["org.acme.errors.Oops", "caught me", {}]`)},
			want: `{"ok": true, "result": ["org.acme.errors.Oops", "caught me", {}], "traces": [], "log": []}`,
		},
		{
			name: "conformance test_call.test_call.1: null result, traces",
			r:    &RunResult{OK: true, Traces: []value.Value{value.String("called as call")}},
			want: `{"ok": true, "result": null, "traces": ["called as call"], "log": []}`,
		},
		{
			name: "differential logger: log records",
			r: &RunResult{OK: true, Result: value.String("after"), Log: []LogRecord{
				{Level: "INFO", Logger: "applications.org.acme.logs.init", Message: "initialising talker"},
				{Level: "WARNING", Logger: "applications.org.acme.logs.Talker", Message: "Can not format string: missing {0} {1}"},
			}},
			want: `{"ok": true, "result": "after", "traces": [], "log": [{"level": "INFO", "logger": "applications.org.acme.logs.init", "message": "initialising talker"}, {"level": "WARNING", "logger": "applications.org.acme.logs.Talker", "message": "Can not format string: missing {0} {1}"}]}`,
		},
		{
			name: "dump-model: model before traces",
			r: &RunResult{OK: true, Result: mustJSON(t, `[1, 2, 3]`), Traces: []value.Value{value.Int(1)},
				Model: mustJSON(t, `{"Objects": {"?": {"type": "S/0.0.0@tests", "id": "00000000000000000000000000000001", "name": null, "metadata": null}}, "Attributes": []}`)},
			want: `{"ok": true, "result": [1, 2, 3], "model": {"Objects": {"?": {"type": "S/0.0.0@tests", "id": "00000000000000000000000000000001", "name": null, "metadata": null}}, "Attributes": []}, "traces": [1], "log": []}`,
		},
		{
			name: "objects, floats, unicode and <&> as the oracle writes them",
			r: &RunResult{OK: true, Result: value.NewTuple([]value.Value{object{"org.acme.App", "app1"}, value.Float(2), value.String("ü <&>")}),
				Traces: []value.Value{object{"org.acme.Env", "env1"}}},
			want: `{"ok": true, "result": [{"$object": {"type": "org.acme.App", "id": "app1"}}, 2.0, "ü <&>"], "traces": [{"$object": {"type": "org.acme.Env", "id": "env1"}}], "log": []}`,
		},
		{
			name: "a set is sorted and flagged, as the oracle's to_json does",
			r:    &RunResult{OK: true, Result: set},
			want: `{"ok": true, "result": [1, 2, 3], "unordered": true, "traces": [], "log": []}`,
		},
		{
			name: "error",
			r: &RunResult{
				Error:  &RunError{Type: "ContractViolationException", Message: "[ContractExamples::testIntContract(arg)] Value 'nan' violates int() contract", Names: []string{"x"}},
				Traces: []value.Value{value.String("before")},
				Log:    []LogRecord{{Level: "ERROR", Logger: "applications.x", Message: "m"}},
				Model:  mustJSON(t, `{}`),
			},
			want: `{"ok": false, "error": {"type": "ContractViolationException", "message": "[ContractExamples::testIntContract(arg)] Value 'nan' violates int() contract"}, "traces": ["before"], "log": [{"level": "ERROR", "logger": "applications.x", "message": "m"}]}`,
		},
	}
	for _, tt := range tests {
		got, err := tt.r.MarshalJSON()
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: invalid JSON %s", tt.name, got)
		}
	}
}

func TestRunRequestUnmarshalJSON(t *testing.T) {
	var r RunRequest
	err := json.Unmarshal([]byte(`{"runtime": "1.4", "package": "p", "model": {"?": {"type": "A", "id": "a"}}, "objectId": "a",
		"class": "A", "static": false, "props": {"n": 1}, "method": "m", "args": [1, "x"], "kwargs": {"k": 2.0},
		"exposeAll": true, "dumpModel": true, "finalize": true, "note": null}`), &r)
	if err == nil || !strings.Contains(err.Error(), "note: unknown key") {
		t.Fatalf("unknown key: err = %v", err)
	}
	r = RunRequest{PackageName: "kept"}
	err = json.Unmarshal([]byte(`{"runtime": "1.4", "package": null, "model": {"?": {"type": "A", "id": "a"}}, "objectId": "a",
		"class": "A", "static": true, "props": {"n": 1}, "method": "m", "args": [1, "x"], "kwargs": {"k": 2.0},
		"exposeAll": true, "dumpModel": true, "finalize": true}`), &r)
	if err != nil {
		t.Fatal(err)
	}
	enc := func(v value.Value) string {
		b, _, _ := value.ToJSON(v)
		return string(b)
	}
	got := []string{r.Runtime, r.PackageName, enc(r.Model), r.ObjectID, r.Class, r.Method,
		enc(r.Props), enc(value.NewTuple(r.Args)), enc(r.Kwargs)}
	want := []string{"1.4", "kept", `{"?": {"type": "A", "id": "a"}}`, "a", "A", "m", `{"n": 1}`, `[1, "x"]`, `{"k": 2.0}`}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d = %s, want %s", i, got[i], want[i])
		}
	}
	if !r.Static || !r.ExposeAll || !r.DumpModel || !r.Finalize {
		t.Errorf("flags not set: %+v", r)
	}

	bad := []struct{ text, want string }{
		{`[1]`, "want a JSON object, got an array"},
		{`{"args": {}}`, "args: want an array, got an object"},
		{`{"kwargs": [1]}`, "kwargs: want an object, got an array"},
		{`{"props": "x"}`, "props: want an object, got a string"},
		{`{"model": 1}`, "model: want an object, got a number"},
		{`{"method": 1}`, "method: want a string, got a number"},
		{`{"static": "yes"}`, "static: want true or false, got a string"},
		{`{"method": "m",}`, "run request: invalid character"},
	}
	for _, tt := range bad {
		var r RunRequest
		if err := r.UnmarshalJSON([]byte(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.text, err, tt.want)
		}
	}
}

package enginetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCanonicalJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":[1.0,2.50,-0,1e2,1E-7,100000000000000000000000]}`, `{"b": 1, "a": [1.0, 2.5, 0, 100.0, 1e-07, 100000000000000000000000]}`},
		{`"caf\u00e9 <&> \"q\""`, `"café <&> \"q\""`},
		{` [ true , false , null , {} , [] ] `, `[true, false, null, {}, []]`},
		{`{"$float": "nan"}`, `{"$float": "nan"}`},
	}
	for _, tt := range tests {
		if got, err := CanonicalJSON([]byte(tt.in)); err != nil || got != tt.want {
			t.Errorf("CanonicalJSON(%s) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{``, `{`, `[1,]`, `1 2`, `{"a" 1}`} {
		if got, err := CanonicalJSON([]byte(bad)); err == nil {
			t.Errorf("CanonicalJSON(%q) = %s, want an error", bad, got)
		}
	}
}

func TestSameJSON(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{`{"a": 1, "b": 2}`, `{"a":1,"b":2}`, true},
		{`{"a": 1, "b": 2}`, `{"b": 2, "a": 1}`, false},
		{`[1]`, `[1.0]`, false},
		{`[1.5]`, `[1.50]`, true},
		{`"é"`, `"\u00e9"`, true},
	}
	for _, tt := range tests {
		if same, err := SameJSON([]byte(tt.a), []byte(tt.b)); err != nil || same != tt.same {
			t.Errorf("SameJSON(%s, %s) = %v, %v; want %v", tt.a, tt.b, same, err, tt.same)
		}
	}
}

func TestSortItems(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi int
		want   string
	}{
		{`[3, "b", 1, "a"]`, 0, -1, `["a", "b", 1, 3]`},
		{`["c", "b", "a"]`, 0, 2, `["b", "c", "a"]`},
		{`["c", "b", "a"]`, 1, 9, `["c", "a", "b"]`},
		{`{"a": 1}`, 0, -1, `{"a": 1}`},
		{`null`, 0, -1, `null`},
	}
	for _, tt := range tests {
		got, err := SortItems([]byte(tt.in), tt.lo, tt.hi)
		if err != nil || string(got) != tt.want {
			t.Errorf("SortItems(%s, %d, %d) = %s, %v; want %s", tt.in, tt.lo, tt.hi, got, err, tt.want)
		}
	}
	if _, err := SortItems([]byte(`[1,`), 0, -1); err == nil {
		t.Error("SortItems of a broken list: no error")
	}
}

func TestMembers(t *testing.T) {
	members, err := Members([]byte(`{"ok": true, "result": [1, {"x": 2}], "log": []}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range members {
		got = append(got, m.Key+"="+string(m.Value))
	}
	if want := `ok=true result=[1, {"x": 2}] log=[]`; strings.Join(got, " ") != want {
		t.Errorf("Members = %s, want %s", strings.Join(got, " "), want)
	}
	if _, err := Members([]byte(`[1]`)); err == nil {
		t.Error("Members of a list: no error")
	}
}

func TestParseFields(t *testing.T) {
	fields, err := ParseFields([]byte("# comment\n\nexpr: \"$.a: b\"\n  data: {\"a\": 1}\nresult: [1, 2]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fields {
		got = append(got, f.Key+"="+string(f.Value))
	}
	if want := `expr="$.a: b" data={"a": 1} result=[1, 2]`; strings.Join(got, " ") != want {
		t.Errorf("ParseFields = %s, want %s", strings.Join(got, " "), want)
	}
	for text, want := range map[string]string{
		"expr: \"x\"\nresult: nope\n": `line 2: want key: <JSON>, got "result: nope"`,
		"no colon here\n":             `line 1: want key: <JSON>`,
		"a key: 1\n":                  `line 1: want key: <JSON>`,
	} {
		if _, err := ParseFields([]byte(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFields(%q): error %v, want %q", text, err, want)
		}
	}
}

func TestReplaceFields(t *testing.T) {
	data := "expr: \"1\"\nresult: 2\nunordered: true\nnote: \"n\""
	tests := []struct {
		drop []string
		add  []Field
		want string
	}{
		{[]string{"result", "error", "unordered"}, []Field{{"error", []byte(`"E: m"`)}},
			"expr: \"1\"\nerror: \"E: m\"\nnote: \"n\"\n"},
		{[]string{"want"}, []Field{{"want", []byte(`{}`)}},
			"expr: \"1\"\nresult: 2\nunordered: true\nnote: \"n\"\nwant: {}\n"},
		{[]string{"note"}, nil, "expr: \"1\"\nresult: 2\nunordered: true\n"},
	}
	for _, tt := range tests {
		if got := string(ReplaceFields([]byte(data), tt.drop, tt.add)); got != tt.want {
			t.Errorf("ReplaceFields(%v, %v) = %q, want %q", tt.drop, tt.add, got, tt.want)
		}
	}
}

func TestArchives(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "b.txtar"), []byte("comment\n-- one --\nexpr: \"1\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.txtar"), []byte("-- two --\n-- three --\nx\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "skip.txt"), []byte("not an archive"), 0o644)
	ars := Archives(t, dir)
	if len(ars) != 2 || ars[0].Name != "a" || ars[1].Name != "b" || string(ars[1].Comment) != "comment\n" {
		t.Fatalf("Archives = %+v", ars)
	}
	if data, ok := ars[0].File("three"); !ok || string(data) != "x\n" {
		t.Errorf("File(three) = %q, %v", data, ok)
	}
	if _, ok := ars[0].File("four"); ok {
		t.Error("File(four) found")
	}
	ars[1].Files[0].Data = []byte("expr: \"2\"\n")
	if err := ars[1].Write(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(ars[1].Path); string(data) != "comment\n-- one --\nexpr: \"2\"\n" {
		t.Errorf("written %q", data)
	}
}

// recorder is a testing.TB that records what a helper reports.
type recorder struct {
	testing.TB
	errors, logs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func TestSkipList(t *testing.T) {
	path := filepath.Join(t.TempDir(), "skip.txt")
	os.WriteFile(path, []byte("# header\n\nlogger:exception  the absolute path of the recording\nx:y  a reason\n"), 0o644)
	s := LoadSkips(t, path)
	if reason, ok := s.Reason("logger:exception"); !ok || reason != "the absolute path of the recording" {
		t.Errorf("Reason = %q, %v", reason, ok)
	}
	tests := []struct {
		key     string
		diffs   []string
		outcome Outcome
		errors  string
		logs    string
	}{
		{"a:b", nil, Passed, "", ""},
		{"a:b", []string{"result: want 1, got 2"}, Failed, "a:b:\n  result: want 1, got 2", ""},
		{"x:y", []string{"differs"}, Skipped, "", "x:y: skipped by " + path + ": a reason"},
		{"x:y", nil, Failed, "x:y passes but " + path + " lists it (a reason): remove the line", ""},
	}
	var tally Tally
	for _, tt := range tests {
		r := &recorder{TB: t}
		o := s.Judge(r, tt.key, tt.diffs)
		tally.Add(o)
		if o != tt.outcome || strings.Join(r.errors, "|") != tt.errors || strings.Join(r.logs, "|") != tt.logs {
			t.Errorf("Judge(%s, %v) = %v, errors %q, logs %q; want %v, %q, %q", tt.key, tt.diffs, o, r.errors, r.logs, tt.outcome, tt.errors, tt.logs)
		}
	}
	if got := tally.String(); got != "1 passed, 1 skipped, 2 failed" {
		t.Errorf("tally %s", got)
	}
	r := &recorder{TB: t}
	s.CheckKeys(r, func(key string) bool { return key == "x:y" })
	if want := path + ": logger:exception is not a case"; strings.Join(r.errors, "|") != want {
		t.Errorf("CheckKeys: %q, want %q", r.errors, want)
	}

	if s, err := ReadSkips(filepath.Join(t.TempDir(), "none.txt")); err != nil || len(s.reasons) != 0 {
		t.Errorf("a missing skip list: %v, %v", s, err)
	}
	for text, want := range map[string]string{
		"a:b\n":               `:1: want "<case>  <reason>", got "a:b"`,
		"a:b  r\n# c\na:b  s": ":3: a:b is listed twice",
	} {
		os.WriteFile(path, []byte(text), 0o644)
		if _, err := ReadSkips(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadSkips(%q): %v, want %q", text, err, want)
		}
	}
}

func TestSample(t *testing.T) {
	t.Setenv("MURANO_UPDATE", "")
	t.Setenv("MURANO_REFERENCE_ALL", "")
	if !Sample(0) || Sample(1) || !Sample(20) {
		t.Error("Sample: want every tenth case")
	}
	t.Setenv("MURANO_REFERENCE_ALL", "1")
	if !Sample(1) {
		t.Error("Sample with MURANO_REFERENCE_ALL=1: want every case")
	}
}

func TestReferenceSkipsWithoutTheVariable(t *testing.T) {
	t.Setenv(ReferenceEnv, "")
	ran := false
	t.Run("check", func(t *testing.T) {
		Reference(t)
		ran = true
	})
	if ran {
		t.Error("Reference without MURANO_REFERENCE did not skip")
	}
}

// The fork server runs a script as `python3 script args…` would: in the
// given folder, with its own stdout, stderr and exit status, each run
// from the state after the imports, and kills a run that takes too long.
func TestBatch(t *testing.T) {
	_, err := os.Stat(Python)
	Need(t, Python, err)
	dir := t.TempDir()
	script := filepath.Join(dir, "script.py")
	os.WriteFile(script, []byte(`import json, os, sys, time
import helper
helper.calls.append(sys.argv[1:])
if sys.argv[1] == "sleep":
    time.sleep(30)
if sys.argv[1] == "raise":
    raise ValueError("boom")
print(json.dumps({"name": __name__, "args": sys.argv[1:], "cwd": os.getcwd(), "calls": len(helper.calls), "env": os.environ.get("BATCH_TEST"), "stdin": sys.stdin.read()}))
print("to stderr", file=sys.stderr)
sys.exit(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
`), 0o644)
	os.WriteFile(filepath.Join(dir, "helper.py"), []byte("calls = []\n"), 0o644)
	b := NewBatch(t, script, "helper")
	b.Env = []string{"BATCH_TEST=set"}
	work := t.TempDir()
	ctx := context.Background()
	for range 3 {
		res, err := b.Run(ctx, work, 10*time.Second, "a b", "3")
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"name": "__main__", "args": ["a b", "3"], "cwd": %q, "calls": 1, "env": "set", "stdin": ""}`+"\n", work)
		if res.Code != 3 || res.Stdout != want || res.Stderr != "to stderr\n" {
			t.Errorf("run: %+v\nwant stdout %s", res, want)
		}
	}
	if res, err := b.Run(ctx, work, 10*time.Second, "raise"); err != nil || res.Code != 1 || !strings.Contains(res.Stderr, "ValueError: boom") {
		t.Errorf("a run that raises: %+v, %v", res, err)
	}
	start := time.Now()
	if res, err := b.Run(ctx, work, time.Second, "sleep"); err != nil || res.Code == 0 || time.Since(start) > 20*time.Second {
		t.Errorf("a run past its timeout: %+v, %v after %v", res, err, time.Since(start))
	}
}

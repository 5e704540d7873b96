package enginetest

import (
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

func TestCompareTestRuns(t *testing.T) {
	const (
		a1 = `{"class": "p.TestA", "method": "test1", "ok": true, "error": null}`
		a2 = `{"class": "p.TestA", "method": "test2", "ok": false, "error": {"type": "AssertionError", "message": "False is not true"}}`
		b1 = `{"class": "p.TestB", "method": "test1", "ok": true, "error": null}`
	)
	stop := `"error": {"type": "X", "message": "setUp"}`
	for _, tt := range []struct {
		name, want, got string
		diffs           []string
	}{
		{"the same", `{"tests": [` + a1 + `, ` + a2 + `], "passed": 1, "failed": 1}`,
			`{"tests": [` + a2 + `, ` + a1 + `], "passed": 1, "failed": 1}`, nil},
		{"another outcome", `{"tests": [` + a1 + `], "passed": 1, "failed": 0}`,
			`{"tests": [{"class": "p.TestA", "method": "test1", "ok": false, "error": {"type": "E", "message": "m"}}], "passed": 0, "failed": 1}`,
			[]string{"counts: want 1 passed, 0 failed, got 0 passed, 1 failed", "p.TestA.test1: want ok true, got false",
				`p.TestA.test1: error: want null, got {"type": "E", "message": "m"}`}},
		{"a test missing", `{"tests": [` + a1 + `, ` + b1 + `], "passed": 2, "failed": 0}`, `{"tests": [` + a1 + `], "passed": 1, "failed": 0}`,
			[]string{"counts: want 2 passed, 0 failed, got 1 passed, 0 failed", "p.TestB.test1: not run"}},
		{"stopped after other classes", `{"tests": [` + a1 + `, ` + a2 + `], "passed": 1, "failed": 1, ` + stop + `}`,
			`{"tests": [` + b1 + `], "passed": 1, "failed": 0, ` + stop + `}`, nil},
		{"stopped, a class both ran differs", `{"tests": [` + a1 + `, ` + a2 + `], "passed": 1, "failed": 1, ` + stop + `}`,
			`{"tests": [` + a1 + `], "passed": 1, "failed": 0, ` + stop + `}`, []string{"p.TestA.test2: not run"}},
		{"another stop", `{"tests": [], "passed": 0, "failed": 0, ` + stop + `}`, `{"tests": [], "passed": 0, "failed": 0}`,
			[]string{`error: want {"type": "X", "message": "setUp"}, got null`}},
		{"the folders of a package not found", `{"tests": [], "passed": 0, "failed": 0, "error": {"type": "TestRunnerError", "message": "Specified package is not found: /a,/b were scanned together with murano database"}}`,
			`{"tests": [], "passed": 0, "failed": 0, "error": {"type": "TestRunnerError", "message": "Specified package is not found: /c were scanned together with murano database"}}`, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			diffs, err := CompareTestRuns([]byte(tt.want), []byte(tt.got))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(diffs, tt.diffs) {
				t.Errorf("got %q\nwant %q", diffs, tt.diffs)
			}
		})
	}
}

func TestParseTestRunCase(t *testing.T) {
	for _, tt := range []struct {
		name, runs string
		err        bool
	}{
		{"runs and wants", "note: \"x\"\nrun: {\"package\": \"p\"}\nwant: {\"tests\": [], \"passed\": 0, \"failed\": 0}\nrun: {\"package\": \"p\", \"tests\": [\"t\"]}\n", false},
		{"no runs", "note: \"x\"\n", true},
		{"an unknown key", "run: {\"package\": \"p\", \"test\": [\"t\"]}\n", true},
		{"a want first", "want: {}\nrun: {\"package\": \"p\"}\n", true},
		{"two wants", "run: {\"package\": \"p\"}\nwant: {}\nwant: {}\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ar := &Archive{Path: "case.txtar", Archive: &txtar.Archive{Files: []txtar.File{
				{Name: TestRunsMember, Data: []byte(tt.runs)}, {Name: "packages/p/manifest.yaml", Data: []byte("x")}}}}
			c, err := ParseTestRunCase(ar)
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want an error: %t", err, tt.err)
			}
			if err != nil {
				return
			}
			wants := make([][]byte, len(c.Runs))
			wants[len(wants)-1] = []byte(`{"tests": [], "passed": 0, "failed": 0}`)
			if err := c.SetWants(wants); err != nil {
				t.Fatal(err)
			}
			if err := c.Check(); err != nil {
				t.Error(err)
			}
			again, err := ParseTestRunCase(ar)
			if err != nil {
				t.Fatal(err)
			}
			if string(again.Runs[len(again.Runs)-1].Want) != `{"tests":[],"passed":0,"failed":0}` {
				t.Errorf("the want written back: %s", again.Runs[len(again.Runs)-1].Want)
			}
		})
	}
}

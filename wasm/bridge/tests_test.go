package bridge

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"murano.dev/playground/engine"
)

var testedPackage = map[string][]byte{
	"manifest.yaml": []byte("Format: 1.4\nType: Library\nFullName: com.example.tested\nName: Tested\n" +
		"Classes:\n  com.example.tested.TestThings: TestThings.yaml\n"),
	"Classes/TestThings.yaml": []byte(`Namespaces:
  =: com.example.tested
  t: io.murano.test
Name: TestThings
Extends: t:TestFixture
Methods:
  testPasses:
    Body:
      - $.assertIn(b, abc)
  testFails:
    Body:
      - $.check(2)
  check:
    Arguments:
      - n: {Contract: $.int()}
    Body:
      - $.assertEqual(1, $n)
`),
}

// test.run answers what `muranopl test --json` prints (the engine's
// report), each failure with its MuranoPL stack, and streams the tests
// as they finish.
func TestTestRun(t *testing.T) {
	handle := openFolderHandle(t, testedPackage)
	var events []string
	ctx := WithEvents(context.Background(), func(e []byte) { events = append(events, string(e)) })
	raw := Call(ctx, "test.run", []byte(`{"packages": ["`+handle+`"], "package": "com.example.tested", "stream": true}`))
	var answer struct {
		OK    bool `json:"ok"`
		Tests []struct {
			Class, Method string
			OK            bool
			Error         *struct {
				Type, Message string
				Stack         []struct {
					Method, Package, File string
					Line, Col             int
				}
			}
		}
		Passed, Failed int
	}
	if err := json.Unmarshal(raw, &answer); err != nil || !answer.OK {
		t.Fatalf("test.run: %v %s", err, raw)
	}
	if answer.Passed != 1 || answer.Failed != 1 || len(answer.Tests) != 2 {
		t.Fatalf("test.run: %s", raw)
	}
	failed := answer.Tests[1]
	if failed.Method != "testFails" || failed.Error == nil || failed.Error.Message != "1 != 2" {
		t.Fatalf("the failure: %+v", failed)
	}
	var frames []string
	for _, f := range failed.Error.Stack {
		frames = append(frames, fmt.Sprintf("%s %s %s:%d:%d", f.Method, f.Package, f.File, f.Line, f.Col))
	}
	want := "testFails com.example.tested Classes/TestThings.yaml:12:9, check com.example.tested Classes/TestThings.yaml:17:9"
	if strings.Join(frames, ", ") != want {
		t.Errorf("stack %q, want %q", frames, want)
	}
	if len(events) != 2 || !strings.HasPrefix(events[0], `{"kind":"test","test":{"class":"com.example.tested.TestThings"`) {
		t.Errorf("events %q", events)
	}

	// Without the stacks, the answer is the engine's report.
	p, err := engine.OpenPackage(engine.FilesFS(testedPackage))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.RunTests(context.Background(), engine.TestRequest{Packages: []*engine.Package{p}, Package: "com.example.tested"})
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	json.Unmarshal(raw, &doc)
	delete(doc, "ok")
	for _, test := range doc["tests"].([]any) {
		if e, ok := test.(map[string]any)["error"].(map[string]any); ok {
			delete(e, "stack")
		}
	}
	got, _ := json.Marshal(doc)
	cli, _ := json.Marshal(rep)
	var a, b any
	json.Unmarshal(got, &a)
	json.Unmarshal(cli, &b)
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	if string(x) != string(y) {
		t.Errorf("test.run without stacks:\n%s\nthe engine's report:\n%s", x, y)
	}
}

func TestTestRunErrors(t *testing.T) {
	handle := openFolderHandle(t, testedPackage)
	for _, tt := range []struct{ params, want string }{
		{`{"packages": ["` + handle + `"]}`, `"kind":"request"`},
		{`{"packages": ["nope"], "package": "com.example.tested"}`, "unknown package handle nope"},
		{`{"packages": ["` + handle + `"], "package": "com.example.other"}`,
			`"error":{"message":"Specified package is not found: com.example.tested were scanned together with murano database","stack":[],"type":"TestRunnerError"}`},
		{`{"packages": ["` + handle + `"], "package": "com.example.tested", "tests": ["testNothing"]}`, `"failed":0,"ok":true,"passed":0,"tests":[]`},
	} {
		if raw := Call(context.Background(), "test.run", []byte(tt.params)); !strings.Contains(string(raw), tt.want) {
			t.Errorf("%s: %s, want %s", tt.params, raw, tt.want)
		}
	}
}

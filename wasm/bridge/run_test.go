package bridge

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

var runPackage = map[string][]byte{
	"manifest.yaml": []byte("Format: 1.4\nType: Library\nFullName: com.example.run\nName: Run\n" +
		"Classes:\n  com.example.run.Counter: Counter.yaml\n"),
	"Classes/Counter.yaml": []byte(`Namespaces:
  =: com.example.run
Name: Counter
Properties:
  start:
    Contract: $.int().notNull()
    Default: 0
Methods:
  next:
    Scope: Public
    Arguments:
      - by:
          Contract: $.int().notNull()
          Default: 1
    Body:
      - logger('counter').info('from {0}', $.start)
      - trace($by)
      - Return: $.start + $by
  twice:
    Usage: Static
    Scope: Public
    Arguments:
      - text:
          Contract: $.string()
    Body:
      - Return: [$text, $text]
  fail:
    Body:
      - $.check()
  check:
    Body:
      - Throw: Broken
        Message: on purpose
`),
}

// run.methods lists the classes of the first package with their
// methods, as a form shows them.
func TestRunMethods(t *testing.T) {
	handle := openFolderHandle(t, runPackage)
	raw := Call(context.Background(), "run.methods", []byte(`{"packages": ["`+handle+`"]}`))
	want := `{"classes":[{"class":"com.example.run.Counter","methods":[` +
		`{"name":"next","static":false,"public":true,"args":[{"name":"by","contract":"$.int().notNull()","default":"1","kind":"int"}]},` +
		`{"name":"twice","static":true,"public":true,"args":[{"name":"text","contract":"$.string()","default":null,"kind":"string"}]},` +
		`{"name":"fail","static":false,"public":false,"args":[]},{"name":"check","static":false,"public":false,"args":[]}],"error":""}],"ok":true}`
	if string(raw) != want {
		t.Errorf("run.methods:\n%s\nwant\n%s", raw, want)
	}
}

// run.call calls a method as `muranopl run` does, on the page's open
// packages: a static one, one of a new object, one of an object of a
// model (an environment, whose system classes work without a cloud);
// an exception comes with its MuranoPL stack, the logger's records
// stream as they are written.
func TestRunCall(t *testing.T) {
	handle := openFolderHandle(t, runPackage)
	pkgs := `"packages": ["` + handle + `"], `
	for _, tt := range []struct{ params, want string }{
		{`"class": "com.example.run.Counter", "static": true, "method": "twice", "kwargs": {"text": "hi"}`,
			`{"ok":true,"result":["hi","hi"],"traces":[],"log":[]}`},
		{`"class": "com.example.run.Counter", "props": {"start": 40}, "method": "next", "args": [2]`,
			`{"ok":true,"result":42,"traces":[2],"log":[{"level":"INFO","logger":"applications.counter","message":"from 40"}]}`},
		{`"model": {"?": {"type": "com.example.run.Counter", "id": "c1"}, "start": 1}, "objectId": "c1", "method": "next"`,
			`"result":2`},
		{`"class": "com.example.run.Counter", "method": "fail"`, `"message":"fail is not an action","names":[],"stack":[],"type":"MethodNotExposed"`},
		{`"class": "com.example.run.Counter", "props": {"start": "x"}, "method": "next"`, `"type":"ContractViolationException"`},
		{`"class": "com.example.run.Counter", "method": "next", "args": {}`, `"message":"args: not a JSON array"`},
		{`"class": "com.example.run.Counter", "method": "next", "kwargs": []`, `"message":"kwargs: not a JSON object"`},
		{`"model": "{", "method": "next"`, `"message":"the object model must be a JSON object"`},
		{`"model": {, "method": "next"`, `"kind":"request"`},
	} {
		raw := Call(context.Background(), "run.call", []byte(`{`+pkgs+tt.params+`}`))
		if !strings.Contains(string(raw), tt.want) {
			t.Errorf("%s:\n%s\nwant %s", tt.params, raw, tt.want)
		}
	}

	var events []string
	ctx := WithEvents(context.Background(), func(e []byte) { events = append(events, string(e)) })
	raw := Call(ctx, "run.call", []byte(`{`+pkgs+`"class": "com.example.run.Counter", "method": "fail", "exposeAll": true, "stream": true}`))
	var answer struct {
		OK        bool
		Exception struct {
			Type, Message string
			Stack         []struct {
				Class, Method, File string
				Line, Col           int
			}
		}
	}
	if err := json.Unmarshal(raw, &answer); err != nil || !answer.OK {
		t.Fatalf("run.call: %v %s", err, raw)
	}
	if e := answer.Exception; e.Type != "com.example.run.Broken" || e.Message != "on purpose" || len(e.Stack) != 2 ||
		e.Stack[0].Method != "fail" || e.Stack[1].File != "Classes/Counter.yaml" || e.Stack[1].Line != 32 || e.Stack[1].Col != 9 {
		t.Errorf("the exception: %+v", e)
	}
	raw = Call(ctx, "run.call", []byte(`{`+pkgs+`"class": "com.example.run.Counter", "method": "next", "stream": true}`))
	if want := `{"kind":"log","level":"INFO","logger":"applications.counter","message":"from 0"}`; len(events) != 1 || events[0] != want {
		t.Errorf("events %q, want %s (%s)", events, want, raw)
	}
}

// An application of an environment model: the environment (without a
// network, as the page makes it) loads with the system classes of a run
// without a cloud; what would reach the cloud fails in the package's
// file.
func TestRunCallOnAnEnvironment(t *testing.T) {
	handle := openFolderHandle(t, readFolder(t, "../../web/packages/database", ""))
	app := `{"?": {"type": "org.playground.examples.Database", "id": "db"}, "engine": "mysql", "username": "u", "password": "p",
		"instance": {"?": {"type": "io.murano.resources.LinuxMuranoInstance", "id": "vm"}, "name": "vm", "image": "debian", "flavor": "m1.small"}}`
	env := Call(context.Background(), "env.make", []byte(`{"apps": [`+app+`], "name": "test", "network": "none"}`))
	var made struct {
		OK  bool
		Env json.RawMessage
	}
	if err := json.Unmarshal(env, &made); err != nil || !made.OK {
		t.Fatalf("env.make: %v %s", err, env)
	}
	raw := Call(context.Background(), "run.call", []byte(`{"packages": ["`+handle+`"], "model": `+string(made.Env)+`, "objectId": "db", "method": "port", "exposeAll": true}`))
	if want := `{"ok":true,"result":3306,"traces":[],"log":[]}`; string(raw) != want {
		t.Errorf("port: %s, want %s", raw, want)
	}
	raw = Call(context.Background(), "run.call", []byte(`{"packages": ["`+handle+`"], "model": `+string(made.Env)+`, "objectId": "db", "method": "deploy", "exposeAll": true}`))
	if !strings.Contains(string(raw), `"file":"Classes/Database.yaml","instruction":"$._environment.securityGroupManager.addGroupIngress($rules)","line":51`) {
		t.Errorf("deploy: %s", raw)
	}
}

// test.list selects the tests as test.run does, without running them.
func TestTestList(t *testing.T) {
	handle := openFolderHandle(t, testedPackage)
	raw := Call(context.Background(), "test.list", []byte(`{"packages": ["`+handle+`"], "package": "com.example.tested"}`))
	want := `{"ok":true,"tests":[{"class":"com.example.tested.TestThings","method":"testPasses"},{"class":"com.example.tested.TestThings","method":"testFails"}]}`
	if string(raw) != want {
		t.Errorf("test.list: %s, want %s", raw, want)
	}
	raw = Call(context.Background(), "test.list", []byte(`{"packages": ["`+handle+`"], "package": "com.example.other"}`))
	if want := `{"error":{"message":"Specified package is not found: com.example.tested were scanned together with murano database","stack":[],"type":"TestRunnerError"},"ok":true,"tests":[]}`; string(raw) != want {
		t.Errorf("test.list of nothing: %s, want %s", raw, want)
	}
}

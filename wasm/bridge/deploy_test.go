package bridge

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"murano.dev/playground/engine"
)

// withCloud lets the bridge deploy into a cloud server of the test, as
// the page's cloud module would serve it.
func withCloud(t *testing.T) {
	server := engine.NewCloudServer()
	SetCloud(func(method string, params []byte) ([]byte, error) { return server.Call(method, params), nil })
	t.Cleanup(func() { SetCloud(nil) })
}

func callRaw(t *testing.T, method string, params any) []byte {
	t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	return Call(context.Background(), method, raw)
}

type deployAnswer struct {
	OK     bool            `json:"ok"`
	Failed bool            `json:"failed"`
	Output json.RawMessage `json:"output"`
	State  json.RawMessage `json:"state"`
	Notes  []string        `json:"notes"`
	Error  *struct{ Kind, Message string }
	// Exception is the task's exception with its MuranoPL stack.
	Exception *struct {
		Type, Message string
		Stack         []struct {
			Class, Method, Package, File string
			Line, Col                    int
		}
	}
}

func deploy(t *testing.T, params map[string]any) deployAnswer {
	t.Helper()
	raw := callRaw(t, "deploy.run", params)
	var a deployAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		t.Fatalf("deploy.run: %v: %.300s", err, raw)
	}
	return a
}

// The page deploys the database example with the object model its forms
// made: the output is byte for byte what engine.Deploy gives with the
// cloud in process (as `muranopl deploy` runs it), and the saved state
// continues with the next task (the deletion of the environment).
func TestDeployRunIsTheCLIsDeploy(t *testing.T) {
	withCloud(t)
	handle := openFolderHandle(t, readFolder(t, "../../web/packages/database", ""))
	app, err := os.ReadFile("../../web/tests/fixtures/forms/database.want.json")
	if err != nil {
		t.Fatal(err)
	}
	var made struct {
		OK  bool            `json:"ok"`
		Env json.RawMessage `json:"env"`
	}
	if err := json.Unmarshal(callRaw(t, "env.make", map[string]any{"apps": []json.RawMessage{app}, "name": "shop"}), &made); err != nil || !made.OK {
		t.Fatalf("env.make: %v %+v", err, made)
	}
	got := deploy(t, map[string]any{"packages": []string{handle}, "env": made.Env})
	if !got.OK || got.Failed {
		t.Fatalf("deploy.run: %+v", got)
	}

	w, _ := workspaces.lookup(handle)
	env, err := engine.DecodeJSON(made.Env)
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Deploy(context.Background(), engine.DeployRequest{Packages: []*engine.Package{w.Package}, Env: env.(*engine.Dict), Seed: 42, Cloud: engine.InProcessCloud})
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.DeployOutputJSON(res.Output, -1)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Output, bytes.TrimSuffix(want, []byte("\n"))) {
		t.Errorf("deploy.run's output differs from engine.Deploy's\n got: %.500s\nwant: %.500s", got.Output, want)
	}
	var out struct {
		Heat    []struct{ Op string }
		Agent   []any
		Reports []struct{ Text string }
	}
	if err := json.Unmarshal(got.Output, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Heat) == 0 || out.Heat[0].Op != "create" || len(out.Agent) == 0 || len(out.Reports) == 0 {
		t.Errorf("the deploy did little: %d Heat calls, %d agent plans, %d reports", len(out.Heat), len(out.Agent), len(out.Reports))
	}

	gone := deploy(t, map[string]any{"packages": []string{handle}, "state": got.State, "env": map[string]any{"Objects": nil}})
	if !gone.OK || gone.Failed {
		t.Fatalf("delete: %+v", gone)
	}
	if err := json.Unmarshal(gone.Output, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Heat) != 1 || out.Heat[0].Op != "delete" {
		t.Errorf("deleting the environment made the Heat calls %v", out.Heat)
	}
}

const greeterClass = `Namespaces:
  =: com.example.greet
  std: io.murano
Name: Greeter
Extends: std:Application
Methods:
  deploy:
    Body:
      - $.find(std:Environment).reporter.report($this, 'deployed')
  greet:
    Scope: Public
    Arguments:
      - who:
          Contract: $.string().notNull()
    Body:
      - Return: format('Hello, {0}!', $who)
  fail:
    Scope: Public
    Body:
      - $.helper()
  helper:
    Body:
      - Throw: Oops
        Message: no greeting today
`

// An action runs on the deployed environment's saved state; its
// exception is in the output, and bad requests are refused.
func TestDeployRunActions(t *testing.T) {
	withCloud(t)
	handle := openFolderHandle(t, map[string][]byte{
		"manifest.yaml":        []byte("Format: 1.4\nType: Application\nFullName: com.example.greet\nClasses:\n  com.example.greet.Greeter: Greeter.yaml\n"),
		"Classes/Greeter.yaml": []byte(greeterClass),
	})
	env := map[string]any{"Objects": map[string]any{"?": map[string]any{"type": "io.murano.Environment", "id": "env-1"}, "name": "e",
		"defaultNetworks": map[string]any{"environment": nil, "flat": nil},
		"applications":    []any{map[string]any{"?": map[string]any{"type": "com.example.greet.Greeter", "id": "app-1"}}}}}
	first := deploy(t, map[string]any{"packages": []string{handle}, "env": env})
	if !first.OK || first.Failed {
		t.Fatalf("deploy: %+v", first)
	}
	var state struct{ Model json.RawMessage }
	json.Unmarshal(first.State, &state)
	var listed struct {
		OK      bool
		Actions []struct {
			Object, Method string
			Args           []struct{ Name, Contract, Kind string }
		}
	}
	if err := json.Unmarshal(callRaw(t, "deploy.actions", map[string]any{"packages": []string{handle}, "model": state.Model}), &listed); err != nil || !listed.OK {
		t.Fatalf("deploy.actions: %v %+v", err, listed)
	}
	found := false
	for _, a := range listed.Actions {
		if a.Object == "app-1" && a.Method == "greet" {
			found = len(a.Args) == 1 && a.Args[0].Name == "who" && a.Args[0].Contract == "$.string().notNull()" && a.Args[0].Kind == "string"
		}
	}
	if !found {
		t.Errorf("the actions: %+v", listed.Actions)
	}
	hello := deploy(t, map[string]any{"packages": []string{handle}, "state": first.State, "action": "app-1.greet", "args": map[string]any{"who": "Ann"}})
	var out struct {
		OK        bool
		Result    any
		Exception *struct{ Type, Message string }
	}
	if err := json.Unmarshal(hello.Output, &out); err != nil || !hello.OK || !out.OK || out.Result != "Hello, Ann!" {
		t.Fatalf("the action: %+v %s %v", hello, hello.Output, err)
	}
	bad := deploy(t, map[string]any{"packages": []string{handle}, "state": first.State, "action": "app-1.greet", "args": map[string]any{"who": nil}})
	if err := json.Unmarshal(bad.Output, &out); err != nil || !bad.OK || !bad.Failed || out.OK || out.Exception == nil || !strings.Contains(out.Exception.Type, "ContractViolationException") {
		t.Errorf("an action breaking a contract: %+v %s", bad, bad.Output)
	}

	oops := deploy(t, map[string]any{"packages": []string{handle}, "state": first.State, "action": "app-1.fail"})
	if !oops.Failed || oops.Exception == nil || oops.Exception.Message != "no greeting today" || len(oops.Exception.Stack) < 2 {
		t.Fatalf("a throwing action: %+v", oops.Exception)
	}
	inner := oops.Exception.Stack[len(oops.Exception.Stack)-1]
	if inner.Method != "helper" || inner.Package != "com.example.greet" || inner.File != "Classes/Greeter.yaml" || inner.Line != 23 || inner.Col != 9 {
		t.Errorf("the innermost frame: %+v", inner)
	}

	for _, tt := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{"packages": []string{"pkg-999"}, "env": env}, "unknown package handle pkg-999"},
		{map[string]any{"packages": []string{handle}}, "give env (or state to continue)"},
		{map[string]any{"packages": []string{handle}, "env": []int{1}}, `env: the environment has no "Objects"`},
		{map[string]any{"packages": []string{handle}, "env": env, "action": "greet"}, `action is "deploy", OBJECT_ID.METHOD or CLASS.METHOD`},
		{map[string]any{"packages": []string{handle}, "state": map[string]any{"format": "old/0"}}, `the state is not a state of this engine`},
		{map[string]any{"packages": []string{handle}, "env": env, "faults": []any{map[string]any{"kind": "meteor"}}}, `faults:`},
		{map[string]any{"packages": []string{handle}, "env": env, "scripts": map[string]any{"kind": "python"}}, `unknown script strategy "python"`},
	} {
		if a := deploy(t, tt.params); a.OK || a.Error == nil || !strings.Contains(a.Error.Message, tt.want) {
			t.Errorf("deploy.run %v: %+v, want the error %q", tt.params, a, tt.want)
		}
	}
	SetCloud(nil)
	if a := deploy(t, map[string]any{"packages": []string{handle}, "env": env}); a.OK || !strings.Contains(a.Error.Message, "no simulated cloud") {
		t.Errorf("without a cloud: %+v", a)
	}
}

// A streamed deploy tells its events to the call's sink before it
// answers; paced, it takes the real time its virtual clock says.
func TestDeployRunStreams(t *testing.T) {
	withCloud(t)
	handle := openFolderHandle(t, readFolder(t, "../../web/packages/database", ""))
	app, err := os.ReadFile("../../web/tests/fixtures/forms/database.want.json")
	if err != nil {
		t.Fatal(err)
	}
	var made struct{ Env json.RawMessage }
	json.Unmarshal(callRaw(t, "env.make", map[string]any{"apps": []json.RawMessage{app}}), &made)
	var kinds []string
	var times []float64
	ctx := WithEvents(context.Background(), func(event []byte) {
		var e struct {
			Kind string
			Time float64
		}
		head, body, two := bytes.Cut(event, []byte("\n"))
		if err := json.Unmarshal(head, &e); err != nil {
			t.Errorf("event %.100s: %v", event, err)
		}
		if two != (e.Kind == "heat" || e.Kind == "cloud") || two && !json.Valid(body) {
			t.Errorf("a %s event of one line: %v, its second line is JSON: %v", e.Kind, !two, json.Valid(body))
		}
		kinds, times = append(kinds, e.Kind), append(times, e.Time)
	})
	raw, _ := json.Marshal(map[string]any{"packages": []string{handle}, "env": made.Env, "stream": true, "durations": true})
	lines := bytes.Split(Call(ctx, "deploy.run", raw), []byte("\n"))
	if len(lines) != 3 {
		t.Fatalf("a streamed deploy answers in %d lines, not 3", len(lines))
	}
	var a deployAnswer
	if err := json.Unmarshal(lines[0], &a); err != nil || !a.OK || a.Failed {
		t.Fatalf("deploy.run: %+v %v", a, err)
	}
	a.Output, a.State = lines[1], lines[2]
	var st struct{ Format string }
	if err := json.Unmarshal(a.State, &st); err != nil || st.Format == "" || !json.Valid(a.Output) {
		t.Fatalf("the output (valid: %v) and the state of a streamed deploy: %v %+v", json.Valid(a.Output), err, st)
	}
	// The templates are the heat events': only the stack's own stays.
	if !bytes.Contains(a.Output, []byte(`"template": null`)) || bytes.Count(a.Output, []byte(`"heat_template_version"`)) != 1 {
		t.Errorf("a streamed output keeps its Heat calls' templates: %.300s", a.Output)
	}
	if len(kinds) < 5 || !slices.Contains(kinds, "heat") || !slices.Contains(kinds, "cloud") || !slices.Contains(kinds, "plan") || !slices.Contains(kinds, "report") {
		t.Errorf("the events: %v", kinds)
	}
	span := times[len(times)-1] - times[0]
	if span <= 0 {
		t.Fatalf("the virtual clock did not move: %v", times)
	}
	kinds = nil
	raw, _ = json.Marshal(map[string]any{"packages": []string{handle}, "env": made.Env, "stream": true, "durations": true, "speed": span * 4})
	start := time.Now()
	Call(ctx, "deploy.run", raw)
	if took := time.Since(start); took < 200*time.Millisecond {
		t.Errorf("paced at %v virtual seconds a second, a task of %v virtual seconds took %v", span*4, span, took)
	}
	quiet := Call(context.Background(), "deploy.run", raw)
	if !bytes.Contains(quiet, []byte(`"ok":true`)) {
		t.Errorf("without a sink: %.200s", quiet)
	}
}

// The project's core libraries open as packages whose files the page
// reads where a stack trace leads.
func TestCorelibOpen(t *testing.T) {
	var r struct {
		OK      bool
		Handles map[string]string
	}
	if err := json.Unmarshal(callRaw(t, "corelib.open", map[string]any{}), &r); err != nil || !r.OK || len(r.Handles) != 2 {
		t.Fatalf("corelib.open: %+v %v", r, err)
	}
	var f struct {
		OK   bool
		Text string
	}
	json.Unmarshal(callRaw(t, "package.file", map[string]any{"handle": r.Handles["io.murano"], "path": "Classes/Environment.yaml"}), &f)
	if !f.OK || !strings.Contains(f.Text, "Name: Environment") {
		t.Errorf("Classes/Environment.yaml of io.murano: %+v", f)
	}
}

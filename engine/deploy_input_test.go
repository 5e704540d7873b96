package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

const echoApp = `Namespaces:
  =: com.example.echo
  std: io.murano
Name: Echo
Extends: std:Application
Methods:
  deploy:
    Body:
      - $.find(std:Environment).reporter.report($this, done)
  spin:
    Scope: Public
    Body:
      - While: 1 = 1
        Do:
          - sleep(3600)
`

// echoEnvironment is an environment of n Echo applications, without a
// network.
func echoEnvironment(t *testing.T, n int, typ string) (*Package, *Dict) {
	p, err := OpenPackage(fstest.MapFS{
		"manifest.yaml":     {Data: []byte("Format: 1.4\nType: Application\nFullName: com.example.echo\nClasses:\n  com.example.echo.Echo: Echo.yaml\n")},
		"Classes/Echo.yaml": {Data: []byte(echoApp)},
	})
	if err != nil {
		t.Fatal(err)
	}
	apps := make([]string, n)
	for i := range apps {
		apps[i] = fmt.Sprintf(`{"?": {"type": %q, "id": "app-%d"}}`, typ, i)
	}
	env, err := DecodeJSON([]byte(`{"Objects": {"?": {"type": "io.murano.Environment", "id": "env-1"}, "name": "e",
		"defaultNetworks": {"environment": null, "flat": null}, "applications": [` + strings.Join(apps, ", ") + `]}}`))
	if err != nil {
		t.Fatal(err)
	}
	return p, env.(*Dict)
}

// Bad input ends a task with an exception in its output, never a crash
// or a hang: an unknown class, a runaway action that sleeps on the
// virtual clock (the step budget ends it, or else the limit of virtual
// time); a large model deploys.
func TestDeployBadInput(t *testing.T) {
	p, env := echoEnvironment(t, 1, "com.example.echo.Nowhere")
	res, err := Deploy(context.Background(), DeployRequest{Packages: []*Package{p}, Env: env, Cloud: InProcessCloud})
	if err != nil {
		t.Fatal(err)
	}
	exc, _ := res.Output["exception"].(map[string]any)
	if !res.Failed || !strings.Contains(fmt.Sprint(exc), "com.example.echo.Nowhere") {
		t.Errorf("an unknown class: failed %v, exception %v", res.Failed, exc)
	}

	p, env = echoEnvironment(t, 1000, "com.example.echo.Echo")
	res, err = Deploy(context.Background(), DeployRequest{Packages: []*Package{p}, Env: env, Cloud: InProcessCloud})
	if err != nil || res.Failed {
		t.Fatalf("1,000 applications: %v %v", err, res.Output["exception"])
	}
	if n := len(res.Output["reports"].([]any)); n != 1000 {
		t.Errorf("1,000 applications: %d reports", n)
	}
	state, err := res.State()
	if err != nil {
		t.Fatal(err)
	}

	for _, tt := range []struct {
		steps int64
		want  string
	}{{2_000, "budget"}, {0, "VirtualTimeExceeded"}} {
		res, err = Deploy(context.Background(), DeployRequest{Packages: []*Package{p}, State: state, Action: "app-7.spin", MaxSteps: tt.steps, Cloud: InProcessCloud})
		if err != nil {
			t.Fatal(err)
		}
		exc, _ = res.Output["exception"].(map[string]any)
		if !res.Failed || !strings.Contains(fmt.Sprint(exc), tt.want) {
			t.Errorf("a runaway action (steps %d): failed %v, exception %v", tt.steps, res.Failed, exc)
		}
	}
}

// TestDeployStateJSON checks that a state writes itself as encoding/json
// writes it.
func TestDeployStateJSON(t *testing.T) {
	for _, st := range []DeployState{
		{Format: DeployStateFormat, Seed: -3, Runs: 2, Clock: 1704067200.5, IDCounter: 9, EnvironmentID: "e<1>",
			Model: json.RawMessage(`{"Objects":null}`), Cloud: json.RawMessage(`{"format":"x","a":[1,2.5]}`)},
		{},
	} {
		want, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.AppendJSON(nil); string(got) != string(want) {
			t.Errorf("AppendJSON = %s, want %s", got, want)
		}
	}
}

const mathsClass = `Namespaces:
  =: com.example.maths
Name: Maths
Methods:
  square:
    Usage: Static
    Scope: Public
    Arguments:
      - n:
          Contract: $.int().notNull()
    Body:
      - Return: $n * $n
  secret:
    Usage: Static
    Body:
      - Return: 42
`

// A static action (CLASS.METHOD) runs outside any environment, as
// murano's StaticActionExecutor runs it: no model is loaded or changed,
// nothing is deployed.
func TestDeployStaticAction(t *testing.T) {
	p, err := OpenPackage(fstest.MapFS{
		"manifest.yaml":      {Data: []byte("Format: 1.4\nType: Library\nFullName: com.example.maths\nClasses:\n  com.example.maths.Maths: Maths.yaml\n")},
		"Classes/Maths.yaml": {Data: []byte(mathsClass)},
	})
	if err != nil {
		t.Fatal(err)
	}
	args, _ := DecodeJSON([]byte(`{"n": 7}`))
	for _, tt := range []struct {
		action    string
		args      Value
		result    any
		exception string
	}{
		{"com.example.maths.Maths.square", args, int64(49), ""},
		{"com.example.maths.Maths.secret", nil, nil, "secret is not an action"},
		{"com.example.maths.Maths.square", nil, nil, "ContractViolationException"},
		{"com.example.maths.Nowhere.square", nil, nil, "NoPackageForClassFound"},
	} {
		req := DeployRequest{Packages: []*Package{p}, Action: tt.action, Cloud: InProcessCloud}
		req.Args, _ = tt.args.(*Dict)
		res, err := Deploy(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := DeployOutputJSON(res.Output, -1)
		var doc struct {
			OK        bool
			Result    any
			Exception *struct{ Type, Message string }
			Heat      []any
			Model     struct{ Objects any }
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Heat) != 0 || doc.Model.Objects != nil {
			t.Errorf("%s touched the environment: %s", tt.action, out)
		}
		if tt.exception == "" {
			if !doc.OK || doc.Result != float64(tt.result.(int64)) {
				t.Errorf("%s = %s", tt.action, out)
			}
		} else if doc.OK || doc.Exception == nil || !strings.Contains(doc.Exception.Type+": "+doc.Exception.Message, tt.exception) {
			t.Errorf("%s: %s, want an exception with %q", tt.action, out, tt.exception)
		}
	}
}

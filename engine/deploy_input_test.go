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

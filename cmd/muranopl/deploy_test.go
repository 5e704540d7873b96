package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const greeterApp = `Namespaces:
  =: com.example.greeter
  std: io.murano
Name: Greeter
Extends: std:Application
Properties:
  greeting:
    Contract: $.string().notNull()
Methods:
  deploy:
    Body:
      - $.find(std:Environment).reporter.report($this, $.greeting)
  shout:
    Scope: Public
    Arguments:
      - times: {Contract: $.int().notNull()}
    Body:
      - Return: $.greeting.toUpper() * $times
  fail:
    Scope: Public
    Body:
      - Throw: GreeterError
        Message: no voice left
`

// greeterFolder writes a package and its environment model.
func greeterFolder(t *testing.T) (packages, env string) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "packages", "greeter")
	os.MkdirAll(filepath.Join(pkg, "Classes"), 0o755)
	os.WriteFile(filepath.Join(pkg, "manifest.yaml"), []byte("Format: 1.4\nType: Application\nFullName: com.example.greeter\nName: Greeter\nClasses:\n  com.example.greeter.Greeter: Greeter.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(pkg, "Classes", "Greeter.yaml"), []byte(greeterApp), 0o644)
	app := filepath.Join(dir, "app.json")
	os.WriteFile(app, []byte(`{"?": {"type": "com.example.greeter.Greeter", "id": "app-1"}, "greeting": "hello"}`), 0o644)
	env = filepath.Join(dir, "env.json")
	var out, errs bytes.Buffer
	if code := run([]string{"env", app, "-o", env}, nil, &out, &errs); code != 0 {
		t.Fatalf("env: %s", errs.String())
	}
	return filepath.Join(dir, "packages"), env
}

func deployCmd(t *testing.T, args ...string) (map[string]any, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"deploy"}, args...), nil, &stdout, &stderr)
	var doc map[string]any
	if stdout.Len() > 0 {
		if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
		}
	}
	return doc, stderr.String(), code
}

// A deploy, then actions on the saved state: the result, an exception
// (exit 1) and the deployment log, as the reference's TaskExecutor gives
// them.
func TestDeployAndActions(t *testing.T) {
	packages, env := greeterFolder(t)
	state := filepath.Join(t.TempDir(), "state.json")
	doc, stderr, code := deployCmd(t, "--packages", packages, "--env", env, "--save-state", state)
	if code != 0 || doc["ok"] != true {
		t.Fatalf("deploy: exit %d, %v, %s", code, doc["exception"], stderr)
	}
	if reports := doc["reports"].([]any); len(reports) != 1 || reports[0].(map[string]any)["text"] != "hello" {
		t.Errorf("reports %v, want the greeting", reports)
	}
	for _, key := range []string{"ok", "result", "exception", "model", "stacks", "heat", "agent", "reports", "instances"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("no %q in the output", key)
		}
	}
	doc, _, code = deployCmd(t, "--packages", packages, "--state", state, "--action", "app-1.shout", "--args", `{"times": 2}`)
	if code != 0 || doc["result"] != "HELLOHELLO" {
		t.Errorf("shout: exit %d, result %v", code, doc["result"])
	}
	doc, _, code = deployCmd(t, "--packages", packages, "--state", state, "--action", "app-1.fail")
	exc, _ := doc["exception"].(map[string]any)
	if code != 1 || doc["ok"] != false || exc["type"] != "com.example.greeter.GreeterError" || exc["message"] != "no voice left" {
		t.Errorf("fail: exit %d, exception %v", code, doc["exception"])
	}
	reports := doc["reports"].([]any)
	if last := reports[len(reports)-1].(map[string]any); last["level"] != "error" || last["text"] != "[com.example.greeter.GreeterError]: no voice left" {
		t.Errorf("the error report: %v", last)
	}
}

func TestDeployUsageErrors(t *testing.T) {
	packages, env := greeterFolder(t)
	dir := t.TempDir()
	notModel := filepath.Join(dir, "list.json")
	os.WriteFile(notModel, []byte(`[1, 2]`), 0o644)
	otherState := filepath.Join(dir, "state.json")
	os.WriteFile(otherState, []byte(`{"format": "deploy-oracle/1"}`), 0o644)
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--packages", packages}, "give --env"},
		{[]string{"--packages", packages, "--env", env, "--action", "restart"}, `--action is "deploy", OBJECT_ID.METHOD or CLASS.METHOD`},
		{[]string{"--packages", packages, "--env", env, "--scripts", "python"}, "--scripts python: not stub, shell or a fixture table"},
		{[]string{"--packages", packages, "--env", notModel}, `has no "Objects"`},
		{[]string{"--packages", packages, "--env", env, "--args", "[1]"}, "--args is not a JSON object"},
		{[]string{"--packages", packages, "--state", otherState}, "not a state of this engine"},
		{[]string{"--packages", filepath.Join(dir, "none"), "--env", env}, "no such file"},
		{[]string{"--packages", packages, "--env", env, "--fix", "everything"}, "--fix takes async-push"},
	}
	for _, tt := range tests {
		_, stderr, code := deployCmd(t, tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.msg) {
			t.Errorf("deploy %v: exit %d, %q; want exit 2 and %q", tt.args, code, stderr, tt.msg)
		}
	}
}

// --scripts chooses how the agents run the plans' scripts: a fixture
// table that fails every script makes the database example's deploy end
// in the agent's exception; the fake shell runs them.
func TestDeployScripts(t *testing.T) {
	dir := t.TempDir()
	env := filepath.Join(dir, "env.json")
	var out, errs bytes.Buffer
	if code := run([]string{"env", "../../web/tests/fixtures/forms/database.want.json", "-o", env}, nil, &out, &errs); code != 0 {
		t.Fatalf("env: %s", errs.String())
	}
	fixtures := filepath.Join(dir, "fixtures.json")
	os.WriteFile(fixtures, []byte(`[{"code": 3, "stderr": "disk full"}]`), 0o644)
	doc, stderr, code := deployCmd(t, "--packages", "../../web/packages", "--env", env, "--scripts", fixtures)
	exc, _ := doc["exception"].(map[string]any)
	if code != 1 || exc == nil || exc["type"] != "murano.engine.system.agent.AgentException" || !strings.Contains(exc["message"].(string), "disk full") {
		t.Errorf("with a failing fixture: exit %d, %v, %s", code, doc["exception"], stderr)
	}
	doc, stderr, code = deployCmd(t, "--packages", "../../web/packages", "--env", env, "--scripts", "shell")
	if code != 0 || doc["ok"] != true || len(doc["agent"].([]any)) == 0 {
		t.Errorf("with the fake shell: exit %d, %v, %s", code, doc["exception"], stderr)
	}
}

// A static action needs no environment.
func TestDeployStaticActionCLI(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "maths")
	os.MkdirAll(filepath.Join(pkg, "Classes"), 0o755)
	os.WriteFile(filepath.Join(pkg, "manifest.yaml"), []byte("Format: 1.4\nType: Library\nFullName: com.example.maths\nClasses:\n  com.example.maths.Maths: Maths.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(pkg, "Classes", "Maths.yaml"), []byte("Name: com.example.maths.Maths\nMethods:\n  double:\n    Usage: Static\n    Scope: Public\n    Arguments:\n      - n: {Contract: $.int()}\n    Body:\n      - Return: $n * 2\n"), 0o644)
	doc, stderr, code := deployCmd(t, "--packages", pkg, "--action", "com.example.maths.Maths.double", "--args", `{"n": 21}`)
	if code != 0 || doc["result"] != 42.0 {
		t.Errorf("static action: exit %d, %v, %s", code, doc, stderr)
	}
}

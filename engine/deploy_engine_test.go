package engine

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/enginetest"
)

// TestDeployCorpus runs every scenario of the deploy corpus through
// Deploy, step after step on the engine's own saved state, once with the
// project's core library and once with the real one (which CI=true
// requires), and compares the outputs with the reference's up to the
// generated ids, addresses and names. Deviations are listed in
// testdata/deploy/skip.txt as "<library>:<scenario>  <reason>".
func TestDeployCorpus(t *testing.T) {
	scenarios := enginetest.LoadDeployScenarios(t, deployCorpus)
	skips := enginetest.LoadSkips(t, filepath.Join(deployCorpus, "skip.txt"))
	known := map[string]bool{}
	for _, lib := range coreLibraries {
		var tally enginetest.Tally
		t.Run(lib.name, func(t *testing.T) {
			core := lib.core(t)
			for _, s := range scenarios {
				key := lib.name + ":" + s.Name
				known[key] = true
				t.Run(s.Name, func(t *testing.T) {
					t.Parallel()
					got := runDeploySteps(t, s, core, InProcessCloud)
					diffs, err := enginetest.CompareDeploy(s.Wants(), got)
					if err != nil {
						t.Fatal(err)
					}
					tally.Add(skips.Judge(t, key, diffs))
				})
			}
		})
		t.Logf("%s core library: %s", lib.name, tally.String())
	}
	skips.CheckKeys(t, func(key string) bool { return known[key] })
}

// runDeploySteps runs the steps of a scenario as `muranopl deploy` with
// step.CommandArgs would, and returns each step's output document.
func runDeploySteps(t *testing.T, s *enginetest.DeployScenario, core fs.FS, opener CloudOpener) [][]byte {
	dir := t.TempDir()
	if err := s.Extract(dir); err != nil {
		t.Fatal(err)
	}
	packages, skipped, err := FindPackages(filepath.Join(dir, "packages"))
	if err != nil {
		t.Fatal(err)
	}
	var state *DeployState
	var outputs [][]byte
	for i, step := range s.Steps {
		req := DeployRequest{Packages: packages, Skipped: skipped, CoreLibrary: core, State: state, Seed: 42, Cloud: opener,
			Action: step.Action, RemoveApps: step.RemoveApp, FixAsyncPush: len(step.Fix) > 0}
		if step.Seed != nil {
			req.Seed = int64(*step.Seed)
		}
		if step.Env != "" {
			env, ok := readDict(t, filepath.Join(dir, step.Env)).(*Dict)
			if !ok {
				t.Fatalf("step %d: %s is not an object", i+1, step.Env)
			}
			req.Env = env
		}
		if step.Faults != "" {
			if req.Faults, err = os.ReadFile(filepath.Join(dir, step.Faults)); err != nil {
				t.Fatal(err)
			}
		}
		if step.Args != nil {
			args, err := DecodeJSON(step.Args)
			if err != nil {
				t.Fatalf("step %d: args: %v", i+1, err)
			}
			req.Args, _ = args.(*Dict)
		}
		for _, app := range step.AddApp {
			req.AddApps = append(req.AddApps, readDict(t, filepath.Join(dir, app)))
		}
		res, err := Deploy(context.Background(), req)
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		out, err := DeployOutputJSON(res.Output, -1)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, out)
		if state, err = res.State(); err != nil {
			t.Fatalf("step %d: the state: %v", i+1, err)
		}
	}
	return outputs
}

func readDict(t *testing.T, path string) Value {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := DecodeJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// TestDeployIsDeterministic runs a scenario twice: the outputs are the
// same bytes.
func TestDeployIsDeterministic(t *testing.T) {
	s := enginetest.LoadDeployScenarios(t, deployCorpus)[0]
	first, second := runDeploySteps(t, s, corelib.FS(), InProcessCloud), runDeploySteps(t, s, corelib.FS(), InProcessCloud)
	for i := range first {
		if string(first[i]) != string(second[i]) {
			t.Errorf("%s step %d: two runs differ", s.Name, i+1)
		}
	}
}

// TestDeployRemoteCloud runs every scenario of the deploy corpus with the
// cloud in this process and with the cloud behind the remote protocol
// (as the browser runs it, in a module of its own): the outputs are the
// same bytes.
func TestDeployRemoteCloud(t *testing.T) {
	server := NewCloudServer()
	loopback := RemoteCloud(func(method string, params []byte) ([]byte, error) { return server.Call(method, params), nil })
	for _, s := range enginetest.LoadDeployScenarios(t, deployCorpus) {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			local, remote := runDeploySteps(t, s, corelib.FS(), InProcessCloud), runDeploySteps(t, s, corelib.FS(), loopback)
			for i := range local {
				if string(local[i]) != string(remote[i]) {
					t.Errorf("step %d: the outputs differ\nin process: %.2000s\nremote:     %.2000s", i+1, local[i], remote[i])
				}
			}
		})
	}
}

// TestDeployEvents deploys the database example with a listener: the
// events tell the same story as the output (its Heat calls, plans and
// reports, in order), on a clock that never goes back, and listening
// changes nothing of the output.
func TestDeployEvents(t *testing.T) {
	packages, _, err := FindPackages("../web/packages")
	if err != nil {
		t.Fatal(err)
	}
	app := readDict(t, "../web/tests/fixtures/forms/database.want.json")
	env, err := NewEnvironment([]Value{app}, EnvironmentOptions{})
	if err != nil {
		t.Fatal(err)
	}
	req := DeployRequest{Packages: packages, Env: env, Seed: 42, Cloud: InProcessCloud}
	quiet, err := Deploy(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var events []DeployEvent
	req.Events = func(e DeployEvent) { events = append(events, e) }
	heard, err := Deploy(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := DeployOutputJSON(quiet.Output, -1)
	b, _ := DeployOutputJSON(heard.Output, -1)
	if string(a) != string(b) {
		t.Fatal("listening to the events changed the output")
	}
	var out struct {
		Heat    []struct{ Op, Stack string }
		Agent   []struct{ Queue string }
		Reports []struct{ Text string }
	}
	if err := json.Unmarshal(a, &out); err != nil {
		t.Fatal(err)
	}
	var heat, plans, reports, clouds, results []DeployEvent
	last := 0.0
	for _, e := range events {
		if e.Time < last {
			t.Errorf("%s at %v after %v", e.Kind, e.Time, last)
		}
		last = e.Time
		switch e.Kind {
		case "heat":
			heat = append(heat, e)
		case "plan":
			plans = append(plans, e)
		case "report":
			reports = append(reports, e)
		case "cloud":
			clouds = append(clouds, e)
		case "result":
			results = append(results, e)
		}
		checkStreamed(t, e)
	}
	if len(heat) != len(out.Heat) || len(clouds) != len(heat) || len(plans) != len(out.Agent) || len(reports) != len(out.Reports) || len(results) == 0 {
		t.Fatalf("events: %d heat, %d cloud, %d plans, %d results, %d reports; output: %d heat, %d plans, %d reports",
			len(heat), len(clouds), len(plans), len(results), len(reports), len(out.Heat), len(out.Agent), len(out.Reports))
	}
	for i, h := range heat {
		if h.Fields["op"] != out.Heat[i].Op || h.Fields["stack"] != out.Heat[i].Stack {
			t.Errorf("heat event %d: %v, output %v", i, h.Fields, out.Heat[i])
		}
	}
	for i, r := range reports {
		if r.Fields["text"] != out.Reports[i].Text {
			t.Errorf("report %d: %v, output %q", i, r.Fields["text"], out.Reports[i].Text)
		}
	}
	first, _ := heat[0].JSON()
	if !strings.Contains(string(first), `"kind": "heat", "op": "create"`) {
		t.Errorf("a heat event: %.200s", first)
	}
}

// checkStreamed checks that e streams as its JSON does, its template or
// state on a line of its own.
func checkStreamed(t *testing.T, e DeployEvent) {
	t.Helper()
	whole, err := e.JSON()
	if err != nil {
		t.Fatalf("%s: %v", e.Kind, err)
	}
	streamed, err := e.Stream()
	if err != nil {
		t.Fatalf("%s: %v", e.Kind, err)
	}
	var want, head map[string]any
	if err := json.Unmarshal(whole, &want); err != nil {
		t.Fatalf("%s: %v", e.Kind, err)
	}
	line, body, two := strings.Cut(string(streamed), "\n")
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		t.Fatalf("%s: the first line: %v", e.Kind, err)
	}
	if field := map[string]string{"heat": "template", "cloud": "state"}[e.Kind]; field != "" {
		if !two {
			t.Fatalf("a %s event streams on one line", e.Kind)
		}
		if _, ok := head[field]; ok {
			t.Errorf("a %s event's first line has its %s", e.Kind, field)
		}
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatalf("%s: the second line: %v", e.Kind, err)
		}
		head[field] = v
	} else if two {
		t.Errorf("a %s event streams on two lines", e.Kind)
	}
	if !reflect.DeepEqual(head, want) {
		t.Errorf("%s: streamed %.300s, whole %.300s", e.Kind, streamed, whole)
	}
}

// TestDeployDurations deploys the database example with durations: the
// same Heat calls, plans and reports as at once, but the virtual clock
// passes the stack's creation (49 s: net, subnet, port, server) and the
// agent's start (60 s after the server was made) and its plan (5 s).
func TestDeployDurations(t *testing.T) {
	packages, _, err := FindPackages("../web/packages")
	if err != nil {
		t.Fatal(err)
	}
	app := readDict(t, "../web/tests/fixtures/forms/database.want.json")
	env, err := NewEnvironment([]Value{app}, EnvironmentOptions{})
	if err != nil {
		t.Fatal(err)
	}
	spans := map[bool]float64{}
	outputs := map[bool]map[string]any{}
	for _, durations := range []bool{false, true} {
		var first, last float64
		req := DeployRequest{Packages: packages, Env: env, Seed: 42, Cloud: InProcessCloud, Durations: durations,
			Events: func(e DeployEvent) {
				if first == 0 {
					first = e.Time
				}
				last = e.Time
			}}
		res, err := Deploy(context.Background(), req)
		if err != nil || res.Failed {
			t.Fatalf("durations %v: %v %v", durations, err, res.Output["exception"])
		}
		spans[durations], outputs[durations] = last-first, res.Output
	}
	if spans[false] != 0 || spans[true] < 60+5 {
		t.Errorf("virtual time passed: %v at once, %v with durations", spans[false], spans[true])
	}
	for _, key := range []string{"heat", "reports", "agent"} {
		if len(outputs[false][key].([]any)) != len(outputs[true][key].([]any)) {
			t.Errorf("%s: %d at once, %d with durations", key, len(outputs[false][key].([]any)), len(outputs[true][key].([]any)))
		}
	}
}

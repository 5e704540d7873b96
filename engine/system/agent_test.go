package system_test

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
)

// fakeQueues answers the plans of the agents it knows with answer.
type fakeQueues struct {
	declared  []string
	published []string
	plans     map[string]*value.Dict
	agents    map[string]bool
	answer    func(plan *value.Dict) *value.Dict
}

func (q *fakeQueues) Due(string) (float64, bool) { return 0, false }

func (q *fakeQueues) Declare(queue string) { q.declared = append(q.declared, queue) }
func (q *fakeQueues) Publish(queue, id string, body *value.Dict) {
	q.published = append(q.published, queue)
	q.plans[id] = body
	if !q.agents[queue] {
		delete(q.plans, id)
	}
}
func (q *fakeQueues) Take(queue, id string) *value.Dict {
	plan, ok := q.plans[id]
	if !ok {
		return nil
	}
	delete(q.plans, id)
	return q.answer(plan)
}

const agentProbe = `
Namespaces:
  =: com.example.sys
  sys: io.murano.system
  std: io.murano
Name: AgentProbe
Extends: std:Application
Methods:
  getRegion:
    Body:
      - Return: $.find(std:Environment).regions['']
  queue:
    Scope: Public
    Body:
      - Return: new(sys:Agent, host => $this).queueName()
  deploy:
    Scope: Public
    Arguments:
      - timeout: {Contract: $}
    Body:
      - $agent: new(sys:Agent, host => $this)
      - $resources: new(sys:Resources)
      - Return: $agent.call($resources.yaml('Deploy.template'), $resources, $timeout)
  windows:
    Scope: Public
    Body:
      - $agent: new(sys:Agent, host => $this)
      - Return: $agent.call({FormatVersion => '1.0.0', Scripts => ['a.ps1']}, new(sys:Resources))
`

const deployTemplate = `FormatVersion: 2.0.0
Version: 1.0.0
Name: Deploy
Body: return deploy(args.x).stdout
Parameters:
  x: 1
Scripts:
  deploy:
    Type: Application
    Version: 1.0.0
    EntryPoint: deploy.sh
    Files:
      - lib/util.sh
      - installer: http://example.com/x.tgz
    Options:
      captureStdout: true
`

type agentRun struct {
	ex     *dsl.Executor
	app    *dsl.Object
	queues *fakeQueues
}

// newAgentRun loads an environment without networks holding one
// AgentProbe application.
func newAgentRun(t *testing.T, coreFS fs.FS) *agentRun {
	core, err := pkg.Open(coreFS)
	if err != nil {
		t.Fatal(err)
	}
	app, err := pkg.Open(fstest.MapFS{
		"manifest.yaml":                 {Data: []byte("Format: 1.4\nType: Application\nFullName: com.example.sys\nClasses:\n  com.example.sys.AgentProbe: AgentProbe.yaml\n")},
		"Classes/AgentProbe.yaml":       {Data: []byte(agentProbe)},
		"Resources/Deploy.template":     {Data: []byte(deployTemplate)},
		"Resources/scripts/deploy.sh":   {Data: []byte("#!/bin/sh\necho deployed\n")},
		"Resources/scripts/lib/util.sh": {Data: []byte("util() { :; }\n")},
		"Resources/scripts/a.ps1":       {Data: []byte("Write-Host a\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := &agentRun{queues: &fakeQueues{plans: map[string]*value.Dict{}, agents: map[string]bool{}}}
	host := &system.Host{
		Heat:   &fakeHeat{stacks: map[string]*fakeStack{}},
		Report: func(system.Report) {}, Track: func(system.InstanceEvent) {},
		Queues: r.queues, AgentTimeout: 3600, StackTags: []string{"murano"},
		Config: map[string]map[string]value.Value{
			"":         {"home_region": value.Null},
			"rabbitmq": {"host": value.String("localhost"), "port": value.Int(5672), "login": value.String("guest"), "password": value.String("guest"), "virtual_host": value.String("/"), "ssl": value.Bool(false)},
		},
	}
	n := 0
	r.ex = dsl.NewExecutor(context.Background(), pkg.NewLoader(core, app), dsl.Options{
		Natives: system.Natives(host), CoreFunctions: system.CoreFunctions(host),
		NewID: func() string { n++; return fmt.Sprintf("id%d", n) },
		Epoch: 1704067200, IdleClock: true,
	})
	r.ex.AddPackage(core)
	r.ex.AddPackage(app)
	env, err := value.FromJSON([]byte(`{"Objects": {"?": {"type": "io.murano.Environment", "id": "ENV"}, "name": "e",
		"defaultNetworks": {"environment": null, "flat": null},
		"applications": [{"?": {"type": "com.example.sys.AgentProbe", "id": "APP"}}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.ex.LoadModel(env.(*value.Dict)); err != nil {
		t.Fatalf("load: %v", err)
	}
	r.app = r.ex.Object("APP")
	return r
}

// The plan Agent.call sends: the template with an ID, the stamp of the
// virtual clock, Action and the files of the package's scripts placed
// under new ids (a URL as a download); the result's Body comes back.
func TestAgentCallBuildsThePlan(t *testing.T) {
	eachCore(t, testAgentCallBuildsThePlan)
}

func testAgentCallBuildsThePlan(t *testing.T, core fs.FS) {
	r := newAgentRun(t, core)
	queue := value.Str(must(t)(r.ex.Call(r.app, "queue", nil, nil)))
	if queue != "eenv-happ" {
		t.Fatalf("queue %q, want eenv-happ", queue)
	}
	r.queues.agents[queue] = true
	var sent *value.Dict
	r.queues.answer = func(plan *value.Dict) *value.Dict {
		sent = plan
		id, _ := plan.GetString("ID")
		return mustDict(t, `{"FormatVersion": "2.0.0", "ErrorCode": 0, "Body": "deployed", "SourceID": "`+value.Str(id)+`"}`)
	}
	got := must(t)(r.ex.Call(r.app, "deploy", []value.Value{value.Null}, nil))
	if value.Str(got) != "deployed" {
		t.Errorf("call() = %v", got)
	}
	plan := jsonText(sent)
	id := func(key string) string {
		files, _ := sent.GetString("Files")
		for i, k := range files.(*value.Dict).Keys() {
			name, _ := files.(*value.Dict).Values()[i].(*value.Dict).GetString("Name")
			if value.Str(name) == key {
				return value.Str(k)
			}
		}
		t.Fatalf("no file %s in %s", key, plan)
		return ""
	}
	planID, _ := sent.GetString("ID")
	want := fmt.Sprintf(`{"FormatVersion": "2.0.0", "Version": "1.0.0", "Name": "Deploy", "Body": "return deploy(args.x).stdout", "Parameters": {"x": 1}, `+
		`"Scripts": {"deploy": {"Type": "Application", "Version": "1.0.0", "EntryPoint": "%s", "Files": ["%s", "%s"], "Options": {"captureStdout": true}}}, `+
		`"ID": "%s", "Stamp": 17040672000000, "Action": "Execute", "Files": {"%[1]s": {"Name": "deploy.sh", "BodyType": "Text", "Body": "#!/bin/sh\necho deployed\n"}, `+
		`"%[2]s": {"Name": "lib/util.sh", "BodyType": "Text", "Body": "util() { :; }\n"}, "%[3]s": {"Name": "installer", "URL": "http://example.com/x.tgz", "Type": "Downloadable"}}}`,
		id("deploy.sh"), id("lib/util.sh"), id("installer"), value.Str(planID))
	if plan != want {
		t.Errorf("plan\n%s\nwant\n%s", plan, want)
	}
}

// An agent that never answers: TimeoutException after the call's
// timeout on the virtual clock; an error result: AgentException with
// the result's details as a Python dict.
func TestAgentFailures(t *testing.T) {
	eachCore(t, testAgentFailures)
}

func testAgentFailures(t *testing.T, core fs.FS) {
	r := newAgentRun(t, core)
	start := r.ex.Now()
	_, err := r.ex.Call(r.app, "deploy", []value.Value{value.Int(600)}, nil)
	if err == nil || !strings.Contains(err.Error(), "[murano.common.exceptions.TimeoutException]: The murano-agent did not respond within 600 seconds") {
		t.Errorf("no agent: %v", err)
	}
	if waited := r.ex.Now() - start; waited != 600 {
		t.Errorf("waited %v s, want 600", waited)
	}
	r.queues.agents["eenv-happ"] = true
	r.queues.answer = func(*value.Dict) *value.Dict {
		return mustDict(t, `{"FormatVersion": "2.0.0", "ErrorCode": 100, "Time": "2024-01-01 00:00:00", "Body": {"Message": "Script deploy returned error code", "AdditionalInfo": {"exitCode": 3, "stdout": null, "stderr": "no"}}}`)
	}
	_, err = r.ex.Call(r.app, "deploy", []value.Value{value.Null}, nil)
	want := `[murano.engine.system.agent.AgentException]: {'message': 'Script deploy returned error code', 'details': {'exitCode': 3, 'stdout': None, 'stderr': 'no'}, 'errorCode': 100, 'time': '2024-01-01 00:00:00', 'extra': None}`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error result: %v\nwant %s", err, want)
	}
	_, err = r.ex.Call(r.app, "windows", nil, nil)
	if err == nil || !strings.Contains(err.Error(), "[TypeError]: a bytes-like object is required, not 'list'") {
		t.Errorf("a v1 plan (murano 14.0.0 cannot base64 a script): %v", err)
	}
}

func must(t *testing.T) func(value.Value, error) value.Value {
	return func(v value.Value, err error) value.Value {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

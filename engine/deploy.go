// This file runs one engine task on an environment in the simulated
// cloud — deploy, an action, or the deletion of the environment — as
// murano's TaskExecutor does: load the stored model (its objects, the
// copy of the previous deployment and the attribute store), collect the
// objects the new model no longer holds, call the action, finalise and
// serialise the model. Ids, random names and time are deterministic for
// a seed, as in the deploy reference harness.

package engine

import (
	"cmp"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"time"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/hashes"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/formgen/pyrand"
)

// DeployRequest is one task on an environment.
type DeployRequest struct {
	// Packages are the application packages the task may use; the core
	// library comes with CoreLibrary, and the project's own
	// io.murano.applications when no package of that name is given.
	Packages []*Package
	// Skipped are packages that could not be loaded, reported as they
	// are.
	Skipped []SkippedPackage
	// CoreLibrary is the io.murano core library; nil is the project's
	// own (engine/corelib).
	CoreLibrary fs.FS
	// Env is the environment model as the API hands it to the engine
	// ({"Objects", "Attributes", …}); with State it replaces the stored
	// objects (a redeploy), and {"Objects": null} deletes the environment.
	// Nil with State: the stored model as it is.
	Env *Dict
	// State continues from an earlier task (the cloud and the stored
	// model); nil for a new environment.
	State *DeployState
	// Seed seeds every generated id and name.
	Seed int64
	// Faults is a JSON list of the simulated cloud's faults.
	Faults []byte
	// Scripts is how the agents run the scripts of plans (default: they
	// succeed and print nothing).
	Scripts ScriptStrategy
	// Durations makes stacks, servers' boots and agent plans take virtual
	// time (a stack stays in progress while its resources are made, an
	// agent starts when its server has booted); without it everything is
	// done at once, as in the reference harness's fake cloud.
	Durations bool
	// Cloud opens the simulated cloud of the task: [InProcessCloud], or
	// [RemoteCloud] for one in another module. It must be set.
	Cloud CloudOpener
	// Action is "deploy" ("" too), OBJECT_ID.METHOD (a Public method of a
	// deployed object) or CLASS.METHOD (a Public static method, run
	// outside the environment; see [StaticAction]), with Args as its
	// keyword arguments.
	Action string
	Args   *Dict
	// AddApps and RemoveApps edit the environment's applications before
	// the task, as the dashboard does.
	AddApps    []Value
	RemoveApps []string
	// FixAsyncPush makes HeatStack.push(async => true) work (murano
	// 14.0.0 raises instead).
	FixAsyncPush bool
	// MaxSteps bounds the work of the task (0: DefaultDeploySteps).
	MaxSteps int64
	// Events, when set, hears of what happens as it happens (see
	// [DeployEvent]).
	Events func(DeployEvent)
}

// DefaultDeploySteps is the step budget of a task that sets none.
const DefaultDeploySteps = 200_000_000

// deployClockLimit is how much virtual time a task may wait: 30 days,
// hundreds of agent timeouts, so that a loop that sleeps ends long
// before its step budget would.
const deployClockLimit = 30 * 24 * 3600

// SkippedPackage is a package that could not be loaded.
type SkippedPackage struct {
	Package string `json:"package"`
	Error   string `json:"error"`
}

// DeployResult is the outcome of a task.
type DeployResult struct {
	// Failed is set when the task ended in an exception.
	Failed bool
	// Output is the document the deploy reference harness prints: ok,
	// result, exception, model, stacks, heat, agent, reports, instances
	// (and skippedPackages).
	Output map[string]any
	// save makes the state the task left.
	save func() (*DeployState, error)
	// Exception is the exception that ended the task, with its MuranoPL
	// stack trace (nil when it raised nothing); the output names it only.
	Exception *RunError
	// Notes are the engine's own messages about the task (muted
	// exceptions, murano bugs that bit), for the console or stderr; the
	// output does not hold them, as the reference's does not.
	Notes []string
}

// asyncPushNote explains the muted error of murano 14.0.0's asynchronous
// push.
const asyncPushNote = "the core library's HeatStack.push(async => true) failed (murano 14.0.0 names the argument isAsync) " +
	"and .destroy muted it: the released resources stay in the Heat stack until the next push; --fix async-push pushes them"

// DeployState is what lasts from one task on an environment to the
// next: the simulated cloud and the model murano stores.
type DeployState struct {
	Format        string          `json:"format"`
	Seed          int64           `json:"seed"`
	Runs          int             `json:"runs"`
	Clock         float64         `json:"clock"`
	IDCounter     int64           `json:"idCounter"`
	EnvironmentID string          `json:"environmentId"`
	Model         json.RawMessage `json:"model"`
	Cloud         json.RawMessage `json:"cloud"`
}

// AppendJSON appends the state as compact JSON, as encoding/json writes
// it, with the model and the cloud (large documents the engine wrote)
// put in place without being checked again.
func (s *DeployState) AppendJSON(b []byte) []byte {
	head, _ := json.Marshal(struct {
		Format        string  `json:"format"`
		Seed          int64   `json:"seed"`
		Runs          int     `json:"runs"`
		Clock         float64 `json:"clock"`
		IDCounter     int64   `json:"idCounter"`
		EnvironmentID string  `json:"environmentId"`
	}{s.Format, s.Seed, s.Runs, s.Clock, s.IDCounter, s.EnvironmentID})
	b = append(b, head[:len(head)-1]...)
	b = append(append(b, `,"model":`...), orNull(s.Model)...)
	b = append(append(b, `,"cloud":`...), orNull(s.Cloud)...)
	return append(b, '}')
}

func orNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

// DeployStateFormat names the format of a [DeployState].
const DeployStateFormat = "murano-playground-deploy/1"

// deployEpoch is when the first task on an environment starts
// (2024-01-01T00:00:00Z); each next one starts an hour after the
// previous ended.
const (
	deployEpoch = 1704067200
	runGap      = 3600
)

// Deploy runs the task. The error is for a request that cannot be
// carried out (a bad state or fault list); an exception of the task is
// in the result.
func Deploy(ctx context.Context, req DeployRequest) (*DeployResult, error) {
	run, start, idCounter := 1, float64(deployEpoch), int64(0)
	if st := req.State; st != nil {
		if st.Format != DeployStateFormat {
			return nil, fmt.Errorf("the state is not a state of this engine (format %q, want %q)", st.Format, DeployStateFormat)
		}
		run, start, idCounter = st.Runs+1, st.Clock+runGap, st.IDCounter
	}
	var faults []cloud.Fault
	if len(req.Faults) > 0 {
		var err error
		if faults, err = cloud.ParseFaults(req.Faults); err != nil {
			return nil, fmt.Errorf("faults: %w", err)
		}
	}
	if req.Cloud == nil {
		return nil, errors.New("no simulated cloud to deploy into (DeployRequest.Cloud)")
	}
	var ex *dsl.Executor
	now := func() float64 {
		if ex == nil {
			return start
		}
		return ex.Now()
	}
	cloudClock := func() time.Time { return time.Unix(0, int64(math.Round(now()*1e6))*1000).UTC() }
	var cloudState []byte
	if req.State != nil {
		cloudState = req.State.Cloud
	}
	c, err := req.Cloud(CloudOptions{Seed: req.Seed, Faults: faults, Scripts: req.Scripts, Clock: cloudClock, Durations: req.Durations}, cloudState)
	if err != nil {
		if req.State != nil {
			return nil, fmt.Errorf("state: %w", err)
		}
		return nil, err
	}
	var emit func(kind string, fields map[string]any)
	if req.Events != nil {
		emit = func(kind string, fields map[string]any) {
			req.Events(DeployEvent{Kind: kind, Time: now(), Fields: fields})
		}
		c = &watchedCloud{Service: c, emit: emit}
	}
	model, err := taskModel(req)
	if err != nil {
		return nil, err
	}
	envID := ""
	if objs, ok := model.GetString("Objects"); ok {
		if d, ok := objs.(*Dict); ok {
			envID = headerID(d)
		}
	}
	if envID == "" && req.State != nil {
		envID = req.State.EnvironmentID
	}

	ids := idCounter
	newID := func() string {
		ids++
		sum := hashes.MD5(fmt.Appendf(nil, "engine:%d:%d", req.Seed, ids))
		sum[6] = sum[6]&0x0f | 0x40
		sum[8] = sum[8]&0x3f | 0x80
		return hex.EncodeToString(sum[:])
	}
	random := pyrand.NewString(fmt.Sprintf("%d:%d", req.Seed, run))
	project := value.Str(dictValue(model, "project_id"))
	ch := &cloudHost{c: c, results: map[string]*value.Dict{}}
	networking := system.DefaultNetworking()
	networking.ExternalNetwork = "public"
	networking.CreateRouter = c.RouterCreationAllowed()
	host := &system.Host{
		Heat: ch, Neutron: ch, Queues: ch,
		Report: func(r system.Report) {
			c.Notify("murano.report_notification", cloud.NewMap("id", r.Entity, "text", r.Text, "level", r.Level))
		},
		Track: func(e system.InstanceEvent) {
			c.Notify("murano."+e.Event, cloud.NewMap("instance", e.Instance, "instance_type", int64(e.Type),
				"type_name", e.TypeName, "type_title", toCloud(e.Title), "unit_count", toCloud(e.UnitCount)))
		},
		Config:        deployConfig(),
		FixAsyncPush:  req.FixAsyncPush,
		StackTags:     []string{"murano"},
		AgentDisabled: c.AgentDisabled(),
		AgentTimeout:  3600,
		Networking:    networking,
		ProjectID:     project,
		Project: system.Account{ID: project, Name: c.Catalog().Project.Name, Domain: c.Catalog().Project.Domain,
			Description: c.Catalog().Project.Description},
		User: system.Account{ID: value.Str(dictValue(model, "user_id")), Name: c.Catalog().User.Name,
			Domain: c.Catalog().User.Domain, Email: c.Catalog().User.Email},
		Random: random,
	}
	if emit != nil {
		watchHost(host, emit)
	}
	// The task's own StatusReporter takes an id for its publisher.
	newID()

	pkgs, err := withLibraries(req.CoreLibrary, req.Packages)
	if err != nil {
		return nil, err
	}
	var notes []string
	var logRecords func(dsl.LogRecord)
	if emit != nil {
		logRecords = logEvent(emit)
	}
	ex = dsl.NewExecutor(ctx, catalogueLoader{pkg.NewLoader(pkgs...), pkgs}, dsl.Options{
		Log: logRecords,
		Warn: func(msg string) {
			notes = append(notes, msg)
			if strings.Contains(msg, "Invalid argument **") && !req.FixAsyncPush && !slices.Contains(notes, asyncPushNote) {
				notes = append(notes, asyncPushNote)
			}
		},
		Natives:       system.Natives(host),
		CoreFunctions: system.CoreFunctions(host),
		NewID:         newID,
		Epoch:         start,
		ClockLimit:    start + deployClockLimit,
		IdleClock:     true,
		Random:        random,
		MaxSteps:      cmp.Or(req.MaxSteps, DefaultDeploySteps),
	})
	for _, p := range pkgs {
		ex.AddPackage(p)
	}

	t := &task{ex: ex, host: host, model: model, envID: envID, action: req.Action, args: req.Args}
	t.run()
	// The agents read what was sent without waiting for an answer.
	c.RunAgents()

	if failed, ok := c.(interface{ Err() error }); ok && failed.Err() != nil {
		return nil, failed.Err()
	}
	res := &DeployResult{Failed: t.exc != nil, Exception: t.exc, Notes: notes}
	final := t.model
	rec := c.Record()
	res.Output = map[string]any{
		"ok":        t.exc == nil,
		"result":    t.result,
		"exception": nil,
		"model": map[string]any{
			"Objects":     dictValue(final, "Objects"),
			"ObjectsCopy": dictValue(final, "ObjectsCopy"),
			"Attributes":  orEmptyList(dictValue(final, "Attributes")),
		},
		"stacks":    stacksOf(c),
		"heat":      heatCalls(rec),
		"agent":     agentCalls(rec),
		"reports":   reportsOf(rec),
		"instances": instancesOf(rec),
	}
	if t.exc != nil {
		name := t.exc.Type
		if len(t.exc.Names) > 0 {
			name = t.exc.Names[0]
		}
		res.Output["result"] = nil
		res.Output["exception"] = map[string]any{"type": name, "message": t.exc.Message}
	}
	if len(req.Skipped) > 0 {
		var skipped []any
		for _, sp := range req.Skipped {
			skipped = append(skipped, map[string]any{"package": sp.Package, "error": sp.Error})
		}
		res.Output["skippedPackages"] = skipped
	}
	clock := ex.Now()
	res.save = func() (*DeployState, error) {
		stateModel, _, err := value.ToJSON(final)
		if err != nil {
			return nil, err
		}
		cloudState, err := c.Save()
		if err != nil {
			return nil, err
		}
		return &DeployState{Format: DeployStateFormat, Seed: req.Seed, Runs: run, Clock: clock, IDCounter: ids,
			EnvironmentID: envID, Model: stateModel, Cloud: cloudState}, nil
	}
	return res, nil
}

// State returns what continues with the next task: the cloud and the
// stored model as the task left them.
func (r *DeployResult) State() (*DeployState, error) { return r.save() }

// deployConfig is murano's configuration as the core library reads it
// with config(): the defaults, RabbitMQ on localhost.
func deployConfig() map[string]map[string]Value {
	return map[string]map[string]Value{
		"": {"home_region": value.Null, "file_server": value.String("")},
		"rabbitmq": {"host": value.String("localhost"), "port": value.Int(5672), "login": value.String("guest"),
			"password": value.String("guest"), "virtual_host": value.String("/"), "ssl": value.Bool(false),
			"ca_certs": value.String("")},
		"engine": {"agent_source": value.String("murano-agent")},
	}
}

// task is one run of murano's TaskExecutor.
type task struct {
	ex     *dsl.Executor
	host   *system.Host
	model  *Dict
	envID  string
	action string
	args   *Dict
	result Value
	exc    *RunError
}

func (t *task) run() {
	if class, method, ok := StaticAction(t.action); ok {
		t.runStatic(class, method)
		return
	}
	loaded := value.WithLists(t.model, true).(*Dict)
	root, err := t.ex.LoadModel(loaded)
	if err != nil {
		t.fail(err, nil)
		t.ex.Finalize(nil)
		return
	}
	_, err = t.ex.Cleanup()
	if err == nil {
		err = t.finishSession()
	}
	if err != nil {
		t.fail(err, root)
		t.ex.Finalize(nil)
		return
	}
	objects := dictValue(t.model, "Objects")
	t.model.SetString("ObjectsCopy", value.DeepCopy(objects))
	if value.IsNull(objects) {
		t.ex.Finalize(nil)
		return
	}
	objectID, method := t.envID, "deploy"
	if t.action != "" && t.action != "deploy" {
		objectID, method, _ = strings.Cut(t.action, ".")
	}
	t.result = value.Null
	if obj := t.ex.Object(objectID); obj != nil {
		v, err := t.ex.Call(obj, method, nil, t.kwargs())
		if err == nil {
			t.result = v
			err = t.finishSession()
		} else if ferr := t.finishSession(); ferr != nil {
			err = ferr
		}
		if err != nil {
			t.result = value.Null
			t.fail(err, root)
		}
	}
	finalized, err := t.ex.Finalize(root)
	if err == nil {
		if d, ok := finalized.(*Dict); ok {
			for i, k := range d.Keys() {
				t.model.Set(k, d.Values()[i])
			}
		}
	}
}

func (t *task) kwargs() []yaql.KeywordArg {
	var kwargs []yaql.KeywordArg
	if t.args != nil {
		for i, k := range t.args.Keys() {
			kwargs = append(kwargs, yaql.KeywordArg{Name: value.Str(k), Value: value.WithLists(t.args.Values()[i], true)})
		}
	}
	return kwargs
}

// StaticAction splits an action CLASS.METHOD, whose target holds a dot
// (object ids hold none), into the class and the method.
func StaticAction(action string) (class, method string, ok bool) {
	i := strings.LastIndexByte(action, '.')
	if i < 0 || !strings.Contains(action[:i], ".") {
		return "", "", false
	}
	return action[:i], action[i+1:], true
}

// runStatic runs a static action as murano's StaticActionExecutor does:
// the class's Public static method is called outside any environment
// (the stored model is neither loaded nor changed) and its result
// serialized.
func (t *task) runStatic(className, method string) {
	t.result = value.Null
	class, err := t.ex.FindClass(className)
	if err == nil {
		var v Value
		if v, err = t.ex.Call(class, method, nil, t.kwargs()); err == nil {
			t.result = v
		}
		if ferr := t.finishSession(); err == nil {
			err = ferr
		}
	}
	if err != nil {
		t.result = value.Null
		t.fail(err, nil)
	}
	t.ex.Finalize(nil)
}

// finishSession ends an execution session: it waits for the
// asynchronous Heat pushes.
func (t *task) finishSession() error { return t.host.FinishSession(t.ex.Sleep) }

// fail reports the exception that ended the task, as the deployment
// log's last error: str() of a MuranoPL exception is "[name, …]:
// message"; an error of the engine itself outside MuranoPL code (a
// contract of the action's arguments, a method that is not an action) is
// its message.
func (t *task) fail(err error, root *dsl.Object) {
	t.exc = runError(err)
	text := t.exc.Message
	var me *dsl.Exception
	if errors.As(err, &me) {
		text = "[" + strings.Join(t.exc.Names, ", ") + "]: " + t.exc.Message
	} else if class, module, _ := dsl.PythonName(err); module != "" {
		t.exc.Names = []string{module + "." + class}
	}
	entity := t.envID
	if root != nil {
		entity = root.ID()
	}
	t.host.Report(system.Report{Level: "error", Text: text, Entity: entity})
}

// taskModel is the model the API hands to the engine for the task.
func taskModel(req DeployRequest) (*Dict, error) {
	model := value.NewDict(4)
	if req.State != nil {
		v, err := value.FromJSON(req.State.Model)
		if err != nil {
			return nil, fmt.Errorf("state: the model: %w", err)
		}
		d, ok := v.(*Dict)
		if !ok {
			return nil, errors.New("state: the model is not an object")
		}
		model = d
	} else {
		model.SetString("Attributes", value.NewPyList(nil))
	}
	if req.Env != nil {
		objs, ok := req.Env.GetString("Objects")
		if !ok {
			return nil, errors.New(`the environment has no "Objects"`)
		}
		model.SetString("Objects", value.DeepCopy(objs))
		if req.State == nil {
			for _, k := range []string{"Attributes", "ObjectsCopy", "SystemData"} {
				if v, ok := req.Env.GetString(k); ok {
					model.SetString(k, value.DeepCopy(v))
				}
			}
		}
		for _, k := range []string{"project_id", "user_id"} {
			if v, ok := req.Env.GetString(k); ok {
				model.SetString(k, v)
			}
		}
	}
	objects, _ := dictValue(model, "Objects").(*Dict)
	if objects != nil {
		if services, ok := objects.GetString("services"); ok {
			apps := services
			if value.IsNull(apps) {
				apps = value.NewPyList(nil)
			}
			rest, _ := objects.Delete(value.String("services"))
			rest.SetString("applications", apps)
			objects = rest
			model.SetString("Objects", objects)
		}
	}
	for _, id := range req.RemoveApps {
		if objects == nil {
			return nil, errors.New("--remove-app: no environment")
		}
		apps, _ := value.Slice(dictValue(objects, "applications"))
		var kept []Value
		for _, a := range apps {
			if d, ok := a.(*Dict); !ok || headerID(d) != id {
				kept = append(kept, a)
			}
		}
		if len(kept) == len(apps) {
			return nil, fmt.Errorf("--remove-app: no application %s", id)
		}
		objects.SetString("applications", value.NewPyList(kept))
	}
	for _, doc := range req.AddApps {
		if objects == nil {
			return nil, errors.New("--add-app: no environment")
		}
		app, err := ApplicationModel(doc)
		if err != nil {
			return nil, fmt.Errorf("--add-app: %w", err)
		}
		apps, _ := value.Slice(dictValue(objects, "applications"))
		objects.SetString("applications", value.NewPyList(append(append([]Value{}, apps...), app)))
	}
	for k, v := range map[string]Value{"Attributes": value.NewPyList(nil), "project_id": value.String(ProjectID), "user_id": value.String(UserID)} {
		if _, ok := model.GetString(k); !ok {
			model.SetString(k, v)
		}
	}
	return model, nil
}

func headerID(d *Dict) string {
	h, _ := dictValue(d, "?").(*Dict)
	if h == nil {
		return ""
	}
	if id, ok := h.GetString("id"); ok && !value.IsNull(id) {
		return value.Str(id)
	}
	return ""
}

func dictValue(d *Dict, key string) Value {
	if d == nil {
		return value.Null
	}
	if v, ok := d.GetString(key); ok {
		return v
	}
	return value.Null
}

func orEmptyList(v Value) Value {
	if value.IsNull(v) || !value.Truth(v) {
		return value.NewPyList(nil)
	}
	return v
}

// stacksOf lists the stacks as the output has them.
func stacksOf(c cloud.Service) []any {
	out := []any{}
	for _, st := range c.Stacks() {
		out = append(out, map[string]any{"name": st.Name, "status": st.Status, "template": st.Template, "outputs": st.Outputs})
	}
	return out
}

// heatCalls lists the Heat calls that changed a stack.
func heatCalls(rec *cloud.Record) []any {
	out := []any{}
	for _, h := range rec.Heat {
		var template any
		if h.Template != nil {
			template = h.Template
		}
		out = append(out, map[string]any{"op": h.Op, "stack": h.Stack, "template": template})
	}
	return out
}

// agentCalls lists the messages sent to agents with their results.
func agentCalls(rec *cloud.Record) []any {
	out := []any{}
	for _, a := range rec.Agent {
		m := map[string]any{"queue": a.Queue, "plan": a.Plan, "result": a.Result}
		if a.Dropped {
			m["dropped"] = true
		}
		out = append(out, m)
	}
	return out
}

// reportsOf lists the deployment log.
func reportsOf(rec *cloud.Record) []any {
	out := []any{}
	for _, r := range rec.Reports {
		out = append(out, map[string]any{"level": r.Level, "text": r.Text, "entity": r.Entity})
	}
	return out
}

// instancesOf lists the inventory's events.
func instancesOf(rec *cloud.Record) []any {
	out := []any{}
	for _, e := range rec.Instances {
		m := map[string]any{"event": e.Event, "instance": e.Instance, "type": e.Type}
		if e.Event == "track_instance" {
			m["typeName"], m["title"], m["unitCount"] = e.TypeName, e.Title, e.UnitCount
		}
		out = append(out, m)
	}
	return out
}

// catalogueLoader finds packages as the murano API's catalogue does: a
// version spec that no package satisfies falls back to the first
// package of the name (objects the dashboard made carry no class
// version).
type catalogueLoader struct {
	*pkg.Loader
	pkgs []*pkg.Package
}

func (l catalogueLoader) Load(name, spec string) (decl.Package, error) {
	p, err := l.Loader.Load(name, spec)
	var nf *pkg.NotFoundError
	if errors.As(err, &nf) {
		for _, c := range l.pkgs {
			if c.Name() == name {
				return c, nil
			}
		}
	}
	return p, err
}

func (l catalogueLoader) LoadClassPackage(className, spec string) (decl.Package, error) {
	p, err := l.Loader.LoadClassPackage(className, spec)
	if err != nil {
		for _, c := range l.pkgs {
			for _, n := range c.ClassNames() {
				if n == className {
					return c, nil
				}
			}
		}
	}
	return p, err
}

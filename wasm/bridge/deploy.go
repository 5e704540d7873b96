// This file defines the bridge's deploy methods: env.make wraps
// applications into an environment model as `muranopl env` does, and
// deploy.run runs one task of Murano's engine (deploy, an action, the
// deletion of an environment) in the simulated cloud, on packages the
// page opened, as `muranopl deploy` runs it.

package bridge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"murano.dev/playground/engine"
)

func init() {
	methods["env.make"] = envMake
	methods["deploy.run"] = deployRun
	methods["deploy.actions"] = deployActions
}

type actionsParams struct {
	Packages    []string        `json:"packages"`
	CoreLibrary string          `json:"coreLibrary"`
	Model       json.RawMessage `json:"model"`
}

// deployActions answers {"ok": true, "actions": [{"object", "class",
// "method", "title", "enabled", "args": [{"name", "contract", "default",
// "kind"}]}]}: the actions of a stored model (a deploy's state's model).
func deployActions(ctx context.Context, raw []byte) []byte {
	var p actionsParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	packages, _, core, fail := packagesOf(p.Packages, p.CoreLibrary)
	if fail != nil {
		return fail
	}
	model, err := engine.DecodeJSON(p.Model)
	if err != nil {
		return failure("request", "model: "+err.Error())
	}
	actions, err := engine.ActionsOf(ctx, packages, core, model)
	if err != nil {
		return failure("request", err.Error())
	}
	if actions == nil {
		actions = []engine.Action{}
	}
	return answer(map[string]any{"actions": actions})
}

// packagesOf looks up the packages (and the core library) the page
// opened; a package that did not open is reported as skipped.
func packagesOf(handles []string, coreHandle string) ([]*engine.Package, []engine.SkippedPackage, fs.FS, []byte) {
	var packages []*engine.Package
	var skipped []engine.SkippedPackage
	for _, h := range handles {
		w, ok := workspaces.lookup(h)
		if !ok {
			return nil, nil, nil, failure("request", "unknown package handle "+h)
		}
		if w.Package == nil {
			skipped = append(skipped, engine.SkippedPackage{Package: w.Root, Error: w.OpenErr.Error()})
			continue
		}
		packages = append(packages, w.Package)
	}
	var core fs.FS
	if coreHandle != "" {
		w, ok := workspaces.lookup(coreHandle)
		if !ok {
			return nil, nil, nil, failure("request", "unknown package handle "+coreHandle)
		}
		core = w.FS()
	}
	return packages, skipped, core, nil
}

type envParams struct {
	// Apps are application object models, or documents holding one (the
	// answer of ui.create).
	Apps    []json.RawMessage `json:"apps"`
	Name    string            `json:"name"`
	Seed    *int64            `json:"seed"`
	Network string            `json:"network"`
}

// envMake answers {"ok": true, "env": <the environment model>}.
func envMake(_ context.Context, raw []byte) []byte {
	var p envParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	opts := engine.EnvironmentOptions{Name: p.Name, Seed: 42, Network: p.Network}
	if p.Seed != nil {
		opts.Seed = *p.Seed
	}
	apps := make([]engine.Value, len(p.Apps))
	for i, app := range p.Apps {
		v, err := engine.DecodeJSON(app)
		if err != nil {
			return failure("request", fmt.Sprintf("apps[%d]: %v", i, err))
		}
		apps[i] = v
	}
	env, err := engine.NewEnvironment(apps, opts)
	if err != nil {
		return failure("request", err.Error())
	}
	out, _, err := engine.EncodeJSON(env)
	if err != nil {
		return failure("engine", err.Error())
	}
	return respond(map[string]any{"ok": true, "env": json.RawMessage(out)})
}

// cloud is how deploys reach the simulated cloud: in the browser the
// cloud's own WebAssembly module (wasm/cloud), in tests a server in this
// process.
var cloud struct {
	sync.Mutex
	call func(method string, params []byte) ([]byte, error)
}

// SetCloud sets how deploys reach the simulated cloud.
func SetCloud(call func(method string, params []byte) ([]byte, error)) {
	cloud.Lock()
	cloud.call = call
	cloud.Unlock()
}

type deployParams struct {
	// Packages are handles of open packages (package.open, repo.import).
	Packages []string `json:"packages"`
	// CoreLibrary is the handle of an open io.murano package used instead
	// of the project's own; "" for the project's own.
	CoreLibrary string `json:"coreLibrary"`
	// Env is the environment model; State a state an earlier task saved
	// (the file of `muranopl deploy --save-state`). At least one is given.
	Env   json.RawMessage `json:"env"`
	State json.RawMessage `json:"state"`
	Seed  *int64          `json:"seed"`
	// Faults is the simulated cloud's fault list, as --faults reads it.
	Faults json.RawMessage `json:"faults"`
	// Scripts is how the agents run scripts: {"kind": "stub" | "shell" |
	// "fixtures", "fixtures": [...]}.
	Scripts engine.ScriptStrategy `json:"scripts"`
	// Action is "deploy" (or empty), OBJECT_ID.METHOD or CLASS.METHOD (a
	// static action), with Args.
	Action       string            `json:"action"`
	Args         json.RawMessage   `json:"args"`
	AddApps      []json.RawMessage `json:"addApps"`
	RemoveApps   []string          `json:"removeApps"`
	FixAsyncPush bool              `json:"fixAsyncPush"`
	MaxSteps     int64             `json:"maxSteps"`
	// Stream asks for the task's events (engine.DeployEvent) as they
	// happen, through the call's event sink ([WithEvents]), each as
	// engine.DeployEvent.Stream writes it (its bulky field, a template or
	// the cloud's state, on a second line). The output of a streamed task
	// then leaves out the templates of its Heat calls (null): the "heat"
	// events carried them, and they are most of a large environment's
	// output. Its answer comes in three lines, which a page reads apart:
	// the answer without output and state, the output, the state.
	Stream bool `json:"stream"`
	// Durations makes the cloud's work take virtual time; Speed paces a
	// streamed task: 0 runs it at once, N lets N virtual seconds pass in
	// one real second (the events come as the virtual clock reaches them).
	Durations bool    `json:"durations"`
	Speed     float64 `json:"speed"`
}

// deployRun answers {"ok": true, "failed", "output", "state", "notes",
// "exception"} (in three lines when streamed: deployParams.Stream):
// output is the document `muranopl deploy` prints, state what
// --save-state writes.
func deployRun(ctx context.Context, raw []byte) []byte {
	var p deployParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	req := engine.DeployRequest{Seed: 42, Action: p.Action, RemoveApps: p.RemoveApps, FixAsyncPush: p.FixAsyncPush, MaxSteps: p.MaxSteps, Scripts: p.Scripts, Durations: p.Durations}
	if p.Seed != nil {
		req.Seed = *p.Seed
	}
	if req.Action != "" && req.Action != "deploy" && !strings.Contains(req.Action, ".") {
		return failure("request", `action is "deploy", OBJECT_ID.METHOD or CLASS.METHOD`)
	}
	var fail []byte
	if req.Packages, req.Skipped, req.CoreLibrary, fail = packagesOf(p.Packages, p.CoreLibrary); fail != nil {
		return fail
	}
	decode := func(name string, data json.RawMessage) (engine.Value, []byte) {
		v, err := engine.DecodeJSON(data)
		if err != nil {
			return nil, failure("request", fmt.Sprintf("%s: %v", name, err))
		}
		return v, nil
	}
	if isGiven(p.Env) {
		v, fail := decode("env", p.Env)
		if fail != nil {
			return fail
		}
		if req.Env, _ = v.(*engine.Dict); req.Env == nil {
			return failure("request", `env: the environment has no "Objects"`)
		}
	}
	if isGiven(p.State) {
		req.State = &engine.DeployState{}
		if err := json.Unmarshal(p.State, req.State); err != nil {
			return failure("request", "state: not a saved state: "+err.Error())
		}
	}
	if _, _, static := engine.StaticAction(req.Action); req.Env == nil && req.State == nil && !static {
		return failure("request", "give env (or state to continue)")
	}
	if isGiven(p.Args) {
		v, fail := decode("args", p.Args)
		if fail != nil {
			return fail
		}
		if req.Args, _ = v.(*engine.Dict); req.Args == nil {
			return failure("request", "args: not a JSON object")
		}
	}
	for _, app := range p.AddApps {
		v, fail := decode("addApps", app)
		if fail != nil {
			return fail
		}
		req.AddApps = append(req.AddApps, v)
	}
	if isGiven(p.Faults) {
		req.Faults = p.Faults
	}
	cloud.Lock()
	call := cloud.call
	cloud.Unlock()
	if call == nil {
		return failure("request", "deploys cannot run here (no simulated cloud)")
	}
	req.Cloud = engine.RemoteCloud(call)
	if sink := eventSink(ctx); p.Stream && sink != nil {
		req.Events = streamEvents(ctx, sink, p.Speed)
	}
	res, err := engine.Deploy(ctx, req)
	if err != nil {
		return failure("request", err.Error())
	}
	if req.Events != nil {
		if calls, ok := res.Output["heat"].([]any); ok {
			for _, c := range calls {
				if m, ok := c.(map[string]any); ok {
					m["template"] = nil
				}
			}
		}
	}
	output, err := engine.DeployOutputJSON(res.Output, -1)
	if err != nil {
		return failure("engine", err.Error())
	}
	state, err := res.State()
	if err != nil {
		return failure("engine", err.Error())
	}
	head, _ := json.Marshal(map[string]any{"ok": true, "failed": res.Failed, "notes": orEmpty(res.Notes), "exception": exceptionOf(res.Exception)})
	// The output and the state are large documents the engine wrote
	// itself, in one line each: they are put in place, not checked again.
	if req.Events != nil {
		b := append(append(head, '\n'), bytes.TrimSuffix(output, []byte("\n"))...)
		return state.AppendJSON(append(b, '\n'))
	}
	b := append(head[:len(head)-1], `,"output":`...)
	b = append(b, bytes.TrimSuffix(output, []byte("\n"))...)
	b = state.AppendJSON(append(b, `,"state":`...))
	return append(b, '}')
}

// streamEvents hands the events to sink, paced on the virtual clock when
// speed is positive.
func streamEvents(ctx context.Context, sink func([]byte), speed float64) func(engine.DeployEvent) {
	last := -1.0
	return func(e engine.DeployEvent) {
		if speed > 0 && last >= 0 && e.Time > last {
			select {
			case <-time.After(time.Duration((e.Time - last) / speed * float64(time.Second))):
			case <-ctx.Done():
			}
		}
		last = e.Time
		data, err := e.Stream()
		if err != nil {
			data, _ = json.Marshal(map[string]any{"kind": "error", "time": e.Time, "message": err.Error()})
		}
		sink(data)
	}
}

// exceptionOf describes the exception that ended a task, with its
// MuranoPL stack trace (frames outermost first), for the page to show
// and link to the package files.
func exceptionOf(e *engine.RunError) any {
	if e == nil {
		return nil
	}
	stack := []map[string]any{}
	for _, f := range e.Stack {
		stack = append(stack, map[string]any{"class": f.Class, "method": f.Method, "package": f.Package, "file": f.File,
			"line": f.Line, "col": f.Col, "instruction": f.Instruction})
	}
	return map[string]any{"type": e.Type, "message": e.Message, "names": orEmpty(e.Names), "stack": stack,
		"where": orEmpty(e.Where), "cause": exceptionOf(e.Cause)}
}

func isGiven(data json.RawMessage) bool {
	return len(data) > 0 && string(data) != "null"
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func init() {
	methods["corelib.open"] = corelibOpen
}

// corelibOpen opens the project's own core libraries (io.murano and
// io.murano.applications) as packages the page can read the files of
// (where a stack trace leads): {"ok": true, "handles": {name: handle}}.
func corelibOpen(context.Context, []byte) []byte {
	handles := map[string]string{}
	for name, fsys := range map[string]fs.FS{"io.murano": engine.OwnCoreLibrary(), "io.murano.applications": engine.OwnApplicationsLibrary()} {
		files := map[string][]byte{}
		err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, path)
			files[path] = data
			return err
		})
		if err != nil {
			return failure("engine", err.Error())
		}
		w, err := openFilesWorkspace(files)
		if err != nil {
			return failure("engine", err.Error())
		}
		w.Handle = workspaces.keep(w)
		handles[name] = w.Handle
	}
	return respond(map[string]any{"ok": true, "handles": handles})
}

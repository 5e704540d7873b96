package system_test

// Tests of the system classes over the real core library's stubs and an
// in-memory Heat. The expected calls, values and messages follow the
// reference's murano/engine/system (heat_stack.py, status_reporter.py,
// instance_reporter.py, resource_manager.py) and murano/dsl/helpers.py's
// merge_dicts.

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
)

// fakeHeat keeps stacks in memory; every create and update completes at
// once (or fails with failWith), with a later updated time.
type fakeHeat struct {
	stacks   map[string]*fakeStack
	calls    []string
	reject   *system.HeatError
	failWith string
	tick     int
}

type fakeStack struct {
	info     system.StackInfo
	template *value.Dict
}

func (h *fakeHeat) Get(name string) (*system.StackInfo, error) {
	st, ok := h.stacks[name]
	if !ok {
		return nil, &system.HeatError{Code: 404, Message: "The Stack (" + name + ") could not be found."}
	}
	info := st.info
	return &info, nil
}

func (h *fakeHeat) Template(name string) (*value.Dict, error) {
	return h.stacks[name].template.Copy(), nil
}

func (h *fakeHeat) apply(op, name string, req system.StackRequest) error {
	h.calls = append(h.calls, op+" "+name+" "+jsonText(req.Template)+" tags="+req.Tags)
	if h.reject != nil {
		return h.reject
	}
	h.tick++
	st := h.stacks[name]
	if st == nil {
		st = &fakeStack{info: system.StackInfo{Name: name, ID: "id-" + name, Created: fmt.Sprint(h.tick), Parameters: value.NewDict(0)}}
		h.stacks[name] = st
	}
	st.template = req.Template
	st.info.Updated = fmt.Sprint(h.tick)
	st.info.Status, st.info.Reason = strings.ToUpper(op)+"_COMPLETE", ""
	if h.failWith != "" {
		st.info.Status, st.info.Reason = strings.ToUpper(op)+"_FAILED", h.failWith
	}
	outputs := value.NewDict(0)
	if outs, ok := req.Template.GetString("outputs"); ok {
		for i, k := range outs.(*value.Dict).Keys() {
			v, _ := outs.(*value.Dict).Values()[i].(*value.Dict).GetString("value")
			outputs.SetString(value.Str(k), v)
		}
	}
	st.info.Outputs = func() *value.Dict { return outputs.Copy() }
	return nil
}

func (h *fakeHeat) Create(name string, req system.StackRequest) error {
	return h.apply("create", name, req)
}
func (h *fakeHeat) Update(name string, req system.StackRequest) error {
	return h.apply("update", name, req)
}
func (h *fakeHeat) Delete(name string) error {
	h.calls = append(h.calls, "delete "+name)
	delete(h.stacks, name)
	return nil
}

func jsonText(v value.Value) string {
	text, _, err := value.ToJSON(v)
	if err != nil {
		return err.Error()
	}
	return string(text)
}

const probeClass = `
Namespaces:
  =: com.example.sys
  sys: io.murano.system
Name: Probe
Properties:
  stack:
    Usage: Runtime
    Contract: $
Methods:
  .init:
    Body:
      - $.stack: new(sys:HeatStack, name => st, description => 'The stack')
  update:
    Scope: Public
    Arguments:
      - fragment: {Contract: $}
    Body:
      - $.stack.updateTemplate($fragment)
  set:
    Scope: Public
    Arguments:
      - template: {Contract: $}
    Body:
      - $.stack.setTemplate($template)
  push:
    Scope: Public
    Body:
      - $.stack.push()
  pushAsync:
    Scope: Public
    Body:
      - $.stack.push(async => true)
  output:
    Scope: Public
    Body:
      - Return: $.stack.output()
  current:
    Scope: Public
    Body:
      - Return: $.stack.current()
  delete:
    Scope: Public
    Body:
      - $.stack.delete()
  report:
    Scope: Public
    Body:
      - $reporter: new(sys:StatusReporter, environment => 'env-1')
      - $reporter.report($this, 'Creating VM')
      - $reporter.report(null, 'Environment')
      - $reporter.reportError($this, 'Failed')
      - $notifier: new(sys:InstanceNotifier, environment => $this)
      - $notifier.trackApplication($this, 'Probe app', 2)
      - $notifier.trackCloudInstance($this)
      - $notifier.untrackCloudInstance($this)
      - $notifier.untrackApplication($this)
  resources:
    Scope: Public
    Body:
      - $resources: new(sys:Resources)
      - Return:
          text: $resources.string('hello.sh')
          static: sys:Resources.string('hello.sh')
          bytes: $resources.string('tiny.bin', binary => true)
          json: $resources.json('data.json')
          yaml: $resources.yaml('data.yaml')
          core: sys:Resources.string('scripts/putFile.sh', owner => sys:Agent).len() > 0
  missing:
    Scope: Public
    Body:
      - Return: new(sys:Resources).string('nothing.sh')
`

type run struct {
	t       *testing.T
	ex      *dsl.Executor
	obj     *dsl.Object
	heat    *fakeHeat
	reports []system.Report
	events  []system.InstanceEvent
}

// eachLibrary runs test with the project's core library and with the
// real one (Debian's murano-common), which CI=true requires.
func eachLibrary(t *testing.T, test func(t *testing.T, r *run)) {
	eachCore(t, func(t *testing.T, core fs.FS) { test(t, newRun(t, core)) })
}

// eachCore runs test with the project's core library and with the real
// one, which CI=true requires.
func eachCore(t *testing.T, test func(t *testing.T, core fs.FS)) {
	t.Run("own", func(t *testing.T) { test(t, corelib.FS()) })
	t.Run("real", func(t *testing.T) {
		real, _, err := pkg.LocateCoreLibrary()
		enginetest.Need(t, "the real io.murano core library", err)
		test(t, real)
	})
}

func newRun(t *testing.T, coreFS fs.FS) *run {
	t.Helper()
	core, err := pkg.Open(coreFS)
	if err != nil {
		t.Fatal(err)
	}
	app, err := pkg.Open(fstest.MapFS{
		"manifest.yaml":       {Data: []byte("Format: 1.4\nType: Application\nFullName: com.example.sys\nClasses:\n  com.example.sys.Probe: Probe.yaml\n")},
		"Classes/Probe.yaml":  {Data: []byte(probeClass)},
		"Resources/hello.sh":  {Data: []byte("echo hello\r\n")},
		"Resources/tiny.bin":  {Data: []byte{0, 255, 10}},
		"Resources/data.json": {Data: []byte(`{"b": [1, 2.5, null], "a": "x"}`)},
		"Resources/data.yaml": {Data: []byte("when: 2024-01-01\nat: 2024-01-01 10:00:00\nn: 1\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := &run{t: t, heat: &fakeHeat{stacks: map[string]*fakeStack{}}}
	host := &system.Host{
		Heat:      r.heat,
		Report:    func(rep system.Report) { r.reports = append(r.reports, rep) },
		Track:     func(e system.InstanceEvent) { r.events = append(r.events, e) },
		StackTags: []string{"murano"},
	}
	n := 0
	r.ex = dsl.NewExecutor(context.Background(), pkg.NewLoader(core, app), dsl.Options{
		Natives:       system.Natives(host),
		CoreFunctions: system.CoreFunctions(host),
		NewID:         func() string { n++; return fmt.Sprintf("id%d", n) },
	})
	r.ex.AddPackage(core)
	r.ex.AddPackage(app)
	model := value.NewDict(1)
	obj := value.NewDict(1)
	meta := value.NewDict(2)
	meta.SetString("type", value.String("com.example.sys.Probe"))
	meta.SetString("id", value.String("probe"))
	obj.SetString("?", meta)
	model.SetString("Objects", obj)
	if r.obj, err = r.ex.LoadModel(model); err != nil {
		t.Fatalf("load: %v", err)
	}
	return r
}

func (r *run) call(method string, args ...string) (value.Value, error) {
	vals := make([]value.Value, len(args))
	for i, a := range args {
		v, err := value.FromJSON([]byte(a))
		if err != nil {
			r.t.Fatal(err)
		}
		vals[i] = v
	}
	return r.ex.Call(r.obj, method, vals, nil)
}

func (r *run) must(method string, args ...string) value.Value {
	r.t.Helper()
	v, err := r.call(method, args...)
	if err != nil {
		r.t.Fatalf("%s: %v", method, err)
	}
	return v
}

func (r *run) wantCalls(want ...string) {
	r.t.Helper()
	if strings.Join(r.heat.calls, "\n") != strings.Join(want, "\n") {
		r.t.Errorf("Heat calls:\n%s\nwant:\n%s", strings.Join(r.heat.calls, "\n"), strings.Join(want, "\n"))
	}
	r.heat.calls = nil
}

// A pushed template gets the version and the description; pushing again,
// or after merging what it already holds, calls Heat no more; a new
// resource updates the stack; an empty template deletes it.
func TestHeatStackPush(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		r.must("update", `{"resources": {"net": {"type": "OS::Neutron::Net"}}, "outputs": {"net-id": {"value": "n1"}}}`)
		r.must("push")
		r.wantCalls(`create st {"resources": {"net": {"type": "OS::Neutron::Net"}}, "outputs": {"net-id": {"value": "n1"}}, "heat_template_version": "2013-05-23", "description": "The stack"} tags=murano`)
		r.must("push")
		r.must("update", `{"resources": {"net": {"type": "OS::Neutron::Net"}}}`)
		r.must("push")
		r.wantCalls()
		if got := jsonText(r.must("output")); got != `{"net-id": "n1"}` {
			t.Errorf("output() = %s", got)
		}
		r.must("update", `{"resources": {"port": {"type": "OS::Neutron::Port", "properties": {"fixed_ips": [{"a": 1}]}}}}`)
		r.must("update", `{"resources": {"port": {"properties": {"fixed_ips": [{"a": 1}, {"b": 2}]}}}}`)
		r.must("push")
		r.wantCalls(`update st {"resources": {"net": {"type": "OS::Neutron::Net"}, "port": {"type": "OS::Neutron::Port", "properties": {"fixed_ips": [{"a": 1}, {"b": 2}]}}}, "outputs": {"net-id": {"value": "n1"}}, "heat_template_version": "2013-05-23", "description": "The stack"} tags=murano`)
		r.must("set", `{}`)
		r.must("push")
		r.wantCalls("delete st")
		if got := jsonText(r.must("output")); got != `{}` {
			t.Errorf("output() without a stack = %s", got)
		}
	})
}

// A second HeatStack object reads the stack back from Heat.
func TestHeatStackCurrentReadsHeat(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		r.heat.stacks["st"] = &fakeStack{
			info:     system.StackInfo{Name: "st", ID: "1", Status: "CREATE_COMPLETE", Created: "0", Parameters: value.NewDict(0)},
			template: mustDict(t, `{"heat_template_version": "2013-05-23", "resources": {"a": {"type": "T"}}}`),
		}
		if got := jsonText(r.must("current")); got != `{"heat_template_version": "2013-05-23", "resources": {"a": {"type": "T"}}}` {
			t.Errorf("current() = %s", got)
		}
		r.must("update", `{"resources": {"a": {"type": "T"}}}`)
		r.must("push")
		r.wantCalls()
	})
}

func TestHeatStackErrors(t *testing.T) {
	tests := []struct {
		name  string
		setup func(*fakeHeat)
		calls [][]string
		want  string
	}{
		{"version", nil, [][]string{{"update", `{"heat_template_version": "2016-10-14"}`}}, "[murano.engine.system.heat_stack.HeatStackError]: Currently only heat_template_version 2013-05-23 is supported."},
		{"type clash", nil, [][]string{{"update", `{"a": {"b": 1}}`}, {"update", `{"a": {"b": [1]}}`}}, "TypeError"},
		{"rejected", func(h *fakeHeat) { h.reject = &system.HeatError{Code: 400, Message: "Property error: image"} },
			[][]string{{"update", `{"resources": {"a": {"type": "T"}}}`}, {"push"}}, "[heatclient.exc.HTTPBadRequest]: ERROR: Property error: image"},
		{"failed", func(h *fakeHeat) { h.failWith = "Resource CREATE failed: quota" },
			[][]string{{"update", `{"resources": {"a": {"type": "T"}}}`}, {"push"}}, "[OSError]: Unexpected stack state CREATE_FAILED: Resource CREATE failed: quota"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachLibrary(t, func(t *testing.T, r *run) {
				if tt.setup != nil {
					tt.setup(r.heat)
				}
				var err error
				for _, c := range tt.calls {
					if _, err = r.call(c[0], c[1:]...); err != nil {
						break
					}
				}
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %v, want %q", err, tt.want)
				}
			})
		})
	}
}

// A string and a null keep the template's value when merged.
func TestHeatStackMergeKeepsStringOverNull(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		r.must("update", `{"resources": {"a": {"type": "T", "properties": {"key_name": "k"}}}}`)
		r.must("update", `{"resources": {"a": {"properties": {"key_name": null}}}}`)
		r.must("push")
		r.wantCalls(`create st {"resources": {"a": {"type": "T", "properties": {"key_name": "k"}}}, "heat_template_version": "2013-05-23", "description": "The stack"} tags=murano`)
	})
}

func TestReportersAndInventory(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		r.must("report")
		want := []system.Report{{"info", "Creating VM", "probe"}, {"info", "Environment", "env-1"}, {"error", "Failed", "probe"}}
		if fmt.Sprint(r.reports) != fmt.Sprint(want) {
			t.Errorf("reports %v, want %v", r.reports, want)
		}
		wantEvents := "[{track_instance probe 100 com.example.sys.Probe 'Probe app' 2} {track_instance probe 200 com.example.sys.Probe None 1} {untrack_instance probe 200  <nil> <nil>} {untrack_instance probe 100  <nil> <nil>}]"
		var got []string
		for _, e := range r.events {
			title, units := "<nil>", "<nil>"
			if e.Title != nil {
				title, units = value.Repr(e.Title), value.Repr(e.UnitCount)
			}
			got = append(got, fmt.Sprintf("{%s %s %d %s %s %s}", e.Event, e.Instance, e.Type, e.TypeName, title, units))
		}
		if "["+strings.Join(got, " ")+"]" != wantEvents {
			t.Errorf("events %v\nwant   %s", got, wantEvents)
		}
	})
}

func TestResources(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		got := jsonText(r.must("resources"))
		want := `{"text": "echo hello\n", "static": "echo hello\n", "bytes": [0, 255, 10], "json": {"b": [1, 2.5, null], "a": "x"}, ` +
			`"yaml": {"when": "2024-01-01", "at": "2024-01-01 10:00:00", "n": 1}, "core": true}`
		if got != want {
			t.Errorf("resources:\n%s\nwant\n%s", got, want)
		}
		_, err := r.call("missing")
		if err == nil || !strings.Contains(err.Error(), "[FileNotFoundError]: [Errno 2] No such file or directory: 'com.example.sys/Resources/nothing.sh'") {
			t.Errorf("missing file: %v", err)
		}
	})
}

func mustDict(t *testing.T, text string) *value.Dict {
	v, err := value.FromJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*value.Dict)
}

// The core library's push(async => true) names a parameter HeatStack no
// longer has (isAsync): the reference raises yaql's ArgumentException.
func TestHeatStackPushAsyncKeyword(t *testing.T) {
	eachLibrary(t, func(t *testing.T, r *run) {
		r.must("update", `{"resources": {"a": {"type": "T"}}}`)
		_, err := r.call("pushAsync")
		if err == nil || !strings.Contains(err.Error(), "[yaql.language.exceptions.ArgumentException]: Invalid argument **") {
			t.Errorf("push(async => true): %v", err)
		}
		r.wantCalls()
	})
}

package dsl_test

// This file is the Go side of murano's DSL unit-test foundation for the
// TestSetup… tests: the assertions of murano's own DSL unit tests that
// need host set-up (testdata/conformance/python-setup.md, Part A), run
// over the same class files and the io.murano core library.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// murano's DSL test classes (Debian python3-murano), read in place.
const testMeta = "/usr/lib/python3/dist-packages/murano/tests/unit/dsl/meta"

// setup is the host set-up of one test: what it registers beyond the
// foundation's trace().
type setup struct {
	functions   []*yaql.Func
	natives     []*dsl.NativeClass
	classConfig map[string]map[string]value.Value
	// classes replaces the meta classes as package tests.
	classes fs.FS
	// loader wraps the foundation's loader (to record its calls).
	loader func(decl.Loader) decl.Loader
}

// runner is murano's test runner: an executor over the meta classes
// (package "tests") and the core library, both at runtime 1.0, the
// traces, log records and warnings of the run, and the model's root.
type runner struct {
	t        *testing.T
	ex       *dsl.Executor
	root     *dsl.Object
	traces   []value.Value
	log      []dsl.LogRecord
	warnings []string
}

// newRunner builds the executor; the meta classes or the core library
// missing skip the test (and fail it under CI=true).
func newRunner(t *testing.T, s setup) *runner {
	t.Helper()
	if _, err := os.Stat(testMeta); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("murano's DSL test classes: %v (install python3-murano)", err)
		}
		t.Skipf("murano's DSL test classes are not installed (python3-murano): %v", err)
	}
	classes, err := fs.Sub(coreLibrary(t), "Classes")
	if err != nil {
		t.Fatal(err)
	}
	core, err := pkg.ClassFolder(dsl.CoreLibrary, classes, decl.V1_0)
	if err != nil {
		t.Fatalf("core library: %v", err)
	}
	var meta fs.FS = os.DirFS(testMeta)
	if s.classes != nil {
		meta = s.classes
	}
	tests, err := pkg.ClassFolder("tests", meta, decl.V1_0)
	if err != nil {
		t.Fatalf("meta classes: %v", err)
	}
	r := &runner{t: t}
	var loader decl.Loader = pkg.NewLoader(core, tests)
	if s.loader != nil {
		loader = s.loader(loader)
	}
	trace := yaql.Fn("trace", func(c *yaql.Call) (value.Value, error) {
		v, err := std.MuranoMutable(c.RT, c.Args[0])
		if err != nil {
			return nil, err
		}
		r.traces = append(r.traces, v)
		return value.Null, nil
	}, yaql.P("data", yaql.Any))
	ids := 0
	r.ex = dsl.NewExecutor(context.Background(), loader, dsl.Options{
		Functions: append([]*yaql.Func{trace}, s.functions...),
		Natives:   s.natives,
		NewID: func() string {
			ids++
			return fmt.Sprintf("%032x", ids)
		},
		Log:            func(rec dsl.LogRecord) { r.log = append(r.log, rec) },
		Warn:           func(msg string) { r.warnings = append(r.warnings, msg) },
		TestPackage:    "tests",
		TestFoundation: true,
		ClassConfig:    s.classConfig,
	})
	r.ex.AddPackage(core)
	r.ex.AddPackage(tests)
	return r
}

// load loads an object model given as JSON ({"?": {"type", "id"}, …} or
// a whole {"Objects": …} model) and keeps its root.
func (r *runner) load(model string) error {
	r.t.Helper()
	v, err := value.FromJSON([]byte(model))
	if err != nil {
		r.t.Fatalf("model %s: %v", model, err)
	}
	d := value.WithLists(v, true).(*value.Dict)
	if _, ok := d.GetString("Objects"); !ok {
		wrapped := value.NewDict(1)
		wrapped.SetString("Objects", d)
		d = wrapped
	}
	root, err := r.ex.LoadModel(d)
	r.root = root
	return err
}

// mustLoad loads the model and fails the test on an error.
func (r *runner) mustLoad(model string) *runner {
	r.t.Helper()
	if err := r.load(model); err != nil {
		r.t.Fatalf("load %s: %v", model, err)
	}
	return r
}

// callPreserved calls a method of the root object and returns the
// MuranoPL exception as it is (the runner's "preserve exception").
func (r *runner) callPreserved(method string, args ...value.Value) (value.Value, error) {
	if r.root == nil {
		r.t.Fatalf("%s: no receiver (no model loaded)", method)
	}
	return r.ex.Call(r.root, method, args, nil)
}

// call calls a method of the root object; like the foundation's runner
// it returns the original error of a MuranoPL exception that wraps one.
func (r *runner) call(method string, args ...value.Value) (value.Value, error) {
	v, err := r.callPreserved(method, args...)
	var me *dsl.Exception
	if errors.As(err, &me) && me.Original != nil {
		return nil, me.Original
	}
	return v, err
}

// mustCall calls a method of the root object and fails the test on an
// error.
func (r *runner) mustCall(method string, args ...value.Value) value.Value {
	r.t.Helper()
	v, err := r.call(method, args...)
	if err != nil {
		r.t.Fatalf("%s: %v", method, err)
	}
	return v
}

// jsonValue decodes a JSON text the tests compare results with, arrays
// as Python lists (what calls from outside return).
func jsonValue(t *testing.T, text string) value.Value {
	t.Helper()
	v, err := value.FromJSON([]byte(text))
	if err != nil {
		t.Fatalf("bad JSON %s: %v", text, err)
	}
	return value.WithLists(v, true)
}

// assertEqual compares a value with its expected JSON form.
func assertEqual(t *testing.T, what string, got value.Value, want string) {
	t.Helper()
	w := jsonValue(t, want)
	if !value.Equal(got, w) || !sameKinds(got, w) {
		t.Errorf("%s = %s, want %s", what, value.Repr(got), value.Repr(w))
	}
}

// sameKinds tells true from 1 and 1 from 1.0, as JSON does (value.Equal
// follows Python, where they are equal).
func sameKinds(a, b value.Value) bool {
	switch x := a.(type) {
	case *value.List:
		y, ok := b.(*value.List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !sameKinds(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *value.Dict:
		y, ok := b.(*value.Dict)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.Keys() {
			w, ok := y.Get(k)
			if !ok || !sameKinds(x.Values()[i], w) {
				return false
			}
		}
		return true
	}
	return fmt.Sprintf("%T", a) == fmt.Sprintf("%T", b)
}

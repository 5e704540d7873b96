// Package testrun runs the MuranoPL tests of a package as murano's test
// runner (murano-test-runner, murano 14.0.0) does.
//
// The test classes are the classes of the package's manifest that
// extend io.murano.test.TestFixture; their tests are the methods each
// declares itself whose names start with "test" not followed by a
// lowercase letter, in declaration order (classes in name order; murano
// takes them in Python's set order).
// Each test gets an executor of its own, with the mocking functions
// (dsl.Options.Mocks) and the fixture's assertions: a new object of its
// class (property defaults), setUp, the test, then tearDown if the test
// raised nothing. An exception of the test or of tearDown fails the
// test; one of setUp, or of making the object, stops the run. A
// selection names classes, Class.method or bare method names, with the
// runner's rules.
package testrun

import (
	"context"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// Config is one run of the tests of a package.
type Config struct {
	// Loader finds the packages; Packages are added to every executor
	// before it runs (the core library first).
	Loader   decl.Loader
	Packages []decl.Package
	// Options configure each test's executor; Mocks and the fixture's
	// native class are added.
	Options dsl.Options
	// Package is the full name of the package whose tests run, with
	// Version its version spec ("" for any).
	Package, Version string
	// Searched names the folders the package was looked for in, for the
	// message when it is not found.
	Searched []string
	// Tests selects the tests: full class names, Class.method or bare
	// method names; none selects every test.
	Tests []string
	// Done, when set, hears of each test as it finishes.
	Done func(Result)
	// List lists the selected tests instead of running them: the
	// report's Tests, without errors.
	List bool
}

// Result is the outcome of one test.
type Result struct {
	Class, Method string
	// Err is what the test or its tearDown raised; nil when it passed.
	Err error
}

// Report is the outcome of a run.
type Report struct {
	// Tests are the tests that finished, in run order.
	Tests []Result
	// Err is what stopped the run: a *RunnerError, or the exception of a
	// setUp, of making a test object or of loading the package's
	// classes. Nil when every selected test ran.
	Err error
}

// RunnerError is an error of the runner itself: the package is not
// found, or nothing is selected.
type RunnerError struct{ Msg string }

func (e *RunnerError) Error() string { return e.Msg }

// Run runs the selected tests of the package.
func Run(ctx context.Context, cfg Config) *Report {
	r := &runner{ctx: ctx, cfg: cfg}
	rep := &Report{}
	plan, err := r.plan()
	if err != nil {
		rep.Err = err
		return rep
	}
	for _, set := range plan {
		for _, method := range set.methods {
			if cfg.List {
				rep.Tests = append(rep.Tests, Result{Class: set.class, Method: method})
				continue
			}
			if err := ctx.Err(); err != nil {
				rep.Err = err
				return rep
			}
			res, err := r.runTest(set.class, method)
			if err != nil {
				rep.Err = err
				return rep
			}
			rep.Tests = append(rep.Tests, res)
			if cfg.Done != nil {
				cfg.Done(res)
			}
		}
	}
	return rep
}

type runner struct {
	ctx context.Context
	cfg Config
}

// classTests are the tests of a class to run.
type classTests struct {
	class   string
	methods []string
}

// newExecutor returns the executor of one test.
func (r *runner) newExecutor() *dsl.Executor {
	opts := r.cfg.Options
	opts.Mocks = true
	opts.Natives = append(append([]*dsl.NativeClass{}, opts.Natives...), fixtureNative())
	ex := dsl.NewExecutor(r.ctx, r.cfg.Loader, opts)
	for _, p := range r.cfg.Packages {
		ex.AddPackage(p)
	}
	return ex
}

// testPackage finds the package under test in ex.
func (r *runner) testPackage(ex *dsl.Executor) (*dsl.LoadedPackage, error) {
	spec := r.cfg.Version
	if spec == "" {
		spec = "*"
	}
	p, err := ex.Package(r.cfg.Package, spec)
	if err == nil {
		return p, nil
	}
	if class, _, _ := dsl.PythonName(err); class == "NoPackageFound" {
		return nil, &RunnerError{Msg: "Specified package is not found: " + strings.Join(r.cfg.Searched, ",") +
			" were scanned together with murano database"}
	}
	return nil, err
}

// plan finds the test classes and their tests and applies the
// selection.
func (r *runner) plan() ([]classTests, error) {
	ex := r.newExecutor()
	p, err := r.testPackage(ex)
	if err != nil {
		return nil, err
	}
	fixture, err := p.FindClass(fixtureClass, true)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	var all []classTests
	for _, name := range p.ClassNames() {
		names[name] = true
		c, err := p.FindClass(name, false)
		if err != nil {
			return nil, err
		}
		if !fixture.IsCompatible(c) {
			continue
		}
		set := classTests{class: name, methods: []string{}}
		for _, m := range c.MethodOrder {
			if isTestName(m) {
				set.methods = append(set.methods, m)
			}
		}
		all = append(all, set)
	}
	plan, err := selectTests(all, names, r.cfg.Tests)
	if err != nil {
		return nil, err
	}
	if len(plan) == 0 {
		return nil, &RunnerError{Msg: "No tests found for execution."}
	}
	return plan, nil
}

// isTestName reports whether a method is a test: its name matches
// ^test(?![a-z]).
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "test")
	return ok && (rest == "" || rest[0] < 'a' || rest[0] > 'z')
}

// selectTests applies the selection to the tests of the package's
// classes (all, by class; names are every class of the package) as the
// runner does: a class runs its tests, Class.method that one (the last
// item naming a class wins), and a bare name selects that method in
// every class, replacing what came before. Unknown items select
// nothing; Class.method of a class that is not a test class raises.
func selectTests(all []classTests, names map[string]bool, items []string) ([]classTests, error) {
	if len(items) == 0 {
		return all, nil
	}
	var plan []classTests
	set := func(class string, methods []string) {
		for i := range plan {
			if plan[i].class == class {
				plan[i].methods = methods
				return
			}
		}
		plan = append(plan, classTests{class, methods})
	}
	testsOf := func(class string) ([]string, bool) {
		for _, ct := range all {
			if ct.class == class {
				return ct.methods, true
			}
		}
		return nil, false
	}
	for _, item := range items {
		if !strings.Contains(item, ".") {
			for _, ct := range all {
				var methods []string
				for _, m := range ct.methods {
					if m == item {
						methods = append(methods, m)
					}
				}
				set(ct.class, methods)
			}
			continue
		}
		if names[item] {
			if methods, ok := testsOf(item); ok {
				set(item, methods)
			}
			continue
		}
		i := strings.LastIndex(item, ".")
		class, method := item[:i], item[i+1:]
		if !names[class] {
			continue
		}
		methods, ok := testsOf(class)
		if !ok {
			return nil, dsl.PyErr("KeyError", value.Repr(value.String(class)))
		}
		var picked []string
		for _, m := range methods {
			if m == method {
				picked = append(picked, m)
			}
		}
		set(class, picked)
	}
	return plan, nil
}

// runTest runs one test. The error is what stops the run.
func (r *runner) runTest(className, method string) (Result, error) {
	ex := r.newExecutor()
	p, err := r.testPackage(ex)
	if err != nil {
		return Result{}, err
	}
	// The reference's package outlives the test's executor: every class
	// its discovery loaded is there, and so are the classes their files
	// define beyond the manifest's.
	for _, name := range p.ClassNames() {
		if _, err := p.FindClass(name, false); err != nil {
			return Result{}, err
		}
	}
	c, err := p.FindClass(className, false)
	if err != nil {
		return Result{}, err
	}
	obj, err := ex.NewObject(c)
	if err != nil {
		return Result{}, err
	}
	res := Result{Class: c.Name, Method: method}
	if err := r.callService(ex, obj, "setUp"); err != nil {
		return Result{}, err
	}
	c.Methods[method].Usage = decl.MethodAction
	if _, res.Err = ex.Call(obj, method, nil, nil); res.Err == nil {
		res.Err = r.callService(ex, obj, "tearDown")
	}
	return res, nil
}

// callService calls setUp or tearDown, made public, when the class has
// it.
func (r *runner) callService(ex *dsl.Executor, obj *dsl.Object, name string) error {
	if len(obj.Class().FindMethod(name)) == 0 {
		return nil
	}
	m, err := obj.Class().FindSingleMethod(name)
	if err != nil {
		return err
	}
	m.Scope = decl.ScopePublic
	_, err = ex.Call(obj, name, nil, nil)
	return err
}

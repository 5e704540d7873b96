// This file defines package tests: the MuranoPL tests of a package run as
// murano's test runner runs them (`muranopl test`, the bridge's
// test.run).

package engine

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/testrun"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/formgen/pyrand"
)

// TestRequest is one run of the tests of a package.
type TestRequest struct {
	// Packages are the packages the tests may use, the one under test
	// among them; the core library comes with CoreLibrary (nil: the
	// project's own), and the project's own io.murano.applications when
	// no package of that name is given.
	Packages    []*Package
	CoreLibrary fs.FS
	// Package is the package whose tests run: its full name, or
	// NAME/VERSION.
	Package string
	// Tests selects the tests: a test class's full name, Class.method or
	// a bare method name (in every class); none selects every test.
	Tests []string
	// Searched names where the packages were looked for (the command
	// line's folders), for the message when Package is not among them.
	Searched []string
	// MaxSteps bounds the work of each test, its setUp and tearDown
	// (0: DefaultMuranoPLSteps); a test that uses it up fails with
	// BudgetExceeded.
	MaxSteps int64
	// Done, when set, hears of each test as it finishes.
	Done func(TestResult)
	// List lists the selected tests instead of running them: the
	// report's Tests, without outcomes (OK and no error, not counted).
	List bool
}

// TestReport is the outcome of a run. Its JSON form is the command
// line's contract: {"tests": [{"class", "method", "ok", "error": null |
// {"type", "message"}}], "passed": N, "failed": M} and, when the run
// stopped early, "error": {"type", "message"}.
type TestReport struct {
	Tests  []TestResult `json:"tests"`
	Passed int          `json:"passed"`
	Failed int          `json:"failed"`
	// Error is what stopped the run: the exception of a setUp (or of
	// making a test object, or of loading the package's classes), or the
	// runner's own error (TestRunnerError: the package is not found,
	// nothing is selected). Nil when every selected test ran.
	Error *TestError `json:"error,omitempty"`
}

// TestResult is the outcome of one test.
type TestResult struct {
	Class  string     `json:"class"`
	Method string     `json:"method"`
	OK     bool       `json:"ok"`
	Error  *TestError `json:"error"`
}

// TestError is an exception of a test run.
type TestError struct {
	// Type is the name MuranoPL code sees (what Catch: With: matches):
	// the first name of a MuranoPL exception, else the module-qualified
	// class of the reference's Python exception (builtins bare).
	Type    string `json:"type"`
	Message string `json:"message"`
	// Exception is the exception with its MuranoPL stack trace (nil for
	// the runner's own errors).
	Exception *RunError `json:"-"`
}

// RunTests runs the tests of a package. The error is for a request that
// cannot be carried out (a core library that does not open); MuranoPL
// failures and the runner's own errors are in the report.
func RunTests(ctx context.Context, req TestRequest) (*TestReport, error) {
	pkgs, err := withLibraries(req.CoreLibrary, req.Packages)
	if err != nil {
		return nil, err
	}
	decls := make([]decl.Package, len(pkgs))
	for i, p := range pkgs {
		decls[i] = p
	}
	name, version, _ := strings.Cut(req.Package, "/")
	ids := 0
	host := testHost()
	rep := &TestReport{Tests: []TestResult{}}
	run := testrun.Run(ctx, testrun.Config{
		Loader:   pkg.NewLoader(pkgs...),
		Packages: decls,
		Options: dsl.Options{
			Natives:       system.Natives(host),
			CoreFunctions: system.CoreFunctions(host),
			NewID: func() string {
				ids++
				return fmt.Sprintf("%032x", ids)
			},
			MaxSteps: cmp.Or(req.MaxSteps, DefaultMuranoPLSteps),
		},
		Package:  name,
		Version:  version,
		Searched: req.Searched,
		Tests:    req.Tests,
		List:     req.List,
		Done: func(r testrun.Result) {
			if req.Done != nil {
				req.Done(testResult(r))
			}
		},
	})
	for _, r := range run.Tests {
		res := testResult(r)
		rep.Tests = append(rep.Tests, res)
		if req.List {
			continue
		}
		if res.OK {
			rep.Passed++
		} else {
			rep.Failed++
		}
	}
	if run.Err != nil {
		rep.Error = testError(run.Err)
	}
	return rep, nil
}

func testResult(r testrun.Result) TestResult {
	res := TestResult{Class: r.Class, Method: r.Method, OK: r.Err == nil}
	if r.Err != nil {
		res.Error = testError(r.Err)
	}
	return res
}

// testError names an exception as MuranoPL code sees it.
func testError(err error) *TestError {
	var re *testrun.RunnerError
	if errors.As(err, &re) {
		return &TestError{Type: "TestRunnerError", Message: re.Msg}
	}
	exc := runError(err)
	te := &TestError{Type: exc.Type, Message: exc.Message, Exception: exc}
	if len(exc.Names) > 0 {
		te.Type = exc.Names[0]
	} else if _, module, _ := dsl.PythonName(err); module != "" {
		te.Type = module + "." + exc.Type
	}
	return te
}

// testHost is the world of the system classes in a test run: murano's
// configuration, but no cloud, as murano's test runner has none; its
// tests mock what would reach one.
func testHost() *system.Host {
	return &system.Host{
		Heat: noCloud{}, Neutron: noCloud{}, Queues: noCloud{},
		Report:       func(system.Report) {},
		Track:        func(system.InstanceEvent) {},
		Config:       deployConfig(),
		AgentTimeout: 3600,
		Networking:   system.DefaultNetworking(),
		StackTags:    []string{"murano"},
		Random:       pyrand.NewString("tests"),
	}
}

// noCloud is the cloud of a test run: Heat and Neutron fail, the agents'
// queues stay empty (an agent's call waits for its timeout).
type noCloud struct{}

func (noCloud) err(service string) error {
	return dsl.PyErr("RuntimeError", "a test run has no cloud: "+service+" is not reachable (mock the method that calls it with inject)")
}

func (c noCloud) Get(string) (*system.StackInfo, error)                 { return nil, c.err("Heat") }
func (c noCloud) Template(string) (*value.Dict, error)                  { return nil, c.err("Heat") }
func (c noCloud) Create(string, system.StackRequest) error              { return c.err("Heat") }
func (c noCloud) Update(string, system.StackRequest) error              { return c.err("Heat") }
func (c noCloud) Delete(string) error                                   { return c.err("Heat") }
func (c noCloud) ListRouters(map[string]string) ([]*value.Dict, error)  { return nil, c.err("Neutron") }
func (c noCloud) ListNetworks(map[string]string) ([]*value.Dict, error) { return nil, c.err("Neutron") }
func (c noCloud) ListSubnets() ([]*value.Dict, error)                   { return nil, c.err("Neutron") }
func (c noCloud) ListPorts(map[string]string) ([]*value.Dict, error)    { return nil, c.err("Neutron") }
func (c noCloud) ListExtensions() ([]*value.Dict, error)                { return nil, c.err("Neutron") }
func (c noCloud) ShowRouter(string) (*value.Dict, error)                { return nil, c.err("Neutron") }
func (c noCloud) ShowNetwork(string) (*value.Dict, error)               { return nil, c.err("Neutron") }
func (c noCloud) CreateRouter(*value.Dict) (*value.Dict, error)         { return nil, c.err("Neutron") }
func (noCloud) Declare(string)                                          {}
func (noCloud) Publish(string, string, *value.Dict)                     {}
func (noCloud) Take(string, string) *value.Dict                         { return nil }
func (noCloud) Due(string) (float64, bool)                              { return 0, false }

// This file defines the bridge's test.run: the MuranoPL tests of a
// package the page opened, run as `muranopl test` runs them.

package bridge

import (
	"context"
	"encoding/json"

	"murano.dev/playground/engine"
)

func init() {
	methods["test.run"] = func(ctx context.Context, raw []byte) []byte { return testRun(ctx, raw, false) }
	methods["test.list"] = func(ctx context.Context, raw []byte) []byte { return testRun(ctx, raw, true) }
}

type testParams struct {
	// Packages are handles of open packages (package.open, repo.import),
	// the one under test among them; CoreLibrary the handle of an open
	// io.murano used instead of the project's own ("" for the project's
	// own).
	Packages    []string `json:"packages"`
	CoreLibrary string   `json:"coreLibrary"`
	// Package is the full name of the package whose tests run (or
	// NAME/VERSION); Tests select them as `muranopl test` does.
	Package  string   `json:"package"`
	Tests    []string `json:"tests"`
	MaxSteps int64    `json:"maxSteps"`
	// Stream asks for each test's result as it finishes, through the
	// call's event sink ([WithEvents]): {"kind": "test", "test": <a test
	// of the answer>}.
	Stream bool `json:"stream"`
}

// testRun answers {"ok": true, "tests": [{"class", "method", "ok",
// "error": null | {"type", "message", "stack"}}], "passed", "failed"}
// and, when the run stopped early, "error": {"type", "message",
// "stack"}: the document of `muranopl test --json`, each exception with
// its MuranoPL stack trace (frames outermost first, as deploy.run gives
// them) for the page to open the files there. test.list (list) selects
// the tests the same way without running them: {"ok": true, "tests":
// [{"class", "method"}]} and the "error" why none is selected.
func testRun(ctx context.Context, raw []byte, list bool) []byte {
	var p testParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	if p.Package == "" {
		return failure("request", "give the package whose tests run")
	}
	packages, _, core, fail := packagesOf(p.Packages, p.CoreLibrary)
	if fail != nil {
		return fail
	}
	req := engine.TestRequest{Packages: packages, CoreLibrary: core, Package: p.Package, Tests: p.Tests, MaxSteps: p.MaxSteps, List: list}
	for _, pkg := range packages {
		req.Searched = append(req.Searched, pkg.Name())
	}
	if sink := eventSink(ctx); p.Stream && sink != nil {
		req.Done = func(r engine.TestResult) {
			out, err := json.Marshal(map[string]any{"kind": "test", "test": testOf(r)})
			if err == nil {
				sink(out)
			}
		}
	}
	rep, err := engine.RunTests(ctx, req)
	if err != nil {
		return failure("request", err.Error())
	}
	tests := make([]any, len(rep.Tests))
	for i, r := range rep.Tests {
		tests[i] = testOf(r)
		if list {
			tests[i] = map[string]any{"class": r.Class, "method": r.Method}
		}
	}
	answer := map[string]any{"ok": true, "tests": tests}
	if !list {
		answer["passed"], answer["failed"] = rep.Passed, rep.Failed
	}
	if rep.Error != nil {
		answer["error"] = testErrorOf(rep.Error)
	}
	return respond(answer)
}

func testOf(r engine.TestResult) map[string]any {
	var e any
	if r.Error != nil {
		e = testErrorOf(r.Error)
	}
	return map[string]any{"class": r.Class, "method": r.Method, "ok": r.OK, "error": e}
}

// testErrorOf describes an exception of a test run with the stack
// exceptionOf gives it.
func testErrorOf(e *engine.TestError) map[string]any {
	var stack any = []any{}
	if exc, ok := exceptionOf(e.Exception).(map[string]any); ok {
		stack = exc["stack"]
	}
	return map[string]any{"type": e.Type, "message": e.Message, "stack": stack}
}

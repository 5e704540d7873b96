package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// testPackage is a package with one test class whose methods are body.
func testPackage(t *testing.T, body string) *Package {
	t.Helper()
	p, err := OpenPackage(FilesFS(map[string][]byte{
		"manifest.yaml": []byte("Format: 1.4\nType: Library\nFullName: org.example.Tests\nName: Tests\n" +
			"Classes:\n  org.example.TestThings: TestThings.yaml\n"),
		"Classes/TestThings.yaml": []byte("Namespaces:\n  =: org.example\n  t: io.murano.test\nName: TestThings\n" +
			"Extends: t:TestFixture\nMethods:\n" + body),
	}))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func runTests(t *testing.T, req TestRequest) *TestReport {
	t.Helper()
	done := make(chan struct{})
	var rep *TestReport
	go func() {
		defer close(done)
		var err error
		if rep, err = RunTests(context.Background(), req); err != nil {
			t.Error(err)
		}
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the run did not end")
	}
	return rep
}

// TestRunTestsBadInput: a test that loops forever fails with
// BudgetExceeded and the run goes on; one in setUp stops the run; an
// exception of tearDown fails its test.
func TestRunTestsBadInput(t *testing.T) {
	loop := "    Body:\n      - $i: 0\n      - While: $i >= 0\n        Do:\n          - $i: $i + 1\n"
	p := testPackage(t, "  testLoops:\n"+loop+"  testAfter:\n    Body:\n      - Return: 1\n")
	rep := runTests(t, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests", MaxSteps: 100_000})
	if rep.Error != nil || len(rep.Tests) != 2 || rep.Passed != 1 || rep.Failed != 1 {
		t.Fatalf("a looping test: %+v", rep)
	}
	if e := rep.Tests[0].Error; e == nil || e.Type != "BudgetExceeded" {
		t.Errorf("the looping test's error: %+v", e)
	}

	p = testPackage(t, "  setUp:\n"+loop+"  testNever:\n    Body:\n      - Return: 1\n")
	rep = runTests(t, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests", MaxSteps: 100_000})
	if rep.Error == nil || rep.Error.Type != "BudgetExceeded" || len(rep.Tests) != 0 {
		t.Errorf("a looping setUp: %+v", rep)
	}

	p = testPackage(t, "  tearDown:\n    Body:\n      - Throw: Late\n        Message: in tearDown\n  testPasses:\n    Body:\n      - Return: 1\n")
	rep = runTests(t, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests"})
	if len(rep.Tests) != 1 || rep.Tests[0].OK || rep.Tests[0].Error.Type != "org.example.Late" || rep.Tests[0].Error.Message != "in tearDown" {
		t.Errorf("tearDown raising: %+v", rep.Tests)
	}
}

// TestRunTestsReport checks the report's JSON form, the stack of a
// failure and that each test is heard of as it finishes.
func TestRunTestsReport(t *testing.T) {
	p := testPackage(t, "  testPasses:\n    Body:\n      - $.assertTrue(true)\n"+
		"  testFails:\n    Body:\n      - $.assertEqual(1, 2, 'one is not two')\n")
	var heard []string
	rep := runTests(t, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests",
		Done: func(r TestResult) { heard = append(heard, r.Method) }})
	if strings.Join(heard, " ") != "testPasses testFails" {
		t.Errorf("heard of %v", heard)
	}
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"tests":[{"class":"org.example.TestThings","method":"testPasses","ok":true,"error":null},` +
		`{"class":"org.example.TestThings","method":"testFails","ok":false,"error":{"type":"testtools.matchers._impl.MismatchError","message":"1 != 2: one is not two"}}],` +
		`"passed":1,"failed":1}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	stack := rep.Tests[1].Error.Exception.Stack
	if len(stack) != 1 || stack[0].Method != "testFails" || stack[0].File != "Classes/TestThings.yaml" || stack[0].Line != 12 {
		t.Errorf("the failure's stack: %+v", stack)
	}
}

// TestRunTestsCancelled: a cancelled run stops with the context's error.
func TestRunTestsCancelled(t *testing.T) {
	p := testPackage(t, "  testLoops:\n    Body:\n      - $i: 0\n      - While: $i >= 0\n        Do:\n          - $i: $i + 1\n")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	rep, err := RunTests(ctx, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error == nil && (len(rep.Tests) != 1 || rep.Tests[0].OK) {
		t.Errorf("a cancelled run: %+v", rep)
	}
}

// List selects the tests as a run does, without running them.
func TestRunTestsList(t *testing.T) {
	p := testPackage(t, "  testOne:\n    Body:\n      - $.assertTrue(false)\n  testTwo:\n    Body:\n      - Return: 1\n")
	rep := runTests(t, TestRequest{Packages: []*Package{p}, Package: "org.example.Tests", List: true, Tests: []string{"org.example.TestThings.testTwo"}})
	if rep.Error != nil || rep.Passed != 0 || rep.Failed != 0 || len(rep.Tests) != 1 || rep.Tests[0].Method != "testTwo" {
		t.Errorf("listed: %+v", rep)
	}
}

// The example package of tests passes, as under the reference harness
// (testrunner.py on web/packages: 5 passed, 0 failed).
func TestExampleTests(t *testing.T) {
	packages, _, err := FindPackages("../web/packages")
	if err != nil {
		t.Fatal(err)
	}
	rep := runTests(t, TestRequest{Packages: packages, Package: "org.playground.examples.DatabaseTests"})
	if rep.Error != nil || rep.Passed != 5 || rep.Failed != 0 {
		out, _ := json.Marshal(rep)
		t.Errorf("the example's tests: %s", out)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const calcTests = `Namespaces:
  =: com.example.calc
  t: io.murano.test
Name: TestCalc
Extends: t:TestFixture
Methods:
  setUp:
    Body:
      - $.calc: new(Calc)
  testAdd:
    Body:
      - $.assertEqual(3, $.calc.add(1, 2))
  testMocked:
    Body:
      - inject(Calc, add, originalMethod() * 10)
      - $.assertEqual(30, $.calc.add(1, 2))
  testWrong:
    Body:
      - $.assertEqual(4, $.calc.add(1, 2), 'off by one')
---
Namespaces:
  =: com.example.calc
Name: Calc
Methods:
  add:
    Arguments:
      - a: {Contract: $.int()}
      - b: {Contract: $.int()}
    Body:
      - Return: $a + $b
`

// calcFolder writes a folder with a package of tests.
func calcFolder(t *testing.T) string {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "calc")
	os.MkdirAll(filepath.Join(pkg, "Classes"), 0o755)
	os.WriteFile(filepath.Join(pkg, "manifest.yaml"), []byte("Format: 1.4\nType: Library\nFullName: com.example.calc\nName: Calc\nClasses:\n  com.example.calc.TestCalc: TestCalc.yaml\n"), 0o644)
	os.WriteFile(filepath.Join(pkg, "Classes", "TestCalc.yaml"), []byte(calcTests), 0o644)
	return dir
}

func testCmd(args ...string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = run(append([]string{"test"}, args...), nil, &out, &errs)
	return out.String(), errs.String(), code
}

// The text output: one line per test, the failures' messages and stacks
// on stderr, a last line with the counts; exit 1 when a test failed.
func TestTestCommandText(t *testing.T) {
	dir := calcFolder(t)
	stdout, stderr, code := testCmd("--package-dir", dir, "--package", "com.example.calc")
	want := "com.example.calc.TestCalc.testAdd ... OK\n" +
		"com.example.calc.TestCalc.testMocked ... OK\n" +
		"com.example.calc.TestCalc.testWrong ... FAIL: testtools.matchers._impl.MismatchError: 4 != 3: off by one\n" +
		"Executed 3 tests: 2 passed, 1 failed\n"
	if code != 1 || stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}
	if !strings.Contains(stderr, `File "Classes/TestCalc.yaml", line 19:9 in method testWrong of type com.example.calc.TestCalc`) {
		t.Errorf("stderr has no stack trace of the failure:\n%s", stderr)
	}
	stdout, _, code = testCmd("--package-dir", dir, "--package", "com.example.calc", "testAdd", "com.example.calc.TestCalc.testMocked")
	if code != 0 || !strings.HasSuffix(stdout, "Executed 1 tests: 1 passed, 0 failed\n") {
		t.Errorf("a selection: exit %d\n%s", code, stdout)
	}
}

// The JSON output is the contract of murano's test runner as the
// reference harness prints it.
func TestTestCommandJSON(t *testing.T) {
	dir := calcFolder(t)
	for _, tt := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"com.example.calc.TestCalc.testAdd", "--json"},
			`{"tests":[{"class":"com.example.calc.TestCalc","method":"testAdd","ok":true,"error":null}],"passed":1,"failed":0}`, 0},
		{[]string{"--json", "testWrong"},
			`{"tests":[{"class":"com.example.calc.TestCalc","method":"testWrong","ok":false,"error":{"type":"testtools.matchers._impl.MismatchError","message":"4 != 3: off by one"}}],"passed":0,"failed":1}`, 1},
		{[]string{"--json", "com.example.calc.TestCalc.testNone"}, `{"tests":[],"passed":0,"failed":0}`, 0},
		{[]string{"--json", "com.example.calc.TestNone"},
			`{"tests":[],"passed":0,"failed":0,"error":{"type":"TestRunnerError","message":"No tests found for execution."}}`, 1},
	} {
		stdout, _, code := testCmd(append([]string{"--package-dir", dir, "--package", "com.example.calc"}, tt.args...)...)
		if code != tt.code || !sameJSON(t, stdout, tt.want) {
			t.Errorf("%v: exit %d, %s\nwant exit %d, %s", tt.args, code, stdout, tt.code, tt.want)
		}
	}
	stdout, _, code := testCmd("--package-dir", dir, "--package", "com.example.missing", "--json")
	if code != 1 || !strings.Contains(stdout, `"Specified package is not found: `+dir+` were scanned together with murano database"`) {
		t.Errorf("a package not found: exit %d, %s", code, stdout)
	}
}

// sameJSON reports whether two JSON texts hold the same values.
func sameJSON(t *testing.T, got, want string) bool {
	var a, b any
	if err := json.Unmarshal([]byte(got), &a); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	json.Unmarshal([]byte(want), &b)
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// Usage errors exit 2.
func TestTestCommandUsage(t *testing.T) {
	dir := calcFolder(t)
	for _, args := range [][]string{
		{"--package", "com.example.calc"},
		{"--package-dir", dir},
		{"--package-dir", filepath.Join(dir, "nope"), "--package", "x"},
		{"--package-dir", dir, "--package", "x", "--core-library", filepath.Join(dir, "nope.zip")},
		{"--package-dir", dir, "--package", "x", "--frobnicate"},
	} {
		if _, stderr, code := testCmd(args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}

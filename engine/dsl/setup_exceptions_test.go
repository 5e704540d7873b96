package dsl_test

// Ported from murano's test_exceptions.TestExceptions.test_stack_trace
// (a host function raising a Python exception; python-setup.md, Part A).

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// raisePythonException is the test's host function: it raises a
// LookupError.
var raisePythonException = yaql.Fn("raisePythonException", func(*yaql.Call) (value.Value, error) {
	return nil, dsl.PyErr("LookupError", "just random Python exception")
})

func TestSetupStackTrace(t *testing.T) {
	r := newRunner(t, setup{functions: []*yaql.Func{raisePythonException}})
	r.mustLoad(`{"?": {"type": "ExceptionHandling", "id": "obj1"}}`)
	_, err := r.callPreserved("testStackTrace")
	var e *dsl.Exception
	if !errors.As(err, &e) {
		t.Fatalf("testStackTrace: error %v, want a MuranoPL exception", err)
	}
	if got := strings.Join(e.Names, ","); got != "LookupError" {
		t.Errorf("names = %q, want LookupError", got)
	}
	if class, _, msg := dsl.PythonName(e.Original); class != "LookupError" || msg != "just random Python exception" {
		t.Errorf("original exception = %s: %s, want LookupError: just random Python exception", class, msg)
	}
	formatted := e.Format()
	if !strings.HasPrefix(formatted, "LookupError: just random Python exception") {
		t.Errorf("formatted stack trace starts %q, want the exception first", firstLine(formatted))
	}
	frame := regexp.MustCompile(`(?m)^  File ".*ExceptionHandling\.yaml", line 54:7 in method testStackTrace of type ExceptionHandling$`)
	if !frame.MatchString(formatted) {
		t.Errorf("formatted stack trace has no frame of testStackTrace at ExceptionHandling.yaml line 54:7:\n%s", formatted)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

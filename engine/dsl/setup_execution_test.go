package dsl_test

// Ported from murano's test_execution.TestExecution.test_exception (a
// host function raising an exception of the test's own class;
// python-setup.md, Part A).

import (
	"errors"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// customException is the test's exception class, raised without a
// message.
var customException = &dsl.PyError{Module: "murano.tests.unit.dsl.test_execution", Class: "CustomException"}

func TestSetupHostException(t *testing.T) {
	raise := yaql.Fn("raiseException", func(*yaql.Call) (value.Value, error) { return nil, customException })
	r := newRunner(t, setup{functions: []*yaql.Func{raise}})
	r.mustLoad(`{"?": {"type": "SampleClass1", "id": "obj1"}, "stringProperty": "STRING",
		"classProperty": {"?": {"type": "SampleClass2", "id": "obj2"}, "class2Property": "ANOTHER_STRING"}}`)

	if _, err := r.call("testException"); !errors.Is(err, customException) {
		t.Errorf("testException: error %v, want the host function's own exception", err)
	}
	_, err := r.callPreserved("testException")
	var e *dsl.Exception
	if !errors.As(err, &e) {
		t.Fatalf("testException (exceptions preserved): error %v, want a MuranoPL exception", err)
	}
	if got, want := e.Error(), "[murano.tests.unit.dsl.test_execution.CustomException]: "; got != want {
		t.Errorf("testException (exceptions preserved) = %q, want %q", got, want)
	}
}

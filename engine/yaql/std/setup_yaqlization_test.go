package std_test

import (
	"testing"

	"murano.dev/playground/engine/yaql"
)

// These tests port the assertions of yaql's test_yaqlization.py that hold
// for a host object YAQL knows nothing about. Yaqlization itself (exposing
// a Python object's attributes, methods and indexer) has no counterpart
// here; those assertions are listed, with reasons, in
// testdata/conformance/skip-python-setup.txt.

// hostObject is a Go value no YAQL function accepts specifically, like the
// reference's instance of a class that is not yaqlized.
type hostObject struct{}

func (hostObject) Type() string { return "C" }
func (hostObject) Repr() string { return "<C object>" }

// TestYaqlization.test_method_call_not_yaqlized
func TestSetupMethodCallNotYaqlized(t *testing.T) {
	e, c := testsFlavor(t)
	setupWantError(t, e, c, "$.m_foo(5, 2)", hostObject{}, yaql.ClassNoMethod, `Unknown method "m_foo" for receiver <C object>`)
}

// TestYaqlization.test_method_call_yaqlized_object, assertion 7: a method
// of a host object is not a function of the context.
func TestSetupHostMethodIsNoFunction(t *testing.T) {
	e, c := testsFlavor(t)
	setupWantError(t, e, c, "m_foo($, 5, 2)", hostObject{}, yaql.ClassNoFunction, `Unknown function "m_foo"`)
}

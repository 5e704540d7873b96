package dsl_test

// Ported from murano's test_helpers (python-setup.md, Part B): the
// helpers that have an equivalent here — version specs (ParseVersionSpec)
// and casts (the MuranoPL function cast(), which calls the reference's
// helpers.cast). The others are in
// testdata/conformance/skip-python-setup.txt.

import (
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl"
)

// TestSetupParseVersionSpec is test_helpers.TestParseVersionSpec: the
// specs are compared by the probe versions they accept. The inputs the
// reference gives as semantic_version objects are given as their text.
func TestSetupParseVersionSpec(t *testing.T) {
	for _, tc := range []struct{ name, spec, want string }{
		{"test_empty_version_spec", "", ">=0.0.0,<1.0.0"},
		{"test_empty_kind", "1.11.111", "==1.11.111"},
		{"test_implicit_major", ">=2", ">=2.0.0"},
		{"test_implicit_minor", ">=2.1", ">=2.1.0"},
		{"test_remove_spaces", "< =  2 .1", "<2.2.0"},
		{"test_input_version", "==1.11.111", "==1.11.111"},
		{"test_input_spec", "<=1,<=1.11", "<1.12.0,<2.0.0"},
	} {
		t.Run(tc.name, func(t *testing.T) { assertSameSpec(t, tc.spec, tc.want) })
	}
}

// castProbe is a class of this test (package tests) that casts itself.
var castProbe = fstest.MapFS{"CastProbe.yaml": {Data: []byte(`
Name: CastProbe
Methods:
  testCastOwn:
    Body:
      - Return: cast($, CastProbe)
  testCastUnrelated:
    Body:
      - Return: cast($, 'io.murano.Exception')
`)}}

// TestSetupCast is test_helpers.TestDSLHelpers.test_cast_with_murano_type
// and test_cast_except_no_class_found through cast(); the results are
// the oracle's for the same class.
func TestSetupCast(t *testing.T) {
	r := newRunner(t, setup{classes: castProbe}).mustLoad(`{"?": {"type": "CastProbe", "id": "obj1"}}`)
	t.Run("test_cast_with_murano_type", func(t *testing.T) {
		v := r.mustCall("testCastOwn")
		o, ok := v.(*dsl.Object)
		if !ok || o.Real() != r.root || o.Class() != r.root.Class() {
			t.Errorf("testCastOwn = %v, want the object itself", v)
		}
	})
	t.Run("test_cast_except_no_class_found", func(t *testing.T) {
		_, err := r.call("testCastUnrelated")
		class, _, msg := dsl.PythonName(err)
		if want := `Class "io.murano.Exception" is not found in `; class != "NoClassFound" || msg != want {
			t.Errorf("testCastUnrelated: error %s: %q, want NoClassFound: %q", class, msg, want)
		}
	})
}

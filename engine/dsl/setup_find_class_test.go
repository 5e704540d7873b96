package dsl_test

// Ported from murano's test_find_class.TestFindClass.
// test_find_class_with_prefix (the deprecation warning, which the
// reference emits as a Python DeprecationWarning; python-setup.md,
// Part A). The engine reports deprecations through Options.Warn.

import (
	"testing"
)

func TestSetupFindClassWithPrefix(t *testing.T) {
	r := newRunner(t, setup{}).mustLoad(`{"?": {"type": "TestFindClass", "id": "obj1"}}`)
	assertEqual(t, "testFindClassWithPrefix", r.mustCall("testFindClassWithPrefix"), `null`)
	const want = "Plugin io.murano.extensions.io.murano.test.TestFixture was not found, but a " +
		"io.murano.test.TestFixture was found instead and will be used. This could be caused by " +
		"recent change in plugin naming scheme. If you are developing applications targeting " +
		"this plugin consider changing its name"
	if len(r.warnings) == 0 {
		t.Fatalf("no warning, want the deprecation %q", want)
	}
	if got := r.warnings[len(r.warnings)-1]; got != want {
		t.Errorf("last warning = %q, want %q", got, want)
	}
}

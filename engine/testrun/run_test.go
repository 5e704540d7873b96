package testrun

import (
	"fmt"
	"testing"
)

func TestIsTestName(t *testing.T) {
	for name, want := range map[string]bool{
		"test": true, "test1": true, "test_x": true, "testFoo": true, "testing": false, "TestFoo": false, "tes": false, "setUp": false,
	} {
		if got := isTestName(name); got != want {
			t.Errorf("isTestName(%q) = %t", name, got)
		}
	}
}

// TestSelectTests checks the runner's selection rules; the corpus of
// package tests checks them against the reference.
func TestSelectTests(t *testing.T) {
	all := []classTests{{"p.A", []string{"testOne", "testTwo"}}, {"p.B", []string{"testOne", "testThree"}}}
	names := map[string]bool{"p.A": true, "p.B": true, "p.Helper": true}
	for _, tt := range []struct {
		items []string
		want  string
	}{
		{nil, "[{p.A [testOne testTwo]} {p.B [testOne testThree]}]"},
		{[]string{"p.B"}, "[{p.B [testOne testThree]}]"},
		{[]string{"p.A.testTwo"}, "[{p.A [testTwo]}]"},
		{[]string{"p.A.testTwo", "p.A"}, "[{p.A [testOne testTwo]}]"},
		{[]string{"testThree"}, "[{p.A []} {p.B [testThree]}]"},
		{[]string{"p.A.testTwo", "testOne"}, "[{p.A [testOne]} {p.B [testOne]}]"},
		{[]string{"p.Unknown", "p.Unknown.testOne", "p.Helper"}, "[]"},
		{[]string{"p.A.testNone"}, "[{p.A []}]"},
		{[]string{"p.Helper.testOne"}, "KeyError: 'p.Helper'"},
	} {
		plan, err := selectTests(all, names, tt.items)
		got := fmt.Sprint(plan)
		if plan == nil && err == nil {
			got = "[]"
		}
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.items, got, tt.want)
		}
	}
}

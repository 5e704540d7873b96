package std_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// The library table tests: each case is an expression and the outcome the
// reference oracle gave for it (the test files name the oracle command
// above their tables). want is the JSON result, "~JSON" for a result to
// compare as a multiset, or "!Class: message" for an error.

// flavourCase is a table case for a given flavour.
type flavourCase struct{ flavour, expr, want string }

// checkOracleCases runs plain-flavour cases.
func checkOracleCases(t *testing.T, name string, cases []struct{ expr, want string }) {
	t.Helper()
	for _, tc := range cases {
		checkCase(t, &corpusCase{file: name, id: tc.expr, flavour: "plain", expr: tc.expr}, tc.want, tc.expr)
	}
}

// runFlavourCases runs cases of any flavour.
func runFlavourCases(t *testing.T, cases []flavourCase) {
	t.Helper()
	for _, tc := range cases {
		checkCase(t, &corpusCase{file: t.Name(), id: tc.expr, flavour: tc.flavour, expr: tc.expr}, tc.want, "["+tc.flavour+"] "+tc.expr)
	}
}

func checkCase(t *testing.T, c *corpusCase, want, label string) {
	t.Helper()
	switch {
	case strings.HasPrefix(want, "!"):
		msg := want[1:]
		c.err = &msg
	case strings.HasPrefix(want, "~"):
		c.result, c.unordered = []byte(want[1:]), true
	default:
		c.result = []byte(want)
	}
	result, errText := evalCase(c)
	if !sameOutcome(c, result, errText) {
		got := string(result)
		if result == nil {
			got = "!" + errText
		}
		t.Errorf("%s\n  want %s\n  got  %s", label, want, got)
	}
}

// wantBudgetExceeded evaluates src and expects the step or size budget to
// end it (within 20 s of wall time).
func wantBudgetExceeded(t *testing.T, e *yaql.Engine, root *yaql.Context, src string) {
	t.Helper()
	st, err := e.Parse(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err = st.Evaluate(ctx, root, value.Null)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != yaql.ClassBudget {
		t.Errorf("%s: error %v, want %s", src, err, yaql.ClassBudget)
	}
}

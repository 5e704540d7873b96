package dsl_test

// Ported from murano's test_engine_yaql_functions.TestEngineYaqlFunctions
// (the assertions that need host set-up, host values or random output;
// python-setup.md, Part A).

import (
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
)

const engineFunctionsModel = `{"?": {"type": "TestEngineFunctions", "id": "obj1"}}`

// TestSetupIsOperator runs testIsOperator as murano's test foundation
// does: io.murano.system.Logger is only the core library's (blank)
// MuranoPL class, so new(sys:Logger) needs no logger name. An empty
// native class of that name replaces the engine's host Logger.
func TestSetupIsOperator(t *testing.T) {
	blankLogger := &dsl.NativeClass{Name: "io.murano.system.Logger"}
	r := newRunner(t, setup{natives: []*dsl.NativeClass{blankLogger}}).mustLoad(engineFunctionsModel)
	assertEqual(t, "testIsOperator", r.mustCall("testIsOperator"), `true`)
}

// pyDict is the test's {True: 123, 5: "Q", "y": False}: keys a boolean,
// an integer and a string.
func pyDict() *value.Dict {
	d := value.NewDict(3)
	d.Set(value.Bool(true), value.Int(123))
	d.Set(value.Int(5), value.String("Q"))
	d.Set(value.String("y"), value.Bool(false))
	return d
}

func TestSetupKeysValues(t *testing.T) {
	for _, tc := range []struct{ name, method, want string }{
		{"test_keys", "testKeys", `["y", true, 5]`},
		{"test_values", "testValues", `[false, 123, "Q"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{}).mustLoad(engineFunctionsModel)
			assertSetwise(t, tc.method, r.mustCall(tc.method, pyDict()), tc.want)
		})
	}
}

func TestSetupRandomName(t *testing.T) {
	r := newRunner(t, setup{}).mustLoad(engineFunctionsModel)
	var names []string
	for range 2 {
		v := r.mustCall("testRandomName")
		s, ok := v.(value.String)
		if !ok {
			t.Fatalf("testRandomName = %s, want a string", value.Repr(v))
		}
		if len(s) <= 12 {
			t.Errorf("testRandomName = %q, want more than 12 characters", s)
		}
		names = append(names, string(s))
	}
	if names[0] == names[1] {
		t.Errorf("two calls of testRandomName both gave %q", names[0])
	}
}

// assertSetwise compares a list with its expected JSON form as multisets
// (testtools' MatchesSetwise), telling true from 1.
func assertSetwise(t *testing.T, what string, got value.Value, want string) {
	t.Helper()
	items, err := value.Slice(got)
	if err != nil {
		t.Fatalf("%s = %s, want a list", what, value.Repr(got))
	}
	rest := jsonValue(t, want).(*value.List).Items
	rest = append([]value.Value(nil), rest...)
	for _, it := range items {
		found := false
		for i, w := range rest {
			if value.Equal(it, w) && sameKinds(it, w) {
				rest = append(rest[:i], rest[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s = %s, want the items of %s in any order", what, value.Repr(got), want)
			return
		}
	}
	if len(rest) > 0 {
		t.Errorf("%s = %s, want the items of %s in any order", what, value.Repr(got), want)
	}
}

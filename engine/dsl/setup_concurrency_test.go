package dsl_test

// Ported from murano's test_concurrency.TestConcurrency (python-setup.md,
// Part A): three calls of one method run in parallel (pselect); each
// traces before and after yielding to the other green threads. The
// io.murano.metadata.engine.Synchronize meta of the method decides
// whether the calls run one after the other (isolated) or interleave
// (concurrent).

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// yieldFunc is the test's host function yield(): it traces "yield" and
// lets the other green threads run, as eventlet.sleep(0) does in the
// reference (MuranoPL's sleep(0) is that switch).
var yieldFunc = yaql.Fn("yield", func(c *yaql.Call) (value.Value, error) {
	if _, err := c.RT.CallFunction(c.Ctx, "trace", yaql.NoValue, []value.Value{value.String("yield")}, nil); err != nil {
		return nil, err
	}
	return c.RT.CallFunction(c.Ctx, "sleep", yaql.NoValue, []value.Value{value.Int(0)}, nil)
})

func TestSetupConcurrency(t *testing.T) {
	for _, tc := range []struct {
		name, method string
		isolated     bool
	}{
		{"test_isolated", "testCallIsolated", true},
		{"test_isolated_default", "testCallIsolatedWithDefault", true},
		{"test_concurrent_explicit", "testCallConcurrentExplicit", false},
		{"test_isolated_explicit", "testCallIsolatedExplicit", true},
		{"test_argbased_primitive_isolated", "testCallArgbasedPrimitiveIsolated", true},
		{"test_argbased_primitive_concurrent", "testCallArgbasedPrimitiveConcurrent", false},
		{"test_argbased_object_isolated", "testCallArgbasedWithObjectIsolated", true},
		{"test_argbased_object_concurrent", "testCallArgbasedWithObjectConcurrent", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{functions: []*yaql.Func{yieldFunc}})
			r.mustLoad(`{"?": {"type": "TestConcurrency", "id": "obj1"}}`)
			r.mustCall(tc.method)
			traces := make([]string, len(r.traces))
			for i, v := range r.traces {
				traces[i] = value.Str(v)
			}
			if len(traces) != 9 {
				t.Fatalf("traces %q, want 9", traces)
			}
			if tc.isolated {
				checkIsolated(t, traces)
			} else {
				checkConcurrent(t, traces)
			}
		})
	}
}

// checkIsolated: three triples before, yield, after of one call each.
func checkIsolated(t *testing.T, traces []string) {
	t.Helper()
	for i := 0; i < len(traces); i += 3 {
		before, switched, after := traces[i], traces[i+1], traces[i+2]
		if switched != "yield" || before[:6] != after[:6] ||
			!strings.HasSuffix(before, "-before") || !strings.HasSuffix(after, "-after") {
			t.Errorf("traces %q: entries %d-%d are not before, yield, after of one call", traces, i, i+2)
		}
	}
}

// checkConcurrent: the three calls run to their yield, then all finish.
func checkConcurrent(t *testing.T, traces []string) {
	t.Helper()
	for i, tr := range traces {
		var ok bool
		switch {
		case i < 6 && i%2 == 0:
			ok = strings.HasSuffix(tr, "-before")
		case i < 6:
			ok = tr == "yield"
		default:
			ok = strings.HasSuffix(tr, "-after")
		}
		if !ok {
			t.Errorf("traces %q: entry %d is %q, want three befores with yields, then three afters", traces, i, tr)
			return
		}
	}
}

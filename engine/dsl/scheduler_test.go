package dsl_test

// Tests of the green-thread scheduler: where Parallel branches, pselect
// and psuper switch and in which order (each expected trace was taken
// from the reference, oracle.py dsl, over the same classes), the method
// locks, and that whatever ends a run ends every green thread.

import (
	"context"
	"errors"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/formgen/pyrand"
)

const schedClass = `
Namespaces:
  =: org.acme.sched
Name: Sched
Methods:
  testDeadlines:
    Body:
      - Parallel:
          - Do: [trace(a0), sleep(0.2), trace(a1)]
          - Do: [trace(b0), sleep(0.1), trace(b1)]
          - Do: [trace(c0), sleep(0.2), trace(c1)]
          - Do: [trace(d0), sleep(0), trace(d1), sleep(0), trace(d2)]
  testLimitHops:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2), sleep(0), trace(a3), sleep(0), trace(a4)]
          - Do: [trace(b1)]
          - Do: [trace(c1), sleep(0), trace(c2), sleep(0), trace(c3)]
          - Do: [trace(d1), sleep(0), trace(d2)]
        Limit: 2
  testLimitOneSleeps:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0.1), trace(a2)]
          - Do: [trace(b1), sleep(0), trace(b2)]
        Limit: 1
  testNested:
    Body:
      - Parallel:
          - Do:
              - trace(a1)
              - Parallel:
                  - Do: [trace(x1), sleep(0), trace(x2)]
                  - Do: [trace(y1), sleep(0), trace(y2)]
              - trace(a2)
          - Do: [trace(b1), sleep(0), trace(b2), sleep(0), trace(b3), sleep(0), trace(b4), sleep(0), trace(b5)]
  testRandomNames:
    Body:
      - trace(randomName())
      - trace(randomName())
      - sleep(5.5)
      - trace(randomName())
  testPselect:
    Body:
      - Return: list(3, 1, 2).pselect([trace($), sleep($ / 10.0), trace($ * 10)][2])
  testFirstError:
    Body:
      - Try:
          - Parallel:
              - Do: [trace(a1), sleep(0.1), trace(a2)]
              - Do: [trace(b1), sleep(0.2), Throw: Late, trace(b2)]
              - Do: [trace(c1), Throw: Early]
              - Do: [trace(d1), sleep(0.3), trace(d2)]
        Catch:
          - With: Late
            Do: [trace(caughtLate)]
          - With: Early
            Do: [trace(caughtEarly)]
  testSleepInCatch:
    Body:
      - Parallel:
          - Try:
              - trace(a1)
              - sleep(0)
              - Throw: Boom
            Catch:
              - Do: [trace(a2), sleep(0), trace(a3)]
          - Do: [trace(b1), sleep(0), trace(b2), sleep(0), trace(b3)]
  testRootSleep:
    Body:
      - trace(r1)
      - sleep(5)
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
      - sleep(0)
      - trace(r2)
  testWhileSleeps:
    Body:
      - $.n: 0
      - Parallel:
          - While: $.n < 3
            Do:
              - trace(concat(w, str($.n)))
              - sleep(0)
          - Do:
              - sleep(0)
              - $.n: $.n + 1
              - sleep(0)
              - $.n: $.n + 1
              - sleep(0)
              - $.n: $.n + 1
              - trace(done)
  testPoll:
    Body:
      - $.done: false
      - Parallel:
          - Do:
              - trace(p0)
              - While: not $.done
                Do:
                  - sleep(0)
              - trace(p1)
          - Do:
              - sleep(0.05)
              - trace(set)
              - $.done: true
  testLimitZeroLiteral:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
          - trace(b)
        Limit: 0
  testLimitFloat:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
          - trace(b)
        Limit: 1.5
  testLimitString:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
          - trace(b)
        Limit: '1'
  testLimitBadString:
    Body:
      - Parallel:
          - trace(b)
        Limit: 'x'
  testLimitNegative:
    Body:
      - Parallel:
          - trace(a)
        Limit: -1
`

const lockClass = `
Namespaces:
  =: org.acme.sched
  m: io.murano.metadata.engine
Name: Lock
Methods:
  isolated:
    Arguments:
      - call:
          Contract: $.string()
    Body:
      - trace(format('{0}-before', $call))
      - sleep(0)
      - trace(format('{0}-after', $call))
  isolatedDefault:
    Meta:
      - m:Synchronize:
    Arguments:
      - call:
          Contract: $.string()
    Body:
      - trace(format('{0}-before', $call))
      - sleep(0)
      - trace(format('{0}-after', $call))
  byArg:
    Meta:
      - m:Synchronize:
          onThis: false
          onArgs: flag
    Arguments:
      - call:
          Contract: $.string()
      - flag:
          Contract: $.string()
    Body:
      - trace(format('{0}-before', $call))
      - sleep(0)
      - trace(format('{0}-after', $call))
  other:
    Arguments:
      - call:
          Contract: $.string()
    Body:
      - trace(format('{0}-other-before', $call))
      - sleep(0)
      - trace(format('{0}-other-after', $call))
  recursive:
    Arguments:
      - n:
          Contract: $.int()
    Body:
      - trace(format('r{0}', $n))
      - sleep(0)
      - If: $n > 0
        Then:
          - $.recursive($n - 1)
  free:
    Meta:
      - m:Synchronize:
          onThis: false
    Arguments:
      - n:
          Contract: $.int()
    Body:
      - sleep(0)
      - Return: $n
  testIsolated:
    Body:
      - list(1, 2, 3, 4).pselect($this.isolated($))
  testIsolatedDefault:
    Body:
      - list(1, 2, 3, 4).pselect($this.isolatedDefault($))
  testByArg:
    Body:
      - list(1, 2, 3, 4).pselect($this.byArg($, str($ mod 2)))
  testMixed:
    Body:
      - Parallel:
          - $.isolated(a)
          - $.other(b)
          - $.isolated(c)
          - $.other(d)
  testReentrant:
    Body:
      - Parallel:
          - $.recursive(2)
          - $.recursive(1)
  testTwoObjects:
    Body:
      - $o: new(Lock)
      - Parallel:
          - $o.isolated(x)
          - $.isolated(y)
          - $o.isolated(z)
  testManyBranches:
    Body:
      - Return: range(0, 50).pselect($this.free($)).sum()
`

const psuperClasses = `
Namespaces:
  =: org.acme.sched
Name: Left
Methods:
  step:
    Body:
      - trace(left1)
      - sleep(0)
      - trace(left2)
      - Return: left
---
Namespaces:
  =: org.acme.sched
Name: Right
Methods:
  step:
    Body:
      - trace(right1)
      - sleep(0)
      - trace(right2)
      - Return: right
---
Namespaces:
  =: org.acme.sched
Name: Both
Extends: [Left, Right]
Methods:
  testPsuper:
    Body:
      - Return: psuper($this, $.step())
`

// safetyClass has runs that never end in the reference (they hang or
// loop): here each ends with an error, and no green thread outlives it.
const safetyClass = `
Namespaces:
  =: org.acme.sched
Name: Safety
Methods:
  spin:
    Body:
      - $x: 0
      - While: $x < 1
        Do:
          - sleep(0)
  spinToo:
    Body:
      - $x: 0
      - While: $x < 1
        Do:
          - sleep(1)
  recurse:
    Body:
      - sleep(0)
      - $.recurse()
  outer:
    Body:
      - Parallel:
          - trace(branch)
          - $.outer()
  testFine:
    Body:
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
          - trace(b)
      - Return: fine
  testLimitZero:
    Body:
      - $zero: 0
      - Parallel:
          - Do: [trace(a1), sleep(0), trace(a2)]
        Limit: $zero
  testLockDeadlock:
    Body:
      - $.outer()
  testDepth:
    Body:
      - Parallel:
          - $.spin()
          - $.recurse()
  testBudget:
    Body:
      - Parallel:
          - $.spin()
          - $.spinToo()
  testCancel:
    Body:
      - Parallel:
          - $.spin()
          - Do: [sleep(3), cancel()]
  testPanic:
    Body:
      - Parallel:
          - $.spinToo()
          - Do: [sleep(0), boom()]
  testFatalInCatch:
    Body:
      - Try:
          - Parallel:
              - $.recurse()
              - $.spin()
        Catch:
          - Do: [trace(caught)]
        Finally:
          - trace(finally)
          - sleep(0)
`

// schedRun is a run over the test classes and the core library, as
// murano's test foundation loads them (runtime 1.0).
type schedRun struct {
	t      *testing.T
	ex     *dsl.Executor
	root   *dsl.Object
	traces []string
}

type schedOptions struct {
	class    string
	maxDepth int
	maxSteps int64
	// epoch, idleClock and random are the deploy harness's clock and
	// random source (dsl.Options).
	epoch     float64
	idleClock bool
	random    *pyrand.Rand
}

func newSchedRun(t *testing.T, o schedOptions) *schedRun {
	t.Helper()
	classes := fstest.MapFS{
		"Sched.yaml":  {Data: []byte(schedClass)},
		"Lock.yaml":   {Data: []byte(lockClass)},
		"Both.yaml":   {Data: []byte(psuperClasses)},
		"Safety.yaml": {Data: []byte(safetyClass)},
	}
	tests, err := pkg.ClassFolder("tests", classes, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	coreClasses, err := fs.Sub(coreLibrary(t), "Classes")
	if err != nil {
		t.Fatal(err)
	}
	core, err := pkg.ClassFolder(dsl.CoreLibrary, coreClasses, decl.V1_0)
	if err != nil {
		t.Fatal(err)
	}
	r := &schedRun{t: t}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	funcs := []*yaql.Func{
		yaql.Fn("trace", func(c *yaql.Call) (value.Value, error) {
			v, err := std.MuranoMutable(c.RT, c.Args[0])
			if err != nil {
				return nil, err
			}
			r.traces = append(r.traces, value.Str(v))
			return value.Null, nil
		}, yaql.P("data", yaql.Any)),
		yaql.Fn("cancel", func(*yaql.Call) (value.Value, error) {
			cancel()
			return value.Null, nil
		}),
		yaql.Fn("boom", func(*yaql.Call) (value.Value, error) { panic("boom") }),
	}
	r.ex = dsl.NewExecutor(ctx, pkg.NewLoader(core, tests), dsl.Options{
		Functions:      funcs,
		MaxDepth:       o.maxDepth,
		MaxSteps:       o.maxSteps,
		TestPackage:    "tests",
		TestFoundation: true,
		Epoch:          o.epoch,
		IdleClock:      o.idleClock,
		Random:         o.random,
	})
	r.ex.AddPackage(core)
	r.ex.AddPackage(tests)
	model := value.NewDict(1)
	obj := value.NewDict(1)
	meta := value.NewDict(2)
	meta.SetString("type", value.String("org.acme.sched."+o.class))
	meta.SetString("id", value.String("root"))
	obj.SetString("?", meta)
	model.SetString("Objects", obj)
	if r.root, err = r.ex.LoadModel(model); err != nil {
		t.Fatalf("load: %v", err)
	}
	return r
}

func (r *schedRun) call(method string) (value.Value, error) {
	r.traces = nil
	return r.ex.Call(r.root, method, nil, nil)
}

// noGreenThreadsLeft waits until no goroutine of a green thread runs.
func noGreenThreadsLeft(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		if !strings.Contains(stacks, "dsl.(*scheduler)") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("green threads left running:\n%s", stacks)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestSchedulerInterleavings(t *testing.T) {
	for _, tc := range []struct {
		class, method string
		want          []string
		result, err   string
	}{
		{"Sched", "testDeadlines", []string{"a0", "b0", "c0", "d0", "d1", "d2", "b1", "a1", "c1"}, "", ""},
		{"Sched", "testLimitHops", []string{"a1", "b1", "a2", "a3", "c1", "a4", "c2", "c3", "d1", "d2"}, "", ""},
		{"Sched", "testLimitOneSleeps", []string{"a1", "a2", "b1", "b2"}, "", ""},
		{"Sched", "testNested", []string{"a1", "b1", "b2", "x1", "y1", "b3", "x2", "y2", "b4", "b5", "a2"}, "", ""},
		{"Sched", "testPselect", []string{"3", "1", "2", "10", "20", "30"}, "", ""},
		{"Sched", "testFirstError", []string{"a1", "b1", "c1", "d1", "a2", "d2", "caughtLate"}, "", ""},
		{"Sched", "testSleepInCatch", []string{"a1", "b1", "a2", "b2", "a3", "b3"}, "", ""},
		{"Sched", "testRootSleep", []string{"r1", "a1", "a2", "r2"}, "", ""},
		{"Sched", "testWhileSleeps", []string{"w0", "w0", "w1", "w2", "done"}, "", ""},
		{"Sched", "testPoll", []string{"p0", "set", "p1"}, "", ""},
		{"Sched", "testLimitZeroLiteral", []string{"a1", "b", "a2"}, "", ""},
		{"Sched", "testLimitFloat", []string{"a1", "a2", "b"}, "", ""},
		{"Sched", "testLimitString", []string{"a1", "a2", "b"}, "", ""},
		{"Sched", "testLimitBadString", nil, "", "GreenPool() expect size :: int, actual: <class 'str'> invalid literal for int() with base 10: 'x'"},
		{"Sched", "testLimitNegative", nil, "", "GreenPool() expect size >= 0, actual: -1"},
		{"Lock", "testIsolated", []string{"1-before", "1-after", "2-before", "2-after", "3-before", "3-after", "4-before", "4-after"}, "", ""},
		{"Lock", "testIsolatedDefault", []string{"1-before", "1-after", "2-before", "2-after", "3-before", "3-after", "4-before", "4-after"}, "", ""},
		{"Lock", "testByArg", []string{"1-before", "2-before", "1-after", "2-after", "3-before", "4-before", "3-after", "4-after"}, "", ""},
		{"Lock", "testMixed", []string{"a-before", "b-other-before", "a-after", "b-other-after", "c-before", "d-other-before", "c-after", "d-other-after"}, "", ""},
		{"Lock", "testReentrant", []string{"r2", "r1", "r0", "r1", "r0"}, "", ""},
		{"Lock", "testTwoObjects", []string{"x-before", "y-before", "x-after", "y-after", "z-before", "z-after"}, "", ""},
		{"Lock", "testManyBranches", nil, "1225", ""},
		{"Both", "testPsuper", []string{"left1", "right1", "left2", "right2"}, `["left", "right"]`, ""},
	} {
		t.Run(tc.method, func(t *testing.T) {
			// A call depth limit below the number of parallel branches:
			// each green thread counts its own depth.
			r := newSchedRun(t, schedOptions{class: tc.class, maxDepth: 20})
			got, err := r.call(tc.method)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
			} else if err != nil {
				t.Fatalf("%s: %v", tc.method, err)
			}
			if tc.result != "" {
				assertEqual(t, "result", got, tc.result)
			}
			if !slices.Equal(r.traces, tc.want) {
				t.Errorf("traces %q, want %q", r.traces, tc.want)
			}
			noGreenThreadsLeft(t)
		})
	}
}

func TestSchedulerEndsRuns(t *testing.T) {
	var deadlock, depth *dsl.FatalError
	for _, tc := range []struct {
		method   string
		maxSteps int64
		check    func(error) bool
		want     string
	}{
		{"testLimitZero", 0, func(err error) bool { return errors.As(err, &deadlock) && strings.Contains(deadlock.Msg, "deadlock") }, "a deadlock"},
		{"testLockDeadlock", 0, func(err error) bool { return errors.As(err, &deadlock) && strings.Contains(deadlock.Msg, "deadlock") }, "a deadlock"},
		{"testDepth", 0, func(err error) bool { return errors.As(err, &depth) && strings.Contains(depth.Msg, "call depth") }, "the call depth limit"},
		{"testFatalInCatch", 0, func(err error) bool { return errors.As(err, &depth) && strings.Contains(depth.Msg, "call depth") }, "the call depth limit"},
		{"testBudget", 300000, func(err error) bool { return yaqlErrorClass(err) == yaql.ClassBudget }, "the step budget"},
		{"testCancel", 0, func(err error) bool { return yaqlErrorClass(err) == yaql.ClassCancelled }, "cancellation"},
	} {
		t.Run(tc.method, func(t *testing.T) {
			r := newSchedRun(t, schedOptions{class: "Safety", maxDepth: 50, maxSteps: tc.maxSteps})
			done := make(chan error, 1)
			go func() {
				_, err := r.call(tc.method)
				done <- err
			}()
			select {
			case err := <-done:
				if !tc.check(err) {
					t.Fatalf("error %v, want %s", err, tc.want)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the run did not end")
			}
			noGreenThreadsLeft(t)
		})
	}
}

// TestSchedulerAfterDeadlock: the executor runs again after a run ended
// by a deadlock.
func TestSchedulerAfterDeadlock(t *testing.T) {
	r := newSchedRun(t, schedOptions{class: "Safety"})
	for _, method := range []string{"testLimitZero", "testLockDeadlock"} {
		if _, err := r.call(method); err == nil {
			t.Fatalf("%s ended without an error", method)
		}
		got, err := r.call("testFine")
		if err != nil {
			t.Fatalf("testFine after %s: %v", method, err)
		}
		assertEqual(t, "testFine", got, `"fine"`)
		if want := []string{"a1", "b", "a2"}; !slices.Equal(r.traces, want) {
			t.Errorf("traces of testFine after %s: %q, want %q", method, r.traces, want)
		}
	}
}

// TestSchedulerPanic: a panic in a branch ends every green thread and is
// raised again where the run was started.
func TestSchedulerPanic(t *testing.T) {
	r := newSchedRun(t, schedOptions{class: "Safety"})
	var recovered any
	func() {
		defer func() { recovered = recover() }()
		_, err := r.call("testPanic")
		t.Errorf("testPanic returned (error %v), want a panic", err)
	}()
	if recovered == nil || !strings.Contains(fmtAny(recovered), "boom") {
		t.Fatalf("recovered %v, want the branch's panic", recovered)
	}
	noGreenThreadsLeft(t)
}

func yaqlErrorClass(err error) string {
	var ye *yaql.Error
	if errors.As(err, &ye) {
		return ye.Class
	}
	return ""
}

func fmtAny(v any) string {
	if err, ok := v.(error); ok {
		return err.Error()
	}
	s, _ := v.(string)
	return s
}

// TestRandomNameOnTheDeployClock checks randomName() with the deploy
// harness's random source (random.seed("42:1")) and virtual clock
// (2024-01-01T00:00:00Z, advancing only in sleep): the names are what
// murano's random_name() returns with the same seed and clock.
func TestRandomNameOnTheDeployClock(t *testing.T) {
	r := newSchedRun(t, schedOptions{class: "Sched", epoch: 1704067200, idleClock: true, random: pyrand.NewString("42:1")})
	if _, err := r.call("testRandomNames"); err != nil {
		t.Fatal(err)
	}
	want := []string{"esovslqu5m2o01", "tqstulqu5m2o02", "riskulqu5m6ws3"}
	if !slices.Equal(r.traces, want) {
		t.Errorf("randomName() = %q, want %q", r.traces, want)
	}
}

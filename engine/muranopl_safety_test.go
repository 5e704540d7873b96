package engine

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
)

// The safety limits of a MuranoPL run: whatever a class file does, the
// run ends with an error (never a panic, a hang or a crash of the Go
// stack), and the errors of loading class files point at file:line:col.

// safetyCore returns the io.murano core library, skipping the test when
// it is not installed (outside CI).
func safetyCore(t testing.TB) fs.FS {
	t.Helper()
	core, _, err := pkg.LocateCoreLibrary()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return core
}

// safetyWatchdog bounds how long a run may take before the test calls it
// a hang.
const safetyWatchdog = 60 * time.Second

// runSafely runs req over the class files (name → content) and fails the
// test when the run does not return in time.
func runSafely(t *testing.T, ctx context.Context, files map[string]string, req RunRequest) *RunResult {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	req.Classes, req.CoreLibrary = fsys, safetyCore(t)
	if req.Class == "" {
		req.Class = "A"
	}
	type outcome struct {
		res *RunResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := RunMuranoPL(ctx, req)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatalf("RunMuranoPL: %v", o.err)
		}
		return o.res
	case <-time.After(safetyWatchdog):
		t.Fatalf("the run of %s did not end within %v", req.Method, safetyWatchdog)
		return nil
	}
}

// wantError checks that the run failed with the error type and a message
// holding the fragment.
func wantError(t *testing.T, res *RunResult, typ, fragment string) {
	t.Helper()
	switch {
	case res.OK:
		t.Errorf("the run succeeded with %s, want a %s error", value.Repr(res.Result), typ)
	case res.Error.Type != typ || !strings.Contains(res.Error.Message, fragment):
		t.Errorf("error %s: %s, want %s: …%s…", res.Error.Type, res.Error.Message, typ, fragment)
	}
}

// class returns a class file of class A with the methods (YAML text
// indented under Methods:).
func class(methods string) map[string]string {
	return map[string]string{"A.yaml": "Name: A\nProperties:\n  x:\n    Contract: $.int()\n    Usage: InOut\n    Default: 1\nMethods:\n" + methods}
}

func TestMuranoPLStepBudget(t *testing.T) {
	tests := []struct{ name, methods string }{
		{"While with an empty Do", `
  test:
    Body:
      - While: $.x = $.x
        Do: []
`},
		{"While with a body", `
  test:
    Body:
      - $i: 0
      - While: $i >= 0
        Do:
          - $i: $i + 1
          - $.x: $i
`},
		{"Repeat", `
  test:
    Body:
      - Repeat: 1000000000
        Do:
          - $.x: $.x + 1
`},
		{"For inside an endless While", `
  test:
    Body:
      - While: $.x > 0
        Do:
          - For: i
            In: [1, 2, 3]
            Do:
              - $.x: $i
`},
		{"Continue in an endless loop", `
  test:
    Body:
      - While: $.x > 0
        Do:
          - Continue:
`},
		{"a single expression", `
  test:
    Body:
      - Return: range(0, 1999).select(range(0, 1999).sum()).sum()
`},
		{"Try cannot catch the budget", `
  test:
    Body:
      - Try:
          - While: $.x > 0
            Do:
              - $.x: $.x + 1
        Catch:
          - Do:
              - Return: caught
        Finally:
          - $.x: 0
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			res := runSafely(t, context.Background(), class(tt.methods), RunRequest{Method: "test", MaxSteps: 100_000})
			wantError(t, res, "BudgetExceeded", "budget exceeded: the evaluation took more than 100000 steps")
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("the run took %v to use up 100000 steps", d)
			}
		})
	}
}

// TestMuranoPLDefaultStepBudget checks that a run that sets no budget gets
// DefaultMuranoPLSteps.
func TestMuranoPLDefaultStepBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("uses up the whole default budget")
	}
	res := runSafely(t, context.Background(), class(`
  test:
    Body:
      - While: $.x > 0
        Do: []
`), RunRequest{Method: "test"})
	wantError(t, res, "BudgetExceeded", fmt.Sprintf("more than %d steps", DefaultMuranoPLSteps))
}

func TestMuranoPLCallDepth(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		class string
	}{
		{"direct recursion", class(`
  test:
    Body:
      - Return: $.rec(0)
  rec:
    Arguments:
      - n: {Contract: $.int()}
    Body:
      - Return: $.rec($n + 1) + 1
`), "A"},
		{"mutual recursion of two classes", map[string]string{
			"A.yaml": `
Name: A
Methods:
  test:
    Body:
      - Return: $.ping(new(B, a => $this))
  ping:
    Arguments:
      - b: {Contract: $.class(B).notNull()}
    Body:
      - Return: $b.pong($this)
`,
			"B.yaml": `
Name: B
Properties:
  a: {Contract: $.class(A)}
Methods:
  pong:
    Arguments:
      - a: {Contract: $.class(A).notNull()}
    Body:
      - Return: $a.ping($this)
`}, "A"},
		{"recursion through .init and new()", map[string]string{
			"A.yaml": `
Name: A
Methods:
  .init:
    Body:
      - $.child: new(A)
  test:
    Body:
      - Return: 1
`}, "B"},
		{"recursion through static methods", map[string]string{
			"A.yaml": `
Name: A
Methods:
  test:
    Body:
      - Return: type('A').down(1)
  down:
    Usage: Static
    Arguments:
      - n: {Contract: $.int()}
    Body:
      - Return: :A.down($n)
`}, "A"},
		{"recursion through an argument contract", map[string]string{
			"A.yaml": `
Name: A
Methods:
  test:
    Body:
      - Return: $.check(1)
  check:
    Arguments:
      - v:
          Contract: $.check($this.check($))
    Body:
      - Return: $v
`}, "A"},
		{"Try cannot catch the depth limit", map[string]string{
			"A.yaml": `
Name: A
Methods:
  test:
    Body:
      - Try:
          - Return: $.test()
        Catch:
          - Do:
              - Return: caught
`}, "A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := tt.files
			if tt.class == "B" {
				files["B.yaml"] = "Name: B\nMethods:\n  test:\n    Body:\n      - Return: new(A)\n"
			}
			res := runSafely(t, context.Background(), files, RunRequest{Class: tt.class, Method: "test"})
			wantError(t, res, "CallDepthExceeded", "maximum MuranoPL call depth exceeded")
		})
	}
}

func TestMuranoPLCancellation(t *testing.T) {
	tests := []struct{ name, methods string }{
		{"a busy loop", `
  test:
    Body:
      - While: $.x > 0
        Do:
          - $.x: $.x + 1
`},
		{"a sleeping loop", `
  test:
    Body:
      - While: $.x > 0
        Do:
          - sleep(1)
`},
		{"parallel sleeping loops", `
  test:
    Body:
      - Parallel:
          - While: $.x > 0
            Do:
              - sleep(1)
          - While: $.x > 0
            Do:
              - sleep(2)
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			start := time.Now()
			res := runSafely(t, ctx, class(tt.methods), RunRequest{Method: "test", MaxSteps: 1 << 60})
			wantError(t, res, "Cancelled", "evaluation cancelled: context deadline exceeded")
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the cancelled run took %v to end", d)
			}
		})
	}
	t.Run("cancelled before the start", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res := runSafely(t, ctx, class(`
  test:
    Body:
      - While: $.x > 0
        Do: []
`), RunRequest{Method: "test", MaxSteps: 1 << 60})
		wantError(t, res, "Cancelled", "evaluation cancelled: context canceled")
	})
}

func TestMuranoPLParallelEnds(t *testing.T) {
	tests := []struct {
		name, methods string
		// wantType is the error type, "" for success with wantResult.
		wantType, wantMessage string
		wantResult            string
	}{
		{name: "branches that loop forever", methods: `
  test:
    Body:
      - Parallel:
          - While: $.x > 0
            Do: []
          - While: $.x > 0
            Do:
              - sleep(0)
`, wantType: "BudgetExceeded", wantMessage: "budget exceeded"},
		{name: "a branch fails while the others sleep", methods: `
  test:
    Body:
      - Parallel:
          - For: i
            In: range(0, 50)
            Do:
              - sleep(1)
          - Do:
              - sleep(3)
              - Throw: BranchFailed
                Message: boom
          - For: i
            In: range(0, 20)
            Do:
              - sleep(0.5)
`, wantType: "BranchFailed", wantMessage: "boom"},
		{name: "a branch fails while another sleeps forever", methods: `
  test:
    Body:
      - Parallel:
          - Throw: BranchFailed
          - While: $.x > 0
            Do:
              - sleep(0.5)
`, wantType: "BudgetExceeded", wantMessage: "budget exceeded"},
		{name: "every branch fails", methods: `
  test:
    Body:
      - Parallel:
          - Throw: First
          - Throw: Second
          - Return: 1
`, wantType: "First"},
		{name: "sleeping branches take turns", methods: `
  test:
    Body:
      - $.x: 0
      - Parallel:
          - For: i
            In: range(0, 20)
            Do:
              - sleep(0.1)
              - $.x: $.x + 1
          - For: i
            In: range(0, 20)
            Do:
              - sleep(0.2)
              - $.x: $.x + 100
      - Return: $.x
`, wantResult: "2020"},
		{name: "nested Parallel with Limit", methods: `
  test:
    Body:
      - $.x: 0
      - Parallel:
          - Parallel:
              - Do:
                  - sleep(1)
                  - $.x: $.x + 1
              - Do:
                  - sleep(1)
                  - $.x: $.x + 1
            Limit: 1
          - Do:
              - sleep(0)
              - $.x: $.x + 10
        Limit: 1
      - Return: $.x
`, wantResult: "12"},
		{name: "a branch recurses without end", methods: `
  test:
    Body:
      - Parallel:
          - Return: new(A).test()
          - Do:
              - sleep(1)
`, wantType: "CallDepthExceeded", wantMessage: "maximum MuranoPL call depth exceeded"},
		// The reference hangs: the branch waits for the lock on the
		// method its own caller holds.
		{name: "a branch calls the method that runs it", methods: `
  test:
    Body:
      - Parallel:
          - Return: $.test()
          - Do:
              - sleep(1)
`, wantType: "Deadlock", wantMessage: "deadlock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runSafely(t, context.Background(), class(tt.methods), RunRequest{Method: "test", MaxSteps: 200_000})
			if tt.wantType != "" {
				wantError(t, res, tt.wantType, tt.wantMessage)
				return
			}
			if !res.OK {
				t.Fatalf("error %s: %s", res.Error.Type, res.Error.Message)
			}
			if got := value.Repr(res.Result); got != tt.wantResult {
				t.Errorf("result %s, want %s", got, tt.wantResult)
			}
		})
	}
}

// TestMuranoPLSizeLimits checks that MuranoPL's yaql limits the size of
// values as the reference's does (limitIterators 2000 and a memory
// quota), whether the value grows in one expression or statement by
// statement. The errors are the oracle's.
func TestMuranoPLSizeLimits(t *testing.T) {
	const quota, tooLong = "MemoryQuotaExceededException: Expression consumed too much memory", "CollectionTooLargeException: Collection length exceeds 2000 elements"
	tests := []struct{ name, methods, want string }{
		{"a doubling string", `
  test:
    Body:
      - $s: x
      - While: $s != ''
        Do:
          - $s: $s + $s
`, quota},
		{"a repeated string", `
  test:
    Body:
      - Return: len('abc' * 100000000)
`, quota},
		{"a doubling list", `
  test:
    Body:
      - $l: [1]
      - While: len($l) > 0
        Do:
          - $l: $l + $l
`, tooLong},
		{"a long range as a list", `
  test:
    Body:
      - Return: len(range(0, 100000000).toList())
`, tooLong},
		{"a huge dictionary", `
  test:
    Body:
      - Return: len(dict(range(0, 100000000).select([$, $])))
`, tooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runSafely(t, context.Background(), class(tt.methods), RunRequest{Method: "test", MaxSteps: 1 << 60})
			typ, msg, _ := strings.Cut(tt.want, ": ")
			wantError(t, res, typ, msg)
		})
	}
}

// TestMuranoPLDeepValues builds deeply nested values. Each statement
// freezes its value as the reference does (a walk of the whole value), so
// growing a value statement by statement costs steps in proportion to
// its depth and ends with the budget; a value that is deep but fits is
// returned and printed.
func TestMuranoPLDeepValues(t *testing.T) {
	tests := []struct {
		name, methods string
		maxSteps      int64
		wantType      string // "" for success
	}{
		{name: "a list nested 3000 deep", methods: `
  test:
    Body:
      - $l: []
      - $i: 0
      - While: $i < 3000
        Do:
          - $l: [$l]
          - $i: $i + 1
      - Return: $l
`},
		{name: "a list nested without end", methods: `
  test:
    Body:
      - $l: []
      - While: $l != null
        Do:
          - $l: [$l]
`, maxSteps: 1_000_000, wantType: "BudgetExceeded"},
		{name: "a dictionary nested without end", methods: `
  test:
    Body:
      - $d: {}
      - While: $d != null
        Do:
          - $d: dict(k => $d)
`, maxSteps: 1_000_000, wantType: "BudgetExceeded"},
		{name: "a list nested 40,000 deep in one expression", methods: `
  test:
    Body:
      - $x: range(0, 200).aggregate(range(0, 200).aggregate([$1], $1), [])
      - Return: 1
`, wantType: "RecursionError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runSafely(t, context.Background(), class(tt.methods), RunRequest{Method: "test", MaxSteps: tt.maxSteps})
			if tt.wantType != "" {
				wantError(t, res, tt.wantType, "")
				return
			}
			if !res.OK {
				t.Fatalf("error %s: %s", res.Error.Type, res.Error.Message)
			}
			if _, err := res.MarshalJSON(); err != nil {
				t.Errorf("the result cannot be printed: %v", err)
			}
		})
	}
}

// TestMuranoPLDeepObjectGraph serialises a chain of objects, each owning
// the next.
func TestMuranoPLDeepObjectGraph(t *testing.T) {
	files := map[string]string{"A.yaml": `
Name: A
Properties:
  next:
    Contract: $.class(A)
    Usage: InOut
Methods:
  test:
    Body:
      - $last: $this
      - $i: 0
      - While: $i < 5000
        Do:
          - $n: new(A, $last)
          - $last.next: $n
          - $last: $n
          - $i: $i + 1
      - Return: 1
`}
	model := value.NewDict(1)
	hdr := value.NewDict(2)
	hdr.SetString("type", value.String("A"))
	hdr.SetString("id", value.String("root"))
	model.SetString("?", hdr)
	res := runSafely(t, context.Background(), files, RunRequest{Model: model, Method: "test", DumpModel: true, MaxSteps: 1 << 60})
	if !res.OK && res.Error.Type == "NotImplementedError" {
		t.Skip(res.Error.Message)
	}
	if !res.OK {
		t.Fatalf("error %s: %s", res.Error.Type, res.Error.Message)
	}
	if _, err := res.MarshalJSON(); err != nil {
		t.Fatalf("the model cannot be printed: %v", err)
	}
}

func TestMuranoPLLoadErrorPositions(t *testing.T) {
	tests := []struct {
		name, src string
		wantType  string
		wantWhere string // prefix of the first Where entry
	}{
		{"YAML syntax", "Name: A\nMethods:\n  test:\n    Body:\n      - Return: [1, 2\n",
			"Exception", "A.yaml:5: YAMLError: did not find expected ',' or ']'"},
		{"unknown property usage", "Name: A\nProperties:\n  p:\n    Contract: $\n    Usage: Bogus\nMethods:\n  test:\n    Body:\n      - Return: 1\n",
			"DslSyntaxError", "A.yaml:5:12: DslSyntaxError: Unknown usage Bogus."},
		{"property without a contract", "Name: A\nProperties:\n  p:\n    Usage: In\nMethods:\n  test:\n    Body:\n      - Return: 1\n",
			"KeyError", "A.yaml:4:5: KeyError: 'Contract'"},
		{"unknown namespace prefix", "Name: x:A\nMethods:\n  test:\n    Body:\n      - Return: 1\n",
			"KeyError", "A.yaml:1:7: KeyError: 'Unknown namespace prefix x'"},
		{"unresolved parent", "Name: A\nExtends: Nope\nMethods:\n  test:\n    Body:\n      - Return: 1\n",
			"NoClassFound", `A.yaml:2:10: NoClassFound: Class "Nope" is not found`},
		{"unresolved import", "Name: A\nImport: [Nope]\nMethods:\n  test:\n    Body:\n      - Return: 1\n",
			"NoClassFound", `A.yaml:2:10: NoClassFound: Class "Nope" is not found`},
		{"invalid arguments", "Name: A\nMethods:\n  test:\n    Arguments: 5\n    Body:\n      - Return: 1\n",
			"DslSyntaxError", "A.yaml:4:16: DslSyntaxError: Invalid arguments declaration"},
		{"misspelt block construct", "Name: A\nMethods:\n  test:\n    Body:\n      - If: true\n        Thenn: 1\n",
			"SyntaxError", "A.yaml:5:9: SyntaxError: Syntax is incorrect in expression"},
		{"nested misspelt construct", "Name: A\nMethods:\n  test:\n    Body:\n      - If: true\n        Then:\n          - Whil: $x\n",
			"SyntaxError", "A.yaml:7:13: SyntaxError: Syntax is incorrect in expression"},
		{"YAQL syntax", "Name: A\nMethods:\n  test:\n    Body:\n      - Return: !yaql '$x + (1'\n",
			"YaqlGrammarException", "A.yaml:5:32: YaqlGrammarException: Parse error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runSafely(t, context.Background(), map[string]string{"A.yaml": tt.src}, RunRequest{Method: "test"})
			if res.OK {
				t.Fatalf("the run succeeded, want %s", tt.wantType)
			}
			if res.Error.Type != tt.wantType {
				t.Errorf("error %s: %s, want %s", res.Error.Type, res.Error.Message, tt.wantType)
			}
			if len(res.Error.Where) == 0 || !strings.HasPrefix(res.Error.Where[0], tt.wantWhere) {
				t.Errorf("where %q, want %q…", res.Error.Where, tt.wantWhere)
			}
			out, err := res.MarshalJSON()
			if err != nil || strings.Contains(string(out), "A.yaml:") && tt.wantType != "Exception" {
				t.Errorf("the JSON shows the position: %s (%v)", out, err)
			}
		})
	}
}

// TestMuranoPLUnknownKeysIgnored checks that class keys the reference
// does not know are ignored, as it ignores them.
func TestMuranoPLUnknownKeysIgnored(t *testing.T) {
	res := runSafely(t, context.Background(), map[string]string{"A.yaml": "Name: A\nFoo: 1\nMethods:\n  test:\n    Bar: 2\n    Body:\n      - Return: 1\n"},
		RunRequest{Method: "test"})
	if !res.OK || value.Repr(res.Result) != "1" {
		t.Errorf("result %+v, want 1", res)
	}
}

package engine

import (
	"context"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"murano.dev/playground/engine/pkg"
)

// fuzzCore is the core library, read into memory once for all the runs of
// a fuzzing process.
var fuzzCore = sync.OnceValues(func() (fs.FS, error) {
	core, _, err := pkg.LocateCoreLibrary()
	if err != nil {
		return nil, err
	}
	mem := fstest.MapFS{}
	err = fs.WalkDir(core, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(core, name)
		mem[name] = &fstest.MapFile{Data: data}
		return err
	})
	return mem, err
})

// fuzzSeeds are the rest of class files that start with "Name: F\n".
var fuzzSeeds = []string{
	`Methods:
  test:
    Body:
      - Return: 1
`,
	`Properties:
  x:
    Contract: $.int().notNull()
    Usage: InOut
    Default: 3
Methods:
  test:
    Arguments:
      - n: {Contract: $.int(), Default: 5}
    Body:
      - $s: 0
      - For: i
        In: range(0, $n)
        Do:
          - $s: $s + $i * $.x
          - If: $s > 100
            Then:
              - Break:
      - While: $s > 0
        Do:
          - $s: $s - 7
      - Return: [$s, $.x, list($n)]
`,
	`Extends: io.murano.Object
Properties:
  child:
    Contract: $.class(F)
    Usage: InOut
  items:
    Contract: [$.string().notNull()]
    Default: [a, b]
Methods:
  .init:
    Body:
      - $.items: $.items + [c]
  test:
    Body:
      - Try:
          - Throw: Boom
            Message: failed
        Catch:
          - With: Boom
            As: e
            Do:
              - Return: [$e.message, len($.items)]
        Finally:
          - $.child: null
`,
	`Methods:
  test:
    Body:
      - Parallel:
          - Do:
              - sleep(1)
              - $.rec(3)
          - Do:
              - sleep(0)
        Limit: 2
      - Match:
          a:
            - Return: 1
        Value: a
        Default:
          - Return: 0
  rec:
    Arguments:
      - n: {Contract: $.int()}
    Body:
      - If: $n <= 0
        Then:
          Return: 0
        Else:
          Return: $.rec($n - 1) + 1
`,
	`Properties:
  counter:
    Contract: $.int()
    Usage: Static
    Default: 0
  data:
    Contract:
      name: $.string().notNull()
      tags: [$.string()]
      ref: $.class(F)
    Usage: InOut
    Default: {name: x, tags: [a]}
Meta:
  - io.murano.metadata.HelpText:
      text: fuzz
Methods:
  test:
    Scope: Public
    Body:
      - $.data.tags[0]: b
      - $.data.name: $.data.tags.join(',')
      - :F.counter: :F.counter + 1
      - $o: new(F, data => {name => y})
      - $log: logger('fuzz')
      - $log.info('{0} {1}', id($o) != null, type($o))
      - Repeat: 3
        Do:
          - Continue:
      - Return: list($.data, typeinfo($this).name, $o.data.name, :F.counter)
`,
	`Import: [io.murano.Object]
Methods:
  ext:
    Usage: Extension
    Arguments:
      - self: {Contract: $.int()}
      - k: {Contract: $.int(), Default: 2}
    Body:
      - Return: $self * $k
  test:
    Arguments:
      - args:
          Contract: $.string()
          Usage: VarArgs
      - kwargs:
          Contract: $.int()
          Usage: KwArgs
    Body:
      - Try:
          - Try:
              - Throw: [A, B]
                Message: inner
                Extra: {a: 1}
            Catch:
              - With: A
                Do:
                  - Rethrow:
        Catch:
          - As: e
            Do:
              - $r: [$e.name, $e.extra, $e.stackTrace != null]
        Else:
          - $r: none
      - Return: list($r, 3.ext(), 3.ext(k => 4), $args, $kwargs)
`,
	`Namespaces:
  std: io.murano
Methods:
  test:
    Usage: Static
    Body:
      - $d: dict(a => 1, b => [1, 2])
      - $d.c: $d.b.len()
      - Switch:
          $d.c = 2:
            - Return: dict(x => $d)
        Default:
          - Return: std:Object
`,
}

// FuzzRunClass loads a class file (Classes/Fuzz.yaml, class F) and calls its
// method test with a small step budget and a short deadline: whatever the
// file holds, the run must end with a result or a MuranoPL error, never a
// panic, a hang or an error of the request.
func FuzzRunClass(f *testing.F) {
	core, err := fuzzCore()
	if err != nil {
		if os.Getenv("CI") == "true" {
			f.Fatal(err)
		}
		f.Skip(err)
	}
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, rest []byte) {
		src := append([]byte("Name: F\n"), rest...)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		done := make(chan struct{})
		var res *RunResult
		var runErr error
		go func() {
			defer close(done)
			res, runErr = RunMuranoPL(ctx, RunRequest{
				Classes:     fstest.MapFS{"Fuzz.yaml": &fstest.MapFile{Data: src}},
				CoreLibrary: core,
				Class:       "F",
				Method:      "test",
				MaxSteps:    20_000,
			})
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("the run did not end 28 s after its deadline")
		}
		if runErr != nil {
			t.Fatalf("RunMuranoPL: %v", runErr)
		}
		if !res.OK {
			if res.Error == nil || res.Error.Type == "" {
				t.Fatalf("a failed run without an error: %+v", res)
			}
			if strings.Contains(res.Error.Message, "internal error") || strings.Contains(res.Error.Message, "panic") {
				t.Fatalf("the engine broke: %s: %s", res.Error.Type, res.Error.Message)
			}
		}
		if _, err := res.MarshalJSON(); err != nil {
			t.Fatalf("the result cannot be printed: %v", err)
		}
	})
}

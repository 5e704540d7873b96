package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"murano.dev/playground/engine"
)

const testUsage = `usage: muranopl test --package-dir DIR [--package-dir DIR]... --package NAME[/VERSION]
                     [--core-library PATH] [--json] [TEST...]

Runs the MuranoPL tests of a package as murano's test runner does: the
test* methods of its classes that extend io.murano.test.TestFixture, each
on a new object, between setUp and tearDown, with the fixture's
assertions, load(model) and the mocking functions inject, originalMethod
and withOriginal. A TEST is a test class's full name, Class.method, or a
bare method name (that method in every class); none runs every test. The
packages are searched for in the --package-dir folders, as muranopl deploy
searches --packages, with the project's own core library (or the one
--core-library names) and io.murano.applications. Prints one line per
test and a last line "Executed N tests: P passed, F failed" (each
failure's message and MuranoPL stack trace on stderr), or with --json
{"tests": [{"class", "method", "ok", "error": null | {"type",
"message"}}], "passed", "failed"} and, when a setUp raised or the runner
could not run, a top-level "error": {"type", "message"}. Exit status: 0
when every test passed, 1 otherwise, 2 on usage errors.
`

func runTest(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("test", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, testUsage) }
	var dirs repeated
	flags.Var(&dirs, "package-dir", "a folder searched for packages (repeatable)")
	name := flags.String("package", "", "the package whose tests run (NAME or NAME/VERSION)")
	coreLibrary := flags.String("core-library", "", "the io.murano core library (zip or folder) instead of the project's own")
	asJSON := flags.Bool("json", false, "print the results as one JSON document")
	if err := flags.Parse(reorder(flags, args)); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "muranopl test: "+format+"\n", a...)
		return 2
	}
	if *name == "" || len(dirs) == 0 {
		return usageError("give --package NAME and at least one --package-dir DIR")
	}
	req := engine.TestRequest{Package: *name, Tests: flags.Args()}
	if *coreLibrary != "" {
		var err error
		if req.CoreLibrary, err = readCoreLibrary(*coreLibrary); err != nil {
			return usageError("%v", err)
		}
		req.Searched = append(req.Searched, absolute(*coreLibrary))
	}
	for _, dir := range dirs {
		found, skipped, err := engine.FindPackages(dir)
		if err != nil {
			return usageError("--package-dir %s: %v", dir, err)
		}
		for _, s := range skipped {
			fmt.Fprintf(stderr, "muranopl test: skipped %s: %s\n", s.Package, s.Error)
		}
		req.Packages = append(req.Packages, found...)
		req.Searched = append(req.Searched, absolute(dir))
	}
	if !*asJSON {
		req.Done = func(t engine.TestResult) {
			if t.OK {
				fmt.Fprintf(stdout, "%s.%s ... OK\n", t.Class, t.Method)
				return
			}
			first, _, _ := strings.Cut(t.Error.Message, "\n")
			fmt.Fprintf(stdout, "%s.%s ... FAIL: %s: %s\n", t.Class, t.Method, t.Error.Type, first)
			fmt.Fprintf(stderr, "%s.%s: %s\n", t.Class, t.Method, describe(t.Error))
		}
	}
	rep, err := engine.RunTests(context.Background(), req)
	if err != nil {
		return usageError("%v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "muranopl test:", err)
			return 1
		}
	} else {
		if rep.Error != nil {
			fmt.Fprintf(stdout, "stopped: %s: %s\n", rep.Error.Type, rep.Error.Message)
			fmt.Fprintf(stderr, "muranopl test: %s\n", describe(rep.Error))
		}
		fmt.Fprintf(stdout, "Executed %d tests: %d passed, %d failed\n", len(rep.Tests), rep.Passed, rep.Failed)
	}
	if rep.Failed > 0 || rep.Error != nil {
		return 1
	}
	return 0
}

// describe writes an exception with its MuranoPL stack trace.
func describe(e *engine.TestError) string {
	s := e.Type + ": " + e.Message
	if e.Exception != nil {
		if tb := e.Exception.Traceback(); tb != "" {
			s += "\n" + tb
		}
	}
	return s
}

func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

package main

import (
	"flag"
	"fmt"
	"io"
	"io/fs"

	"murano.dev/playground/engine"
)

const lintUsage = `usage: muranopl lint [flags] PACKAGE

Checks a package folder or .zip without running it and prints one problem
a line, "file:line:col: error|warning: CODE message". Exit status 1 when
there is an error, 0 when there are only warnings or nothing.

flags:
`

func runLint(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("lint", flag.ContinueOnError)
	flags.SetOutput(stderr)
	noCore := flags.Bool("no-core", false, "do not check against the io.murano core library (classes outside the package are unchecked)")
	flags.Usage = func() {
		fmt.Fprint(stderr, lintUsage)
		flags.PrintDefaults()
	}
	if exit, ok := parsePackageArgs(flags, args); !ok {
		return exit
	}
	pp, err := engine.ReadPackagePath(flags.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "muranopl lint:", err)
		return 2
	}
	fsys, err := pp.Files()
	if err != nil {
		fmt.Fprintln(stderr, "muranopl lint:", err)
		return 2
	}
	var core fs.FS
	if !*noCore {
		core = engine.OwnCoreLibrary()
	}
	problems, err := engine.LintPackage(fsys, core)
	if err != nil {
		fmt.Fprintf(stderr, "muranopl lint: %s: %v\n", flags.Arg(0), err)
		return 2
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	if engine.LintFailed(problems) {
		return 1
	}
	return 0
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"murano.dev/playground/engine"
)

const inspectUsage = `usage: muranopl inspect PACKAGE

Prints what a package folder or .zip is as one JSON object: fullName, name,
type, format, version, description, author, tags, classes, require, ui,
uiVersion. Exit status 1 when the package does not open (the errors, with
file:line:col, go to stderr), 2 on bad usage.
`

func runInspect(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("inspect", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, inspectUsage) }
	if exit, ok := parsePackageArgs(flags, args); !ok {
		return exit
	}
	path := flags.Arg(0)
	pp, err := engine.ReadPackagePath(path)
	if errors.Is(err, engine.ErrTooLarge) {
		fmt.Fprintln(stderr, "muranopl inspect:", err)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "muranopl inspect:", err)
		return 2
	}
	p, err := pp.Open()
	if err != nil {
		return inspectError(stderr, path, err)
	}
	info, err := engine.DescribePackage(p)
	if err != nil {
		return inspectError(stderr, path, err)
	}
	stdout.Write(info.JSON())
	return 0
}

// inspectError prints the errors of a package that does not open, one a
// line (file:line:col: message), and returns exit status 1.
func inspectError(stderr io.Writer, path string, err error) int {
	fmt.Fprintf(stderr, "muranopl inspect: %s:\n%v\n", path, err)
	return 1
}

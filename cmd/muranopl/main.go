// Command muranopl is the Murano Playground on the command line: it
// evaluates YAQL expressions (yaql), runs MuranoPL methods (run), describes
// and checks packages (inspect, lint) and runs their Dynamic UI forms
// (ui), deploys environments (env, deploy), runs the tests of packages
// (test), generates the JSON schemas of classes (schema) and formats YAML
// files keeping their comments (fmt). It is a thin shell over the facades
// engine and formgen, the same API the web playground's WebAssembly
// bridge uses.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"murano.dev/playground/engine"
)

const usage = `usage: muranopl <command> [arguments]

commands:
  yaql      evaluate a YAQL expression (muranopl yaql -h for its flags)
  run       run a MuranoPL method (muranopl run -h for its flags)
  lint      check a package folder or .zip (muranopl lint -h for its flags)
  inspect   describe a package folder or .zip as JSON
  ui        run a package's Dynamic UI forms (muranopl ui -h for its flags)
  env       wrap application models into an environment model (muranopl env -h)
  deploy    deploy an environment in the simulated cloud (muranopl deploy -h)
  test      run the MuranoPL tests of a package (muranopl test -h)
  schema    the JSON schemas of a class and its model builders (muranopl schema -h)
  fmt       format YAML files, keeping their comments (muranopl fmt -h)
  version   print the version

`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status: 0 on
// success, 1 when the work failed (an evaluation error), 2 on bad usage.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "yaql":
		return runYAQL(args[1:], stdin, stdout, stderr)
	case "run":
		return runRun(args[1:], stdout, stderr)
	case "lint":
		return runLint(args[1:], stdout, stderr)
	case "inspect":
		return runInspect(args[1:], stdout, stderr)
	case "ui":
		return runUI(args[1:], stdout, stderr)
	case "env":
		return runEnv(args[1:], stdout, stderr)
	case "deploy":
		return runDeploy(args[1:], stdout, stderr)
	case "test":
		return runTest(args[1:], stdout, stderr)
	case "schema":
		return runSchema(args[1:], stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "muranopl", engine.Version())
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "muranopl: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// parsePackageArgs parses the flags of a command that takes one package
// path. When the command should not go on, ok is false and exit is its
// status: 0 after -h, 2 for bad usage (the usage is printed).
func parsePackageArgs(flags *flag.FlagSet, args []string) (exit int, ok bool) {
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, false
		}
		return 2, false
	}
	if flags.NArg() != 1 {
		flags.Usage()
		return 2, false
	}
	return 0, true
}

// reorder moves the flags written among the positional arguments in front
// of them, so that "muranopl ui PKG --input x" parses: a flag that is not
// boolean takes the next argument as its value unless it has "=".
func reorder(flags *flag.FlagSet, args []string) []string {
	var flagArgs, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(append(flagArgs, a), append(rest, args[i+1:]...)...)
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := flags.Lookup(name); f != nil && !isBoolFlag(f) && i+1 < len(args) {
			flagArgs = append(flagArgs, args[i+1])
			i++
		}
	}
	return append(flagArgs, rest...)
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"murano.dev/playground/engine"
	"murano.dev/playground/formgen"
)

const uiUsage = `usage: muranopl ui PACKAGE --input ANSWERS.json [--seed N]
       muranopl ui PACKAGE --describe

Runs the Dynamic UI forms of a package folder, a .zip or a bare ui.yaml
(then give --fqn, --package-name, --package-version) the way the dashboard
does, with the answers of ANSWERS.json (the Dynamic UI oracle's input
format). Prints {"valid": true, "objectModel": ...} (exit 0),
{"valid": false, "step", "form", "errors"} (exit 1) or
{"error": {"type", "message"}} (exit 2, also on bad usage). With
--describe it prints the rendered steps ("forms").
`

func runUI(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("ui", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, uiUsage) }
	input := flags.String("input", "", "the answers (JSON)")
	seed := flags.Int64("seed", 42, "seed of the generated ids and host names")
	describe := flags.Bool("describe", false, "print the rendered steps")
	nested := flags.Bool("nested", false, "the nested (\"+\") wizard of an application reference")
	fqn := flags.String("fqn", "", "package full name (for a bare ui.yaml)")
	name := flags.String("package-name", "", "package display name (for a bare ui.yaml)")
	version := flags.String("package-version", "", "package version (for a bare ui.yaml)")
	if exit, ok := parsePackageArgs(flags, reorder(flags, args)); !ok {
		return exit
	}
	opts := formgen.Options{FQN: *fqn, PackageName: *name, PackageVersion: *version, Seed: *seed, SeedSet: true, Nested: *nested}
	file, src, err := readUI(flags.Arg(0), &opts)
	if err != nil {
		fmt.Fprintln(stderr, "muranopl ui:", err)
		return 2
	}
	in := &formgen.Input{Forms: nil}
	if *input != "" {
		data, err := os.ReadFile(*input)
		if err != nil {
			fmt.Fprintln(stderr, "muranopl ui:", err)
			return 2
		}
		if in, err = formgen.ParseInput(data); err != nil {
			fmt.Fprintf(stderr, "muranopl ui: %s: %v\n", *input, err)
			return 2
		}
	} else if !*describe {
		flags.Usage()
		return 2
	} else {
		in, _ = formgen.ParseInput(nil)
	}
	var res *formgen.Result
	def, err := formgen.Load(file, src)
	if err != nil {
		res = &formgen.Result{Error: formgen.AsError(err)}
	} else {
		res = formgen.Run(def, in, opts, *describe)
	}
	out := res.JSON()
	if *describe && res.Error == nil {
		out = map[string]any{"forms": res.Forms}
		if !res.Valid && res.Forms != nil {
			out["valid"], out["step"], out["form"], out["errors"] = false, res.Step, res.Form, res.Errors
		}
	}
	data, _ := json.MarshalIndent(out, "", "  ")
	stdout.Write(append(data, '\n'))
	if *describe && res.Error == nil {
		return 0
	}
	return res.ExitCode()
}

// readUI returns the UI definition of a package folder, a .zip or a
// bare ui.yaml, and fills the package's names into opts.
func readUI(path string, opts *formgen.Options) (string, []byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", nil, err
	}
	if !st.IsDir() && filepath.Ext(path) != ".zip" {
		src, err := os.ReadFile(path)
		return path, src, err
	}
	pp, err := engine.ReadPackagePath(path)
	if err != nil {
		return "", nil, err
	}
	p, err := pp.Open()
	if err != nil {
		return "", nil, err
	}
	src, err := formgen.PackageUI(p, opts)
	if errors.Is(err, formgen.ErrNoUI) {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	if err != nil {
		return "", nil, err
	}
	return formgen.UIFile, src, nil
}

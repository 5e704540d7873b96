package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"murano.dev/playground/engine"
)

const schemaUsage = `usage: muranopl schema --package-dir DIR [--package-dir DIR]... --class NAME
                       [--method NAME]... [--class-version SPEC] [--package-name NAME]
                       [--extensions] [--core-library PATH] [--indent N]

Prints the JSON schemas of a MuranoPL class and of its model builders as
murano's schema API generates them from the contracts and the UI metas:
{"": <class schema>, "<builder>": <schema>, ...}. --method picks the
schemas ("" for the class's; names that are not model builders are left
out); --class-version is the version spec of the class's package (default:
major version 0); --package-name looks for the class in that package only.
--extensions adds what the MuranoPL forms specification promises and
murano 14.0.0 does not do ("required", lengths, list counts, default
titles, object versions and contexts, builders without their model
argument). The --package-dir folders are searched for packages (folders
with manifest.yaml, and .zip files); the core library is the project's own
unless --core-library names another. Exit status: 0 with the schemas, 1
when the generation fails ({"error": "<ExceptionType>: <message>"}), 2 on
usage errors.
`

func runSchema(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("schema", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, schemaUsage) }
	var dirs, methods repeated
	flags.Var(&dirs, "package-dir", "a folder searched for packages (repeatable)")
	class := flags.String("class", "", "the full name of the class")
	flags.Var(&methods, "method", `a model builder whose schema is wanted, "" for the class (repeatable)`)
	classVersion := flags.String("class-version", "", "the version spec of the class's package")
	packageName := flags.String("package-name", "", "the package the class is looked for in")
	extensions := flags.Bool("extensions", false, "add what murano 14.0.0 leaves out")
	coreLibrary := flags.String("core-library", "", "the io.murano core library (zip or folder) instead of the project's own")
	indent := flags.Int("indent", -1, "pretty-print with this indentation")
	if err := flags.Parse(reorder(flags, args)); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "muranopl schema: "+format+"\n", a...)
		return 2
	}
	switch {
	case flags.NArg() > 0:
		return usageError("unexpected argument %q", flags.Arg(0))
	case len(dirs) == 0:
		return usageError("give --package-dir DIR")
	case *class == "":
		return usageError("give --class NAME")
	}
	req := engine.SchemaRequest{Class: *class, Methods: methods, ClassVersion: *classVersion, Package: *packageName, Extensions: *extensions}
	for _, dir := range dirs {
		found, skipped, err := engine.FindPackages(dir)
		if err != nil {
			return usageError("--package-dir %s: %v", dir, err)
		}
		for _, s := range skipped {
			fmt.Fprintf(stderr, "muranopl schema: skipped %s: %s\n", s.Package, s.Error)
		}
		req.Packages = append(req.Packages, found...)
	}
	if *coreLibrary != "" {
		var err error
		if req.CoreLibrary, err = readCoreLibrary(*coreLibrary); err != nil {
			return usageError("%v", err)
		}
	}
	res, err := engine.GenerateSchema(context.Background(), req)
	if err != nil {
		return usageError("%v", err)
	}
	out, err := res.JSON(*indent)
	if err != nil {
		fmt.Fprintln(stderr, "muranopl schema:", err)
		return 1
	}
	stdout.Write(out)
	if res.Error != nil {
		return 1
	}
	return 0
}

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"murano.dev/playground/formgen"
)

const fmtUsage = `usage: muranopl fmt [flags] FILE...

Formats YAML files as the playground's Format command does: two spaces a
level, a sequence indented under its key, and everything else as written
(comments, blank lines, key order, scalars with their line breaks and
styles, flow collections, anchors). Prints the formatted files, or with
-w rewrites those that change; "-" reads the standard input. A file that
does not parse is reported as "FILE:line:col: message" and left alone.
Exit status 1 when a file could not be formatted, 2 on usage errors.

flags:
`

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("fmt", flag.ContinueOnError)
	flags.SetOutput(stderr)
	write := flags.Bool("w", false, "write the result to the file instead of printing it")
	list := flags.Bool("l", false, "list the files whose formatting differs instead of printing them")
	flags.Usage = func() {
		fmt.Fprint(stderr, fmtUsage)
		flags.PrintDefaults()
	}
	if err := flags.Parse(reorder(flags, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if flags.NArg() == 0 {
		flags.Usage()
		return 2
	}
	status := 0
	for _, name := range flags.Args() {
		var src []byte
		var err error
		if name == "-" {
			if *write {
				fmt.Fprintln(stderr, "muranopl fmt: -w cannot rewrite the standard input")
				return 2
			}
			src, err = io.ReadAll(stdin)
		} else {
			src, err = os.ReadFile(name)
		}
		if err != nil {
			fmt.Fprintln(stderr, "muranopl fmt:", err)
			status = 1
			continue
		}
		out, err := formgen.FormatYAML(src)
		if err != nil {
			fmt.Fprintf(stderr, "%s:%v\n", name, err)
			status = 1
			continue
		}
		changed := !bytes.Equal(src, out)
		switch {
		case *list:
			if changed {
				fmt.Fprintln(stdout, name)
			}
		case *write:
			if changed {
				info, err := os.Stat(name)
				if err == nil {
					err = os.WriteFile(name, out, info.Mode().Perm())
				}
				if err != nil {
					fmt.Fprintln(stderr, "muranopl fmt:", err)
					status = 1
				}
			}
		default:
			stdout.Write(out)
		}
	}
	return status
}

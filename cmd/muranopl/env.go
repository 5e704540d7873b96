package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"murano.dev/playground/engine"
)

const envUsage = `usage: muranopl env APP.json [APP.json]... [--name NAME] [--seed N]
                    [--network neutron|nova|none] [--indent N] [-o ENV.json]

Wraps application object models (the output of muranopl ui, or a bare
{"?": ...} model) into the environment model Murano's API hands to the
engine for a deploy: the environment with its default network and the
applications, an empty attribute store, the project and user of the
simulated cloud. The environment's and its network's ids come from --seed.
`

func runEnv(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("env", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, envUsage) }
	name := flags.String("name", "demo-env", "the environment's name")
	seed := flags.Int64("seed", 42, "seed of the environment's and its network's ids")
	network := flags.String("network", "neutron", "the default network: neutron, nova or none")
	indent := flags.Int("indent", 1, "spaces of indentation (0: one item a line, -1: one line)")
	output := flags.String("o", "", "write the environment to this file instead of the standard output")
	if err := flags.Parse(reorder(flags, args)); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	apps := make([]engine.Value, flags.NArg())
	for i, path := range flags.Args() {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(stderr, "muranopl env:", err)
			return 2
		}
		if apps[i], err = engine.DecodeData(data, "json"); err != nil {
			fmt.Fprintf(stderr, "muranopl env: %s: %v\n", path, err)
			return 2
		}
		if _, err := engine.ApplicationModel(apps[i]); err != nil {
			fmt.Fprintf(stderr, "muranopl env: %s: %v\n", path, err)
			return 2
		}
	}
	env, err := engine.NewEnvironment(apps, engine.EnvironmentOptions{Name: *name, Seed: *seed, Network: *network})
	if err != nil {
		fmt.Fprintln(stderr, "muranopl env:", err)
		return 2
	}
	text, err := encodeIndented(env, *indent)
	if err != nil {
		fmt.Fprintln(stderr, "muranopl env:", err)
		return 1
	}
	if *output == "" {
		stdout.Write(text)
		return 0
	}
	if err := os.WriteFile(*output, text, 0o644); err != nil {
		fmt.Fprintln(stderr, "muranopl env:", err)
		return 1
	}
	return 0
}

// encodeIndented encodes v as Python's json.dumps(v, indent=indent)
// does, keys in their order, non-ASCII text as it is; a negative indent
// gives one line. The text ends with a newline.
func encodeIndented(v engine.Value, indent int) ([]byte, error) {
	compact, _, err := engine.EncodeJSON(v)
	if err != nil {
		return nil, err
	}
	if indent < 0 {
		return append(compact, '\n'), nil
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", strings.Repeat(" ", indent)); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

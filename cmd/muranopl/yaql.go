// This file defines the yaql command.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"murano.dev/playground/engine"
)

const yaqlUsage = `usage: muranopl yaql [flags] EXPR
       muranopl yaql --jsonl [flags] < requests.jsonl

Evaluates a YAQL expression over input data ($) and prints the result as
JSON. With --jsonl, reads one request per line, {"expr": str, "data": json,
"vars": {name: json}} (data and vars optional), and prints one line per
request: {"ok": true, "result": json} or {"ok": false, "error": "message"}.

flags:
`

type yaqlFlags struct {
	flavor         string
	allowDelegates bool
	limitIterators int
	memoryQuota    int
	dataFile       string
	jsonl          bool
	set            map[string]bool
}

func parseYAQLFlags(args []string, stderr io.Writer) (*yaqlFlags, []string, error) {
	f := &yaqlFlags{set: map[string]bool{}}
	fs := flag.NewFlagSet("yaql", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.flavor, "flavor", "plain", "`flavour`: plain, legacy (yaql --legacy), murano (MuranoPL 1.2–1.4) or murano-legacy (MuranoPL 1.0/1.1)")
	fs.BoolVar(&f.allowDelegates, "allow-delegates", false, "allow calling values: $f(x)")
	fs.IntVar(&f.limitIterators, "limit-iterators", 0, "largest collection `N` accepted or returned (default: the flavour's; -1 for none)")
	fs.IntVar(&f.memoryQuota, "memory-quota", 0, "memory quota in `BYTES` as the reference counts them (default: the flavour's; 0 or less for none)")
	fs.StringVar(&f.dataFile, "d", "", "input data `FILE` (JSON or YAML; - for stdin)")
	fs.BoolVar(&f.jsonl, "jsonl", false, "read JSON-lines requests from stdin")
	fs.Usage = func() {
		fmt.Fprint(stderr, yaqlUsage)
		fs.PrintDefaults()
	}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return f, positional, nil
}

func (f *yaqlFlags) request() (engine.YAQLRequest, error) {
	req := engine.YAQLRequest{Flavor: engine.Flavor(f.flavor), AllowDelegates: f.allowDelegates}
	if !slices.Contains(engine.Flavors(), req.Flavor) {
		return req, fmt.Errorf("unknown flavour %q (want plain, legacy, murano or murano-legacy)", f.flavor)
	}
	if f.set["limit-iterators"] {
		n := f.limitIterators
		req.LimitIterators = &n
	}
	if f.set["memory-quota"] {
		n := f.memoryQuota
		req.MemoryQuota = &n
	}
	return req, nil
}

func runYAQL(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, positional, err := parseYAQLFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	req, err := f.request()
	if err != nil {
		fmt.Fprintln(stderr, "muranopl yaql:", err)
		return 2
	}
	if f.jsonl {
		if len(positional) > 0 || f.dataFile != "" {
			fmt.Fprintln(stderr, "muranopl yaql: --jsonl takes its expressions and data from stdin")
			return 2
		}
		if err := runJSONL(req, stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "muranopl yaql:", err)
			return 1
		}
		return 0
	}
	if len(positional) != 1 {
		fmt.Fprintln(stderr, "muranopl yaql: want exactly one expression (use -h for help)")
		return 2
	}
	req.Expr = positional[0]
	if f.dataFile != "" {
		text, err := readFile(f.dataFile, stdin)
		if err != nil {
			fmt.Fprintln(stderr, "muranopl yaql:", err)
			return 2
		}
		if req.Data, err = engine.DecodeData(text, ""); err != nil {
			fmt.Fprintf(stderr, "muranopl yaql: %s:%v\n", f.dataFile, err)
			return 1
		}
	}
	v, err := engine.EvalYAQL(context.Background(), req)
	if err != nil {
		printEvalError(stderr, err)
		return 1
	}
	out, _, err := engine.EncodeJSON(v)
	if err != nil {
		fmt.Fprintln(stderr, "muranopl yaql:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return 0
}

func readFile(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

func printEvalError(w io.Writer, err error) {
	var ye *engine.YAQLError
	if !errors.As(err, &ye) {
		fmt.Fprintln(w, "muranopl yaql:", err)
		return
	}
	if ye.Start >= 0 {
		fmt.Fprintf(w, "expression:%d:%d: %s\n%s\n", ye.Line, ye.Col, ye.Error(), ye.Caret())
		return
	}
	fmt.Fprintln(w, ye.Error())
}

type jsonlRequest struct {
	Expr *string                    `json:"expr"`
	Data json.RawMessage            `json:"data"`
	Vars map[string]json.RawMessage `json:"vars"`
}

// runJSONL answers one JSON line per request line, in order.
func runJSONL(base engine.YAQLRequest, stdin io.Reader, stdout io.Writer) error {
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		out.Write(answer(base, line))
		out.WriteByte('\n')
	}
	return in.Err()
}

func answer(base engine.YAQLRequest, line string) []byte {
	fail := func(msg string) []byte {
		b, _ := json.Marshal(msg)
		return append(append([]byte(`{"ok": false, "error": `), b...), '}')
	}
	var r jsonlRequest
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		return fail("invalid request: " + err.Error())
	}
	if r.Expr == nil {
		return fail(`invalid request: missing "expr"`)
	}
	req := base
	req.Expr = *r.Expr
	if len(r.Data) > 0 {
		d, err := engine.DecodeJSON(r.Data)
		if err != nil {
			return fail("invalid request: data: " + err.Error())
		}
		req.Data = d
	}
	if len(r.Vars) > 0 {
		req.Vars = map[string]engine.Value{}
		for k, raw := range r.Vars {
			v, err := engine.DecodeJSON(raw)
			if err != nil {
				return fail("invalid request: vars." + k + ": " + err.Error())
			}
			req.Vars[k] = v
		}
	}
	v, err := engine.EvalYAQL(context.Background(), req)
	if err != nil {
		var ye *engine.YAQLError
		if errors.As(err, &ye) {
			return fail(ye.Short())
		}
		return fail(err.Error())
	}
	res, _, err := engine.EncodeJSON(v)
	if err != nil {
		return fail(err.Error())
	}
	return append(append([]byte(`{"ok": true, "result": `), res...), '}')
}

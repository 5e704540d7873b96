// Command bench measures YAQL throughput side by side: the same
// query-heavy corpus (where, select, orderBy, groupBy, join, aggregate over
// thousands of dictionaries) runs through `muranopl yaql --jsonl`, through
// the WebAssembly build under Node and through the reference, python3-yaql
// (through the reference harness's oracle.py, found in the folder that
// $MURANO_REFERENCE or -oracle names), in one run. It checks that all three
// agree and prints their throughput and the ratios.
//
// With -muranopl it measures the MuranoPL engine instead: the workload of
// scripts/bench/muranopl (build and walk a tree of Node objects) runs
// through the reference engine (oracle.py dsl), `muranopl run` and
// engine.RunMuranoPL in-process; it checks that the answers agree and
// prints the times and the ratios, raw and without the start-up.
//
// With -deploy it measures a deploy in the simulated cloud: the
// environment of engine/testdata/bench (100 applications, a server each)
// through the reference's deploy harness (deploy/deploy.py beside
// oracle.py), `muranopl deploy`, engine.Deploy in-process and the
// WebAssembly engine with the cloud's module under Node.
//
//	go run ./scripts/bench [-n RECORDS] [-repeat R] [-oracle PATH] [-skip-wasm]
//	go run ./scripts/bench -muranopl [-depth D] [-rounds R] [-oracle PATH]
//	go run ./scripts/bench -deploy [-oracle PATH] [-skip-wasm]
package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"murano.dev/playground/scripts/wasmbuild"
)

//go:embed node_runner.js
var nodeRunner []byte

// queries is the corpus: typical report-style queries over $ (a list of
// employee records) and $depts (a small list of departments).
var queries = []string{
	"$.where($.salary > 5000).len()",
	"$.where($.dept = 'd3' and $.age < 40).select($.name)",
	"$.select({name => $.name, pay => $.salary * 12}).where($.pay > 90000).len()",
	"$.orderBy($.salary).take(10).select($.id)",
	"$.orderByDescending($.age).thenBy($.name).select($.id).take(20)",
	"$.groupBy($.dept, $.salary, [$[0], $[1].sum()])",
	"$.groupBy($.dept).select([$[0], $[1].len()])",
	"$.select($.salary).sum()",
	"$.select($.age).max()",
	"$.aggregate($1 + $2.salary, 0)",
	"$.where($.tags.contains('go')).select($.id).take(50)",
	"$.selectMany($.tags).distinct().len()",
	"$.select($.name.toUpper()).where($.startsWith('A')).len()",
	"$.any($.salary > 9900)",
	"$.all($.age >= 18)",
	"$.where($.dept in ['d1', 'd2']).select($.salary).sum() / 2",
	"$.take(300).join($depts, $1.dept = $2.id, [$1.id, $2.name]).len()",
	"$.select(dict(id => $.id, band => switch($.salary > 7000 => high, $.salary > 3000 => mid, true => low))).groupBy($.band).select([$[0], $[1].len()]).orderBy($[0])",
	"$.distinct($.dept).select($.dept).orderBy($)",
	"$.where($.age mod 7 = 0).select(str($.id) + ':' + $.name).take(30)",
	"$.select($.salary).orderBy($).skip(100).first()",
	"$.indexWhere($.salary = 1234)",
	"$.select([$.dept, $.age]).toSet().len()",
	"$.where($.name =~ '^B.*a$').len()",
}

func main() {
	n := flag.Int("n", 3000, "number of records in $")
	repeat := flag.Int("repeat", 5, "times each query runs")
	oracle := flag.String("oracle", "", "path of the reference harness's oracle.py (default: oracle.py in $MURANO_REFERENCE)")
	skipWasm := flag.Bool("skip-wasm", false, "do not measure the WebAssembly build")
	muranopl := flag.Bool("muranopl", false, "measure the MuranoPL engine on scripts/bench/muranopl instead of YAQL")
	depth := flag.Int("depth", 6, "with -muranopl: depth of the tree (3^0 + … + 3^depth Node objects)")
	rounds := flag.Int("rounds", 1, "with -muranopl: times the workload walks the tree")
	deploy := flag.Bool("deploy", false, "measure a deploy of 100 applications in the simulated cloud instead of YAQL")
	flag.Parse()
	root, err := moduleRoot()
	check(err)
	if *oracle == "" {
		ref := os.Getenv("MURANO_REFERENCE")
		if ref == "" {
			fmt.Fprintln(os.Stderr, "bench compares with the reference: name its harness folder with MURANO_REFERENCE=<folder> or -oracle PATH/oracle.py")
			os.Exit(2)
		}
		*oracle = filepath.Join(ref, "oracle.py")
	}
	tmp, err := os.MkdirTemp("", "yaql-bench-")
	check(err)
	defer os.RemoveAll(tmp)
	if *deploy {
		if !benchDeploy(root, filepath.Join(filepath.Dir(*oracle), "deploy", "deploy.py"), tmp, *skipWasm) {
			os.RemoveAll(tmp)
			os.Exit(1)
		}
		return
	}
	if *muranopl {
		if !benchMuranoPL(root, *oracle, tmp, *depth, *rounds) {
			os.RemoveAll(tmp)
			os.Exit(1)
		}
		return
	}

	lines := corpus(*n, *repeat)
	input := []byte(strings.Join(lines, "\n") + "\n")
	fmt.Printf("corpus: %d queries × %d repeats over %d records (%.1f MB of JSON lines)\n", len(queries), *repeat, *n, float64(len(input))/1e6)

	cli := filepath.Join(tmp, "muranopl")
	run(root, nil, "go", "build", "-o", cli, "./cmd/muranopl")
	type result struct {
		name string
		secs float64
		out  []string
	}
	var results []result
	measure := func(name string, env []string, args ...string) {
		start := time.Now()
		out := runWithInput(root, env, input, args...)
		results = append(results, result{name, time.Since(start).Seconds(), out})
	}
	measure("python3-yaql (reference)", nil, "/usr/bin/python3", *oracle, "yaql", "--flavour", "plain", "--option", "limitIterators=-1", "--option", "memoryQuota=0", "--timeout", "600")
	measure("muranopl (native Go)", nil, cli, "yaql", "--jsonl", "--limit-iterators", "-1", "--memory-quota", "0")
	if !*skipWasm {
		wasmFile := filepath.Join(tmp, "engine.wasm")
		run(root, wasmbuild.Env, append([]string{"go"}, wasmbuild.Engine.Args(wasmFile)...)...)
		goroot := strings.TrimSpace(string(runOut(root, nil, "go", "env", "GOROOT")))
		runner := filepath.Join(tmp, "node_runner.js")
		check(os.WriteFile(runner, nodeRunner, 0o644))
		measure("WebAssembly under Node", nil, "node", runner, filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), wasmFile)
	}

	ref := results[0]
	fmt.Printf("\n%-28s %10s %12s %10s %s\n", "engine", "seconds", "queries/s", "vs python", "agreement")
	for _, r := range results {
		agree := 0
		for i := range r.out {
			if i < len(ref.out) && sameAnswer(r.out[i], ref.out[i]) {
				agree++
			}
		}
		fmt.Printf("%-28s %10.2f %12.1f %9.1f× %d/%d\n", r.name, r.secs, float64(len(lines))/r.secs, ref.secs/r.secs, agree, len(lines))
	}
}

// corpus builds the JSON lines: each query with the records as data and
// the departments as a variable.
func corpus(n, repeat int) []string {
	rng := rand.New(rand.NewSource(1))
	names := []string{"Anna", "Boris", "Bella", "Carl", "Dana", "Eva", "Fedor", "Alina", "Greta", "Bianca"}
	tags := []string{"go", "python", "yaql", "heat", "murano", "ops"}
	records := make([]map[string]any, n)
	for i := range records {
		var ts []string
		for _, t := range tags {
			if rng.Intn(3) == 0 {
				ts = append(ts, t)
			}
		}
		records[i] = map[string]any{
			"id": i, "name": names[rng.Intn(len(names))] + fmt.Sprint(i%97),
			"dept": fmt.Sprintf("d%d", rng.Intn(10)), "age": 18 + rng.Intn(50),
			"salary": 1000 + rng.Intn(9000), "tags": ts,
		}
	}
	depts := make([]map[string]any, 10)
	for i := range depts {
		depts[i] = map[string]any{"id": fmt.Sprintf("d%d", i), "name": fmt.Sprintf("Department %d", i)}
	}
	data, _ := json.Marshal(records)
	vars, _ := json.Marshal(map[string]any{"depts": depts})
	var lines []string
	for r := 0; r < repeat; r++ {
		for _, q := range queries {
			e, _ := json.Marshal(q)
			lines = append(lines, fmt.Sprintf(`{"expr": %s, "data": %s, "vars": %s}`, e, data, vars))
		}
	}
	return lines
}

// sameAnswer compares two answer lines as JSON values.
func sameAnswer(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

func run(dir string, env []string, args ...string) { runOut(dir, env, args...) }

func runOut(dir string, env []string, args ...string) []byte {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	check(err)
	return out
}

func runWithInput(dir string, env []string, input []byte, args ...string) []string {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	check(err)
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 256<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

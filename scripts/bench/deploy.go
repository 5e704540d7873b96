package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"murano.dev/playground/engine"
	"murano.dev/playground/scripts/wasmbuild"
)

//go:embed node_deploy.js
var nodeDeployRunner []byte

// The deploy workload: an environment of 100 applications with a server
// each (engine/testdata/bench), deployed in the simulated cloud.
const (
	deployPackages = "engine/testdata/bench/packages"
	deployEnv      = "engine/testdata/bench/env-100.json"
)

// deploySummary is what the engines' outputs must agree on.
type deploySummary struct {
	OK      bool
	Heat    int
	Reports int
	Stacks  int
}

func summarize(doc []byte) (deploySummary, error) {
	var out struct {
		OK      bool  `json:"ok"`
		Heat    []any `json:"heat"`
		Reports []any `json:"reports"`
		Stacks  []any `json:"stacks"`
	}
	err := json.Unmarshal(doc, &out)
	return deploySummary{out.OK, len(out.Heat), len(out.Reports), len(out.Stacks)}, err
}

// benchDeploy deploys the workload with the reference's deploy harness,
// with `muranopl deploy`, with engine.Deploy in-process and with the
// WebAssembly engine and cloud under Node (scripts/bench/node_deploy.js,
// as the page's worker runs them), prints the times and ratios and
// reports whether the outputs agree (success, Heat calls, reports,
// stacks).
func benchDeploy(root, harness, tmp string, skipWasm bool) bool {
	fmt.Printf("workload: %s with the packages of %s: 100 applications, a server each\n", deployEnv, deployPackages)
	cli := filepath.Join(tmp, "muranopl")
	run(root, nil, "go", "build", "-o", cli, "./cmd/muranopl")
	_, core, err := engine.LocateCoreLibrary()
	check(err)
	timeCommand := func(name string, args ...string) (float64, []byte) {
		start := time.Now()
		cmd := exec.Command(name, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "MURANO_CORE_LIBRARY="+core)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		check(err)
		return time.Since(start).Seconds(), out
	}
	fmt.Println("running the reference (deploy harness) …")
	refSecs, refOut := timeCommand("/usr/bin/python3", harness, "--packages", deployPackages, "--env", deployEnv)
	fmt.Println("running muranopl deploy …")
	cliSecs, cliOut := timeCommand(cli, "deploy", "--packages", deployPackages, "--env", deployEnv)
	fmt.Println("running engine.Deploy in-process …")
	packages, _, err := engine.FindPackages(filepath.Join(root, deployPackages))
	check(err)
	data, err := os.ReadFile(filepath.Join(root, deployEnv))
	check(err)
	env, err := engine.DecodeJSON(data)
	check(err)
	best := 0.0
	var inOut []byte
	for i := range ourRuns {
		start := time.Now()
		res, err := engine.Deploy(context.Background(), engine.DeployRequest{Packages: packages, Env: env.(*engine.Dict), Cloud: engine.InProcessCloud})
		check(err)
		secs := time.Since(start).Seconds()
		if i == 0 || secs < best {
			best = secs
		}
		inOut, err = engine.DeployOutputJSON(res.Output, -1)
		check(err)
	}
	type result struct {
		name string
		secs float64
		out  []byte
	}
	results := []result{{"deploy harness (reference)", refSecs, refOut}, {"muranopl deploy (CLI)", cliSecs, cliOut}, {"engine.Deploy (in-process)", best, inOut}}
	if !skipWasm {
		fmt.Println("running the WebAssembly engine and cloud under Node …")
		engineWasm, cloudWasm := filepath.Join(tmp, wasmbuild.Engine.File), filepath.Join(tmp, wasmbuild.Cloud.File)
		run(root, wasmbuild.Env, append([]string{"go"}, wasmbuild.Engine.Args(engineWasm)...)...)
		run(root, wasmbuild.Env, append([]string{"go"}, wasmbuild.Cloud.Args(cloudWasm)...)...)
		goroot := strings.TrimSpace(string(runOut(root, nil, "go", "env", "GOROOT")))
		runner := filepath.Join(tmp, "node_deploy.js")
		check(os.WriteFile(runner, nodeDeployRunner, 0o644))
		var libs bytes.Buffer
		check(engine.CoreLibrariesArchive(&libs))
		corelibZip := filepath.Join(tmp, "corelib.zip")
		check(os.WriteFile(corelibZip, libs.Bytes(), 0o644))
		cmd := exec.Command("node", runner, filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), engineWasm, cloudWasm, corelibZip, deployPackages, deployEnv)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprint(os.Stderr, stderr.String())
			check(err)
		}
		secs, err := strconv.ParseFloat(strings.TrimSpace(stderr.String()), 64)
		check(err)
		results = append(results, result{"WebAssembly under Node", secs, out})
	}
	ref, err := summarize(refOut)
	check(err)
	agree := true
	fmt.Printf("%-28s %10s %8s  %s\n", "engine", "seconds", "×", "ok, Heat calls, reports, stacks")
	for _, r := range results {
		s, err := summarize(r.out)
		check(err)
		same := "reference"
		if r.name != "deploy harness (reference)" {
			same = "same"
			if s != ref {
				same, agree = "DIFFERENT", false
			}
		}
		fmt.Printf("%-28s %10.3f %7.1f×  %v %s\n", r.name, r.secs, refSecs/r.secs, s, same)
	}
	return agree
}

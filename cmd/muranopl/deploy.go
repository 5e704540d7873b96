package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"murano.dev/playground/engine"
)

const deployUsage = `usage: muranopl deploy --packages DIR [--packages DIR]... --env ENV.json [--seed N]
                       [--faults FAULTS.json] [--state IN.json] [--save-state OUT.json]
                       [--action deploy | --action OBJECT_ID.METHOD [--args JSON]]
                       [--add-app APP.json]... [--remove-app ID]... [--fix async-push]
                       [--core-library PATH] [--scripts stub|shell|FIXTURES.json] [--durations]
                       [--indent N]

Runs one engine task on an environment in the simulated cloud, as Murano's
engine does: deploy it (the default action), run an action (a Public
method of a deployed object, with --args its keyword arguments; or, as
CLASS.METHOD, a Public static method, outside any environment), or
delete it ({"Objects": null} as ENV.json, with --state). The agents' scripts
succeed and print nothing (--scripts stub), run in a small fake shell
(shell), or print what the first matching row of a fixture table says
(a JSON list of {"script", "body", "code", "stdout", "stderr"}). With
--durations the cloud's work takes virtual time (a stack stays in progress
while its resources are made, an agent starts when its server has booted,
a plan takes 5 s); without it everything is done at once, as in the
reference harness's fake cloud. Prints the task's
result, the model Murano stores, the Heat stacks and calls, the agents'
plans and results, the deployment log and the inventory as one JSON
document (keys sorted). --state and --save-state carry the cloud and the
stored model from one task to the next. Exit status: 0 when the task
raised nothing, 1 when it ended in an exception, 2 on usage errors.
`

// repeated is a flag that may be given several times.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

func runDeploy(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("deploy", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, deployUsage) }
	var packages, addApps, removeApps repeated
	flags.Var(&packages, "packages", "a folder searched for packages (repeatable)")
	env := flags.String("env", "", "the environment model (JSON)")
	seed := flags.Int64("seed", 42, "seed of every generated id and name")
	faults := flags.String("faults", "", "a JSON list of the simulated cloud's faults")
	state := flags.String("state", "", "continue from this saved state")
	saveState := flags.String("save-state", "", "save the cloud and the stored model here")
	action := flags.String("action", "deploy", "deploy, or OBJECT_ID.METHOD")
	actionArgs := flags.String("args", "{}", "the action's keyword arguments (JSON object)")
	flags.Var(&addApps, "add-app", "add this application model before the task (repeatable)")
	flags.Var(&removeApps, "remove-app", "remove the application with this id before the task (repeatable)")
	fix := flags.String("fix", "", "async-push: make HeatStack.push(async => true) work")
	coreLibrary := flags.String("core-library", "", "the io.murano core library (zip or folder) instead of the project's own")
	scripts := flags.String("scripts", "stub", "how the agents run scripts: stub, shell, or a fixture table (JSON file)")
	durations := flags.Bool("durations", false, "the cloud's work takes virtual time")
	indent := flags.Int("indent", -1, "pretty-print with this indentation")
	if err := flags.Parse(reorder(flags, args)); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "muranopl deploy: "+format+"\n", a...)
		return 2
	}
	if flags.NArg() > 0 {
		return usageError("unexpected argument %q", flags.Arg(0))
	}
	_, _, static := engine.StaticAction(*action)
	if *env == "" && *state == "" && !static {
		return usageError("give --env ENV.json (or --state to continue)")
	}
	if *fix != "" && *fix != "async-push" {
		return usageError("--fix takes async-push")
	}
	req := engine.DeployRequest{Seed: *seed, Action: *action, RemoveApps: removeApps, FixAsyncPush: *fix == "async-push", Cloud: engine.InProcessCloud, Durations: *durations}
	if *action != "deploy" && !strings.Contains(*action, ".") {
		return usageError(`--action is "deploy", OBJECT_ID.METHOD or CLASS.METHOD`)
	}
	switch *scripts {
	case "stub", "shell":
		req.Scripts.Kind = *scripts
	default:
		data, err := os.ReadFile(*scripts)
		if err == nil {
			err = json.Unmarshal(data, &req.Scripts.Fixtures)
		}
		if err != nil {
			return usageError("--scripts %s: not stub, shell or a fixture table: %v", *scripts, err)
		}
		req.Scripts.Kind = "fixtures"
	}
	for _, dir := range packages {
		found, skipped, err := engine.FindPackages(dir)
		if err != nil {
			return usageError("--packages %s: %v", dir, err)
		}
		req.Packages = append(req.Packages, found...)
		req.Skipped = append(req.Skipped, skipped...)
	}
	readJSON := func(flagName, path string) (engine.Value, bool) {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(stderr, "muranopl deploy: %s: %v\n", flagName, err)
			return nil, false
		}
		v, err := engine.DecodeData(data, "json")
		if err != nil {
			fmt.Fprintf(stderr, "muranopl deploy: %s %s: %v\n", flagName, path, err)
			return nil, false
		}
		return v, true
	}
	if *env != "" {
		v, ok := readJSON("--env", *env)
		if !ok {
			return 2
		}
		d, isDict := v.(*engine.Dict)
		if !isDict {
			return usageError(`%s has no "Objects"`, *env)
		}
		req.Env = d
	}
	kwargs, err := engine.DecodeData([]byte(*actionArgs), "json")
	if err != nil {
		return usageError("--args is not JSON: %v", err)
	}
	if req.Args, _ = kwargs.(*engine.Dict); req.Args == nil {
		return usageError("--args is not a JSON object")
	}
	for _, path := range addApps {
		v, ok := readJSON("--add-app", path)
		if !ok {
			return 2
		}
		req.AddApps = append(req.AddApps, v)
	}
	if *faults != "" {
		if req.Faults, err = os.ReadFile(*faults); err != nil {
			return usageError("--faults: %v", err)
		}
	}
	if *state != "" {
		data, err := os.ReadFile(*state)
		if err != nil {
			return usageError("--state: %v", err)
		}
		req.State = &engine.DeployState{}
		if err := json.Unmarshal(data, req.State); err != nil {
			return usageError("--state %s: not a saved state: %v", *state, err)
		}
	}
	if *coreLibrary != "" {
		var err error
		if req.CoreLibrary, err = readCoreLibrary(*coreLibrary); err != nil {
			return usageError("%v", err)
		}
	}
	res, err := engine.Deploy(context.Background(), req)
	if err != nil {
		return usageError("%v", err)
	}
	if err := engine.WriteDeployOutput(stdout, res.Output, *indent); err != nil {
		fmt.Fprintln(stderr, "muranopl deploy:", err)
		return 1
	}
	for _, note := range res.Notes {
		fmt.Fprintln(stderr, "muranopl deploy: note:", note)
	}
	if *saveState != "" {
		state, err := res.State()
		var data []byte
		if err == nil {
			data, err = json.MarshalIndent(state, "", " ")
		}
		if err == nil {
			err = os.WriteFile(*saveState, append(data, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, "muranopl deploy: --save-state:", err)
			return 1
		}
	}
	if res.Failed {
		return 1
	}
	return 0
}

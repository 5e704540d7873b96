package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"murano.dev/playground/engine"
)

// The MuranoPL workload: scripts/bench/muranopl/Classes. testRun builds a
// tree of Node objects (fanout 3) and walks it; testNoop returns at once,
// so its time is the engine's start-up and the loading of the classes.
const (
	workloadClasses = "scripts/bench/muranopl"
	workloadClass   = "bench.muranopl.Workload"
	workloadMethod  = "testRun"
	noopMethod      = "testNoop"
	// ourRuns is how often our engine runs each call (the best time
	// counts); the reference runs the workload once and the no-op
	// ourRuns times.
	ourRuns = 3
)

// measurement is the wall-clock and CPU seconds of one call (CPU time
// counts every thread of the process: on a busy machine it is steadier
// than the wall clock).
type measurement struct{ wall, cpu float64 }

// timing is one engine's best measurement of the no-op and of the
// workload, and the workload's answer ({ok, result, traces, log} as JSON).
type timing struct {
	name           string
	noop, workload measurement
	answer         string
}

// net is the workload's time without the start-up.
func (t timing) net() measurement {
	return measurement{t.workload.wall - t.noop.wall, t.workload.cpu - t.noop.cpu}
}

// benchMuranoPL runs the workload through the reference engine
// (oracle.py dsl), the muranopl CLI and engine.RunMuranoPL in-process,
// prints the times and ratios and reports whether all answers agree.
func benchMuranoPL(root, oracle, tmp string, depth, rounds int) bool {
	nodes, level := 0, 1
	for range depth + 1 {
		nodes += level
		level *= 3
	}
	args := fmt.Sprintf("[%d, %d]", depth, rounds)
	fmt.Printf("workload: %s.%s --args %s (classes in %s): a tree of %d Node objects (fanout 3, depth %d) walked %d time(s)\n",
		workloadClass, workloadMethod, args, workloadClasses, nodes, depth, rounds)
	fmt.Printf("start-up: %s (best of %d runs); our engine's workload: best of %d runs; the reference's: one run\n\n", noopMethod, ourRuns, ourRuns)

	cli := filepath.Join(tmp, "muranopl")
	run(root, nil, "go", "build", "-o", cli, "./cmd/muranopl")
	command := func(prefix ...string) caller {
		return func(method, args string) (measurement, string) {
			argv := append(append([]string{}, prefix...), "--classes", workloadClasses, "--class", workloadClass, "--method", method)
			if args != "" {
				argv = append(argv, "--args", args)
			}
			cmd := exec.Command(argv[0], argv[1:]...)
			cmd.Dir = root
			cmd.Stderr = os.Stderr
			start := time.Now()
			out, err := cmd.Output()
			wall := time.Since(start).Seconds()
			if len(out) == 0 {
				check(fmt.Errorf("%s: %v", strings.Join(argv, " "), err))
			}
			cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
			return measurement{wall, cpu}, answerOf(out)
		}
	}
	reference := command("/usr/bin/python3", oracle, "dsl")
	ours := command(cli, "run")
	inProcess := inProcessRunner(filepath.Join(root, workloadClasses))

	fmt.Fprintln(os.Stderr, "running the reference (python3-murano) …")
	timings := []timing{measureMuranoPL("python3-murano (reference)", reference, args, ourRuns, 1)}
	fmt.Fprintln(os.Stderr, "running muranopl run …")
	timings = append(timings, measureMuranoPL("muranopl run (CLI)", ours, args, ourRuns, ourRuns))
	fmt.Fprintln(os.Stderr, "running engine.RunMuranoPL in-process …")
	timings = append(timings, measureMuranoPL("RunMuranoPL (in-process)", inProcess, args, ourRuns, ourRuns))

	ref := timings[0]
	fmt.Printf("%-27s %10s %9s %9s %7s %7s %9s %9s %7s  %s\n", "engine", "start-up s", "total s", "net s", "raw ×", "net ×", "cpu s", "cpu net s", "cpu ×", "answer")
	agree := true
	for _, t := range timings {
		verdict := "reference"
		switch {
		case failed(t.answer):
			verdict = "FAILED"
			agree = false
		case t.name == ref.name:
		case sameAnswer(t.answer, ref.answer):
			verdict = "same"
		default:
			verdict = "DIFFERENT"
			agree = false
		}
		fmt.Printf("%-27s %10.3f %9.3f %9.3f %6.1f× %6.1f× %9.3f %9.3f %6.1f×  %s\n", t.name,
			t.noop.wall, t.workload.wall, t.net().wall, ref.workload.wall/t.workload.wall, ref.net().wall/t.net().wall,
			t.workload.cpu, t.net().cpu, ref.net().cpu/t.net().cpu, verdict)
	}
	fmt.Println("\nstart-up = the no-op's time; net = total − start-up; raw × and net × = the reference's wall-clock time / this one;")
	fmt.Println("cpu × = the same for the net CPU time (user + system, all threads)")
	if !agree {
		fmt.Printf("\nreference answer: %s\n", clip(ref.answer))
		for _, t := range timings[1:] {
			if failed(t.answer) || !sameAnswer(t.answer, ref.answer) {
				fmt.Printf("%s: %s\n", t.name, clip(t.answer))
			}
		}
	}
	return agree
}

// measureMuranoPL times the no-op (best of noopRuns) and the workload
// (best of workloadRuns); the answer is the workload's last one.
func measureMuranoPL(name string, call caller, args string, noopRuns, workloadRuns int) timing {
	t := timing{name: name}
	t.noop, _ = best(noopRuns, func() (measurement, string) { return call(noopMethod, "") })
	t.workload, t.answer = best(workloadRuns, func() (measurement, string) { return call(workloadMethod, args) })
	return t
}

// caller makes one call of a method of the workload class with --args.
type caller func(method, args string) (measurement, string)

// best runs f and keeps the run with the shortest wall-clock time.
func best(runs int, f func() (measurement, string)) (measurement, string) {
	var m measurement
	var answer string
	for i := range runs {
		x, a := f()
		if i == 0 || x.wall < m.wall {
			m = x
		}
		answer = a
	}
	return m, answer
}

// inProcessRunner calls engine.RunMuranoPL on the workload's classes with
// the core library located once, as a long-lived host (the web app) does.
func inProcessRunner(classesDir string) caller {
	core, _, err := engine.LocateCoreLibrary()
	check(err)
	classes := os.DirFS(classesDir)
	return func(method, args string) (measurement, string) {
		req := engine.RunRequest{Classes: classes, CoreLibrary: core, Class: workloadClass, Method: method}
		if args != "" {
			v, err := engine.DecodeJSON([]byte(args))
			check(err)
			req.Args = v.(*engine.List).Items
		}
		cpu0 := processCPU()
		start := time.Now()
		res, err := engine.RunMuranoPL(context.Background(), req)
		m := measurement{time.Since(start).Seconds(), processCPU() - cpu0}
		check(err)
		out, err := json.Marshal(res)
		check(err)
		return m, answerOf(out)
	}
}

// processCPU is the CPU time (user + system) this process has used.
func processCPU() float64 {
	var ru syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// answerOf keeps the parts of a `muranopl run` / `oracle.py dsl` output
// that both engines give in the same shape.
func answerOf(out []byte) string {
	var full map[string]any
	if err := json.Unmarshal(out, &full); err != nil {
		return "unreadable output: " + string(out)
	}
	answer := map[string]any{}
	for _, k := range []string{"ok", "result", "traces", "log"} {
		answer[k] = full[k]
	}
	if full["ok"] != true {
		answer["error"] = full["error"]
	}
	data, _ := json.Marshal(answer)
	return string(data)
}

// failed tells whether an answer is an error (or unreadable).
func failed(answer string) bool {
	var a struct{ OK bool }
	return json.Unmarshal([]byte(answer), &a) != nil || !a.OK
}

func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}

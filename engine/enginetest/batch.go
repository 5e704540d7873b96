// This file runs a script of the reference harness many times without
// paying its interpreter's start-up every time.

package enginetest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"testing"
	"time"
)

// forkServer is the Python side of a [Batch]. It imports the modules named
// on its command line once, then for every request line {"dir", "args",
// "timeout"} forks: the child changes to dir and runs the script as
// `python3 script args…` would (as __main__, with its own stdout and
// stderr), so every run starts from the same state, with the imports
// done. The answer line is {"code", "stdout", "stderr"}; a child that
// outlives its timeout is killed by SIGALRM.
const forkServer = `
import importlib, json, os, runpy, signal, sys, tempfile
script, modules = sys.argv[1], sys.argv[2:]
sys.path[0] = os.path.dirname(script)
for m in modules:
    importlib.import_module(m)
for line in sys.stdin:
    req = json.loads(line)
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            sys.stdin = open(os.devnull)
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            os.chdir(req["dir"])
            signal.alarm(req["timeout"])
            sys.argv = [script] + req["args"]
            runpy.run_path(script, run_name="__main__")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (e.code is not None)
        except BaseException:
            import traceback
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    out.seek(0)
    err.seek(0)
    answer = {"code": os.waitstatus_to_exitcode(status),
              "stdout": out.read().decode("utf-8", "replace"),
              "stderr": err.read().decode("utf-8", "replace")}
    out.close()
    err.close()
    print(json.dumps(answer), flush=True)
`

// Batch runs one script of the reference harness many times, each run as
// a fresh `python3 script args…` would, on as many Python processes as
// the machine has CPUs: each imports the given modules once and forks
// for every run, so a run costs the script's own work and not the
// interpreter's start-up and imports (most of a MuranoPL run of the
// reference).
type Batch struct {
	// Env is added to the environment of the processes.
	Env     []string
	script  string
	modules []string
	workers chan *batchWorker
	mu      sync.Mutex
	all     []*batchWorker
}

type batchWorker struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// BatchResult is what one run printed and its exit status.
type BatchResult struct {
	Code   int    `json:"code"`
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
}

// NewBatch prepares runs of script (an absolute path) that import the
// modules first; its processes start on the first runs and end with t.
func NewBatch(t testing.TB, script string, modules ...string) *Batch {
	n := runtime.GOMAXPROCS(0)
	b := &Batch{script: script, modules: modules, workers: make(chan *batchWorker, n)}
	for range n {
		b.workers <- nil
	}
	t.Cleanup(b.close)
	return b
}

// Run runs the script with args in dir; a run taking longer than timeout
// is killed.
func (b *Batch) Run(ctx context.Context, dir string, timeout time.Duration, args ...string) (*BatchResult, error) {
	var w *batchWorker
	select {
	case w = <-b.workers:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if w == nil {
		var err error
		if w, err = b.start(); err != nil {
			b.workers <- nil
			return nil, err
		}
	}
	res, err := w.run(dir, timeout, args)
	if err != nil {
		w.stop()
		w = nil
	}
	b.workers <- w
	return res, err
}

func (b *Batch) start() (*batchWorker, error) {
	cmd := exec.Command(Python, "-c", forkServer, b.script)
	cmd.Args = append(cmd.Args, b.modules...)
	cmd.Env = append(append(os.Environ(), b.Env...), "PYTHONHASHSEED=0")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	w := &batchWorker{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	b.mu.Lock()
	b.all = append(b.all, w)
	b.mu.Unlock()
	return w, nil
}

func (w *batchWorker) run(dir string, timeout time.Duration, args []string) (*BatchResult, error) {
	req, err := json.Marshal(map[string]any{"dir": dir, "args": args, "timeout": int(timeout.Seconds())})
	if err != nil {
		return nil, err
	}
	if _, err := w.in.Write(append(req, '\n')); err != nil {
		return nil, fmt.Errorf("the batch process: %w", err)
	}
	line, err := w.out.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("the batch process: %w", err)
	}
	var res BatchResult
	if err := json.Unmarshal(line, &res); err != nil {
		return nil, fmt.Errorf("the batch process answered %.200q: %w", line, err)
	}
	return &res, nil
}

func (w *batchWorker) stop() {
	w.in.Close()
	w.cmd.Wait()
}

func (b *Batch) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, w := range b.all {
		w.stop()
	}
}

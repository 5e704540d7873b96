package engine

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
)

// benchClasses is the MuranoPL workload that scripts/bench -muranopl also
// runs through the CLI and the reference engine.
const benchClasses = "../scripts/bench/muranopl"

// BenchmarkMuranoPL runs the workload in-process: "noop" is the start-up
// (loading the core library and the classes, one trivial call), "tree"
// builds a tree of 1,093 Node objects (fanout 3, depth 6) and walks it.
func BenchmarkMuranoPL(b *testing.B) {
	core, _, err := pkg.LocateCoreLibrary()
	if err != nil {
		b.Skip(err)
	}
	classes := os.DirFS(benchClasses)
	run := func(b *testing.B, method string, args ...value.Value) *RunResult {
		res, err := RunMuranoPL(context.Background(), RunRequest{
			Classes: classes, CoreLibrary: core,
			Class: "bench.muranopl.Workload", Method: method, Args: args,
		})
		if err != nil {
			b.Fatal(err)
		}
		if !res.OK {
			b.Fatalf("%s failed: %s: %s", method, res.Error.Type, res.Error.Message)
		}
		return res
	}
	b.Run("noop", func(b *testing.B) {
		for b.Loop() {
			run(b, "testNoop")
		}
	})
	b.Run("tree", func(b *testing.B) {
		var res *RunResult
		for b.Loop() {
			res = run(b, "testRun", value.Int(6), value.Int(1))
		}
		checkTreeResult(b, res, 6)
	})
}

// checkTreeResult compares the workload's object count and weight total
// with numbers computed here: 3^0 + … + 3^depth nodes, node k (k ≥ 1)
// weighing (37·k) mod 101 and the root 0.
func checkTreeResult(b *testing.B, res *RunResult, depth int) {
	nodes, level := 0, 1
	for range depth + 1 {
		nodes += level
		level *= 3
	}
	total := 0
	for k := 1; k < nodes; k++ {
		total += k * 37 % 101
	}
	data, err := json.Marshal(res)
	if err != nil {
		b.Fatal(err)
	}
	var out struct {
		Result struct {
			Objects int
			Rounds  []struct{ Count, Total, Height int }
		}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		b.Fatal(err)
	}
	r := out.Result
	if r.Objects != nodes || len(r.Rounds) != 1 || r.Rounds[0].Count != nodes || r.Rounds[0].Total != total || r.Rounds[0].Height != depth+1 {
		b.Fatalf("got %s, want %d objects, total %d, height %d", data, nodes, total, depth+1)
	}
}

package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// The cases of testdata/handle hold plans (plans.json), the agent's
// configuration (config.json: version, now, seed) and script fixtures
// (fixtures.json, the harness's script-exit faults); results.json was
// recorded by running the reference's fake agent on the same plans, with
// result ids from its counter md5("cloud:<seed>:<n>").
func TestHandleGolden(t *testing.T) {
	paths, err := filepath.Glob("testdata/handle/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			archive, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]any{}
			for _, f := range archive.Files {
				sections[f.Name] = decodeJSON(t, f.Data)
			}
			var config struct {
				Version int
				Now     float64
				Seed    int
			}
			if c, ok := sections["config.json"]; ok {
				data, _ := json.Marshal(c)
				if err := json.Unmarshal(data, &config); err != nil {
					t.Fatal(err)
				}
			}
			if config.Version == 0 {
				config.Version = 2
			}
			if config.Now == 0 {
				config.Now = 1704067200
			}
			if config.Seed == 0 {
				config.Seed = 42
			}
			plans := sections["plans.json"].([]any)
			want := sections["results.json"].([]any)
			if len(plans) != len(want) {
				t.Fatalf("%d plans, %d results", len(plans), len(want))
			}
			a := New(Config{FormatVersion: config.Version, InputQueue: "q", ResultRoutingKey: "r"})
			n := 0
			a.NewID = func() string {
				n++
				return uuidHex(fmt.Sprintf("cloud:%d:%d", config.Seed, n))
			}
			sec, frac := math.Modf(config.Now)
			now := time.Unix(int64(sec), int64(math.Round(frac*1e6))*1000)
			scripts := fixturesOf(t, sections["fixtures.json"])
			for i, plan := range plans {
				p, _ := plan.(map[string]any)
				got := a.HandleMessage("msg-"+strconv.Itoa(i+1), p, scripts, now)
				var gotValue any
				if got != nil {
					gotValue = got
				}
				if !reflect.DeepEqual(gotValue, want[i]) {
					t.Errorf("plan %d:\n got %s\nwant %s", i+1, toText(gotValue), toText(want[i]))
				}
			}
		})
	}
}

// fixturesOf turns the harness's script-exit faults into a fixture table.
func fixturesOf(t *testing.T, faults any) Scripts {
	var rows []Fixture
	for _, f := range asList(faults) {
		fault := f.(map[string]any)
		row := Fixture{ExitCode: 1}
		row.Script, _ = fault["script"].(string)
		row.Body, _ = fault["body"].(string)
		row.Stdout, _ = fault["stdout"].(string)
		row.Stderr, _ = fault["stderr"].(string)
		if code, ok := fault["code"].(int64); ok {
			row.ExitCode = int(code)
		}
		rows = append(rows, row)
	}
	return Fixtures{Rows: rows}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// decodeJSON decodes as Python's json does: integers are int64, other
// numbers float64.
func decodeJSON(t testing.TB, data []byte) any {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decoding %q: %v", data, err)
	}
	return numbers(v)
}

func numbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return i
		}
		f, _ := strconv.ParseFloat(string(x), 64)
		return f
	case []any:
		for i := range x {
			x[i] = numbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = numbers(x[k])
		}
	}
	return v
}

func toText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(data)
}

func TestAgentState(t *testing.T) {
	a := New(Config{FormatVersion: 2, InputQueue: "e1-h2", ResultRoutingKey: "-execution-results-x"})
	plan := map[string]any{"FormatVersion": "2.0.0", "ID": "p", "Stamp": int64(7), "Body": "return 1", "Scripts": map[string]any{}, "Files": map[string]any{}}
	first := a.Handle(plan, nil, time.Unix(0, 0))
	if first == nil || first["ID"] != uuidHex("agent:e1-h2:1") || first["Body"] != int64(1) {
		t.Fatalf("first result %v", first)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var restored Agent
	if err := json.Unmarshal(data, &restored); err != nil {
		t.Fatal(err)
	}
	if restored.LastStamp != 7 || restored.Config != a.Config || restored.Answered != 1 {
		t.Fatalf("restored %+v from %s", restored, data)
	}
	if got := restored.Handle(plan, nil, time.Unix(0, 0)); got != nil {
		t.Fatalf("a stale plan after a restore was answered: %v", got)
	}
	if _, isInt := plan["ID"].(string); !isInt || len(plan) != 6 {
		t.Fatalf("Handle changed the plan: %v", plan)
	}
}

package std_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// The golden corpora: yaql's own test suite ported (conformance) and the
// project's differential corpus, with expectations recorded from the
// reference oracle. The format is described in ../testdata/README.md.
var corpusDirs = []string{"../testdata/conformance", "../testdata/differential"}

var corpusFilter = flag.String("corpus-filter", "", "regexp selecting corpus cases by file:id")

type corpusCase struct {
	file, id  string
	flavour   string
	expr      string
	data      json.RawMessage
	vars      map[string]json.RawMessage
	options   map[string]json.RawMessage
	result    json.RawMessage
	err       *string
	unordered bool
}

func (c *corpusCase) key() string { return c.file + ":" + c.id }

func loadCorpus(t testing.TB, dir string) []*corpusCase {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	var cases []*corpusCase
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Files {
			c := &corpusCase{file: filepath.Base(f), id: m.Name, flavour: "plain"}
			sc := bufio.NewScanner(bytes.NewReader(m.Data))
			sc.Buffer(nil, 16<<20)
			for sc.Scan() {
				line := strings.TrimSpace(sc.Text())
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				k, v, ok := strings.Cut(line, ":")
				if !ok {
					t.Fatalf("%s: bad line %q", c.key(), line)
				}
				raw := json.RawMessage(strings.TrimSpace(v))
				var err error
				switch k {
				case "flavour":
					err = json.Unmarshal(raw, &c.flavour)
				case "expr":
					err = json.Unmarshal(raw, &c.expr)
				case "data":
					c.data = raw
				case "vars":
					err = json.Unmarshal(raw, &c.vars)
				case "options":
					err = json.Unmarshal(raw, &c.options)
				case "result":
					c.result = raw
				case "error":
					c.err = new(string)
					err = json.Unmarshal(raw, c.err)
				case "unordered":
					err = json.Unmarshal(raw, &c.unordered)
				case "note":
				default:
					err = fmt.Errorf("unknown key %q", k)
				}
				if err != nil {
					t.Fatalf("%s: %s: %v", c.key(), k, err)
				}
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// loadSkips reads skip.txt: "<file>:<case id>  <reason>" per line.
func loadSkips(t testing.TB, dir string) map[string]string {
	skips := map[string]string{}
	b, err := os.ReadFile(filepath.Join(dir, "skip.txt"))
	if err != nil {
		return skips
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, reason, _ := strings.Cut(line, " ")
		if strings.TrimSpace(reason) == "" {
			t.Errorf("skip.txt: %s has no reason", k)
		}
		skips[k] = strings.TrimSpace(reason)
	}
	return skips
}

type engineKey struct{ flavour, options string }

var (
	enginesMu sync.Mutex
	engines   = map[engineKey]struct {
		e *yaql.Engine
		c *yaql.Context
	}{}
)

func flavourEngine(c *corpusCase) (*yaql.Engine, *yaql.Context, error) {
	ob, _ := json.Marshal(c.options)
	key := engineKey{c.flavour, string(ob)}
	enginesMu.Lock()
	defer enginesMu.Unlock()
	if e, ok := engines[key]; ok {
		return e.e, e.c, nil
	}
	f := std.Flavor(c.flavour)
	opts := std.DefaultOptions(f)
	for k, v := range c.options {
		var n int
		var b bool
		switch k {
		case "limitIterators":
			json.Unmarshal(v, &n)
			opts.LimitIterators = n
		case "memoryQuota":
			json.Unmarshal(v, &n)
			opts.MemoryQuota = n
		case "convertSetsToLists":
			json.Unmarshal(v, &b)
			opts.ConvertSetsToLists = b
		case "convertTuplesToLists":
			json.Unmarshal(v, &b)
			opts.ConvertTuplesToLists = b
		case "iterableDicts":
			json.Unmarshal(v, &b)
			opts.IterableDicts = b
		default:
			return nil, nil, fmt.Errorf("unknown option %s", k)
		}
	}
	opts.MaxSteps = 20_000_000
	e, ctx, err := std.NewFlavor(f, std.Setup{Options: &opts})
	if err != nil {
		return nil, nil, err
	}
	engines[key] = struct {
		e *yaql.Engine
		c *yaql.Context
	}{e, ctx}
	return e, ctx, nil
}

// evalCase runs a case through the project's engine and returns its
// outcome in the corpus's terms: the JSON result or the error text.
func evalCase(c *corpusCase) (result []byte, errText string) {
	e, root, err := flavourEngine(c)
	if err != nil {
		return nil, "SetupError: " + err.Error()
	}
	st, err := e.Parse(c.expr)
	if err != nil {
		return nil, errorText(err)
	}
	data := value.Value(value.Null)
	if len(c.data) > 0 {
		if data, err = value.FromJSON(c.data); err != nil {
			return nil, "DataError: " + err.Error()
		}
	}
	ctx := root.Child()
	if c.flavour == "tests" {
		ctx.Set("data", data)
	}
	for k, raw := range c.vars {
		v, err := value.FromJSON(raw)
		if err != nil {
			return nil, "DataError: " + err.Error()
		}
		ctx.Set(k, v)
	}
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	v, err := st.Evaluate(cctx, ctx, data)
	if err != nil {
		return nil, errorText(err)
	}
	out, _, err := value.ToJSON(v)
	if err != nil {
		return nil, errorText(err)
	}
	return out, ""
}

func errorText(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Class + ": " + se.Msg
	}
	var ye *yaql.Error
	if errors.As(err, &ye) {
		if ye.Msg == "" {
			return ye.Class
		}
		return ye.Class + ": " + ye.Msg
	}
	return err.Error()
}

// sameOutcome compares an outcome with the expectation: results as JSON
// values (ints and floats distinct, dictionary order kept, top-level order
// ignored when unordered), errors by class and message ("Class" alone in
// the expectation matches any message of that class).
func sameOutcome(c *corpusCase, result []byte, errText string) bool {
	if c.err != nil {
		if result != nil {
			return false
		}
		want := strings.TrimSuffix(*c.err, ": ")
		got := strings.TrimSuffix(errText, ": ")
		if !strings.Contains(want, ":") {
			got, _, _ = strings.Cut(got, ":")
		}
		return want == got
	}
	if result == nil {
		return false
	}
	want, err1 := value.FromJSON(c.result)
	got, err2 := value.FromJSON(result)
	if err1 != nil || err2 != nil {
		return false
	}
	if c.unordered {
		want, got = sortTop(want), sortTop(got)
	}
	return strictEqual(want, got)
}

func sortTop(v value.Value) value.Value {
	l, ok := v.(*value.List)
	if !ok {
		return v
	}
	items := append([]value.Value(nil), l.Items...)
	sort.Slice(items, func(i, j int) bool {
		a, _, _ := value.ToJSON(items[i])
		b, _, _ := value.ToJSON(items[j])
		return string(a) < string(b)
	})
	return value.NewTuple(items)
}

func strictEqual(a, b value.Value) bool {
	switch x := a.(type) {
	case *value.List:
		y, ok := b.(*value.List)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !strictEqual(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	case *value.Dict:
		y, ok := b.(*value.Dict)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.Keys() {
			if !strictEqual(k, y.Keys()[i]) || !strictEqual(x.Values()[i], y.Values()[i]) {
				return false
			}
		}
		return true
	case value.Float:
		y, ok := b.(value.Float)
		return ok && (x == y || x != x && y != y)
	}
	return a.Type() == b.Type() && value.Equal(a, b)
}

func TestCorpus(t *testing.T) {
	var filter *regexp.Regexp
	if *corpusFilter != "" {
		filter = regexp.MustCompile(*corpusFilter)
	}
	for _, dir := range corpusDirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			cases := loadCorpus(t, dir)
			if len(cases) == 0 {
				t.Skipf("no corpus in %s yet", dir)
			}
			skips := loadSkips(t, dir)
			var failed, skipped, passed int
			for _, c := range cases {
				if filter != nil && !filter.MatchString(c.key()) {
					continue
				}
				result, errText := evalCase(c)
				ok := sameOutcome(c, result, errText)
				_, skip := skips[c.key()]
				switch {
				case ok && skip:
					t.Errorf("%s passes but is in skip.txt: remove it", c.key())
				case skip:
					skipped++
				case ok:
					passed++
				default:
					failed++
					want := string(c.result)
					if c.err != nil {
						want = "error " + *c.err
					}
					got := string(result)
					if result == nil {
						got = "error " + errText
					}
					t.Errorf("%s [%s] %s\n  want %s\n  got  %s", c.key(), c.flavour, c.expr, want, got)
				}
			}
			total := passed + failed + skipped
			if total > 0 {
				t.Logf("%s: %d cases: %d agree, %d disagree, %d skipped (agreement %.2f%%)", name, total, passed, failed, skipped, 100*float64(passed)/float64(total))
			}
		})
	}
}

// TestCorpusMatchesOracle re-runs the reference oracle over the corpora
// and checks that the recorded expectations are what it says today. It
// needs Debian's python3-yaql and python3-murano; with CI=true their
// absence is a failure.
func TestCorpusMatchesOracle(t *testing.T) {
	oracle := oraclePath()
	if oracle == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("the reference oracle (../shared/oracle/oracle.py with python3-yaql) is not available")
		}
		t.Skip("the reference oracle is not available")
	}
	if testing.Short() {
		t.Skip("slow: runs the Python reference")
	}
	update := os.Getenv("MURANO_UPDATE") == "1"
	for _, dir := range corpusDirs {
		updates := map[string]string{}
		cases := loadCorpus(t, dir)
		groups := map[string][]*corpusCase{}
		for _, c := range cases {
			ob, _ := json.Marshal(c.options)
			k := c.flavour + " " + string(ob)
			groups[k] = append(groups[k], c)
		}
		for k, group := range groups {
			flavour, opts, _ := strings.Cut(k, " ")
			args := []string{oracle, "yaql", "--flavour", flavour, "--timeout", "10"}
			var o map[string]json.RawMessage
			json.Unmarshal([]byte(opts), &o)
			for name, v := range o {
				args = append(args, "--option", name+"="+string(v))
			}
			var in bytes.Buffer
			for _, c := range group {
				req := map[string]any{"expr": c.expr}
				if len(c.data) > 0 {
					req["data"] = c.data
				}
				if len(c.vars) > 0 {
					req["vars"] = c.vars
				}
				b, _ := json.Marshal(req)
				in.Write(b)
				in.WriteByte('\n')
			}
			cmd := exec.Command("/usr/bin/python3", args...)
			cmd.Stdin = &in
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("oracle %s: %v", flavour, err)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(group) {
				t.Fatalf("oracle %s: %d answers for %d cases", flavour, len(lines), len(group))
			}
			for i, c := range group {
				var ans struct {
					OK        bool            `json:"ok"`
					Result    json.RawMessage `json:"result"`
					Error     string          `json:"error"`
					Unordered bool            `json:"unordered"`
				}
				if err := json.Unmarshal([]byte(lines[i]), &ans); err != nil {
					t.Fatalf("oracle answer %q: %v", lines[i], err)
				}
				var res []byte
				if ans.OK {
					res = ans.Result
				}
				if sameOutcome(c, res, ans.Error) {
					continue
				}
				if update {
					updates[c.key()] = expectation(ans.OK, ans.Result, ans.Error, ans.Unordered)
					continue
				}
				t.Errorf("%s: the golden expectation is stale: the oracle now says %s (MURANO_UPDATE=1 rewrites it)", c.key(), lines[i])
			}
		}
		if len(updates) > 0 {
			rewriteExpectations(t, dir, updates)
		}
	}
}

// expectation renders an oracle answer as the expectation lines of a case.
func expectation(ok bool, result json.RawMessage, errText string, unordered bool) string {
	var b strings.Builder
	if ok {
		fmt.Fprintf(&b, "result: %s\n", result)
	} else {
		e, _ := json.Marshal(errText)
		fmt.Fprintf(&b, "error: %s\n", e)
	}
	if unordered {
		b.WriteString("unordered: true\n")
	}
	return b.String()
}

// rewriteExpectations replaces the expectation lines of the given cases
// (keyed file:id) in the corpus files of dir.
func rewriteExpectations(t *testing.T, dir string, updates map[string]string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		changed := false
		for i, m := range a.Files {
			exp, ok := updates[filepath.Base(f)+":"+m.Name]
			if !ok {
				continue
			}
			var keep []string
			for _, line := range strings.SplitAfter(string(m.Data), "\n") {
				k, _, _ := strings.Cut(line, ":")
				if line != "" && k != "result" && k != "error" && k != "unordered" {
					keep = append(keep, line)
				}
			}
			a.Files[i].Data = []byte(strings.Join(keep, "") + exp)
			changed = true
		}
		if changed {
			if err := os.WriteFile(f, txtar.Format(a), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote expectations in %s", f)
		}
	}
}

func oraclePath() string {
	p, _ := filepath.Abs("../../../../shared/oracle/oracle.py")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import yaql, murano").Run(); err != nil {
		return ""
	}
	return p
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// importRE matches the module of an import or export-from statement
// (type-only ones too), over several lines.
var importRE = regexp.MustCompile(`(?m)^(?:import|export)\s(?:[^'";]*?\sfrom\s)?'([^']+)'`)

// webImports returns the relative imports of each TypeScript module of
// web/src, by slash-separated path; a JSON module stands as its own node.
func webImports(t *testing.T) map[string][]string {
	t.Helper()
	graph := map[string][]string{}
	err := filepath.WalkDir("../web/src", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		from, _ := filepath.Rel("../web/src", path)
		from = filepath.ToSlash(from)
		if strings.HasSuffix(path, ".json") {
			graph[from] = []string{}
			return nil
		}
		if !strings.HasSuffix(path, ".ts") {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		graph[from] = []string{}
		for _, m := range importRE.FindAllStringSubmatch(string(text), -1) {
			spec := m[1]
			if !strings.HasPrefix(spec, ".") || strings.HasSuffix(spec, ".css") {
				continue
			}
			if !strings.HasSuffix(spec, ".json") {
				spec += ".ts"
			}
			graph[from] = append(graph[from], filepath.ToSlash(filepath.Join(filepath.Dir(from), spec)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return graph
}

// The web app's modules import each other without a cycle.
func TestWebImportsHaveNoCycle(t *testing.T) {
	graph := webImports(t)
	if len(graph) < 10 {
		t.Fatalf("only %d modules found in web/src", len(graph))
	}
	const (
		unvisited = iota
		onPath
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(m string)
	visit = func(m string) {
		state[m] = onPath
		path = append(path, m)
		for _, next := range graph[m] {
			if _, ok := graph[next]; !ok {
				t.Errorf("%s imports %s, which does not exist", m, next)
				continue
			}
			switch state[next] {
			case onPath:
				cycle := append(slices.Clone(path[slices.Index(path, next):]), next)
				t.Errorf("import cycle: %s", strings.Join(cycle, " → "))
			case unvisited:
				visit(next)
			}
		}
		path = path[:len(path)-1]
		state[m] = done
	}
	for _, m := range slices.Sorted(func(yield func(string) bool) {
		for m := range graph {
			if !yield(m) {
				return
			}
		}
	}) {
		if state[m] == unvisited {
			visit(m)
		}
	}
}

// The bridge is called through the typed API modules only, and the engine
// is created by the app module only.
func TestWebEngineAccess(t *testing.T) {
	calls := regexp.MustCompile(`\.call\(\s*'`)
	for m := range webImports(t) {
		text, err := os.ReadFile(filepath.Join("../web/src", filepath.FromSlash(m)))
		if err != nil {
			t.Fatal(err)
		}
		if calls.Match(text) && !strings.HasPrefix(m, "api/") {
			t.Errorf("%s calls a bridge method; only the modules of web/src/api do", m)
		}
		if strings.Contains(string(text), "new Engine(") && m != "app.ts" && m != "embed/shared.ts" {
			t.Errorf("%s creates an engine; the app module owns the one the views share (embed/shared.ts the one of a docs page's examples)", m)
		}
	}
}

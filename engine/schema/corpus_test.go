package schema_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/enginetest"
)

// The differential corpus of the generator (testdata, format in
// testdata/README.md): packages of our own, and for each case the
// schemas the reference prints (oracle.py schema of the reference
// harness) or, for the cases of the extension mode, the schemas the
// project records. TestCorpus runs every case through
// engine.GenerateSchema with both core libraries; TestCorpusMatchesOracle
// checks that the reference still prints what is recorded.

const corpusDir = "testdata"

type corpusArchive struct {
	*enginetest.Archive
	cases []*schemaCase
}

// schemaCase is one request of the corpus and its expected output.
type schemaCase struct {
	archive, name string
	class         string
	methods       []string
	classVersion  string
	pkg           string
	extensions    bool
	// want is the output of `muranopl schema` (the reference's, for the
	// exact mode); nil when not recorded yet.
	want json.RawMessage
}

// id names the case in skip.txt: "<archive>:<case>".
func (c *schemaCase) id() string { return c.archive + ":" + c.name }

func loadCorpus(t *testing.T) []*corpusArchive {
	t.Helper()
	var out []*corpusArchive
	for _, ar := range enginetest.Archives(t, corpusDir) {
		ca := &corpusArchive{Archive: ar}
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, "packages/") {
				continue
			}
			c, err := parseCase(ar.Name, f.Name, f.Data)
			if err != nil {
				t.Fatalf("%s: %v", ar.Path, err)
			}
			ca.cases = append(ca.cases, c)
		}
		out = append(out, ca)
	}
	return out
}

func parseCase(archive, name string, data []byte) (*schemaCase, error) {
	c := &schemaCase{archive: archive, name: name}
	fields, err := enginetest.ParseFields(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, f := range fields {
		var err error
		switch f.Key {
		case "class":
			err = json.Unmarshal(f.Value, &c.class)
		case "methods":
			err = json.Unmarshal(f.Value, &c.methods)
		case "classVersion":
			err = json.Unmarshal(f.Value, &c.classVersion)
		case "package":
			err = json.Unmarshal(f.Value, &c.pkg)
		case "extensions":
			err = json.Unmarshal(f.Value, &c.extensions)
		case "want":
			if string(f.Value) != "null" {
				c.want = f.Value
			}
		case "note":
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", name, f.Key, err)
		}
	}
	if c.class == "" {
		return nil, fmt.Errorf("%s: class is required", name)
	}
	return c, nil
}

// extract writes the archive's packages under a new folder and returns it.
func extract(t *testing.T, ar *corpusArchive) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range ar.Files {
		if !strings.HasPrefix(f.Name, "packages/") {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// generate runs a case as `muranopl schema --package-dir <dir>/packages`
// does, with the core library core (nil: the project's own), and returns
// what it prints.
func generate(c *schemaCase, dir string, core fs.FS) ([]byte, error) {
	pkgs, _, err := engine.FindPackages(filepath.Join(dir, "packages"))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := engine.GenerateSchema(ctx, engine.SchemaRequest{Packages: pkgs, CoreLibrary: core, Class: c.class,
		Methods: c.methods, ClassVersion: c.classVersion, Package: c.pkg, Extensions: c.extensions})
	if err != nil {
		return nil, err
	}
	return res.JSON(-1)
}

// compare lists how got differs from the case's want.
func compare(c *schemaCase, got []byte) []string {
	if c.want == nil {
		return []string{"no want recorded (MURANO_UPDATE=1 records it)"}
	}
	same, err := enginetest.SameJSON(c.want, got)
	if err != nil {
		return []string{err.Error()}
	}
	if !same {
		return []string{fmt.Sprintf("want %s\n     got  %s", c.want, got)}
	}
	return nil
}

// TestCorpus generates every case with the project's own core library
// and, when it is found, the real io.murano, and compares the outputs
// with the wants (as JSON values, keys sorted alike). skip.txt lists the
// cases that do not agree yet, with their reason. With MURANO_UPDATE=1
// the wants of the extension mode that differ are rewritten from the
// project's output (the reference has no extension mode).
func TestCorpus(t *testing.T) {
	cores := map[string]fs.FS{"own": nil}
	if real, _, err := engine.LocateCoreLibrary(); err == nil {
		cores["io.murano"] = real
	} else {
		t.Logf("without the real io.murano core library: %v", err)
	}
	skips := enginetest.LoadSkips(t, filepath.Join(corpusDir, "skip.txt"))
	archives := loadCorpus(t)
	known := map[string]bool{}
	var tally enginetest.Tally
	var mu sync.Mutex
	updates := map[string]json.RawMessage{}
	t.Run("cases", func(t *testing.T) {
		for _, ar := range archives {
			dir := extract(t, ar)
			for _, c := range ar.cases {
				known[c.id()] = true
				t.Run(ar.Name+"/"+c.name, func(t *testing.T) {
					t.Parallel()
					var diffs []string
					for name, core := range cores {
						got, err := generate(c, dir, core)
						if err != nil {
							t.Fatal(err)
						}
						d := compare(c, got)
						if len(d) > 0 && c.extensions && enginetest.Update() {
							if name == "own" {
								mu.Lock()
								updates[c.id()] = bytes.TrimSpace(got)
								mu.Unlock()
							}
							continue
						}
						for _, diff := range d {
							diffs = append(diffs, name+": "+diff)
						}
					}
					outcome := skips.Judge(t, c.id(), diffs)
					tally.Add(outcome)
					if outcome == enginetest.Skipped {
						t.SkipNow()
					}
				})
			}
		}
	})
	t.Logf("schema corpus: %s", &tally)
	skips.CheckKeys(t, func(key string) bool { return known[key] })
	rewriteWants(t, archives, updates)
}

// rewriteWants replaces the want of the given cases (by id).
func rewriteWants(t *testing.T, archives []*corpusArchive, updates map[string]json.RawMessage) {
	for _, ar := range archives {
		changed := false
		for i, f := range ar.Files {
			if want, ok := updates[ar.Name+":"+f.Name]; ok {
				ar.Files[i].Data = enginetest.ReplaceFields(f.Data, []string{"want"}, []enginetest.Field{{Key: "want", Value: want}})
				changed = true
			}
		}
		if changed {
			if err := ar.Write(); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote wants in %s", ar.Path)
		}
	}
}

// oracleArgs are the reference harness's arguments for a case, its
// packages in the folder packages.
func oracleArgs(c *schemaCase) []string {
	args := []string{"schema", "--package-dir", "packages", "--class", c.class}
	for _, m := range c.methods {
		args = append(args, "--method", m)
	}
	if c.classVersion != "" {
		args = append(args, "--class-version", c.classVersion)
	}
	if c.pkg != "" {
		args = append(args, "--schema-package", c.pkg)
	}
	return args
}

// oracleModules are what every run of oracle.py schema imports: a batch
// imports them once.
var oracleModules = []string{
	"murano.common.config", "murano.common.engine", "murano.dsl.schema_generator", "murano.dsl.executor",
	"murano.engine.package_loader", "murano.engine.system.system_objects",
}

// TestCorpusMatchesOracle re-runs the cases of the exact mode (a sample,
// see enginetest.Sample) on the reference and checks that it prints the
// recorded wants; with MURANO_UPDATE=1 it runs every case and rewrites
// the wants that are missing or stale. It runs when MURANO_REFERENCE
// names the reference harness.
func TestCorpusMatchesOracle(t *testing.T) {
	oracle := enginetest.ReferenceScript(t, "oracle.py")
	_, core, err := engine.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	batch := enginetest.NewBatch(t, oracle, oracleModules...)
	batch.Env = []string{"MURANO_CORE_LIBRARY=" + core}
	archives := loadCorpus(t)
	var mu sync.Mutex
	updates := map[string]json.RawMessage{}
	t.Run("cases", func(t *testing.T) {
		i := 0
		for _, ar := range archives {
			dir := extract(t, ar)
			for _, c := range ar.cases {
				if c.extensions {
					continue
				}
				i++
				if !enginetest.Sample(i-1) && c.want != nil {
					continue
				}
				t.Run(ar.Name+"/"+c.name, func(t *testing.T) {
					t.Parallel()
					res, err := batch.Run(context.Background(), dir, 2*time.Minute, oracleArgs(c)...)
					if err != nil {
						t.Fatal(err)
					}
					raw := bytes.ReplaceAll(bytes.TrimSpace([]byte(res.Stdout)), []byte(dir), []byte("/tmp/muranopl-schema"))
					if len(raw) == 0 {
						t.Fatalf("the reference printed nothing (exit status %d): %s", res.Code, res.Stderr)
					}
					out, err := enginetest.SchemaOutput(raw)
					if err != nil {
						t.Fatal(err)
					}
					if c.want != nil {
						if same, err := enginetest.SameJSON(c.want, out); err != nil || same {
							if err != nil {
								t.Fatal(err)
							}
							return
						}
					}
					if enginetest.Update() {
						mu.Lock()
						updates[c.id()] = out
						mu.Unlock()
						return
					}
					t.Errorf("the golden want is stale (MURANO_UPDATE=1 rewrites it):\n  reference %s\n  want      %s\n  (oracle.py %s)", out, c.want, strings.Join(oracleArgs(c), " "))
				})
			}
		}
	})
	rewriteWants(t, archives, updates)
}

// TestLibrariesMatchOracle generates the schemas of every class of the
// real io.murano and of io.murano.applications (the folder
// MURANO_APPLICATIONS_LIBRARY names, by default reference/ beside the
// harness's folder) and checks that the reference prints the same. It
// runs when MURANO_REFERENCE names the reference harness.
func TestLibrariesMatchOracle(t *testing.T) {
	oracle := enginetest.ReferenceScript(t, "oracle.py")
	coreFS, core, err := engine.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	apps := os.Getenv("MURANO_APPLICATIONS_LIBRARY")
	if apps == "" {
		apps = filepath.Join(filepath.Dir(filepath.Dir(oracle)), "reference", "io.murano.applications")
	}
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "packages", "apps"), os.DirFS(apps)); err != nil {
		enginetest.Need(t, "io.murano.applications", err)
	}
	pkgs, _, err := engine.FindPackages(filepath.Join(dir, "packages"))
	if err != nil || len(pkgs) != 1 {
		t.Fatalf("%s: %d packages, %v", apps, len(pkgs), err)
	}
	corePkg, err := engine.OpenPackage(coreFS)
	if err != nil {
		t.Fatal(err)
	}
	batch := enginetest.NewBatch(t, oracle, oracleModules...)
	batch.Env = []string{"MURANO_CORE_LIBRARY=" + core}
	for _, p := range []*engine.Package{corePkg, pkgs[0]} {
		for _, class := range p.ClassNames() {
			t.Run(class, func(t *testing.T) {
				t.Parallel()
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				res, err := engine.GenerateSchema(ctx, engine.SchemaRequest{Packages: pkgs, CoreLibrary: coreFS, Class: class, Package: p.Name()})
				if err != nil {
					t.Fatal(err)
				}
				got, err := res.JSON(-1)
				if err != nil {
					t.Fatal(err)
				}
				ref, err := batch.Run(context.Background(), dir, 2*time.Minute, "schema", "--package-dir", "packages", "--class", class, "--schema-package", p.Name())
				if err != nil {
					t.Fatal(err)
				}
				want, err := enginetest.SchemaOutput(bytes.TrimSpace([]byte(ref.Stdout)))
				if err != nil {
					t.Fatalf("%v: %s", err, ref.Stderr)
				}
				if same, err := enginetest.SameJSON(want, got); err != nil || !same {
					t.Errorf("reference %s\n  got  %s %v", want, got, err)
				}
			})
		}
	}
}

package bridge

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine"
)

// The packages of the browser tests: hello opens cleanly, broken is
// broken on purpose (murano-pkg-check reports E050 for its Missing.yaml and
// W048 for its contract).
const fixtures = "../../web/tests/fixtures"

// readFolder returns the files under dir by slash-separated path, each
// prefixed with prefix.
func readFolder(t testing.TB, dir, prefix string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[prefix+filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// zipOf writes files as a zip archive, in sorted order.
func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, name := range sortedPaths(files) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(files[name])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func b64(data []byte) string { return base64.StdEncoding.EncodeToString(data) }

func filesParam(files map[string][]byte) map[string]string {
	out := map[string]string{}
	for name, data := range files {
		out[name] = b64(data)
	}
	return out
}

// openedPackage is the part of package.open's answer the tests look at.
type openedPackage struct {
	OK       bool
	Handle   string
	Root     string
	Package  json.RawMessage
	Details  map[string]any
	Errors   []problem
	Warnings []string
	Lint     []problem
	Files    []fileInfo
	Error    *problem

	Requirements struct {
		Repository *string
		Packages   []requirement
		Closure    []pkgRef
		Error      *string
	}
	Imported []pkgRef
}

func call(t *testing.T, method string, params any) []byte {
	t.Helper()
	raw, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	return Call(context.Background(), method, raw)
}

func open(t *testing.T, method string, params any) openedPackage {
	t.Helper()
	out := call(t, method, params)
	var o openedPackage
	if err := json.Unmarshal(out, &o); err != nil {
		t.Fatalf("%s: invalid JSON %s", method, out)
	}
	return o
}

func paths(fs []fileInfo) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

func lintLines(ps []problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s %s", p.File, p.Line, p.Col, p.Severity, p.Code, p.Message))
	}
	return out
}

func TestPackageOpenZip(t *testing.T) {
	files := readFolder(t, fixtures+"/hello", "")
	data := zipOf(t, files)
	o := open(t, "package.open", map[string]any{"zip": b64(data)})
	if !o.OK || o.Handle == "" || len(o.Errors) != 0 || len(o.Warnings) != 0 || o.Root != "" {
		t.Fatalf("package.open: %+v", o)
	}
	p, _, err := engine.OpenPackageZip(data)
	if err != nil {
		t.Fatal(err)
	}
	info, err := engine.DescribePackage(p)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	json.Unmarshal(o.Package, &got)
	json.Unmarshal(info.JSON(), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("package: got %s, want muranopl inspect's %s", o.Package, info.JSON())
	}
	wantFiles := []string{"Classes/Hello.yaml", "LICENSE", "UI/ui.yaml", "logo.png", "manifest.yaml"}
	if got := paths(o.Files); !slices.Equal(got, wantFiles) {
		t.Errorf("files %v, want %v", got, wantFiles)
	}
	for _, f := range o.Files {
		if f.Text != (f.Path != "logo.png") || f.Size != len(files[f.Path]) {
			t.Errorf("file %+v", f)
		}
	}
	if logo, _ := o.Details["logo"].(string); logo != "data:image/png;base64,"+b64(files["logo.png"]) {
		t.Errorf("logo %.60s…", logo)
	}
	if sup, _ := o.Details["supplier"].(map[string]any); sup["Name"] != "Example Supplier" {
		t.Errorf("supplier %v", o.Details["supplier"])
	}
	// Without a repository the requirements are listed, unchecked: the
	// implicit io.murano one is replaced by the manifest's (null spec).
	if r := o.Requirements.Packages; len(r) != 1 || r[0].Name != "io.murano" || r[0].Spec != nil || r[0].Implicit || r[0].Status != "unchecked" {
		t.Errorf("requirements %+v", r)
	}
}

// The lint problems are the lines `muranopl lint` prints, which checks
// against the project's own core library: for the lint corpus of
// engine/lint, the problems of its golden files (`--no-core`, whose codes
// and messages are murano-pkg-check's) but the warnings that a class of
// the core library is unchecked.
func TestPackageOpenLintAsTheCommandLine(t *testing.T) {
	for _, name := range []string{"class_errors", "manifest_fields", "bad_ui", "good"} {
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile("../../engine/lint/testdata/" + name + ".txtar")
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, f := range ar.Files {
				files[f.Name] = f.Data
			}
			golden, err := os.ReadFile("../../engine/lint/testdata/" + name + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, line := range strings.Split(strings.TrimSpace(string(golden)), "\n") {
				if line != "" && !strings.Contains(line, "unchecked: the core library is not available") {
					want = append(want, line)
				}
			}
			o := open(t, "package.open", map[string]any{"files": filesParam(files)})
			if got := lintLines(o.Lint); !o.OK || !slices.Equal(got, want) {
				t.Errorf("lint\n got  %q\n want %q", got, want)
			}
			cli, err := engine.LintPackage(engine.FilesFS(files), engine.OwnCoreLibrary())
			if err != nil {
				t.Fatal(err)
			}
			var cliLines []string
			for _, p := range cli {
				cliLines = append(cliLines, p.String())
			}
			if got := lintLines(o.Lint); !slices.Equal(got, cliLines) {
				t.Errorf("lint differs from muranopl lint's\n page %q\n cli  %q", got, cliLines)
			}
		})
	}
}

func TestPackageOpenBroken(t *testing.T) {
	o := open(t, "package.open", map[string]any{"files": filesParam(readFolder(t, fixtures+"/broken", "broken/"))})
	if !o.OK || o.Handle == "" || o.Root != "broken" {
		t.Fatalf("package.open: %+v", o)
	}
	// murano-pkg-check (run on the zipped fixture) reports E050 for the
	// class file the manifest names on its line 9, col 24, and W048 for
	// the contract on line 8, col 15 of the class.
	lines := lintLines(o.Lint)
	for _, want := range []string{
		`manifest.yaml:9:24: error: E050 File "Missing.yaml" is present in Manifest, but not in filesystem`,
		`Classes/Broken.yaml:8:15: warning: W048 Contract is not valid yaql "$.int("`,
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("lint lacks %q: %q", want, lines)
		}
	}
}

func TestPackageOpenErrors(t *testing.T) {
	hello := readFolder(t, fixtures+"/hello", "")
	badManifest := map[string][]byte{"manifest.yaml": []byte("Format: MuranoPL/1.4\nType: Application\nFullName: [com.example\n")}
	tests := []struct {
		name     string
		params   map[string]any
		ok       bool
		file     string
		line     int
		contains string
	}{
		{"not a zip", map[string]any{"zip": b64([]byte("hello"))}, false, "", 0, "not a zip"},
		{"entry outside", map[string]any{"zip": b64(zipOf(t, map[string][]byte{"../evil": nil, "manifest.yaml": hello["manifest.yaml"]}))}, false, "", 0, "outside the package"},
		{"folder path outside", map[string]any{"files": map[string]string{"../x": ""}}, false, "", 0, "outside the package"},
		{"absolute path", map[string]any{"files": map[string]string{"/etc/passwd": ""}}, false, "", 0, "outside the package"},
		// The flow sequence opened on line 3 is never closed.
		{"YAML error", map[string]any{"files": filesParam(badManifest)}, true, "manifest.yaml", -1, "Unable to load"},
		{"no manifest", map[string]any{"files": map[string]string{"README": b64([]byte("hi"))}}, true, "", 0, "Unable to find package manifest"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := call(t, "package.open", tt.params)
			var o openedPackage
			if err := json.Unmarshal(out, &o); err != nil {
				t.Fatal(err)
			}
			var e *problem
			switch {
			case o.OK != tt.ok:
				t.Fatalf("ok = %v: %s", o.OK, out)
			case tt.ok && len(o.Errors) == 0:
				t.Fatalf("no errors: %s", out)
			case tt.ok:
				e = &o.Errors[0]
				if string(o.Package) != "null" {
					t.Errorf("package %s, want null", o.Package)
				}
			default:
				e = o.Error
			}
			if e == nil || e.File != tt.file || e.Line != tt.line && (tt.line >= 0 || e.Line <= 0) || !strings.Contains(e.Message, tt.contains) {
				t.Errorf("error %+v, want %s:%d …%s…", e, tt.file, tt.line, tt.contains)
			}
		})
	}
}

// A zip whose files sit in one folder opens, with the warning issue 4
// asks for; a folder the user picked has its name in every path and opens
// without one.
func TestPackageOpenFolders(t *testing.T) {
	hello := readFolder(t, fixtures+"/hello", "")
	nested := readFolder(t, fixtures+"/hello", "hello/")
	nested["__MACOSX/hello/._manifest.yaml"] = []byte("x")
	z := open(t, "package.open", map[string]any{"zip": b64(zipOf(t, nested))})
	if !z.OK || z.Root != "hello" || len(z.Warnings) != 1 || !strings.Contains(z.Warnings[0], "Murano would reject") || string(z.Package) == "null" {
		t.Errorf("zipped folder: %+v", z)
	}
	delete(nested, "__MACOSX/hello/._manifest.yaml")
	f := open(t, "package.open", map[string]any{"files": filesParam(nested)})
	if !f.OK || f.Root != "hello" || len(f.Warnings) != 0 || !slices.Equal(paths(f.Files), slices.Sorted(func(yield func(string) bool) {
		for k := range hello {
			if !yield(k) {
				return
			}
		}
	})) {
		t.Errorf("folder: %+v", f)
	}
}

func TestPackageFileExportClose(t *testing.T) {
	hello := readFolder(t, fixtures+"/hello", "")
	o := open(t, "package.open", map[string]any{"files": filesParam(hello)})
	var text struct {
		OK   bool
		Text string
		Size int
	}
	json.Unmarshal(call(t, "package.file", map[string]string{"handle": o.Handle, "path": "Classes/Hello.yaml"}), &text)
	if !text.OK || text.Text != string(hello["Classes/Hello.yaml"]) || text.Size != len(hello["Classes/Hello.yaml"]) {
		t.Errorf("text file: %+v", text)
	}
	var bin struct {
		OK     bool
		Base64 string
		Mime   string
	}
	json.Unmarshal(call(t, "package.file", map[string]string{"handle": o.Handle, "path": "logo.png"}), &bin)
	if !bin.OK || bin.Base64 != b64(hello["logo.png"]) || bin.Mime != "image/png" {
		t.Errorf("binary file: %+v", bin)
	}

	var exp struct {
		OK   bool
		Name string
		Zip  string
	}
	json.Unmarshal(call(t, "package.export", map[string]string{"handle": o.Handle}), &exp)
	data, err := base64.StdEncoding.DecodeString(exp.Zip)
	if !exp.OK || exp.Name != "com.example.Hello.zip" || err != nil {
		t.Fatalf("export: %+v %v", exp, err)
	}
	got, err := engine.ZipFiles(data)
	if err != nil || !reflect.DeepEqual(got, hello) {
		t.Errorf("the export holds %v (%v)", slices.Sorted(func(y func(string) bool) {
			for k := range got {
				y(k)
			}
		}), err)
	}
	if p, _, err := engine.OpenPackageZip(data); err != nil || p.Name() != "com.example.Hello" {
		t.Errorf("the export does not open: %v", err)
	}
	var again struct{ Zip string }
	json.Unmarshal(call(t, "package.export", map[string]string{"handle": o.Handle}), &again)
	if again.Zip != exp.Zip {
		t.Error("two exports differ")
	}

	if out := string(call(t, "package.close", map[string]string{"handle": o.Handle})); out != `{"ok":true}` {
		t.Errorf("close: %s", out)
	}
	for _, method := range []string{"package.file", "package.export", "package.close"} {
		out := string(call(t, method, map[string]string{"handle": o.Handle, "path": "LICENSE"}))
		if !strings.Contains(out, `"ok":false`) || !strings.Contains(out, "no open package") {
			t.Errorf("%s after close: %s", method, out)
		}
	}
}

func TestWorkspacesAreCapped(t *testing.T) {
	files := map[string]string{"manifest.yaml": b64([]byte("FullName: a.B\n"))}
	first := open(t, "package.open", map[string]any{"files": files})
	for range maxWorkspaces {
		open(t, "package.open", map[string]any{"files": files})
	}
	if _, ok := workspaces.lookup(first.Handle); ok {
		t.Errorf("workspace %s still open after %d more", first.Handle, maxWorkspaces)
	}
}

// fakeRepo serves files under http://repo.test/base/ and records the
// URLs asked for.
type fakeRepo struct {
	mu    sync.Mutex
	files map[string][]byte
	asked []string
}

func (r *fakeRepo) fetch(_ context.Context, url string) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, url)
	if data, ok := r.files[url]; ok {
		return data, nil
	}
	if strings.HasPrefix(url, "http://elsewhere.test/") {
		return nil, fmt.Errorf("%s: only URLs on this page's origin can be read", url)
	}
	return nil, fmt.Errorf("%s: %w", url, fs.ErrNotExist)
}

const repoBase = "http://repo.test/base/"

func manifestPackage(t *testing.T, fullName, version, require string) []byte {
	t.Helper()
	m := fmt.Sprintf("Format: MuranoPL/1.4\nType: Library\nFullName: %s\nVersion: %s\nDescription: test\nAuthor: test\n", fullName, version)
	if require != "" {
		m += "Require:\n" + require
	}
	return zipOf(t, map[string][]byte{"manifest.yaml": []byte(m)})
}

func withRepo(t *testing.T) *fakeRepo {
	r := &fakeRepo{files: map[string][]byte{
		repoBase + "apps/com.example.App.zip": manifestPackage(t, "com.example.App", "1.0", "  com.example.Lib: '>=1.1'\n"),
		repoBase + "apps/com.example.Lib.zip": manifestPackage(t, "com.example.Lib", "1.2", ""),
		repoBase + "apps/com.example.Old.zip": manifestPackage(t, "com.example.Old", "1.0", "  com.example.Lib: '>=2'\n"),
		repoBase + "bundles/examples.bundle":  []byte(`{"Packages": [{"Name": "com.example.App"}, {"Name": "com.example.Lib"}]}`),
	}}
	SetFetcher(r.fetch)
	t.Cleanup(func() { SetFetcher(nil) })
	return r
}

// Imports follow python-muranoclient (packages.md §6): packages at
// apps/<FQN>.zip, the Require closure with dependencies first, the
// implicit io.murano left to the platform.
func TestRepoImportPackage(t *testing.T) {
	r := withRepo(t)
	o := open(t, "repo.import", map[string]string{"url": repoBase, "package": "com.example.App"})
	if !o.OK || o.Handle == "" || len(o.Errors) != 0 {
		t.Fatalf("repo.import: %+v", o)
	}
	if want := []pkgRef{{"com.example.Lib", "1.2.0"}, {"com.example.App", "1.0.0"}}; !reflect.DeepEqual(o.Imported, want) {
		t.Errorf("imported %v, want %v", o.Imported, want)
	}
	reqs := o.Requirements.Packages
	if len(reqs) != 2 || reqs[0].Name != "io.murano" || reqs[0].Status != "platform" || !reqs[0].Implicit ||
		reqs[1].Name != "com.example.Lib" || reqs[1].Status != "resolved" || reqs[1].Version != "1.2.0" || *reqs[1].Spec != ">=1.1" {
		t.Errorf("requirements %+v", reqs)
	}
	if !slices.Contains(r.asked, repoBase+"apps/com.example.App.zip") || !slices.Contains(r.asked, repoBase+"apps/com.example.Lib.zip") {
		t.Errorf("asked %v", r.asked)
	}
	var info struct{ FullName string }
	if json.Unmarshal(o.Package, &info); info.FullName != "com.example.App" {
		t.Errorf("package %s", o.Package)
	}
}

func TestRepoImportErrors(t *testing.T) {
	withRepo(t)
	for _, tt := range []struct {
		params   map[string]string
		contains string
	}{
		{map[string]string{"url": repoBase, "package": "com.example.Nothing"}, "com.example.Nothing"},
		{map[string]string{"url": repoBase, "package": "com.example.Old"}, "com.example.Lib"},
		{map[string]string{"url": repoBase, "bundle": "nothing"}, "Failed to create bundle for 'nothing'"},
		{map[string]string{"url": "ftp://x/", "package": "a.B"}, "only http(s)"},
		{map[string]string{"url": "http://elsewhere.test/repo/", "package": "a.B"}, "http://elsewhere.test/repo/apps/a.B.zip: only URLs on this page's origin"},
		{map[string]string{"url": repoBase, "package": "a/b"}, "Invalid filename path supplied: a/b"},
		{map[string]string{"url": repoBase}, `takes either`},
	} {
		out := string(call(t, "repo.import", tt.params))
		if !strings.Contains(out, `"ok":false`) || !strings.Contains(out, tt.contains) {
			t.Errorf("repo.import %v: %s", tt.params, out)
		}
	}
	SetFetcher(nil)
	if out := string(call(t, "repo.import", map[string]string{"url": repoBase, "package": "a.B"})); !strings.Contains(out, "no fetcher") {
		t.Errorf("without a fetcher: %s", out)
	}
}

func TestRepoImportBundle(t *testing.T) {
	withRepo(t)
	var out struct {
		OK       bool
		Packages []openedPackage
		Imported []pkgRef
	}
	if err := json.Unmarshal(call(t, "repo.import", map[string]string{"url": strings.TrimSuffix(repoBase, "/"), "bundle": "examples"}), &out); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range out.Packages {
		var info struct{ FullName string }
		json.Unmarshal(p.Package, &info)
		names = append(names, info.FullName)
		if !strings.Contains(strings.Join(p.Warnings, "\n"), "no trailing slash") {
			t.Errorf("%s: warnings %q", info.FullName, p.Warnings)
		}
	}
	if !out.OK || !slices.Equal(names, []string{"com.example.Lib", "com.example.App"}) || len(out.Imported) != 2 {
		t.Errorf("bundle: %+v", out)
	}
}

// A package opened from the page has its requirements met in the
// repository it names.
func TestPackageOpenResolvesAgainstRepository(t *testing.T) {
	withRepo(t)
	files := map[string][]byte{"manifest.yaml": []byte("FullName: com.example.Mine\nFormat: 1.4\nType: Application\nRequire:\n  com.example.App: '>=1'\n  com.example.Gone: '1.0'\n")}
	o := open(t, "package.open", map[string]any{"files": filesParam(files), "repo": repoBase})
	reqs := o.Requirements.Packages
	if len(reqs) != 3 || reqs[1].Status != "resolved" || reqs[1].Version != "1.0.0" || reqs[2].Status != "missing" || !strings.Contains(reqs[2].Message, "com.example.Gone") {
		t.Errorf("requirements %+v", reqs)
	}
	if o.Requirements.Error == nil || !strings.Contains(*o.Requirements.Error, "com.example.Gone") {
		t.Errorf("resolution error %v", *o.Requirements.Error)
	}
}

// A null spec means major version 0 (seed 000), which App 1.0.0 is not.
func TestPackageOpenNullSpec(t *testing.T) {
	withRepo(t)
	files := map[string][]byte{"manifest.yaml": []byte("FullName: com.example.Mine\nFormat: 1.4\nType: Application\nRequire:\n  com.example.App:\n")}
	o := open(t, "package.open", map[string]any{"files": filesParam(files), "repo": repoBase})
	reqs := o.Requirements.Packages
	if len(reqs) != 2 || reqs[1].Status != "missing" || !strings.Contains(reqs[1].Message, "0.x") || o.Requirements.Error == nil {
		t.Errorf("requirements %+v", reqs)
	}
}

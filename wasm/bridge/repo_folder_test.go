package bridge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The repository of the browser tests: web/tests/fixtures/repo-src with
// each folder of apps/ zipped as apps/<folder>.zip (com.example.Web 1.0.0
// requires com.example.Db >=2, of which apps/ has 1.0.0 and 2.1.0;
// com.example.Legacy requires Db <2; com.example.Stack requires both
// sites; apps/com.example.Corrupt.zip is not a zip), a bundle in YAML
// (web) and one in JSON (legacy), images.lst and images/.
const repoFixture = fixtures + "/repo-src"

// repoFolderFiles returns the repository fixture's files by path, each
// prefixed with prefix.
func repoFolderFiles(t *testing.T, prefix string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for name, data := range readFolder(t, repoFixture, "") {
		if rest, ok := strings.CutPrefix(name, "apps/"); ok && strings.Contains(rest, "/") {
			continue
		}
		files[prefix+name] = data
	}
	apps, err := os.ReadDir(filepath.Join(repoFixture, "apps"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range apps {
		if e.IsDir() {
			files[prefix+"apps/"+e.Name()+".zip"] = zipOf(t, readFolder(t, filepath.Join(repoFixture, "apps", e.Name()), ""))
		}
	}
	return files
}

type repoFolderAnswer struct {
	OK         bool
	Error      *problem
	Repository struct {
		Handle   string
		Root     string
		Packages []struct {
			File     string
			Package  *struct{ FullName, Name, Version string }
			Errors   []problem
			Warnings []string
		}
		Bundles []struct {
			Name, File, Format string
			Entries            []bundleEntry
			Error              *string
		}
		Images     []repoImage
		ImageFiles []string
	}
}

func openRepoFixture(t *testing.T, method, prefix string) repoFolderAnswer {
	t.Helper()
	params := map[string]any{
		"files":  filesParam(repoFolderFiles(t, prefix)),
		"unread": map[string]int{prefix + "images/big.qcow2": 5 << 30},
	}
	var out repoFolderAnswer
	raw := call(t, method, params)
	if err := json.Unmarshal(raw, &out); err != nil || !out.OK {
		t.Fatalf("%s: %s", method, raw)
	}
	return out
}

func TestRepoOpenFolder(t *testing.T) {
	for _, tt := range []struct{ method, prefix, root string }{
		{"repo.open", "", ""},
		{"repo.open", "my-repo/", "my-repo"},
		{"package.open", "my-repo/", "my-repo"},
		{"package.open", "__MACOSX/x", ""},
	} {
		t.Run(tt.method+" "+tt.prefix, func(t *testing.T) {
			prefix := tt.prefix
			if strings.HasPrefix(prefix, "__MACOSX") {
				prefix = "" // a root-level repository with macOS litter next to it
			}
			r := openRepoFixture(t, tt.method, prefix).Repository
			if !strings.HasPrefix(r.Handle, "repo-") || r.Root != tt.root {
				t.Errorf("handle %q root %q", r.Handle, r.Root)
			}
			var pkgs []string
			for _, p := range r.Packages {
				switch {
				case p.Package != nil && len(p.Errors) == 0:
					pkgs = append(pkgs, p.File+" "+p.Package.FullName+" "+p.Package.Version+" "+p.Package.Name)
				case p.Package == nil && len(p.Errors) > 0:
					pkgs = append(pkgs, p.File+" broken")
				default:
					t.Errorf("%s: %+v", p.File, p)
				}
			}
			want := []string{
				"apps/com.example.Corrupt.zip broken",
				"apps/com.example.Db.1.0.0.zip com.example.Db 1.0.0 Database",
				"apps/com.example.Db.2.1.0.zip com.example.Db 2.1.0 Database",
				"apps/com.example.Legacy.zip com.example.Legacy 1.0.0 Legacy Site",
				"apps/com.example.Stack.zip com.example.Stack 1.0.0 Stack",
				"apps/com.example.Web.zip com.example.Web 1.0.0 Web Site",
			}
			if !slices.Equal(pkgs, want) {
				t.Errorf("packages\n%q\nwant\n%q", pkgs, want)
			}
			if len(r.Bundles) != 2 ||
				r.Bundles[0].Name != "legacy" || r.Bundles[0].Format != "json" ||
				!reflect.DeepEqual(r.Bundles[0].Entries, []bundleEntry{{Name: "com.example.Legacy", Version: "1.0.0"}, {Name: "com.example.Gone"}}) ||
				r.Bundles[1].Name != "web" || r.Bundles[1].Format != "yaml" || r.Bundles[1].File != "bundles/web.bundle" ||
				!reflect.DeepEqual(r.Bundles[1].Entries, []bundleEntry{{Name: "com.example.Web"}}) {
				t.Errorf("bundles %+v", r.Bundles)
			}
			wantImages := []repoImage{
				{Name: "ubuntu.qcow2", DiskFormat: "qcow2", ContainerFormat: "bare", URL: "images/ubuntu.qcow2", Package: "com.example.Web", Present: true},
				{Name: "cirros.img", DiskFormat: "qcow2", ContainerFormat: "bare", URL: "images/cirros.img"},
			}
			if !reflect.DeepEqual(r.Images, wantImages) || !slices.Equal(r.ImageFiles, []string{"images/big.qcow2", "images/ubuntu.qcow2"}) {
				t.Errorf("images %+v, files %q", r.Images, r.ImageFiles)
			}
		})
	}
}

// A folder that is a package, or holds nothing of a repository, is not
// one.
func TestRepoOpenNotARepository(t *testing.T) {
	for _, files := range []map[string][]byte{
		{"manifest.yaml": []byte("FullName: a.B\n"), "apps/x.zip": nil},
		{"pkg/manifest.yaml": []byte("FullName: a.B\n"), "pkg/bundles/x.bundle": nil},
		{"a/apps/x.zip": nil, "b/bundles/x.bundle": nil},
		{"apps/readme.txt": nil, "bundles/sub/x.bundle": nil},
	} {
		out := string(call(t, "repo.open", map[string]any{"files": filesParam(files)}))
		if !strings.Contains(out, `"ok":false`) || !strings.Contains(out, "not a repository") {
			t.Errorf("%v: %s", slices.Sorted(func(yield func(string) bool) {
				for k := range files {
					yield(k)
				}
			}), out)
		}
	}
	out := string(call(t, "repo.open", map[string]any{"files": filesParam(map[string][]byte{"r/apps/a.zip": nil, "r/../x": nil})}))
	if !strings.Contains(out, "outside the package") {
		t.Errorf("a path leaving the folder: %s", out)
	}
}

// Imports from a repository folder follow the client (packages.md §6.3,
// §6.5): the Require closure, dependencies first, with one version per
// package; a bundle's entries that cannot be found are warnings.
func TestRepoFolderImport(t *testing.T) {
	handle := openRepoFixture(t, "repo.open", "my-repo/").Repository.Handle
	db1, db2 := pkgRef{"com.example.Db", "1.0.0"}, pkgRef{"com.example.Db", "2.1.0"}
	web, legacy := pkgRef{"com.example.Web", "1.0.0"}, pkgRef{"com.example.Legacy", "1.0.0"}
	for _, tt := range []struct {
		name     string
		params   map[string]string
		imported []pkgRef
		opened   []string // the packages opened as workspaces
		warning  string
	}{
		{"closure", map[string]string{"package": "com.example.Web"}, []pkgRef{db2, web}, []string{"com.example.Web"}, ""},
		{"older version", map[string]string{"package": "com.example.Legacy"}, []pkgRef{db1, legacy}, []string{"com.example.Legacy"}, ""},
		{"version spec", map[string]string{"package": "com.example.Db", "version": "<2"}, []pkgRef{db1}, []string{"com.example.Db"}, ""},
		{"yaml bundle", map[string]string{"bundle": "web"}, []pkgRef{db2, web}, []string{"com.example.Web"}, ""},
		{"json bundle", map[string]string{"bundle": "legacy"}, []pkgRef{db1, legacy}, []string{"com.example.Legacy"}, "com.example.Gone"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.params["handle"] = handle
			var out struct {
				OK       bool
				Packages []openedPackage
				Imported []pkgRef
				Warnings []string
			}
			raw := call(t, "repo.import", tt.params)
			if err := json.Unmarshal(raw, &out); err != nil || !out.OK {
				t.Fatalf("%s", raw)
			}
			if out.Packages == nil { // a package import answers as package.open
				var o openedPackage
				json.Unmarshal(raw, &o)
				out.Packages, out.Warnings = []openedPackage{o}, o.Warnings
			}
			if !reflect.DeepEqual(out.Imported, tt.imported) {
				t.Errorf("imported %v, want %v", out.Imported, tt.imported)
			}
			var opened []string
			for _, o := range out.Packages {
				var info struct{ FullName string }
				json.Unmarshal(o.Package, &info)
				opened = append(opened, info.FullName)
				if o.Requirements.Repository == nil || *o.Requirements.Repository != "my-repo/" || o.Requirements.Error != nil {
					t.Errorf("%s: requirements %+v", info.FullName, o.Requirements)
				}
				for _, r := range o.Requirements.Packages {
					if want := map[string]string{"resolved": "com.example.Db", "platform": "io.murano"}[r.Status]; want != r.Name {
						t.Errorf("%s: requirement %+v", info.FullName, r)
					}
				}
			}
			if !slices.Equal(opened, tt.opened) {
				t.Errorf("opened %q, want %q", opened, tt.opened)
			}
			if got := strings.Join(out.Warnings, "\n"); tt.warning == "" && strings.Contains(got, "bundle") || !strings.Contains(got, tt.warning) {
				t.Errorf("warnings %q, want %q", out.Warnings, tt.warning)
			}
		})
	}
}

func TestRepoFolderImportErrors(t *testing.T) {
	handle := openRepoFixture(t, "repo.open", "").Repository.Handle
	for _, tt := range []struct {
		params   map[string]string
		contains []string
	}{
		// Both requirement chains of the conflict are named.
		{map[string]string{"handle": handle, "package": "com.example.Stack"},
			[]string{"com.example.Stack 1.0.0 → com.example.Web 1.0.0", "com.example.Stack 1.0.0 → com.example.Legacy 1.0.0", "com.example.Db"}},
		{map[string]string{"handle": handle, "package": "com.example.Corrupt"}, []string{"com.example.Corrupt", "apps/com.example.Corrupt.zip"}},
		{map[string]string{"handle": handle, "bundle": "nothing"}, []string{"Failed to create bundle for 'nothing'"}},
		{map[string]string{"handle": "repo-0", "package": "a.B"}, []string{`no open repository \"repo-0\"`}},
	} {
		out := string(call(t, "repo.import", tt.params))
		for _, c := range tt.contains {
			if !strings.Contains(out, `"ok":false`) || !strings.Contains(out, c) {
				t.Errorf("repo.import %v: %s lacks %q", tt.params, out, c)
			}
		}
	}
}

// A package opened while a repository folder is open has its
// requirements met in the folder.
func TestPackageOpenResolvesAgainstFolder(t *testing.T) {
	handle := openRepoFixture(t, "repo.open", "").Repository.Handle
	files := readFolder(t, filepath.Join(repoFixture, "apps", "com.example.Legacy"), "Legacy/")
	o := open(t, "package.open", map[string]any{"files": filesParam(files), "repo": handle})
	reqs := o.Requirements.Packages
	if len(reqs) != 2 || reqs[1].Name != "com.example.Db" || reqs[1].Status != "resolved" || reqs[1].Version != "1.0.0" ||
		o.Requirements.Repository == nil || *o.Requirements.Repository != "the opened folder" {
		t.Errorf("requirements %+v", o.Requirements)
	}
}

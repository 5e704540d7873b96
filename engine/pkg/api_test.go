package pkg

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"testing/fstest"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/enginetest"
)

// apiPackages are packages of both built-in formats that use every
// manifest field of the seed's Package API.
var apiPackages = map[string]fstest.MapFS{
	"mpl": folder(
		"manifest.yaml", `Format: 1.4
Type: Application
FullName: com.ex.Api
Name: Api app
Version: 1.2
Description: What it does
Author: Someone
Tags: [a, b]
Supplier:
  Name: Supplier Inc
  Logo: s.png
Logo: l.png
Require:
  io.murano:
  com.ex.Lib: 1.2
Classes:
  com.ex.Api.Main: Main.yaml
UI: custom.yaml
`,
		"Classes/Main.yaml", "Namespaces: {=: com.ex.Api}\nName: Main\n",
		"UI/custom.yaml", "Version: 2\n",
		"l.png", "\x89PNG\r\n\x1a\nlogo",
		"s.png", "GIF89a supplier",
		"Resources/script.sh", "echo hi\n",
		"Resources/sub/x.txt", "x\n",
	),
	"hot": folder(
		"manifest.yaml", `Format: Heat.HOT/1.0
Type: Application
FullName: com.ex.Hot
Version: 0.3
Tags: single
Require: {com.ex.Lib: 1}
`,
		"template.yaml", "heat_template_version: 2015-04-30\nparameters:\n  n: {type: number}\nresources: {}\n",
		"Resources/HotFiles/a.sh", "a\n",
		"Resources/com.ex.Hot", "replaced by the template\n",
		"logo.png", "\xff\xd8\xff\xe0\x00\x10JFIF\x00",
	),
	"bare": folder(
		"manifest.yaml", "FullName: com.ex.Bare\nType: Library\nClasses: {}\n",
	),
}

// apiResources are the resource names asked of every package.
var apiResources = []string{"script.sh", "sub/x.txt", "sub/../script.sh", "HotFiles/a.sh", "com.ex.Hot",
	"missing.txt", "../manifest.yaml", "/etc/hostname", "", ".", "sub/../../manifest.yaml"}

// apiView is what the reference's package object (load_from_dir) gives.
type apiView struct {
	FullName     string            `json:"full_name"`
	Version      string            `json:"version"`
	Classes      []string          `json:"classes"`
	Requirements map[string]string `json:"requirements"`
	Type         string            `json:"type"`
	DisplayName  string            `json:"display_name"`
	Description  string            `json:"description"`
	Author       string            `json:"author"`
	Supplier     map[string]any    `json:"supplier"`
	Tags         []string          `json:"tags"`
	Logo         []byte            `json:"logo"`
	SupplierLogo []byte            `json:"supplier_logo"`
	UI           bool              `json:"ui"`
	Format       string            `json:"format"`
	ClassSources map[string]string `json:"class_sources"` // MuranoPL only
	Resources    map[string]string `json:"resources"`     // content or "!ErrorClass"
}

// TestPackageAPIMatchesReference compares the seed's Package API of both
// formats with the reference's packages (murano.packages.load_utils) on
// the same files.
func TestPackageAPIMatchesReference(t *testing.T) {
	enginetest.Reference(t, "/usr/lib/python3/dist-packages/murano/packages/load_utils.py")
	root := t.TempDir()
	var dirs []string
	for name, fsys := range apiPackages {
		dir := filepath.Join(root, name)
		if err := os.CopyFS(dir, fsys); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	script := `
import base64, json, sys, warnings
warnings.simplefilter('ignore')
from murano.common import config
config.CONF([], project='murano')
from murano.packages import load_utils
names = json.loads(sys.argv[1])
out = {}
for d in sys.argv[2:]:
    p = load_utils.load_from_dir(d)
    b64 = lambda b: b and base64.b64encode(b).decode()
    v = {'full_name': p.full_name, 'version': str(p.version), 'classes': sorted(p.classes),
         'requirements': {k: '' if s is None else str(s) for k, s in p.requirements.items()},
         'type': p.package_type, 'display_name': p.display_name, 'description': p.description or '',
         'author': p.author or '', 'supplier': p.supplier, 'tags': p.tags, 'logo': b64(p.logo),
         'supplier_logo': b64(p.supplier_logo), 'ui': p.ui is not None,
         'format': '%s/%s' % (p.format_name, p.runtime_version), 'class_sources': {}, 'resources': {}}
    for c in p.classes:
        src, _ = p.get_class(c)
        if p.format_name == 'MuranoPL':
            v['class_sources'][c] = src.decode() if isinstance(src, bytes) else src
    for n in names:
        try:
            with open(p.get_resource(n)) as f:
                v['resources'][n] = f.read()
        except Exception as e:
            v['resources'][n] = '!' + type(e).__name__
    out[d.rsplit('/', 1)[1]] = v
print(json.dumps(out))
`
	names, _ := json.Marshal(apiResources)
	cmd := exec.Command("/usr/bin/python3", append([]string{"-c", script, string(names)}, dirs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("reference: %v\n%s", err, stderr.String())
	}
	var want map[string]apiView
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if want["hot"].Resources["com.ex.Hot"] != string(apiPackages["hot"]["template.yaml"].Data) {
		t.Fatalf("the reference does not give the HOT template as a resource: %q", want["hot"].Resources["com.ex.Hot"])
	}
	for name, fsys := range apiPackages {
		p, err := Open(fsys)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := apiOf(t, p)
		if w := want[name]; !reflect.DeepEqual(got, w) {
			gj, _ := json.MarshalIndent(got, "", " ")
			wj, _ := json.MarshalIndent(w, "", " ")
			t.Errorf("%s:\n got %s\nwant %s", name, gj, wj)
		}
	}
}

// apiOf reads the Package API of p as apiView.
func apiOf(t *testing.T, p *Package) apiView {
	t.Helper()
	m := p.Manifest
	v := apiView{FullName: p.Name(), Version: p.Version(), Classes: p.ClassNames(), Requirements: p.Requirements(),
		Type: m.Type, DisplayName: m.Name, Description: m.Description, Author: m.Author, Supplier: m.Supplier,
		Tags: m.Tags, Format: m.ID.String(), ClassSources: map[string]string{}, Resources: map[string]string{}}
	if v.Supplier == nil {
		v.Supplier = map[string]any{}
	}
	if v.Tags == nil {
		v.Tags = []string{}
	}
	var err error
	if v.Logo, err = p.Logo(); err != nil {
		t.Errorf("%s: logo: %v", p.Name(), err)
	}
	if v.SupplierLogo, err = p.SupplierLogo(); err != nil {
		t.Errorf("%s: supplier logo: %v", p.Name(), err)
	}
	ui, err := p.UI()
	if err != nil {
		t.Errorf("%s: ui: %v", p.Name(), err)
	}
	v.UI = ui != nil
	for _, c := range v.Classes {
		f, err := p.ClassFile(c)
		if err != nil || f == nil {
			t.Errorf("%s: class %s: %v", p.Name(), c, err)
			continue
		}
		if m.ID.Name == muranoPL {
			v.ClassSources[c] = f.Source.Text
		}
	}
	for _, n := range apiResources {
		src, err := p.Resource(n)
		var pyErr *decl.PyError
		switch {
		case err == nil:
			v.Resources[n] = string(src)
		case errors.As(err, &pyErr):
			v.Resources[n] = "!" + pyErr.Class
		case errors.Is(err, fs.ErrNotExist):
			v.Resources[n] = "!FileNotFoundError"
		default:
			v.Resources[n] = "!" + err.Error()
		}
	}
	slices.Sort(v.Classes)
	return v
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"murano.dev/playground/engine"
)

const formClass = `Namespaces:
  =: com.example.forms
  m: io.murano.metadata
  forms: io.murano.metadata.forms
Name: Server
Meta:
  - m:Title: {text: A server}
  - forms:Section: {name: main, index: 0}
Properties:
  name:
    Contract: $.string().notNull()
    Meta:
      - m:Title: {text: Name}
      - forms:Position: {index: 0, section: main}
  port:
    Contract: $.int().check($ > 0 and $ < 65536)
    Default: $.defaultPort
  state:
    Contract: $.string()
    Usage: Out
Methods:
  fromName:
    Usage: Static
    Scope: Public
    Meta:
      - m:ModelBuilder: {}
    Arguments:
      - model:
          Contract: {}
      - name:
          Contract: $.string().notNull()
    Body:
      - Return: $model
`

// formPackages writes the forms package twice into a folder: as a folder
// (version 0.1.0) and as a .zip (version 0.2.0, with a property more).
func formPackages(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	manifest := "Format: MuranoPL/1.4\nType: Application\nFullName: com.example.forms\nName: Forms\nVersion: %s\nClasses:\n  com.example.forms.Server: Server.yaml\n"
	folder := filepath.Join(dir, "forms")
	os.MkdirAll(filepath.Join(folder, "Classes"), 0o755)
	os.WriteFile(filepath.Join(folder, "manifest.yaml"), []byte(strings.Replace(manifest, "%s", "0.1.0", 1)), 0o644)
	os.WriteFile(filepath.Join(folder, "Classes", "Server.yaml"), []byte(formClass), 0o644)
	zip := writeZip(t, map[string]string{
		"manifest.yaml":       strings.Replace(manifest, "%s", "0.2.0", 1),
		"Classes/Server.yaml": strings.Replace(formClass, "Properties:\n", "Properties:\n  tags:\n    Contract: [$.string(), 1]\n", 1),
	})
	if err := os.Rename(zip, filepath.Join(dir, "forms-0.2.0.zip")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func schemaCmd(t *testing.T, args ...string) (map[string]any, string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"schema"}, args...), nil, &stdout, &stderr)
	var doc map[string]any
	if stdout.Len() > 0 {
		if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
		}
	}
	return doc, stdout.String(), stderr.String(), code
}

// property returns the schema of a property in the document's entity.
func property(doc map[string]any, entity, name string) map[string]any {
	s, _ := doc[entity].(map[string]any)
	props, _ := s["properties"].(map[string]any)
	p, _ := props[name].(map[string]any)
	return p
}

func TestSchema(t *testing.T) {
	dir := formPackages(t)
	const class = "com.example.forms.Server"
	doc, _, stderr, code := schemaCmd(t, "--package-dir", dir, "--class", class)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(doc) != 2 || doc["fromName"] == nil {
		t.Errorf("entities %v, want the class and fromName", doc)
	}
	if p := property(doc, "", "tags"); p["type"] != "array" {
		t.Errorf("tags = %v: the highest version (the .zip) is not the one used", p)
	}
	if p := property(doc, "", "name"); p["title"] != "Name" || p["formIndex"] != 2.0 || p["type"] != "string" {
		t.Errorf("name = %v", p)
	}
	if p := property(doc, "", "port"); p["minimum"] != 0.0 || p["exclusiveMaximum"] != true ||
		!jsonEqual(p["default"], `{"$pytype": "YaqlExpression", "$repr": "YAQL($.defaultPort)"}`) {
		t.Errorf("port = %v", p)
	}
	if property(doc, "", "state") != nil {
		t.Error("an Out property is in the schema")
	}
	if _, ok := doc[""].(map[string]any)["required"]; ok {
		t.Error("required without --extensions")
	}
	if property(doc, "fromName", "model") == nil {
		t.Error("the builder's model argument is left out without --extensions")
	}

	doc, _, _, _ = schemaCmd(t, "--package-dir", dir, "--class", class, "--class-version", "=0.1", "--method", "")
	if len(doc) != 1 || property(doc, "", "tags") != nil || property(doc, "", "name") == nil {
		t.Errorf("version 0.1, the class only: %v", doc)
	}

	doc, _, _, _ = schemaCmd(t, "--package-dir", dir, "--class", class, "--extensions", "--method", "fromName")
	builder := doc["fromName"].(map[string]any)
	if property(doc, "fromName", "model") != nil || !jsonEqual(builder["required"], `["name"]`) {
		t.Errorf("with --extensions: %v", builder)
	}

	_, out, _, _ := schemaCmd(t, "--package-dir", dir, "--class", class, "--method", "", "--indent", "1")
	if !strings.HasPrefix(out, "{\n \"\": {\n  \"$schema\": ") {
		t.Errorf("--indent 1: %.40q", out)
	}
}

func jsonEqual(v any, text string) bool {
	var want any
	if err := json.Unmarshal([]byte(text), &want); err != nil {
		panic(err)
	}
	a, _ := json.Marshal(v)
	b, _ := json.Marshal(want)
	return bytes.Equal(a, b)
}

// A failed generation prints the reference's exception and exits 1.
func TestSchemaErrors(t *testing.T) {
	dir := formPackages(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--class", "com.example.Nothing"}, `NoPackageForClassFound: Package for class "com.example.Nothing" is not found`},
		{[]string{"--class", "com.example.forms.Server", "--package-name", "com.example.none"}, `NoPackageFound: Package "com.example.none" is not found`},
		{[]string{"--class", "com.example.forms.Server", "--class-version", "1"}, `NoPackageForClassFound: Package for class "com.example.forms.Server" is not found`},
		{[]string{"--class", "io.murano.Object", "--package-name", "com.example.forms"}, `NoClassFound: Class "io.murano.Object" is not found in com.example.forms/0.2.0`},
		{[]string{"--class", "com.example.forms.Server", "--class-version", "x"}, `ValueError: Invalid simple block 'x'`},
	} {
		doc, out, _, code := schemaCmd(t, append([]string{"--package-dir", dir}, tt.args...)...)
		if code != 1 || len(doc) != 1 || doc["error"] != tt.want {
			t.Errorf("%v: exit %d, %s\nwant {\"error\": %q}", tt.args, code, out, tt.want)
		}
	}
}

func TestSchemaUsage(t *testing.T) {
	dir := formPackages(t)
	for _, args := range [][]string{
		{"--class", "com.example.forms.Server"},
		{"--package-dir", dir},
		{"--package-dir", filepath.Join(dir, "missing"), "--class", "x.Y"},
		{"--package-dir", dir, "--class", "x.Y", "extra"},
		{"--package-dir", dir, "--class", "x.Y", "--core-library", filepath.Join(dir, "missing")},
		{"--nothing"},
	} {
		if _, out, _, code := schemaCmd(t, args...); code != 2 || out != "" {
			t.Errorf("%v: exit %d, %q; want 2 and no output", args, code, out)
		}
	}
	if _, _, stderr, code := schemaCmd(t, "-h"); code != 0 || !strings.Contains(stderr, "usage: muranopl schema") {
		t.Errorf("-h: exit %d, %q", code, stderr)
	}
}

// The real io.murano gives the same schemas as the project's own.
func TestSchemaCoreLibraries(t *testing.T) {
	_, where, err := engine.LocateCoreLibrary()
	if err != nil {
		t.Skip(err)
	}
	dir := formPackages(t)
	_, own, _, _ := schemaCmd(t, "--package-dir", dir, "--class", "com.example.forms.Server")
	_, real, stderr, code := schemaCmd(t, "--package-dir", dir, "--class", "com.example.forms.Server", "--core-library", where)
	if code != 0 || own != real {
		t.Errorf("with %s: exit %d %s\n%s\nwant\n%s", where, code, stderr, real, own)
	}
}

package bridge

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The Example Blog and the Example Database it requires, opened.
func blogHandles(t *testing.T) []string {
	t.Helper()
	return []string{
		openFolderHandle(t, readFolder(t, "../../web/packages/blog", "")),
		openFolderHandle(t, readFolder(t, "../../web/packages/database", "")),
	}
}

func TestSchemaClasses(t *testing.T) {
	var r struct {
		OK      bool
		Classes []struct {
			Name, Version, Package string
			Application            bool
			Builders               []struct{ Name, Title string }
		}
	}
	if err := json.Unmarshal(callRaw(t, "schema.classes", map[string]any{"packages": blogHandles(t)}), &r); err != nil || !r.OK {
		t.Fatalf("schema.classes: %+v %v", r, err)
	}
	if len(r.Classes) != 2 || r.Classes[0].Name != "org.playground.examples.Blog" || !r.Classes[0].Application || r.Classes[1].Application {
		t.Fatalf("classes (applications first): %+v", r.Classes)
	}
	if b := r.Classes[0].Builders; len(b) != 1 || b[0].Name != "quickStart" || b[0].Title != "Quick start" {
		t.Errorf("the blog's builders: %+v", b)
	}
	if r.Classes[0].Package != "org.playground.examples.Blog" || r.Classes[0].Version != "0.0.0" {
		t.Errorf("the blog's package: %+v", r.Classes[0])
	}
	if out := callRaw(t, "schema.classes", map[string]any{"packages": []string{}}); !strings.Contains(string(out), `"ok":false`) {
		t.Errorf("no package: %s", out)
	}
}

func TestSchemaGenerate(t *testing.T) {
	handles := blogHandles(t)
	for _, ext := range []bool{false, true} {
		var r struct {
			OK      bool
			Schemas map[string]struct {
				Properties map[string]map[string]any
				Required   []string
			}
		}
		if err := json.Unmarshal(callRaw(t, "schema.generate", map[string]any{"packages": handles, "class": "org.playground.examples.Blog", "extensions": ext}), &r); err != nil || !r.OK {
			t.Fatalf("schema.generate: %+v %v", r, err)
		}
		class, builder := r.Schemas[""], r.Schemas["quickStart"]
		if class.Properties["database"]["muranoType"] != "org.playground.examples.Database" || class.Properties["url"] != nil {
			t.Errorf("the blog's schema: %v", class.Properties)
		}
		// The builder's model argument is a field of 14.0.0's schema, not
		// of the extended one, which says what is required.
		if _, has := builder.Properties["model"]; has == ext || (len(builder.Required) > 0) != ext {
			t.Errorf("extensions %v: the builder's schema %+v", ext, builder)
		}
	}
	var failed struct {
		OK    bool
		Error struct{ Type, Message string }
	}
	json.Unmarshal(callRaw(t, "schema.generate", map[string]any{"packages": handles, "class": "org.playground.examples.Nothing"}), &failed)
	if !failed.OK || failed.Error.Type != "NoPackageForClassFound" {
		t.Errorf("an unknown class: %+v", failed)
	}
	if out := callRaw(t, "schema.generate", map[string]any{"packages": []string{"nope"}, "class": "x"}); !strings.Contains(string(out), "unknown package handle") {
		t.Errorf("an unknown handle: %s", out)
	}
}

func TestSchemaBuilder(t *testing.T) {
	handles := blogHandles(t)
	var r struct {
		OK     bool
		Result map[string]any
	}
	args := map[string]any{"siteName": "news", "database": "db1"}
	if err := json.Unmarshal(callRaw(t, "schema.builder", map[string]any{"packages": handles, "class": "org.playground.examples.Blog", "method": "quickStart", "args": args}), &r); err != nil || !r.OK {
		t.Fatalf("schema.builder: %+v %v", r, err)
	}
	instance, _ := r.Result["instance"].(map[string]any)
	if r.Result["title"] != "The news blog" || r.Result["database"] != "db1" || instance["flavor"] != "2" || instance["name"] != "news-1" {
		t.Errorf("quickStart: %v", r.Result)
	}
	var raised struct {
		OK        bool
		Exception struct {
			Type, Message string
			Stack         []struct{ File string }
		}
	}
	bad := map[string]any{"packages": handles, "class": "org.playground.examples.Blog", "method": "quickStart", "args": map[string]any{"siteName": "Not A Name", "database": "db1"}}
	json.Unmarshal(callRaw(t, "schema.builder", bad), &raised)
	if !raised.OK || raised.Exception.Type != "ContractViolationException" || !strings.Contains(raised.Exception.Message, "siteName") {
		t.Errorf("a contract violation: %+v", raised)
	}
	if out := callRaw(t, "schema.builder", map[string]any{"packages": handles, "class": "org.playground.examples.Blog", "method": "quickStart", "args": []int{1}}); !strings.Contains(string(out), "not a JSON object") {
		t.Errorf("args that are not an object: %s", out)
	}
}

// A package whose version is not 0.x (the HOT example is 1.0.0): its
// classes are found in it, an application, with a schema and a form.
func TestSchemaOfAVersionedPackage(t *testing.T) {
	handles := []string{openFolderHandle(t, readFolder(t, "../../web/packages/hotstack", ""))}
	var classes struct {
		OK      bool
		Classes []struct {
			Name, Version string
			Application   bool
		}
	}
	if err := json.Unmarshal(callRaw(t, "schema.classes", map[string]any{"packages": handles}), &classes); err != nil || !classes.OK {
		t.Fatalf("schema.classes: %+v %v", classes, err)
	}
	if len(classes.Classes) != 1 || classes.Classes[0].Version != "1.0.0" || !classes.Classes[0].Application {
		t.Fatalf("the HOT example's classes: %+v", classes.Classes)
	}
	var r struct {
		OK      bool
		Schemas map[string]struct{ Properties map[string]any }
		Error   *struct{ Type, Message string }
	}
	if err := json.Unmarshal(callRaw(t, "schema.generate", map[string]any{"packages": handles, "class": classes.Classes[0].Name}), &r); err != nil || !r.OK || r.Error != nil {
		t.Fatalf("schema.generate: %+v %v", r, err)
	}
	if r.Schemas[""].Properties["templateParameters"] == nil {
		t.Errorf("the HOT example's schema: %+v", r.Schemas)
	}
}

// The way of a keystroke in the Example Blog's class to its Schema forms
// preview, without the browser: the package opened again from its files
// and the class's schema generated (with the Example Database it requires).
func BenchmarkSchemaKeystroke(b *testing.B) {
	var database openedPackage
	json.Unmarshal(Call(context.Background(), "package.open", mustJSON(b, map[string]any{"files": filesParam(readFolder(b, "../../web/packages/database", ""))})), &database)
	raw, err := json.Marshal(map[string]any{"files": filesParam(readFolder(b, "../../web/packages/blog", ""))})
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		var o openedPackage
		json.Unmarshal(Call(context.Background(), "package.open", raw), &o)
		if o.Handle == "" {
			b.Fatal("package.open: no handle")
		}
		req, _ := json.Marshal(map[string]any{"packages": []string{o.Handle, database.Handle}, "class": "org.playground.examples.Blog", "extensions": true})
		if out := Call(context.Background(), "schema.generate", req); !bytes.Contains(out, []byte(`"schemas"`)) {
			b.Fatalf("schema.generate: %s", out)
		}
		Call(context.Background(), "package.close", []byte(`{"handle": "`+o.Handle+`"}`))
	}
}

func mustJSON(b *testing.B, v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	return raw
}

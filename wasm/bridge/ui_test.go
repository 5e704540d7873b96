package bridge

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// uiCall runs a ui.* method and decodes its answer.
func uiCall(t *testing.T, method string, params any) map[string]any {
	t.Helper()
	raw, _ := json.Marshal(params)
	var out map[string]any
	if err := json.Unmarshal(Call(context.Background(), method, raw), &out); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return out
}

func openFolderHandle(t *testing.T, files map[string][]byte) string {
	t.Helper()
	w, err := openFilesWorkspace(files)
	if err != nil {
		t.Fatal(err)
	}
	w.Handle = workspaces.keep(w)
	t.Cleanup(func() { workspaces.drop(w.Handle) })
	return w.Handle
}

// The database example answered as web/tests/fixtures/forms/database.answers.json
// says, posted as the browser posts the widgets; the object model is the
// Dynamic UI oracle's for those answers (database.want.json, seed 42).
func TestUIWizardBuildsTheOracleObjectModel(t *testing.T) {
	handle := openFolderHandle(t, readFolder(t, "../../web/packages/database", ""))
	start := uiCall(t, "ui.start", map[string]any{"handle": handle, "environment": []any{}})
	if start["ok"] != true {
		t.Fatalf("ui.start: %v", start)
	}
	id := start["wizard"].(string)
	defer uiCall(t, "ui.close", map[string]any{"wizard": id})
	steps := start["steps"].([]any)
	if len(steps) != 3 || steps[0].(map[string]any)["form"] != "databaseConfiguration" {
		t.Fatalf("steps: %v", steps)
	}

	bad := uiCall(t, "ui.validateField", map[string]any{"wizard": id, "step": 0, "field": "username", "post": map[string]string{"username": "root"}})
	if !reflect.DeepEqual(bad["messages"], []any{"This name is reserved by the database engine"}) {
		t.Fatalf("validateField: %v", bad)
	}

	posts := []map[string]string{
		{"title": "", "engine": "postgresql", "databases": "app_db, reports", "username": "app_owner",
			"password": "Secr3t!pass", "password-clone": "Secr3t!pass", "maxConnections": "100"},
		{"flavor": "3", "osImage": "img-ubuntu", "keyPair": "demo-key", "availabilityZone": "nova", "dataVolume": "", "unitNamingPattern": "db-#"},
		{"application_name": "orders-db"},
	}
	missing := uiCall(t, "ui.submit", map[string]any{"wizard": id, "step": 1, "post": map[string]string{"flavor": "3"}})
	if missing["valid"] != false || !reflect.DeepEqual(missing["errors"].(map[string]any)["osImage"], []any{"This field is required."}) {
		t.Fatalf("submit without an image: %v", missing)
	}
	for i, post := range posts {
		res := uiCall(t, "ui.submit", map[string]any{"wizard": id, "step": i, "post": post})
		if res["valid"] != true {
			t.Fatalf("step %d: %v", i, res)
		}
		if next, ok := res["next"].(map[string]any); (i < 2) != ok || ok && int(next["step"].(float64)) != i+1 {
			t.Fatalf("step %d: next %v", i, res["next"])
		}
	}
	back := uiCall(t, "ui.back", map[string]any{"wizard": id, "step": 2})
	if back["step"].(map[string]any)["form"] != "instanceConfiguration" {
		t.Fatalf("back: %v", back)
	}
	done := uiCall(t, "ui.finish", map[string]any{"wizard": id})
	var want struct {
		ObjectModel any `json:"objectModel"`
	}
	data, err := os.ReadFile("../../web/tests/fixtures/forms/database.want.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if done["valid"] != true || !reflect.DeepEqual(done["objectModel"], want.ObjectModel) {
		t.Fatalf("finish:\n got %v\nwant %v", done, want.ObjectModel)
	}
}

// A ui.yaml the dashboard rejects (Version 3, §3 of the spec) is an error
// placed in UI/ui.yaml; a closed wizard is gone.
func TestUIStartReportsPositionedErrors(t *testing.T) {
	files := map[string][]byte{
		"manifest.yaml": []byte("Format: MuranoPL/1.4\nType: Application\nFullName: com.example.Bad\nName: Bad\nClasses: {}\n"),
		"UI/ui.yaml":    []byte("Version: 3\nApplication:\n  ?:\n    type: com.example.Bad\n"),
	}
	res := uiCall(t, "ui.start", map[string]any{"handle": openFolderHandle(t, files)})
	e, _ := res["error"].(map[string]any)
	if res["ok"] != false || e["file"] != "UI/ui.yaml" || e["line"] != 1.0 ||
		!strings.Contains(e["message"].(string), "requested format version 3.0.0 is not compatible with the supported family 2") {
		t.Fatalf("ui.start: %v", res)
	}
	gone := uiCall(t, "ui.describe", map[string]any{"wizard": "ui-none", "step": 0})
	if gone["ok"] != false || gone["error"].(map[string]any)["kind"] != "gone" {
		t.Fatalf("describe of an unknown wizard: %v", gone)
	}
}

// The keystroke of web/tests/perf.mjs without the browser: one field of
// the 4-step, 40-field fixture validated through the bridge.
func BenchmarkUIValidateField(b *testing.B) {
	w, err := openFilesWorkspace(readFolderB(b, "../../web/tests/fixtures/forms/perf"))
	if err != nil {
		b.Fatal(err)
	}
	w.Handle = workspaces.keep(w)
	defer workspaces.drop(w.Handle)
	var start struct {
		Wizard string `json:"wizard"`
	}
	json.Unmarshal(Call(context.Background(), "ui.start", []byte(`{"handle": "`+w.Handle+`"}`)), &start)
	req := []byte(`{"wizard": "` + start.Wizard + `", "step": 0, "field": "owner", "post": {"name": "app-0", "count": "3", "owner": "root_x"}}`)
	if out := string(Call(context.Background(), "ui.validateField", req)); !strings.Contains(out, `"messages":[]`) {
		b.Fatalf("ui.validateField: %s", out)
	}
	b.ResetTimer()
	for range b.N {
		Call(context.Background(), "ui.validateField", req)
	}
}

func readFolderB(b *testing.B, dir string) map[string][]byte {
	files := map[string][]byte{}
	for _, name := range []string{"manifest.yaml", "Classes/PerfForm.yaml", "UI/ui.yaml"} {
		data, err := os.ReadFile(dir + "/" + name)
		if err != nil {
			b.Fatal(err)
		}
		files[name] = data
	}
	return files
}

package agent

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// The cases of testdata/userdata hold user data built as the core
// library's LinuxMuranoInstance and WindowsInstance build it from its
// Resources (Agent-v2.template and linux-init.sh, Agent-v1.template and
// windows-init.ps1) and as Heat's MultipartMime renders it (Python's
// email package); config.json is the configuration that went in, and
// harness.json what the reference's fake cloud-init finds (its queues;
// it reads no MIME, so it finds nothing in base64 parts).
func TestParseUserData(t *testing.T) {
	paths, _ := filepath.Glob("testdata/userdata/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no cases")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			archive, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string][]byte{}
			for _, f := range archive.Files {
				sections[f.Name] = f.Data
			}
			var files map[string]string
			if data, ok := sections["files.json"]; ok {
				if err := json.Unmarshal(data, &files); err != nil {
					t.Fatal(err)
				}
			}
			userData := strings.TrimSuffix(string(sections["user_data"]), "\n")
			cfg, ok, err := ParseUserData(userData, files)
			want, hasWant := sections["config.json"]
			if !hasWant {
				if ok {
					t.Fatalf("found %+v", cfg)
				}
				if hasConfig := strings.Contains(userData, "AgentConfigBase64"); hasConfig != (err != nil) {
					t.Fatalf("error %v for a user data with a configuration: %v", err, hasConfig)
				}
				return
			}
			if !ok || err != nil {
				t.Fatalf("no configuration found: %v", err)
			}
			var wantCfg Config
			if err := json.Unmarshal(want, &wantCfg); err != nil {
				t.Fatal(err)
			}
			if cfg != wantCfg {
				t.Errorf("got  %+v\nwant %+v", cfg, wantCfg)
			}
			var harness *struct {
				Version        int
				Input, Results string
			}
			if err := json.Unmarshal(sections["harness.json"], &harness); err != nil {
				t.Fatal(err)
			}
			if harness != nil && (harness.Version != cfg.FormatVersion || harness.Input != cfg.InputQueue || harness.Results != cfg.ResultRoutingKey) {
				t.Errorf("the harness found %+v", *harness)
			}
		})
	}
}

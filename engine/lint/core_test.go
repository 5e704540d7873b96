package lint

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
)

// TestWithCoreLibrary checks the classes and requirements outside the
// package against the core library, when it can be found.
func TestWithCoreLibrary(t *testing.T) {
	core, _, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	tests := []struct {
		name string
		want []string // code and class or requirement, in order
	}{
		{"good", nil},
		{"unresolved", []string{
			"L010 class com.example.Missing ",
			"L010 class io.murano.Nowhere ",
			"L010 class com.example.Friend ",
			"L010 class com.example.Stranger ",
			`L021 requirement io.murano ">=5.0" `,
			`L021 requirement com.example.Lonely "2.0" `,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := Check(packageFS(t, tt.name), core)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) != len(tt.want) {
				t.Fatalf("got %d problems, want %d:\n%s", len(ps), len(tt.want), render(ps))
			}
			for i, p := range ps {
				if got := p.Code + " " + p.Msg; !strings.HasPrefix(got, tt.want[i]) || p.Severity != Error {
					t.Errorf("problem %d = %s, want an error starting %q", i, p, tt.want[i])
				}
			}
		})
	}
}

// TestCoreLibraryLikePkgCheck lints the core library itself: it loads, so
// lint must find no error, and murano-pkg-check's warnings must be ours
// (with MURANO_REFERENCE, enginetest.Reference).
func TestCoreLibraryLikePkgCheck(t *testing.T) {
	core, where, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	ps, err := Check(core, core)
	if err != nil {
		t.Fatal(err)
	}
	if HasErrors(ps) {
		t.Errorf("errors in the core library:\n%s", render(ps))
	}
	if !strings.HasSuffix(where, ".zip") {
		return
	}
	t.Run("murano-pkg-check", func(t *testing.T) {
		enginetest.Reference(t, pkgCheck)
		out, err := exec.Command(pkgCheck, where).Output()
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			t.Fatalf("murano-pkg-check: %v\n%s", err, out)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if m := pkgCheckLine.FindStringSubmatch(line); m != nil && !found(ps, m[1], m[2]) {
				t.Errorf("murano-pkg-check reports %q; lint does not\n%s", line, render(ps))
			}
		}
	})
}

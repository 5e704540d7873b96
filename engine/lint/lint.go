package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"murano.dev/playground/engine/pkg"
	"slices"
	"sort"
	"strings"

	"murano.dev/playground/engine/source"
)

// Severity is how bad a problem is.
type Severity string

// The severities: an error makes the package fail to import or run; a
// warning is worth a look.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Problem is one finding. Code is murano-pkg-check's code (E050, W020…)
// for what it also checks, else one of this package's own L codes.
type Problem struct {
	Pos      source.Pos // File is relative to the package root
	Severity Severity
	Code     string
	Msg      string
}

// String renders the problem as "file:line:col: severity: CODE message".
func (p Problem) String() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s %s", p.Pos.File, p.Pos.Line, p.Pos.Col, p.Severity, p.Code, p.Msg)
}

// severityOf gives murano-pkg-check's codes their severity (E… errors,
// W… warnings); this package's L codes say it explicitly.
func severityOf(code string) Severity {
	if strings.HasPrefix(code, "W") {
		return Warning
	}
	return Error
}

// HasErrors reports whether any problem is an error.
func HasErrors(ps []Problem) bool {
	return slices.ContainsFunc(ps, func(p Problem) bool { return p.Severity == Error })
}

// ErrNoManifest is returned for a folder or zip without manifest.yaml.
var ErrNoManifest = errors.New("no manifest.yaml at the root: not a package")

// Check lints the package at the root of fsys. core is the io.murano core
// library (nil when unavailable: classes and requirements outside the
// package are then left unchecked). Problems are sorted by file and
// position.
func Check(fsys, core fs.FS) ([]Problem, error) { return CheckOpened(nil, fsys, core) }

// CheckOpened is [Check] of a package the caller has opened from fsys
// already (nil: none), whose class files are then decoded once for both.
func CheckOpened(p *pkg.Package, fsys, core fs.FS) ([]Problem, error) {
	files, err := listFiles(fsys)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(files, manifestFile) {
		return nil, ErrNoManifest
	}
	c := &checker{fsys: fsys, files: files, core: core, opened: p}
	c.manifest()
	c.layout()
	c.classes()
	c.ui()
	c.engine()
	sort.SliceStable(c.problems, func(i, j int) bool {
		a, b := c.problems[i].Pos, c.problems[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return c.problems, nil
}

// checker holds the state of one Check.
type checker struct {
	fsys     fs.FS
	files    []string // every regular file, slash-separated, sorted
	core     fs.FS
	opened   *pkg.Package // the package of fsys, when the caller opened it
	problems []Problem

	man        *doc              // manifest.yaml's first document; nil if unreadable
	format     string            // the Format version string, as murano-pkg-check splits it
	appType    string            // Type
	classFiles map[string]string // class name → Classes value, from the manifest
}

func (c *checker) report(pos source.Pos, code, format string, args ...any) {
	c.problems = append(c.problems, Problem{Pos: pos, Severity: severityOf(code), Code: code, Msg: fmt.Sprintf(format, args...)})
}

func (c *checker) reportAs(sev Severity, pos source.Pos, code, format string, args ...any) {
	c.problems = append(c.problems, Problem{Pos: pos, Severity: sev, Code: code, Msg: fmt.Sprintf(format, args...)})
}

func (c *checker) exists(name string) bool {
	if slices.Contains(c.files, name) {
		return true
	}
	st, err := fs.Stat(c.fsys, name)
	return err == nil && st.IsDir()
}

func listFiles(fsys fs.FS) ([]string, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

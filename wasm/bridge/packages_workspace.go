// This file defines the workspaces of the bridge: packages opened in the
// page, kept in memory by handle so that later requests (a file, the
// export, the forms of the package's UI) can refer to them.

package bridge

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"murano.dev/playground/engine"
)

// Workspace is a package opened in the playground: its files and what
// the engine made of them. Files and Package are not changed once the
// workspace is open.
type Workspace struct {
	Handle string
	// Files are the package's files by slash-separated path relative to
	// the package root (the folder of manifest.yaml).
	Files map[string][]byte
	// Package is the opened package; nil when it does not open, and then
	// OpenErr says why.
	Package *engine.Package
	OpenErr error
	// Warnings are what Murano would object to although the package opens
	// here (a zipped folder, backslashes in archive entries).
	Warnings []string
	// Root is the folder of the archive or of the picked folder that held
	// manifest.yaml ("" for the root).
	Root string
}

// FS returns the package's files as a file system.
func (w *Workspace) FS() fs.FS { return filesFS(w.Files) }

func filesFS(files map[string][]byte) fs.FS { return engine.FilesFS(files) }

// maxWorkspaces is the number of workspaces kept open; opening one more
// closes the oldest.
const maxWorkspaces = 32

// workspaces holds the open workspaces by handle.
var workspaces = newHandles[*Workspace]("pkg-", maxWorkspaces)

// openZipWorkspace opens the bytes of a .zip archive. An archive that
// cannot be read as a package at all (not a zip, beyond the limits,
// paths leaving it) is an error; a package that does not open is a
// workspace with OpenErr.
func openZipWorkspace(data []byte) (*Workspace, error) {
	p, warnings, openErr := engine.OpenPackageZip(data)
	files, err := engine.ZipFiles(data)
	if err != nil {
		if openErr != nil {
			return nil, openErr
		}
		return nil, err
	}
	w := &Workspace{Package: p, OpenErr: openErr}
	w.Root, w.Files = packageRoot(files)
	w.Warnings = append(w.Warnings, warnings...)
	if openErr != nil && w.Root != "" {
		w.Warnings = append(w.Warnings, fmt.Sprintf(
			"manifest.yaml is in the folder %q, not at the root of the archive: Murano would reject this package; zip the folder's contents instead", w.Root))
	}
	return w, nil
}

// openFilesWorkspace opens the files of a folder the user picked, by
// path (the paths may start with the folder's name).
func openFilesWorkspace(files map[string][]byte) (*Workspace, error) {
	clean := make(map[string][]byte, len(files))
	var total int
	if len(files) > engine.MaxPackageEntries {
		return nil, fmt.Errorf("the folder has %d files, more than %d", len(files), engine.MaxPackageEntries)
	}
	for name, data := range files {
		p, err := packagePath(name)
		if err != nil {
			return nil, err
		}
		if _, dup := clean[p]; dup {
			return nil, fmt.Errorf("the folder has two files named %q", p)
		}
		if len(data) > engine.MaxPackageFileSize {
			return nil, fmt.Errorf("the file %q is larger than %d bytes", name, engine.MaxPackageFileSize)
		}
		if total += len(data); total > engine.MaxPackageSize {
			return nil, fmt.Errorf("the folder's files are larger than %d bytes", engine.MaxPackageSize)
		}
		clean[p] = data
	}
	w := &Workspace{}
	w.Root, w.Files = packageRoot(clean)
	w.Package, w.OpenErr = engine.OpenPackage(w.FS())
	return w, nil
}

// packagePath checks a file path given by the page: relative, no "..",
// folders separated by "/" (or "\").
func packagePath(name string) (string, error) {
	p := strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(p, "/") || len(p) >= 2 && p[1] == ':' || !fs.ValidPath(p) || p == "." {
		return "", fmt.Errorf("the path %q is outside the package", name)
	}
	return p, nil
}

// packageRoot finds the package in a set of files: the root when it holds
// manifest.yaml, else the single top-level folder that does (macOS's
// __MACOSX and .DS_Store aside). It returns that folder and the files
// below it, relative to it.
func packageRoot(files map[string][]byte) (string, map[string][]byte) {
	if _, ok := files["manifest.yaml"]; ok {
		return "", files
	}
	top := topFolder(sortedPaths(files))
	if _, ok := files[top+"/manifest.yaml"]; top == "" || !ok {
		return "", files
	}
	inner := map[string][]byte{}
	for name, data := range files {
		if rest, ok := strings.CutPrefix(name, top+"/"); ok {
			inner[rest] = data
		}
	}
	return top, inner
}

// topFolder returns the single top-level folder that holds every path
// (macOS's __MACOSX and .DS_Store aside), or "" when a path is at the
// root or there are several such folders.
func topFolder(paths []string) string {
	var top string
	for _, name := range paths {
		first, _, nested := strings.Cut(name, "/")
		switch {
		case first == "__MACOSX" || first == ".DS_Store":
		case !nested || top != "" && first != top:
			return ""
		default:
			top = first
		}
	}
	return top
}

// sortedPaths returns the paths of files in order.
func sortedPaths(files map[string][]byte) []string {
	return slices.Sorted(maps.Keys(files))
}

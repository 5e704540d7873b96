// This file opens packages given as .zip archives.

package pkg

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"murano.dev/playground/engine/source"
)

// Limits on a package archive, so that a zip bomb fails with a clear
// error instead of exhausting memory.
const (
	MaxZipEntries  = 10_000
	MaxZipSize     = 100 << 20 // bytes, all files uncompressed
	MaxZipFileSize = 20 << 20  // bytes, one file uncompressed
)

// Warning is something about a package that does not stop it from
// opening here but that Murano would object to.
type Warning struct {
	Msg string
}

func (w Warning) String() string { return w.Msg }

// OpenZip opens a package from the bytes of a .zip archive (see
// [OpenZipWithWarnings]), dropping the warnings.
func OpenZip(data []byte) (*Package, error) {
	p, _, err := OpenZipWithWarnings(data)
	return p, err
}

// OpenZipWithWarnings opens a package from the bytes of a .zip archive
// whose root holds manifest.yaml (see [Open]). Archives beyond the limits
// above are rejected, and so are archives with an entry whose path is
// absolute or contains "..", a symbolic link, or two entries of the same
// name.
//
// An archive whose files all sit in a single top-level folder holding
// manifest.yaml (a zipped folder) opens from that folder, with a warning:
// Murano wants manifest.yaml at the root and rejects such an archive.
// macOS's __MACOSX/ folder is not counted. Backslashes in entry names
// separate folders, with a warning: Murano, on Linux, takes them as part
// of the file name.
func OpenZipWithWarnings(data []byte) (*Package, []Warning, error) {
	zr, warnings, err := checkZip(data)
	if err != nil {
		return nil, nil, err
	}
	var fsys fs.FS = zr
	if dir := packageFolder(fsys); dir != "" {
		sub, err := fs.Sub(fsys, dir)
		if err != nil {
			return nil, nil, zipError(err.Error())
		}
		fsys = sub
		warnings = append(warnings, Warning{Msg: fmt.Sprintf(
			"manifest.yaml is in the folder %q, not at the root of the archive: Murano would reject this package (Unable to find package manifest); zip the folder's contents instead", dir)})
	}
	p, err := Open(fsys)
	if err != nil {
		return nil, nil, err
	}
	return p, warnings, nil
}

// ZipFiles returns the files of a .zip archive by slash path within the
// limits above (backslashes in entry names separate folders, as for
// [OpenZipWithWarnings]); an archive beyond them fails as [OpenZip] does.
func ZipFiles(data []byte) (map[string][]byte, error) {
	zr, _, err := checkZip(data)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		if f.Mode().IsDir() || strings.HasSuffix(f.Name, "/") {
			continue
		}
		r, err := f.Open()
		if err == nil {
			files[entryName(f.Name)], err = io.ReadAll(r)
			r.Close()
		}
		if err != nil {
			return nil, zipError(fmt.Sprintf("the archive entry %q cannot be read: %v", f.Name, err))
		}
	}
	return files, nil
}

// packageFolder returns the single top-level folder of an archive that
// has no manifest.yaml at its root but has one in that folder, or "".
func packageFolder(fsys fs.FS) string {
	if _, err := fs.Stat(fsys, manifestFile); err == nil {
		return ""
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return ""
	}
	var dirs []string
	for _, e := range entries {
		switch {
		case e.Name() == "__MACOSX" || e.Name() == ".DS_Store":
		case !e.IsDir():
			return ""
		default:
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) != 1 {
		return ""
	}
	if info, err := fs.Stat(fsys, path.Join(dirs[0], manifestFile)); err != nil || info.IsDir() {
		return ""
	}
	return dirs[0]
}

// zipFS checks an archive against the limits and returns its files.
func zipFS(data []byte) (fs.FS, error) {
	zr, _, err := checkZip(data)
	if err != nil {
		return nil, err
	}
	return zr, nil
}

// checkZip checks an archive against the limits and returns its files
// and what Murano would make of them differently.
func checkZip(data []byte) (*zip.Reader, []Warning, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, nil, loadError(source.Pos{}, "PackageFormatError", "Incorrect package format: not a zip archive ("+err.Error()+")")
	}
	if len(zr.File) > MaxZipEntries {
		return nil, nil, zipError(fmt.Sprintf("the archive has %d entries, more than %d", len(zr.File), MaxZipEntries))
	}
	var warnings []Warning
	var total uint64
	seen := make(map[string]bool, len(zr.File))
	for _, f := range zr.File {
		if !safeZipPath(f.Name) {
			return nil, nil, zipError(fmt.Sprintf("the archive entry %q is outside the package", f.Name))
		}
		if f.Mode()&fs.ModeSymlink != 0 {
			return nil, nil, zipError(fmt.Sprintf("the archive entry %q is a symbolic link", f.Name))
		}
		name := entryName(f.Name)
		if seen[name] {
			return nil, nil, zipError(fmt.Sprintf("the archive has two entries named %q", f.Name))
		}
		seen[name] = true
		if strings.Contains(f.Name, `\`) && len(warnings) == 0 {
			warnings = append(warnings, Warning{Msg: fmt.Sprintf(
				"the archive entry %q separates folders with backslashes: Murano would take them as part of the file name", f.Name)})
		}
		if f.UncompressedSize64 > MaxZipFileSize {
			return nil, nil, zipError(fmt.Sprintf("the archive entry %q is larger than %d bytes", f.Name, MaxZipFileSize))
		}
		if total += f.UncompressedSize64; total > MaxZipSize {
			return nil, nil, zipError(fmt.Sprintf("the archive's files are larger than %d bytes", MaxZipSize))
		}
	}
	// archive/zip fails reading an entry whose data is larger than its
	// header says, so the sizes checked are the sizes read.
	return zr, warnings, nil
}

// entryName is the slash path of an archive entry: backslashes separate
// folders, and the path is cleaned.
func entryName(name string) string {
	return strings.TrimSuffix(path.Clean(strings.ReplaceAll(name, `\`, "/")), "/")
}

// safeZipPath reports whether an entry's name stays inside the archive's
// root: not absolute, no drive letter, no ".." component.
func safeZipPath(name string) bool {
	if strings.HasPrefix(name, "/") || strings.HasPrefix(name, `\`) || len(name) >= 2 && name[1] == ':' {
		return false
	}
	for part := range strings.FieldsFuncSeq(name, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return false
		}
	}
	return true
}

func zipError(msg string) error {
	return loadError(source.Pos{}, "PackageLoadError", msg)
}

// This file writes packages as .zip archives.

package pkg

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"murano.dev/playground/engine/source"
)

// zipTime is the modification time of every exported entry, the
// earliest a zip can hold, so that an export depends only on the files.
var zipTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// ExportZip writes the package in fsys, whose root holds manifest.yaml,
// as a .zip archive that Murano and murano-pkg-check accept: files only,
// sorted by path, compressed, with fixed times and modes, so that the
// same files always give the same bytes. Symbolic links (in a file system
// that reports them, such as os.DirFS) and files beyond the limits that
// [OpenZip] sets are errors.
func ExportZip(w io.Writer, fsys fs.FS) error {
	var names []string
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.Type()&fs.ModeSymlink != 0:
			return exportError(fmt.Sprintf("%s is a symbolic link", name))
		case d.IsDir():
			return nil
		case !d.Type().IsRegular():
			return exportError(fmt.Sprintf("%s is not a regular file", name))
		}
		names = append(names, name)
		return nil
	})
	if err != nil {
		return err
	}
	return writePackageZip(w, names, func(name string) (io.ReadCloser, error) { return fsys.Open(name) })
}

// ExportFiles writes a workspace, file path → content, as [ExportZip]
// does. Paths are slash-separated and relative to the package root
// ("Classes/App.yaml"); they must be valid [fs.ValidPath] paths without
// backslashes, and no path may be a folder of another.
func ExportFiles(w io.Writer, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		if !fs.ValidPath(name) || name == "." || strings.Contains(name, `\`) {
			return exportError(fmt.Sprintf("the path %q is not a valid package path", name))
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		// Sorted, "a/b" follows "a" unless a name in between, such as
		// "a.txt", sorts before "a/"; check every prefix.
		for i := range len(name) {
			if name[i] == '/' {
				if _, ok := files[name[:i]]; ok {
					return exportError(fmt.Sprintf("%s is both a file and a folder", name[:i]))
				}
			}
		}
	}
	return writePackageZip(w, names, func(name string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(string(files[name]))), nil
	})
}

// writePackageZip writes the named files of a package, which must have
// a manifest, as writeZip does.
func writePackageZip(w io.Writer, names []string, open func(string) (io.ReadCloser, error)) error {
	if !slices.Contains(names, manifestFile) {
		return exportError("the package has no manifest.yaml at its root")
	}
	return writeZip(w, names, zip.Deflate, open)
}

// writeZip writes the named files in sorted order, compressed with
// method (zip.Deflate or zip.Store).
func writeZip(w io.Writer, names []string, method uint16, open func(string) (io.ReadCloser, error)) error {
	slices.Sort(names)
	if len(names) > MaxZipEntries {
		return exportError(fmt.Sprintf("the package has %d files, more than %d", len(names), MaxZipEntries))
	}
	zw := zip.NewWriter(w)
	var total int64
	for _, name := range names {
		h := &zip.FileHeader{Name: name, Method: method, Modified: zipTime}
		h.SetMode(0o644)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		r, err := open(name)
		if err != nil {
			return err
		}
		n, err := io.Copy(fw, io.LimitReader(r, MaxZipFileSize+1))
		r.Close()
		switch {
		case err != nil:
			return err
		case n > MaxZipFileSize:
			return exportError(fmt.Sprintf("%s is larger than %d bytes", name, MaxZipFileSize))
		}
		if total += n; total > MaxZipSize {
			return exportError(fmt.Sprintf("the package's files are larger than %d bytes", MaxZipSize))
		}
	}
	return zw.Close()
}

func exportError(msg string) error {
	return loadError(source.Pos{}, "PackageExportError", msg)
}

// ExportFolders writes folders as one deterministic .zip archive, each
// under its name, stored without compression (for a server to compress
// as a whole); fs.Sub of [MemFS] of its [ZipFiles] gives a folder back.
func ExportFolders(w io.Writer, folders map[string]fs.FS) error {
	files := map[string][]byte{}
	for name, folder := range folders {
		err := fs.WalkDir(folder, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(folder, p)
			files[name+"/"+p] = data
			return err
		})
		if err != nil {
			return err
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	return writeZip(w, names, zip.Store, func(name string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(files[name])), nil
	})
}

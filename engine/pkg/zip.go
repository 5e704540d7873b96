// This file opens packages given as .zip archives.

package pkg

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
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

// OpenZip opens a package from the bytes of a .zip archive whose root
// holds manifest.yaml (see [Open]). Archives beyond the limits above and
// entries whose paths are absolute or contain ".." are rejected.
func OpenZip(data []byte) (*Package, error) {
	fsys, err := zipFS(data)
	if err != nil {
		return nil, err
	}
	return Open(fsys)
}

// zipFS checks an archive against the limits and returns its files.
func zipFS(data []byte) (fs.FS, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, loadError(source.Pos{}, "PackageFormatError", "Incorrect package format: not a zip archive ("+err.Error()+")")
	}
	if len(zr.File) > MaxZipEntries {
		return nil, zipError(fmt.Sprintf("the archive has %d entries, more than %d", len(zr.File), MaxZipEntries))
	}
	var total uint64
	for _, f := range zr.File {
		if !safeZipPath(f.Name) {
			return nil, zipError(fmt.Sprintf("the archive entry %q is outside the package", f.Name))
		}
		if f.UncompressedSize64 > MaxZipFileSize {
			return nil, zipError(fmt.Sprintf("the archive entry %q is larger than %d bytes", f.Name, MaxZipFileSize))
		}
		if total += f.UncompressedSize64; total > MaxZipSize {
			return nil, zipError(fmt.Sprintf("the archive's files are larger than %d bytes", MaxZipSize))
		}
	}
	// archive/zip fails reading an entry whose data is larger than its
	// header says, so the sizes checked are the sizes read.
	return zr, nil
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

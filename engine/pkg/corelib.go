// This file finds the io.murano core library.

package pkg

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// debCoreLibrary is where Debian's murano-common installs the core
// library, relative to the root.
const debCoreLibrary = "usr/share/murano-common/io.murano.zip"

// systemCoreLibrary is the core library of an installed murano-common.
var systemCoreLibrary = "/" + debCoreLibrary

// LocateCoreLibrary finds the io.murano core library and returns its
// files (the root holds manifest.yaml) and where they are:
//
//  1. $MURANO_CORE_LIBRARY: an io.murano.zip, its extracted folder, or
//     the root of an extracted murano-common .deb;
//  2. /usr/share/murano-common/io.murano.zip (Debian's murano-common
//     installed);
//  3. [CoreLibraryCache], where `go run ./scripts corelib` puts the
//     io.murano.zip of Debian's murano-common.
//
// A zip is read into memory; nothing is extracted or copied.
func LocateCoreLibrary() (fs.FS, string, error) {
	if env := os.Getenv("MURANO_CORE_LIBRARY"); env != "" {
		fsys, where, err := openCoreLibrary(env)
		if err != nil {
			return nil, "", fmt.Errorf("MURANO_CORE_LIBRARY=%s: %w", env, err)
		}
		return fsys, where, nil
	}
	if fsys, where, err := openCoreLibrary(systemCoreLibrary); !errors.Is(err, fs.ErrNotExist) {
		return fsys, where, err
	}
	cache, err := CoreLibraryCache()
	if err != nil {
		return nil, "", notFound(err)
	}
	fsys, where, err := openCoreLibrary(cache)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", notFound(err)
	}
	return fsys, where, err
}

// CoreLibraryCache is the file where the playground's scripts keep the
// io.murano.zip they fetch: murano-playground/io.murano.zip in the user's
// cache folder ($XDG_CACHE_HOME, else ~/.cache, on Linux).
func CoreLibraryCache() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "murano-playground", "io.murano.zip"), nil
}

func notFound(cause error) error {
	return fmt.Errorf("the io.murano core library is not found (%w): set MURANO_CORE_LIBRARY to its io.murano.zip "+
		"or extracted folder (Debian's murano-common ships it), or fetch it with `go run ./scripts corelib` "+
		"in the playground's source", cause)
}

// openCoreLibrary opens a core library zip, a folder holding
// manifest.yaml, or an extracted .deb; fs.ErrNotExist when there is
// nothing.
func openCoreLibrary(where string) (fs.FS, string, error) {
	info, err := os.Stat(where)
	switch {
	case err != nil:
		return nil, "", err
	case !info.IsDir():
		data, err := os.ReadFile(where)
		if err != nil {
			return nil, "", err
		}
		fsys, err := zipFS(data)
		return fsys, where, err
	case isFile(filepath.Join(where, manifestFile)):
		return os.DirFS(where), where, nil
	case isFile(filepath.Join(where, debCoreLibrary)):
		return openCoreLibrary(filepath.Join(where, debCoreLibrary))
	}
	return nil, "", fmt.Errorf("%s has no %s: %w", where, manifestFile, fs.ErrNotExist)
}

func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular()
}

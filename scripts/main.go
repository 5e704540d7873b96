// Command scripts builds, serves and tests the Murano playground.
//
//	go run ./scripts build                     build the site into build/site
//	go run ./scripts serve [-addr HOST:PORT]   build, then serve it (default 127.0.0.1:8080)
//	go run ./scripts test                      run every test stage, ending with "N passed, M failed"
//	go run ./scripts size [-module engine|cloud|forms] [-top N] [-funcs N] [FILE]
//	                                           a WebAssembly module (or FILE) against its size budget, by package
//	go run ./scripts corelib                   find the io.murano core library, or fetch it into the user's cache
//	go run ./scripts screenshot [-view V] [-width W] [-height H] OUT.png
//
// A build compiles the engine (./wasm) and the simulated cloud (./wasm/cloud)
// with GOOS=js GOARCH=wasm, bundles web/
// with esbuild's Go API, copies wasm_exec.js from the same Go toolchain, gives
// every asset a content-hashed name and precompresses it with brotli and gzip.
// Missing npm packages are installed with npm; Debian packages (see deps.go)
// with apt-get when running as root, otherwise the command to run is printed;
// the io.murano core library that the tests load is fetched from Debian's
// murano-common into the user's cache (engine/pkg.CoreLibraryCache). With
// CI=true nothing is skipped: a missing dependency fails the run. With
// MURANO_REFERENCE naming the folder of the reference harness, the tests
// also re-check their golden files against the reference implementation.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"

	"murano.dev/playground/scripts/wasmbuild"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	startDir, err := os.Getwd()
	if err != nil {
		fatal(err)
	}
	if err := chdirToModuleRoot(); err != nil {
		fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	cmd, args := os.Args[1], os.Args[2:]
	switch cmd {
	case "build":
		flags := flag.NewFlagSet("build", flag.ExitOnError)
		flags.Parse(args)
		_, err = buildSite(ctx, os.Stdout)
	case "serve":
		flags := flag.NewFlagSet("serve", flag.ExitOnError)
		addr := flags.String("addr", "127.0.0.1:8080", "address to listen on")
		flags.Parse(args)
		err = serveCommand(ctx, *addr)
	case "test":
		flags := flag.NewFlagSet("test", flag.ExitOnError)
		flags.Parse(args)
		if !runTests(ctx) {
			os.Exit(1)
		}
	case "size":
		flags := flag.NewFlagSet("size", flag.ExitOnError)
		top := flags.Int("top", 30, "packages to list (0: all)")
		funcs := flags.Int("funcs", 0, "also list this many of the largest functions")
		module := flags.String("module", "engine", "the module: engine, cloud (the simulated cloud) or forms (the forms of JSON schemas)")
		flags.Parse(args)
		if flags.NArg() > 1 {
			usage()
		}
		file := flags.Arg(0)
		if file != "" && !filepath.IsAbs(file) {
			file = filepath.Join(startDir, file)
		}
		m := wasmbuild.Engine
		switch *module {
		case "engine":
		case "cloud":
			m = wasmbuild.Cloud
		case "forms":
			m = wasmbuild.Forms
		default:
			usage()
		}
		err = sizeCommand(ctx, os.Stdout, m, *top, *funcs, file)
	case "corelib":
		flags := flag.NewFlagSet("corelib", flag.ExitOnError)
		flags.Parse(args)
		_, err = ensureCoreLibrary(ctx, os.Stdout)
	case "screenshot":
		flags := flag.NewFlagSet("screenshot", flag.ExitOnError)
		width := flags.Int("width", 1280, "viewport width in CSS pixels")
		height := flags.Int("height", 800, "viewport height in CSS pixels")
		view := flags.String("view", "", "the view to picture: yaql, packages, deploy (the shop example deployed) or workspace (the example web server edited); default: the page as it opens")
		flags.Parse(args)
		if flags.NArg() != 1 {
			usage()
		}
		out := flags.Arg(0)
		if !filepath.IsAbs(out) {
			out = filepath.Join(startDir, out)
		}
		err = screenshotCommand(ctx, out, *view, *width, *height)
	default:
		usage()
	}
	if err != nil {
		fatal(err)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./scripts build | serve [-addr HOST:PORT] | test | size [-module engine|cloud|forms] [-top N] [-funcs N] [FILE] | corelib | screenshot [-view V] [-width W] [-height H] OUT.png")
	os.Exit(2)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "error:", err)
	os.Exit(1)
}

// chdirToModuleRoot makes every path in these scripts relative to the
// directory holding go.mod, wherever the command was started from.
func chdirToModuleRoot() error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.Chdir(dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return errors.New("go.mod not found above the current directory")
		}
		dir = parent
	}
}

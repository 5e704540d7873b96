// This file runs the whole test suite as a list of stages and prints one
// status line per stage and a closing "N passed, M failed" line.

package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// skipped is returned by a stage that cannot run on this machine outside CI.
type skipped string

func (s skipped) Error() string { return string(s) }

type stage struct {
	name string
	run  func(ctx context.Context, out io.Writer) error
}

func runTests(ctx context.Context) bool {
	ci := os.Getenv("CI") == "true"
	out := os.Stdout
	var (
		haveChromium, haveNodeModules bool
		built                         *site
		slowest                       string
	)
	if ref := os.Getenv("MURANO_REFERENCE"); ref != "" {
		fmt.Fprintf(out, "MURANO_REFERENCE=%s: the live re-checks against the reference run\n", ref)
	} else {
		fmt.Fprintln(out, "MURANO_REFERENCE is not set: the live re-checks against the reference are skipped")
	}
	stages := []stage{
		{"Debian packages", func(ctx context.Context, out io.Writer) error {
			missing, err := ensureDebianPackages(ctx, out)
			haveChromium = fileExists(chromiumPath)
			switch {
			case err != nil:
				return err
			case len(missing) > 0 && ci:
				return fmt.Errorf("missing with CI=true: %s", strings.Join(missing, " "))
			case len(missing) > 0:
				return skipped("missing: " + strings.Join(missing, " "))
			}
			return nil
		}},
		{"Murano core library", func(ctx context.Context, out io.Writer) error {
			_, err := ensureCoreLibrary(ctx, out)
			if err != nil && !ci {
				return skipped(err.Error())
			}
			return err
		}},
		{"npm packages", func(ctx context.Context, out io.Writer) error {
			err := ensureNodeModules(ctx, out)
			haveNodeModules = err == nil
			return err
		}},
		{"go vet ./...", func(ctx context.Context, out io.Writer) error {
			return run(ctx, out, nil, "go", "vet", "./...")
		}},
		{"go test ./...", func(ctx context.Context, out io.Writer) error {
			times := &packageTimes{out: out}
			err := run(ctx, times, nil, "go", "test", "./...")
			times.flush()
			slowest = times.slowest(5)
			fmt.Fprintf(out, "slowest packages: %s\n", slowest)
			return err
		}},
		{"wasm build and site bundle", func(ctx context.Context, out io.Writer) error {
			if err := run(ctx, out, []string{"GOOS=js", "GOARCH=wasm"}, "go", "vet", "./wasm/..."); err != nil {
				return err
			}
			var err error
			built, err = buildSite(ctx, out)
			return err
		}},
		{"tsc --noEmit", func(ctx context.Context, out io.Writer) error {
			if !haveNodeModules {
				return errors.New("needs the npm packages")
			}
			return run(ctx, out, nil, filepath.Join("node_modules", ".bin", "tsc"), "--noEmit", "-p", ".")
		}},
		{"browser tests", func(ctx context.Context, out io.Writer) error {
			switch {
			case built == nil:
				return errors.New("needs the site build")
			case !haveNodeModules:
				return errors.New("needs the npm packages")
			case !haveChromium && ci:
				return errors.New("needs " + chromiumPath)
			case !haveChromium:
				return skipped("needs " + chromiumPath)
			}
			return runBrowserTests(ctx, out, built.dir)
		}},
	}

	start := time.Now()
	type result struct {
		name    string
		status  string
		took    time.Duration
		message string
	}
	var results []result
	counts := map[string]int{}
	for i, st := range stages {
		fmt.Fprintf(out, "\n## [%d/%d] %s\n", i+1, len(stages), st.name)
		t := time.Now()
		err := st.run(ctx, out)
		r := result{name: st.name, status: "PASS", took: time.Since(t)}
		var skip skipped
		switch {
		case errors.As(err, &skip):
			r.status, r.message = "SKIP", skip.Error()
		case err != nil:
			r.status, r.message = "FAIL", err.Error()
		}
		counts[r.status]++
		results = append(results, r)
		fmt.Fprintf(out, "## %s %s (%.1fs)", r.status, r.name, r.took.Seconds())
		if r.message != "" {
			fmt.Fprintf(out, ": %s", r.message)
		}
		fmt.Fprintln(out)
	}

	fmt.Fprintf(out, "\nSummary (%.1fs)\n", time.Since(start).Seconds())
	for _, r := range results {
		fmt.Fprintf(out, "  %s  %-28s %6.1fs\n", r.status, r.name, r.took.Seconds())
		if r.name == "go test ./..." && slowest != "" {
			fmt.Fprintf(out, "        slowest: %s\n", slowest)
		}
	}
	summary := fmt.Sprintf("%d passed, %d failed", counts["PASS"], counts["FAIL"])
	if counts["SKIP"] > 0 {
		summary += fmt.Sprintf(", %d skipped", counts["SKIP"])
	}
	fmt.Fprintln(out, summary)
	return counts["FAIL"] == 0
}

// runBrowserTests serves dir on a free loopback port and runs the node test
// files in web/tests against it.
func runBrowserTests(ctx context.Context, out io.Writer, dir string) error {
	files, err := filepath.Glob("web/tests/*.test.mjs")
	if err != nil || len(files) == 0 {
		return errors.New("no browser test files in web/tests")
	}
	args := append([]string{"--test", "--test-reporter=spec"}, files...)
	return withServer(ctx, dir, func(url string) error {
		return run(ctx, out, []string{"PLAYGROUND_URL=" + url}, "node", args...)
	})
}

// withServer serves dir on a free loopback port while fn runs.
func withServer(ctx context.Context, dir string, fn func(url string) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	urls := make(chan string, 1)
	served := make(chan error, 1)
	go func() {
		served <- serveSite(ctx, dir, "127.0.0.1:0", func(url string) { urls <- url })
	}()
	select {
	case url := <-urls:
		err := fn(url)
		cancel()
		<-served
		return err
	case err := <-served:
		return err
	}
}

// packageTimes passes go test's output on to out and notes the time of
// every package it reports.
type packageTimes struct {
	out     io.Writer
	partial []byte
	times   []packageTime
}

type packageTime struct {
	name string
	secs float64
}

// packageLine is go test's line for a tested package: ok or FAIL, the
// package, its time.
var packageLine = regexp.MustCompile(`^(?:ok|FAIL)\s+(\S+)\s+([0-9.]+)s`)

func (p *packageTimes) Write(b []byte) (int, error) {
	p.partial = append(p.partial, b...)
	for {
		i := bytes.IndexByte(p.partial, '\n')
		if i < 0 {
			break
		}
		p.note(string(p.partial[:i]))
		p.partial = p.partial[i+1:]
	}
	return p.out.Write(b)
}

func (p *packageTimes) note(line string) {
	if m := packageLine.FindStringSubmatch(line); m != nil {
		secs, _ := strconv.ParseFloat(m[2], 64)
		p.times = append(p.times, packageTime{strings.TrimPrefix(m[1], modulePath+"/"), secs})
	}
}

func (p *packageTimes) flush() {
	if len(p.partial) > 0 {
		p.note(string(p.partial))
		p.partial = nil
	}
}

// slowest names the n slowest packages with their times.
func (p *packageTimes) slowest(n int) string {
	times := slices.Clone(p.times)
	slices.SortStableFunc(times, func(a, b packageTime) int { return cmp.Compare(b.secs, a.secs) })
	var parts []string
	for _, t := range times[:min(n, len(times))] {
		parts = append(parts, fmt.Sprintf("%s %.1fs", t.name, t.secs))
	}
	return strings.Join(parts, ", ")
}

// modulePath is the module's import path, which package names in the
// summary leave out.
const modulePath = "murano.dev/playground"

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

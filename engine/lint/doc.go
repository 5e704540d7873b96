// Package lint checks a MuranoPL package without running it and reports
// every problem it finds with its position: what murano-pkg-check
// reports (same codes, positions added), and what only a MuranoPL engine
// can see — class files the engine cannot load (YAML, YAQL and contract
// syntax), classes that no available package provides, UI fields that
// nothing uses and requirements that cannot be satisfied.
package lint

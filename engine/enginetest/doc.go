// Package enginetest holds what the golden corpora of the project share
// (the role of starlark's starlarktest or CUE's cuetxtar):
//
//   - [Archives] reads a corpus folder's txtar files, [ParseFields] the
//     "key: <JSON>" lines of a case, [ReplaceFields] rewrites them;
//   - [LoadSkips] reads a skip.txt (one case and its reason a line) and
//     [SkipList.Judge] turns a case's differences into an [Outcome];
//   - [CanonicalJSON] is the strict form in which corpora compare JSON
//     texts (member order kept, 1 is not 1.0);
//   - [Update] is the one update switch, MURANO_UPDATE=1, of every corpus;
//   - [Reference] and [ReferenceScript] name the reference harness when
//     MURANO_REFERENCE names its folder: the live re-checks against the
//     reference run only then, the recorded goldens carry the suite;
//     [Sample] picks the cases they re-run, and a [Batch] runs a script of
//     the harness many times at the cost of its own work;
//   - [Need] skips a test whose dependency is missing, or fails it under
//     CI=true;
//   - the corpora of a kind have their readers and comparisons:
//     [LoadDeployScenarios] and [CompareDeploy] for deployments,
//     [LoadTestRunCases] and [CompareTestRuns] for package tests.
//
// It imports nothing of the project, so that the tests of every package
// can use it.
package enginetest

package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"

	"murano.dev/playground/engine"
)

// BenchmarkJSONL measures `muranopl yaql --jsonl` per request on
// report-style queries over 2000 records (scripts/bench compares the same
// kind of corpus with the reference).
func BenchmarkJSONL(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	records := make([]map[string]any, 2000)
	for i := range records {
		records[i] = map[string]any{"id": i, "name": fmt.Sprint("n", i%97), "dept": fmt.Sprintf("d%d", rng.Intn(10)), "age": 18 + rng.Intn(50), "salary": 1000 + rng.Intn(9000), "tags": []string{"go", "yaql"}}
	}
	data, _ := json.Marshal(records)
	unlimited := -1
	base := engine.YAQLRequest{Flavor: "plain", LimitIterators: &unlimited, MemoryQuota: new(int)}
	for _, q := range []string{
		"$.where($.salary > 5000).len()",
		"$.orderBy($.salary).take(10).select($.id)",
		"$.groupBy($.dept, $.salary, [$[0], $[1].sum()])",
		"$.aggregate($1 + $2.salary, 0)",
		"$.selectMany($.tags).distinct().len()",
	} {
		e, _ := json.Marshal(q)
		line := fmt.Sprintf(`{"expr": %s, "data": %s}`, e, data)
		b.Run(q, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				answer(base, line)
			}
		})
	}
}

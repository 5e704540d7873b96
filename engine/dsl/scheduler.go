// This file defines the scheduler of green threads: Parallel blocks and
// psuper run their branches one at a time, switching only where the
// reference's eventlet switches (sleep), on a virtual clock.

package dsl

import (
	"murano.dev/playground/engine/yaql"
)

// scheduler runs parallel branches. Branches run to completion in order
// until one sleeps; time is virtual, so sleeping costs nothing.
type scheduler struct {
	now float64
}

func newScheduler() *scheduler { return &scheduler{} }

// parallel runs tasks with at most limit at once and returns the first
// failure in task order after all have finished.
func (s *scheduler) parallel(tasks []func() error, limit int) error {
	var first error
	for _, t := range tasks {
		if err := t(); err != nil && first == nil {
			first = err
			if isFatal(err) {
				return err
			}
		}
	}
	return first
}

// sleep advances the virtual clock.
func (s *scheduler) sleep(rt *yaql.Runtime, seconds float64) error {
	if err := rt.Cancelled(); err != nil {
		return err
	}
	if seconds > 0 {
		s.now += seconds
	}
	return nil
}

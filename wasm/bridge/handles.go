// This file defines the tables that keep what the page opened (packages,
// repository folders, wizards) between calls, by handle.

package bridge

import (
	"slices"
	"strconv"
	"sync"
	"time"
)

// handles is a bounded table of open things of one kind. Handles are
// prefix, this engine's run, and N ("pkg-k3f9-1"): a page that keeps a
// handle of an engine it restarted names nothing of the new one with it.
// Keeping one more than max forgets the oldest.
type handles[T any] struct {
	mu     sync.Mutex
	prefix string
	max    int
	next   int
	order  []string
	open   map[string]T
}

func newHandles[T any](prefix string, max int) *handles[T] {
	return &handles[T]{prefix: prefix + run + "-", max: max, open: map[string]T{}}
}

// run tells this engine's handles from those of an engine before it.
var run = strconv.FormatInt(time.Now().UnixNano()%(36*36*36*36), 36)

// keep stores v under a new handle and returns it.
func (h *handles[T]) keep(v T) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.next++
	id := h.prefix + strconv.Itoa(h.next)
	h.open[id] = v
	h.order = append(h.order, id)
	for len(h.order) > h.max {
		delete(h.open, h.order[0])
		h.order = h.order[1:]
	}
	return id
}

func (h *handles[T]) lookup(id string) (T, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, ok := h.open[id]
	return v, ok
}

// drop forgets a handle; false when it is unknown.
func (h *handles[T]) drop(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.open[id]; !ok {
		return false
	}
	delete(h.open, id)
	h.order = slices.DeleteFunc(h.order, func(o string) bool { return o == id })
	return true
}

// This file defines the scheduler of green threads. The reference runs
// Parallel blocks, psuper and pselect in eventlet green threads
// (parallel_select: a GreenPool of Limit threads mapped over the
// branches), cooperatively: a thread gives up control only in sleep()
// and in waits. The scheduler reproduces eventlet's hub on a virtual
// clock, so that branches interleave exactly where and in the order the
// reference's do: every green thread is a goroutine, exactly one of
// which runs at a time (control is handed over through channels), and
// the hub fires timers in deadline order, ties in the order they were
// set, in passes as eventlet's run loop does.
//
// Whatever stops the run — cancellation, the step budget, the call depth
// limit, a panic, or every thread waiting for something that cannot
// happen (a deadlock) — ends every green thread before the thread that
// started the outermost Parallel continues, so no goroutine outlives it.

package dsl

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// errDeadlock ends a run in which every green thread waits and no timer
// is left to wake one (the reference hangs there, e.g. with Limit: 0).
var errDeadlock = &FatalError{Class: "Deadlock", Msg: "deadlock: every green thread of the run is waiting and nothing is left to wake one"}

// parallelLimit is the size of pselect's green-thread pool, the default
// of the reference's parallel_select.
const parallelLimit = 1000

// scheduler is the green-thread hub of one executor.
type scheduler struct {
	ex *Executor
	// now is the virtual clock in seconds: it moves with the work done
	// (stepCost a step) and, when every thread waits, to the next timer.
	now    float64
	steps  int64
	seq    uint64
	timers timerHeap
	// fresh holds the timers set during the current pass: they take part
	// from the next pass on (eventlet's next_timers).
	fresh   []*timer
	root    *greenlet
	hub     *greenlet
	hubDone chan struct{}
	current *greenlet
	// live lists the green threads other than root and hub, in the order
	// they were created.
	live  []*greenlet
	fatal error
	// panicked is the first panic of a green thread, raised again in the
	// root thread once every thread has ended.
	panicked any
	locks    map[lockKey][]*methodLock
}

func newScheduler(ex *Executor) *scheduler {
	root := &greenlet{wake: make(chan signal), started: true}
	return &scheduler{ex: ex, root: root, current: root, now: ex.opts.Epoch}
}

// greenlet is one green thread. The root green thread is the goroutine
// that entered the executor; the others run body in a goroutine of
// their own, started at their first switch.
type greenlet struct {
	body    func()
	wake    chan signal
	started bool
	dead    bool
	// state is the executor state of the thread while it is switched out.
	state threadState
}

// signal is what a switch hands to the thread it resumes.
type signal struct {
	item any
	err  error
	// stop ends the hub's goroutine.
	stop bool
}

// threadState is the part of the executor's state that belongs to one
// green thread (the reference keeps it per greenlet).
type threadState struct {
	depth  int
	cur    *objectStore
	dryRun bool
}

func (s *scheduler) saveState() threadState {
	return threadState{depth: s.ex.depth, cur: s.ex.cur, dryRun: s.ex.dryRun}
}

func (s *scheduler) restoreState(t threadState) {
	s.ex.depth, s.ex.cur, s.ex.dryRun = t.depth, t.cur, t.dryRun
}

func (s *scheduler) newGreenlet(state threadState, body func()) *greenlet {
	g := &greenlet{body: body, wake: make(chan signal), state: state}
	s.live = append(s.live, g)
	return g
}

func (s *scheduler) handOver(from, to *greenlet) {
	from.state = s.saveState()
	s.current = to
	s.restoreState(to.state)
}

// switchTo hands control to another green thread and returns what is
// handed back when this one is resumed. Switching to a dead thread does
// nothing.
func (s *scheduler) switchTo(to *greenlet, sig signal) signal {
	from := s.current
	if to.dead || to == from {
		return signal{}
	}
	s.handOver(from, to)
	if to.started {
		to.wake <- sig
	} else {
		to.started = true
		go s.run(to)
	}
	r := <-from.wake
	if r.stop {
		runtime.Goexit()
	}
	return r
}

// run is the goroutine of a green thread: when its body ends, control
// goes back to the hub (its parent).
func (s *scheduler) run(g *greenlet) {
	s.guard(g.body)
	g.dead = true
	s.forget(g)
	s.handOver(g, s.hub)
	s.hub.wake <- signal{}
}

// guard runs a green thread's body; a panic ends the run (it is raised
// again in the root thread).
func (s *scheduler) guard(body func()) {
	defer func() {
		if p := recover(); p != nil {
			if s.panicked == nil {
				s.panicked = fmt.Errorf("panic in a green thread: %v\n%s", p, debug.Stack())
			}
			s.fail(&FatalError{Class: "InternalError", Msg: fmt.Sprint("internal error: ", p)})
		}
	}()
	body()
}

func (s *scheduler) forget(g *greenlet) {
	if i := slices.Index(s.live, g); i >= 0 {
		s.live = slices.Delete(s.live, i, i+1)
	}
}

// fail records the first error that ends the whole run.
func (s *scheduler) fail(err error) {
	if s.fatal == nil {
		s.fatal = err
	}
}

// park switches to the hub until something resumes the current thread
// (eventlet's hub.switch()). While the run is being ended it returns the
// error at once. When the root thread resumes with no other thread
// left, the hub's goroutine ends; an error or panic that ended the run
// is delivered to the root thread then.
func (s *scheduler) park() (signal, error) {
	if s.fatal != nil {
		return signal{}, s.fatal
	}
	if s.hub == nil {
		s.startHub()
	}
	r := s.switchTo(s.hub, signal{})
	if s.current == s.root && len(s.live) == 0 {
		s.stopHub()
		if err := s.fatal; err != nil {
			p := s.panicked
			s.fatal, s.panicked = nil, nil
			if p != nil {
				panic(p)
			}
			return r, err
		}
	}
	if s.fatal != nil {
		return r, s.fatal
	}
	return r, r.err
}

func (s *scheduler) startHub() {
	done := make(chan struct{})
	s.hubDone = done
	s.hub = &greenlet{wake: make(chan signal), state: s.saveState(), body: func() {
		defer close(done)
		s.loop()
	}}
}

func (s *scheduler) stopHub() {
	s.hub.wake <- signal{stop: true}
	<-s.hubDone
	s.hub, s.hubDone = nil, nil
}

// loop is the hub: eventlet's run loop on the virtual clock.
func (s *scheduler) loop() {
	for {
		if s.fatal != nil {
			s.endAll()
			continue
		}
		s.prepareTimers()
		s.fireTimers(s.clock())
		s.prepareTimers()
		if s.fatal != nil {
			continue
		}
		if len(s.timers) == 0 {
			s.fail(errDeadlock)
			continue
		}
		if at := s.timers[0].at; at > s.clock() {
			s.now = at
		}
	}
}

// endAll throws the error that ends the run into every green thread,
// the root thread last.
func (s *scheduler) endAll() {
	for len(s.live) > 0 {
		g := s.live[0]
		if !g.started {
			g.dead = true
			s.forget(g)
			continue
		}
		s.switchTo(g, signal{err: s.fatal})
	}
	s.switchTo(s.root, signal{err: s.fatal})
}

// stepCost is the virtual time one step of work takes, about what the
// reference spends on one (a loop of sleep(0) turns about as often in a
// virtual second as the reference's in a real one): a thread that only
// ever sleeps(0) lets the time of the others' timers come, as real time
// does.
const stepCost = 50e-6

// clock returns the virtual time, after the work done since it was last
// read.
func (s *scheduler) clock() float64 {
	if s.ex.opts.IdleClock {
		return s.now
	}
	n := s.ex.rts[false].Steps()
	if n > s.steps {
		s.now += float64(n-s.steps) * stepCost
	}
	s.steps = n
	return s.now
}

// Sleep lets the host wait seconds on the virtual clock between calls,
// while timers of green threads may fire, as eventlet.sleep in the
// reference's engine code outside MuranoPL does.
func (ex *Executor) Sleep(seconds float64) error {
	return ex.sched.sleep(ex.rts[false], seconds)
}

// Now returns the virtual clock, in seconds since the Unix epoch.
func (ex *Executor) Now() float64 { return ex.sched.clock() }

// timer calls fn on the hub when the virtual clock reaches at.
type timer struct {
	at     float64
	seq    uint64
	fn     func()
	called bool
}

func (t *timer) cancel() { t.called = true }

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *timerHeap) Push(x any)   { *h = append(*h, x.(*timer)) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	return t
}

// schedule sets a timer seconds from now (eventlet's
// schedule_call_global).
func (s *scheduler) schedule(seconds float64, fn func()) *timer {
	if math.IsNaN(seconds) {
		seconds = 0
	}
	s.seq++
	t := &timer{at: s.clock() + seconds, seq: s.seq, fn: fn}
	s.fresh = append(s.fresh, t)
	return t
}

func (s *scheduler) prepareTimers() {
	for _, t := range s.fresh {
		if !t.called {
			heap.Push(&s.timers, t)
		}
	}
	s.fresh = s.fresh[:0]
}

func (s *scheduler) fireTimers(when float64) {
	for len(s.timers) > 0 && s.fatal == nil {
		t := s.timers[0]
		if when < t.at {
			return
		}
		heap.Pop(&s.timers)
		if !t.called {
			t.called = true
			t.fn()
		}
	}
}

// sleep parks the current green thread for seconds of virtual time;
// sleep(0) lets the other ready threads run first (eventlet.sleep).
func (s *scheduler) sleep(rt *yaql.Runtime, seconds float64) error {
	if err := rt.Cancelled(); err != nil {
		return err
	}
	if limit := s.ex.opts.ClockLimit; limit > 0 && s.clock()+seconds > limit {
		return &FatalError{Class: "VirtualTimeExceeded", Msg: fmt.Sprintf("the run would wait past its limit of virtual time (%.0f seconds after it started)", limit-s.ex.opts.Epoch)}
	}
	cur := s.current
	t := s.schedule(seconds, func() { s.switchTo(cur, signal{}) })
	_, err := s.park()
	t.cancel()
	return err
}

// parallel runs tasks as green threads, at most limit at once, and
// returns the first failure in task order after all have finished.
func (s *scheduler) parallel(tasks []func() error, limit int) error {
	branches := make([]func() (value.Value, error), len(tasks))
	for i, t := range tasks {
		branches[i] = func() (value.Value, error) { return nil, t() }
	}
	_, err := s.parallelSelect(branches, limit)
	return err
}

// parallelSelect is the reference's parallel_select: the branches run as
// green threads of a pool of limit threads mapped over them (GreenPool
// imap: a producer thread spawns them, the caller collects their
// results in order). It returns the results in branch order, or the
// error of the first failed branch in branch order once all have ended.
func (s *scheduler) parallelSelect(branches []func() (value.Value, error), limit int) ([]value.Value, error) {
	if limit < 0 {
		return nil, builtinError("ValueError", "GreenPool() expect size >= 0, actual: %d", limit)
	}
	type outcome struct {
		v   value.Value
		err error
	}
	state := s.saveState()
	m := s.newGreenMap(state, limit)
	producer := s.newGreenlet(state, func() {
		for _, b := range branches {
			err := m.spawn(func() any {
				if s.fatal != nil {
					return outcome{err: s.fatal}
				}
				v, err := b()
				if err != nil && isFatal(err) {
					s.fail(err)
				}
				return outcome{v, err}
			})
			if err != nil {
				return
			}
		}
		m.doneSpawning()
	})
	s.schedule(0, func() { s.switchTo(producer, signal{}) })
	var outs []outcome
	for {
		r, err := m.next()
		if err != nil {
			return nil, err
		}
		if r == stopIteration {
			break
		}
		outs = append(outs, r.(outcome))
	}
	results := make([]value.Value, len(outs))
	for i, o := range outs {
		if o.err != nil {
			return nil, o.err
		}
		results[i] = o.v
	}
	return results, nil
}

// ParallelSelect runs pselect's branches as green threads (the
// std.GreenThreads hook of the MuranoPL yaql functions).
func (ex *Executor) ParallelSelect(branches []func() (value.Value, error)) ([]value.Value, error) {
	return ex.sched.parallelSelect(branches, parallelLimit)
}

// The primitives below follow eventlet's Event, Semaphore, LightQueue,
// GreenThread, GreenPool and GreenMap; where eventlet keeps waiters in a
// set, they are served in the order they came.

// greenEvent is eventlet's Event: send wakes every waiter through a
// timer of its own.
type greenEvent struct {
	ready   bool
	item    any
	waiters []*greenlet
}

func (s *scheduler) wait(e *greenEvent) (any, error) {
	if e.ready {
		return e.item, nil
	}
	cur := s.current
	e.waiters = append(e.waiters, cur)
	r, err := s.park()
	if i := slices.Index(e.waiters, cur); i >= 0 {
		e.waiters = slices.Delete(e.waiters, i, i+1)
	}
	return r.item, err
}

func (s *scheduler) send(e *greenEvent, item any) {
	e.ready, e.item = true, item
	for _, w := range e.waiters {
		s.schedule(0, func() {
			if slices.Contains(e.waiters, w) {
				s.switchTo(w, signal{item: item})
			}
		})
	}
}

// semaphore is eventlet's Semaphore.
type semaphore struct {
	counter int
	waiters []*greenlet
}

func (s *scheduler) acquire(sem *semaphore) error {
	if sem.counter <= 0 || len(sem.waiters) > 0 {
		cur := s.current
		if !slices.Contains(sem.waiters, cur) {
			sem.waiters = append(sem.waiters, cur)
		}
		for {
			if _, err := s.park(); err != nil {
				sem.waiters = slices.DeleteFunc(sem.waiters, func(g *greenlet) bool { return g == cur })
				return err
			}
			if sem.counter > 0 {
				break
			}
		}
		sem.waiters = slices.DeleteFunc(sem.waiters, func(g *greenlet) bool { return g == cur })
	}
	sem.counter--
	return nil
}

func (s *scheduler) release(sem *semaphore) {
	sem.counter++
	if len(sem.waiters) > 0 {
		s.schedule(0, func() {
			if len(sem.waiters) > 0 && sem.counter > 0 {
				w := sem.waiters[0]
				sem.waiters = sem.waiters[1:]
				s.switchTo(w, signal{})
			}
		})
	}
}

// waiter is a thread waiting in a queue (eventlet's Waiter and
// ItemWaiter); g is nil when it does not wait.
type waiter struct {
	g       *greenlet
	item    any
	hasItem bool
}

func (s *scheduler) waitOn(w *waiter) (any, error) {
	w.g = s.current
	r, err := s.park()
	w.g = nil
	return r.item, err
}

func (s *scheduler) wake(w *waiter, item any) {
	if w.g != nil {
		s.switchTo(w.g, signal{item: item})
	}
}

// queue is eventlet's LightQueue with a maximum size.
type queue struct {
	maxsize          int
	items            []any
	getters, putters []*waiter
	unlock           *timer
}

func pop(ws *[]*waiter) *waiter {
	w := (*ws)[0]
	*ws = (*ws)[1:]
	return w
}

func discard(ws *[]*waiter, w *waiter) {
	*ws = slices.DeleteFunc(*ws, func(x *waiter) bool { return x == w })
}

func (s *scheduler) put(q *queue, item any) error {
	if len(q.items) < q.maxsize {
		q.items = append(q.items, item)
		if len(q.getters) > 0 {
			s.scheduleUnlock(q)
		}
		return nil
	}
	w := &waiter{item: item, hasItem: true}
	q.putters = append(q.putters, w)
	if len(q.getters) > 0 {
		s.scheduleUnlock(q)
	}
	_, err := s.waitOn(w)
	discard(&q.putters, w)
	if err != nil {
		return err
	}
	if w.hasItem {
		q.items = append(q.items, item)
	}
	return nil
}

func (s *scheduler) get(q *queue) (any, error) {
	if len(q.items) > 0 {
		if len(q.putters) > 0 {
			s.scheduleUnlock(q)
		}
		item := q.items[0]
		q.items = q.items[1:]
		return item, nil
	}
	w := &waiter{}
	q.getters = append(q.getters, w)
	if len(q.putters) > 0 {
		s.scheduleUnlock(q)
	}
	item, err := s.waitOn(w)
	discard(&q.getters, w)
	if err != nil {
		s.scheduleUnlock(q)
	}
	return item, err
}

func (s *scheduler) scheduleUnlock(q *queue) {
	if q.unlock == nil {
		q.unlock = s.schedule(0, func() { s.unlockQueue(q) })
	}
}

// unlockQueue runs on the hub: it hands items to waiting getters and
// lets waiting putters in.
func (s *scheduler) unlockQueue(q *queue) {
	for {
		switch {
		case len(q.items) > 0 && len(q.getters) > 0:
			if g := pop(&q.getters); g.g != nil {
				item := q.items[0]
				q.items = q.items[1:]
				s.wake(g, item)
			}
		case len(q.putters) > 0 && len(q.getters) > 0:
			p := pop(&q.putters)
			if p.g == nil {
				continue
			}
			g := pop(&q.getters)
			if g.g == nil {
				q.putters = append(q.putters, p)
				continue
			}
			item := p.item
			p.item, p.hasItem = nil, false
			s.wake(g, item)
			s.wake(p, p)
		case len(q.putters) > 0 && len(q.items) < q.maxsize:
			p := pop(&q.putters)
			s.wake(p, p)
		default:
			q.unlock = nil
			return
		}
	}
}

// greenThread is eventlet's GreenThread: its result is an event, and
// its links run when it ends.
type greenThread struct {
	exit  greenEvent
	links []func()
}

func (s *scheduler) spawn(state threadState, fn func() any) *greenThread {
	gt := &greenThread{}
	g := s.newGreenlet(state, func() {
		s.send(&gt.exit, fn())
		for len(gt.links) > 0 {
			l := gt.links[0]
			gt.links = gt.links[1:]
			l()
		}
	})
	s.schedule(0, func() { s.switchTo(g, signal{}) })
	return gt
}

// pool is eventlet's GreenPool.
type pool struct {
	state threadState
	sem   semaphore
}

func (s *scheduler) spawnIn(p *pool, fn func() any) (*greenThread, error) {
	if err := s.acquire(&p.sem); err != nil {
		return nil, err
	}
	gt := s.spawn(p.state, fn)
	gt.links = append(gt.links, func() { s.release(&p.sem) })
	return gt, nil
}

// greenMap is eventlet's GreenMap: threads spawned in a pool, collected
// in spawn order through a queue as long as the pool.
type greenMap struct {
	s       *scheduler
	pool    pool
	results queue
}

type stopMarker struct{}

// stopIteration is the result of the thread that marks the end of a
// greenMap (done_spawning).
var stopIteration any = stopMarker{}

func (s *scheduler) newGreenMap(state threadState, size int) *greenMap {
	return &greenMap{s: s, pool: pool{state: state, sem: semaphore{counter: size}}, results: queue{maxsize: size}}
}

func (m *greenMap) spawn(fn func() any) error {
	gt, err := m.s.spawnIn(&m.pool, fn)
	if err != nil {
		return err
	}
	return m.s.put(&m.results, gt)
}

func (m *greenMap) doneSpawning() error {
	return m.spawn(func() any { return stopIteration })
}

// next waits for the result of the next thread in spawn order.
func (m *greenMap) next() (any, error) {
	gt, err := m.s.get(&m.results)
	if err != nil {
		return nil, err
	}
	return m.s.wait(&gt.(*greenThread).exit)
}

// synchronizeMeta is the meta class that chooses the lock of a method
// (onThis, onArgs); without it a method is locked on its receiver.
const synchronizeMeta = "io.murano.metadata.engine.Synchronize"

// lockKey says what a method lock is taken on: the receiver (the class
// of a static method, or nil when only arguments count) and the method.
type lockKey struct {
	on     any
	method *Method
}

// methodLock is a lock held by one green thread on the calls of a method
// with some values of its locking arguments.
type methodLock struct {
	args    []value.Value
	release *greenEvent
	owner   *greenlet
}

// lockMethod takes the lock the reference's executor takes before every
// method call (_acquire_method_lock): calls of a method on one receiver
// with equal locking arguments run one at a time across green threads,
// and again in the thread that holds the lock. It returns the unlock.
func (ex *Executor) lockMethod(m *Method, this *Object, fr *frame, args []value.Value) (func(), error) {
	onThis, lockArgs, err := synchronization(m, fr, args)
	if err != nil {
		return nil, err
	}
	var on any
	switch {
	case !onThis:
	case m.IsStatic():
		on = m.Class
	case this != nil:
		on = this
	}
	if on == nil && len(lockArgs) == 0 {
		return func() {}, nil
	}
	s := ex.sched
	key := lockKey{on, m}
	for {
		held := slices.IndexFunc(s.locks[key], func(l *methodLock) bool { return sameLockArgs(l.args, lockArgs) })
		if held < 0 {
			break
		}
		l := s.locks[key][held]
		if l.owner == s.current {
			return func() {}, nil
		}
		if _, err := s.wait(l.release); err != nil {
			return nil, err
		}
	}
	l := &methodLock{args: lockArgs, release: &greenEvent{}, owner: s.current}
	if s.locks == nil {
		s.locks = map[lockKey][]*methodLock{}
	}
	s.locks[key] = append(s.locks[key], l)
	return func() {
		list := slices.DeleteFunc(s.locks[key], func(x *methodLock) bool { return x == l })
		if len(list) == 0 {
			delete(s.locks, key)
		} else {
			s.locks[key] = list
		}
		s.send(l.release, nil)
	}, nil
}

// synchronization reads the method's Synchronize meta: whether the lock
// is on the receiver, and the values of the locking arguments that are
// not null, in the meta's order.
func synchronization(m *Method, fr *frame, args []value.Value) (bool, []value.Value, error) {
	metas, err := m.getMeta(fr)
	if err != nil {
		return false, nil, err
	}
	i := slices.IndexFunc(metas, func(o *Object) bool { return o.class.Name == synchronizeMeta })
	if i < 0 {
		return true, nil, nil
	}
	meta := metas[i]
	onThis, err := meta.GetProperty("onThis", nil, fr)
	if err != nil {
		return false, nil, err
	}
	names, err := meta.GetProperty("onArgs", nil, fr)
	if err != nil {
		return false, nil, err
	}
	var lockArgs []value.Value
	err = value.Each(names, func(n value.Value) error {
		j := slices.IndexFunc(m.Args, func(a *Argument) bool { return a.Name == value.Str(n) })
		if j >= 0 && j < len(args) && !value.IsNull(args[j]) {
			lockArgs = append(lockArgs, n, args[j])
		}
		return nil
	})
	return value.Truth(onThis), lockArgs, err
}

// sameLockArgs compares the name-value pairs of two calls' locking
// arguments.
func sameLockArgs(a, b []value.Value) bool {
	return slices.EqualFunc(a, b, func(x, y value.Value) bool { return value.Equal(x, y) })
}

// poolSize converts a Parallel block's Limit to the size of its pool as
// eventlet's GreenPool does (Python's int(), a ValueError of which it
// reports as a TypeError).
func poolSize(f *frame, v value.Value) (int, error) {
	if value.IsNull(v) {
		return 0, builtinError("TypeError", "int() argument must be a string, a bytes-like object or a real number, not 'NoneType'")
	}
	n, err := f.runtime().CallFunction(f.ctx, "int", yaql.NoValue, []value.Value{v}, nil)
	var ye *yaql.Error
	if errors.As(err, &ye) && ye.Class == "ValueError" {
		return 0, builtinError("TypeError", "GreenPool() expect size :: int, actual: <class '%s'> %s", v.Type(), ye.Msg)
	}
	if err != nil {
		return 0, err
	}
	switch size := n.(type) {
	case value.Int:
		return int(min(size, math.MaxInt32)), nil
	case value.BigInt:
		if size.V.Sign() < 0 {
			return 0, builtinError("ValueError", "GreenPool() expect size >= 0, actual: %s", size.V)
		}
	}
	return math.MaxInt32, nil
}

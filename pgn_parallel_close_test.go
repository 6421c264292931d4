package chess

import (
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
)

// settle waits for the goroutines to come back to at most n; the 30 s only bound a hang (a
// goroutine that ended its work may wait long for a busy machine's CPU before it exits).
func settle(n int) int {
	deadline := time.Now().Add(30 * time.Second)
	for {
		g := runtime.NumGoroutine()
		if g <= n || time.Now().After(deadline) {
			return g
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func parallelCloseText(t *testing.T) string {
	var sb strings.Builder
	for _, f := range []string{"annotated.pgn", "errors.pgn", "quirks.pgn", "cuts.pgn"} {
		d, err := os.ReadFile(filepath.Join("testdata", "pgn", f))
		if err != nil {
			t.Fatal(err)
		}
		sb.Write(d)
		sb.WriteString("\n")
	}
	return strings.Repeat(sb.String(), 4)
}

// Close after any number of games, with any reader, then Read again: no panic, no deadlock,
// no goroutine left, and the games before Close are those of one worker.
func TestPGNParallelCloseMidway(t *testing.T) {
	text := parallelCloseText(t)
	want := func() []string {
		var out []string
		r := NewPGNReader(strings.NewReader(text))
		for g, err := range r.All() {
			out = append(out, describeOne(g, err))
		}
		return out
	}()
	base := runtime.NumGoroutine()
	rng := rand.New(rand.NewSource(1))
	iters := 300
	if testing.Short() {
		iters = 60
	}
	for i := 0; i < iters; i++ {
		var src io.Reader = strings.NewReader(text)
		switch rng.Intn(4) {
		case 1:
			src = iotest.OneByteReader(src)
		case 2:
			src = iotest.HalfReader(src)
		}
		r := NewPGNReader(src)
		r.Workers = 2 + rng.Intn(3)
		r.chunkTarget = []int{1, 2, 3, 7, 64, 4096}[rng.Intn(6)]
		r.cutAnywhere = rng.Intn(2) == 0
		if rng.Intn(3) == 0 {
			r.MaxGameBytes = int64(20 + rng.Intn(300))
		}
		stopAt := rng.Intn(len(want) + 2)
		for k := 0; k < stopAt; k++ {
			g, err := r.Read()
			if g == nil {
				break
			}
			if r.MaxGameBytes == 0 && describeOne(g, err) != want[k] {
				t.Fatalf("iteration %d game %d differs:\n%s\nwant\n%s", i, k, describeOne(g, err), want[k])
			}
		}
		if r.par != nil && rng.Intn(2) == 0 {
			// close from another goroutine while reading on
			var wg sync.WaitGroup
			wg.Add(1)
			go func() { defer wg.Done(); r.Close() }()
			for k := 0; k < 3; k++ {
				r.Read()
			}
			wg.Wait()
		} else {
			r.Close()
		}
		r.Close()
		// Read after Close returns, without panic, and then keeps returning nil
		select {
		case ended := <-readsToEnd(r, 1000):
			if !ended {
				t.Errorf("iteration %d: Read after Close keeps giving games", i)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("iteration %d: Read after Close hangs", i)
		}
	}
	if g := settle(base); g > base {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		t.Fatalf("%d goroutines left, %d before:\n%s", g, base, buf[:n])
	}
}

// readsToEnd calls r.Read on another goroutine until it returns no game, at most max times;
// the channel then gets whether it came to that end.
func readsToEnd(r *PGNReader, max int) <-chan bool {
	ended := make(chan bool, 1)
	go func() {
		for k := 0; k < max; k++ {
			if g, _ := r.Read(); g == nil {
				ended <- true
				return
			}
		}
		ended <- false
	}()
	return ended
}

func describeOne(g *PGNGame, err error) string {
	var sb strings.Builder
	sb.WriteString(describeGameLine(g))
	if err != nil {
		sb.WriteString(err.Error())
	}
	return sb.String()
}

func describeGameLine(g *PGNGame) string {
	if g == nil {
		return "nil"
	}
	var sb strings.Builder
	sb.WriteString(g.Final.FEN())
	sb.WriteString(" ")
	sb.WriteString(g.Result)
	for _, w := range g.Warnings {
		sb.WriteString(describeErr(w))
	}
	if g.Root != nil {
		sb.WriteString(g.String())
	}
	return sb.String()
}

// A reader that blocks: Close must not hang, and Read after Close should not either.
func TestPGNParallelCloseBlockedReader(t *testing.T) {
	base := runtime.NumGoroutine()
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte(strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 50)))
		// then nothing: the writer blocks the readers until closed
	}()
	r := NewPGNReader(pr)
	r.Workers, r.chunkTarget = 3, 64
	for k := 0; k < 5; k++ {
		if g, err := r.Read(); g == nil {
			t.Fatalf("Read = nil, %v", err)
		}
	}
	r.Close()
	ended, finished := readsToEnd(r, 100), false
	select {
	case <-ended:
		finished = true
	case <-time.After(30 * time.Second): // bounds the hang only: Read after Close returns at once
		t.Errorf("Read after Close blocks while the underlying reader blocks")
	}
	pw.Close()
	if !finished {
		<-ended
	}
	if g := settle(base); g > base {
		t.Errorf("%d goroutines left, %d before", g, base)
	}
}

// Close from another goroutine while the first Read starts the workers: no data race (the
// race detector of CI watches this one), and Read ends.
func TestPGNParallelCloseDuringFirstRead(t *testing.T) {
	r := NewPGNReader(strings.NewReader(strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 50)))
	r.Workers, r.chunkTarget = 2, 64
	done := make(chan struct{})
	go func() { defer close(done); r.Close() }()
	r.Read()
	<-done
	r.Close()
}

// Close before the first Read: Read starts no worker and returns nil, io.EOF.
func TestPGNParallelCloseBeforeFirstRead(t *testing.T) {
	base := runtime.NumGoroutine()
	r := NewPGNReader(strings.NewReader(strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 5000)))
	r.Workers, r.chunkTarget = 2, 64
	r.Close()
	if g, err := r.Read(); g != nil || err != io.EOF {
		t.Errorf("Read after Close before any Read = %v, %v; want nil, io.EOF", g, err)
	}
	if n := settle(base); n > base {
		t.Errorf("Close before the first Read is lost: %d goroutines left, %d before", n, base)
	}
}

// TestPGNSubReaderPolicy fails when an exported field of PGNReader (its policy) is not carried
// over to the sequential readers of Workers: each field but Workers is set to a value of its
// own, and the sub-reader must have them all.
func TestPGNSubReaderPolicy(t *testing.T) {
	r := NewPGNReader(strings.NewReader(""))
	rv := reflect.ValueOf(r).Elem()
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if !f.IsExported() || f.Name == "Workers" {
			continue
		}
		switch fv := rv.Field(i); fv.Kind() {
		case reflect.Bool:
			fv.SetBool(true)
		case reflect.Int, reflect.Int64:
			fv.SetInt(int64(1000 + i))
		default:
			t.Fatalf("PGNReader.%s: a field of kind %v the test cannot set: extend it", f.Name, fv.Kind())
		}
	}
	sub := new(PGNReader)
	r.subReader(sub)
	sv := reflect.ValueOf(sub).Elem()
	for i := 0; i < rt.NumField(); i++ {
		if f := rt.Field(i); f.IsExported() && f.Name != "Workers" && !reflect.DeepEqual(rv.Field(i).Interface(), sv.Field(i).Interface()) {
			t.Errorf("PGNReader.%s is not carried over to the readers of Workers", f.Name)
		}
	}
}

// misbehavingReader gives its text, then misbehaves as its mode says.
type misbehavingReader struct {
	text []byte
	mode string
}

func (m *misbehavingReader) Read(p []byte) (int, error) {
	if len(m.text) > 0 {
		n := copy(p, m.text)
		m.text = m.text[n:]
		return n, nil
	}
	switch m.mode {
	case "negative":
		return -1, nil
	case "oversized":
		return len(p) + 1, nil
	case "panic":
		panic("source broke")
	}
	return 0, nil // "no progress": (0, nil) forever
}

// TestPGNMisbehavingSources: a source that breaks io.Reader's contract ends the input with an
// error, at every Workers, never with a hang or a panic: (0, nil) forever is io.ErrNoProgress
// (as bufio), a negative or oversized count and a panic in Read are errors.
func TestPGNMisbehavingSources(t *testing.T) {
	const text = "[White \"a\"]\n\n1. e4 e5 *\n\n[White \"b\"]\n\n1. d4"
	for _, mode := range []string{"no progress", "negative", "oversized", "panic"} {
		for _, workers := range []int{1, 2, 8} {
			r := NewPGNReader(&misbehavingReader{text: []byte(text), mode: mode})
			r.Workers = workers
			var last error
			games := 0
			for g, err := range r.All() {
				if g != nil {
					games++
				}
				last = err
			}
			r.Close()
			if last == nil || games != 2 {
				t.Errorf("%s, Workers %d: %d games, last error %v", mode, workers, games, last)
				continue
			}
			if mode == "no progress" && !errors.Is(last, io.ErrNoProgress) {
				t.Errorf("%s, Workers %d: %v, want io.ErrNoProgress", mode, workers, last)
			}
			if want := map[string]string{"negative": "invalid count", "oversized": "invalid count", "panic": "panicked: source broke"}[mode]; want != "" && !strings.Contains(last.Error(), want) {
				t.Errorf("%s, Workers %d: %v, want %q", mode, workers, last, want)
			}
		}
	}
}

// blockingSource gives its text, then blocks in Read until release is closed, and then gives
// a line end at each Read, without end; as an io.Closer (closable) Close releases it.
type blockingSource struct {
	text     []byte
	release  chan struct{}
	closed   sync.Once
	blocking sync.Once
	waiting  chan struct{} // closed when a Read first blocks
	late     atomic.Int32  // the Reads from the one that blocked on
}

func (b *blockingSource) Read(p []byte) (int, error) {
	if len(b.text) > 0 {
		n := copy(p, b.text)
		b.text = b.text[n:]
		return n, nil
	}
	b.late.Add(1)
	b.blocking.Do(func() { close(b.waiting) })
	<-b.release
	// released, the Read returns a while later, as a real source's may: the goroutine inside
	// it is then seen after Close every time, not once in many runs
	time.Sleep(10 * time.Millisecond)
	return copy(p, "\n"), nil
}

type closableSource struct{ *blockingSource }

func (c closableSource) Close() error {
	c.closed.Do(func() { close(c.release) })
	return nil
}

// stubbornSource is an io.Closer whose Close does not end a Read blocked in it (as a
// *gzip.Reader's does not).
type stubbornSource struct{ *blockingSource }

func (stubbornSource) Close() error { return nil }

// TestPGNCloseWaitsForGoroutines: Close returns when every goroutine of the reader has ended
// but one inside the source's Read, which ends when that Read returns (at once when Close
// closes a source whose Read it ends) and reads the source no more; Close never waits for
// it; a Read of ours waiting for it returns at once after Close.
func TestPGNCloseWaitsForGoroutines(t *testing.T) {
	text := strings.Repeat("[White \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n", 2000)
	for _, kind := range []string{"closable", "stubborn", "plain"} {
		before := runtime.NumGoroutine()
		src := &blockingSource{text: []byte(text), release: make(chan struct{}), waiting: make(chan struct{})}
		in := map[string]io.Reader{"closable": closableSource{src}, "stubborn": stubbornSource{src}, "plain": src}[kind]
		r := NewPGNReader(in)
		r.Workers = 4
		r.chunkTarget = 4 << 10
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
		// a Read waiting on the blocked source, in another goroutine, returns after Close
		done := make(chan error)
		go func() {
			var err error
			for err == nil {
				_, err = r.Read()
			}
			done <- err
		}()
		<-src.waiting // the reader is inside the blocked Read of the source
		// and Read of ours waits for it (a sleep gave it no certain time to get there)
		waitStacks(t, "the Read to wait for a chunk", func(stacks []goroutineStack) bool {
			for _, g := range stacks {
				if g.status == "select" && strings.Contains(g.frames, "chess.TestPGNCloseWaitsForGoroutines.func") &&
					(strings.HasPrefix(g.frames, "github.com/ox88/chess.(*PGNReader).readParallel(") ||
						strings.HasPrefix(g.frames, "github.com/ox88/chess.(*PGNReader).receive(")) {
					return true
				}
			}
			return false
		})
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != io.EOF {
			t.Errorf("%s: Read after Close: %v", kind, err)
		}
		pr := &r.par.running
		pr.mu.Lock()
		left, reading := pr.running, pr.reading // at once: Close waited for the others
		pr.mu.Unlock()
		// the one left: in the source's Read, or (closable) out of it, on its way out
		if kind == "closable" && left > 1 || kind != "closable" && (left != 1 || reading != 1) {
			t.Errorf("%s: %d goroutines left after Close (%d in the source's Read), want only the one in the source's Read", kind, left, reading)
		}
		if kind != "closable" {
			close(src.release)
		}
		// the one in the source's Read ends when the Read returns, and the reader's goroutines
		// with it (a goroutine is counted out before it exits)
		n := settle(before) - before
		pr.mu.Lock()
		left = pr.running
		pr.mu.Unlock()
		if left != 0 || n > 0 {
			t.Errorf("%s: %d goroutines of the reader, %d in all left after the source's Read returned", kind, left, n)
		}
		// the source, which has more to give, was read no more after Close
		if late := src.late.Load(); late != 1 {
			t.Errorf("%s: %d Reads of the source from the one that blocked on, want that one only", kind, late)
		}
	}
}

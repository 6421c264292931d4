package chess

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// readAllDescribed reads every game of text with the given number of workers and describes
// in full what came back (describeFull). With workers, chunks are cut past target bytes, at every line that
// starts with "[" when anywhere is set; rejoins is how many chunks were read again.
func readAllDescribed(text string, workers int, noTree bool, target int, anywhere bool) (desc string, rejoins int) {
	r := NewPGNReader(strings.NewReader(text))
	r.Workers, r.NoTree = workers, noTree
	r.chunkTarget, r.cutAnywhere = target, anywhere
	return describeGames(r)
}

// describeGames reads the games of r and describes them in full (describeFull); rejoins is
// how many chunks were read again.
func describeGames(r *PGNReader) (desc string, rejoins int) {
	desc = describeFull(r)
	if r.par != nil {
		rejoins = r.par.rejoins
	}
	return desc, rejoins
}

// TestPGNParallelSameAsSequential: with Workers > 1 the reader returns exactly what one
// goroutine returns (games, positions, errors with their places, warnings, trees), on every
// shared PGN file, the malformed ones included, with chunks cut at every place the splitter
// guesses (a target of one byte), at every line that starts with "[" (so that most guesses
// are wrong and must be caught), and at the normal size.
func TestPGNParallelSameAsSequential(t *testing.T) {
	files := allPGNFiles(t)
	rejoins := 0
	type mode struct {
		target   int
		anywhere bool
	}
	modes, workerCounts := []mode{{1, true}, {1, false}, {0, false}}, []int{2, 3}
	if testing.Short() {
		modes, workerCounts = []mode{{1, true}, {0, false}}, []int{2} // a third of the work, for the race detector
	}
	for _, run := range modes {
		for _, fn := range files {
			if strings.Contains(fn, "corpus") && (testing.Short() || run.target == 1) {
				continue
			}
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := readAllDescribed(string(data), 1, false, 0, false)
			for _, workers := range workerCounts {
				got, n := readAllDescribed(string(data), workers, false, run.target, run.anywhere)
				rejoins += n
				if got != want {
					t.Errorf("%s, chunk target %d, cut anywhere %v, %d workers: differs from one worker", fn, run.target, run.anywhere, workers)
				}
			}
		}
	}
	// the wrong guesses were made, and caught
	if rejoins < 1000 {
		t.Errorf("%d chunks read again, want many", rejoins)
	}
}

// The fixture of places that look like the start of a game and are not: each wrong cut is
// caught and the chunk read again, joined to the next, and the output is that of one
// goroutine, with budget errors too.
func TestPGNParallelWrongCuts(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "pgn", "cuts.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	for _, maxTokens := range []int{0, 12} {
		read := func(workers int, anywhere bool) (string, int) {
			r := NewPGNReader(strings.NewReader(string(data)))
			r.Workers, r.MaxTokens = workers, maxTokens
			r.chunkTarget, r.cutAnywhere = 1, anywhere
			var sb strings.Builder
			games := 0
			for g, err := range r.All() {
				games++
				fmt.Fprintf(&sb, "%d %d %d %s %q %v\n%s", g.Index, g.Line, g.Plies, g.Final.FEN(), g.Tag("Event"), err, g)
				for _, w := range g.Warnings {
					fmt.Fprintln(&sb, w)
				}
			}
			if games != 10 {
				t.Errorf("MaxTokens %d, %d workers: %d games, want 10", maxTokens, workers, games)
			}
			rejoins := 0
			if r.par != nil {
				rejoins = r.par.rejoins
			}
			return sb.String(), rejoins
		}
		want, _ := read(1, false)
		if budget := strings.Contains(want, "more than 12 tokens"); budget != (maxTokens > 0) {
			t.Errorf("MaxTokens %d: budget error %v", maxTokens, budget)
		}
		for _, anywhere := range []bool{false, true} {
			got, rejoins := read(2, anywhere)
			if got != want {
				t.Errorf("MaxTokens %d, cut anywhere %v: differs from one worker:\n%s\nwant\n%s", maxTokens, anywhere, got, want)
			}
			// the heuristic is fooled twice: by the tag in a comment of several lines and by
			// the one in the comment never closed
			if wantRejoins := map[bool]int{false: 2, true: 9}[anywhere]; rejoins != wantRejoins {
				t.Errorf("MaxTokens %d, cut anywhere %v: %d chunks read again, want %d", maxTokens, anywhere, rejoins, wantRejoins)
			}
		}
	}
}

// An I/O error reaches the caller in the last game the same way with workers.
func TestPGNParallelReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	text := strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 3) + "[Event \"b\"]\n\n1. d4 d5 2. c4"
	for _, workers := range []int{1, 2} {
		r := NewPGNReader(&failingReader{text, boom})
		r.Workers = workers
		var got []string
		for g, err := range r.All() {
			got = append(got, fmt.Sprintf("%v %v", g != nil, errors.Is(err, boom)))
		}
		if want := "[true false true false true false true true]"; fmt.Sprint(got) != want {
			t.Errorf("%d workers: %v, want %s", workers, got, want)
		}
		if _, err := r.Read(); !errors.Is(err, boom) {
			t.Errorf("%d workers: Read after the error = %v", workers, err)
		}
	}
}

// Workers beyond MaxPGNWorkers count as MaxPGNWorkers: math.MaxInt workers read what one
// does (it panicked: its channel sizes overflowed), with at most MaxPGNWorkers goroutines.
func TestPGNParallelHugeWorkers(t *testing.T) {
	text := strings.Repeat("[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n", 300)
	want, _ := readAllDescribed(text, 1, false, 0, false)
	for _, workers := range []int{math.MaxInt, math.MaxInt / 2, MaxPGNWorkers + 1} {
		before := runtime.NumGoroutine()
		r := NewPGNReader(strings.NewReader(text))
		r.Workers, r.chunkTarget = workers, 64
		g, err := r.Read()
		if g == nil || err != nil {
			t.Fatalf("Workers %d: Read = %v, %v", workers, g, err)
		}
		if n := runtime.NumGoroutine() - before; n > MaxPGNWorkers+1 {
			t.Errorf("Workers %d: %d goroutines started, want at most %d", workers, n, MaxPGNWorkers+1)
		}
		r.Close()
		if got, _ := readAllDescribed(text, workers, false, 64, false); got != want {
			t.Errorf("Workers %d: the games differ from one worker's", workers)
		}
	}
}

// Stopping early: a reader with workers abandoned after a few games (the loop over All breaks,
// which calls Close) leaves no goroutine behind, and Read then returns io.EOF.
func TestPGNParallelClose(t *testing.T) {
	text := strings.Repeat("[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n", 20000)
	before := runtime.NumGoroutine()
	r := NewPGNReader(strings.NewReader(text))
	r.Workers, r.chunkTarget = 2, 4<<10
	n := 0
	for g, err := range r.All() {
		if err != nil || g.Plies != 6 {
			t.Fatalf("game %d: %d plies, %v", g.Index, g.Plies, err)
		}
		if n++; n == 3 {
			break
		}
	}
	if err := r.Close(); err != nil { // a second time: nothing happens
		t.Fatal(err)
	}
	if after := settle(before); after > before {
		t.Errorf("%d goroutines before reading, %d after Close", before, after)
	}
	if g, err := r.Read(); g != nil || err != io.EOF {
		t.Errorf("Read after Close = %v, %v; want nil, io.EOF", g, err)
	}
}

// TestPGNParallelFoundCases: the smallest inputs on which Workers > 1 once read otherwise
// than one worker (most through the sequential reader's dependence on how the input came in
// reads), now the same.
func TestPGNParallelFoundCases(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		name     string
		text     string
		reader   func(string) io.Reader
		maxBytes int64
		tokens   int
	}{
		// resync counts a CRLF split between two reads as two line ends: with one worker
		// the line numbers after a budget error depend on how the input is read
		{"resync CRLF across reads (OneByteReader)", "1. e4 e5 2. Nf3\r\n[Event \"b\"]\r\n*\r\n",
			func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) }, 0, 2},
		{"resync CRLF across reads (strings.Reader, read cut by MaxGameBytes)", "1. e4 e5 2. Nf3 Nc6\r\n[Event \"b\"]\r\n*\r\n",
			func(s string) io.Reader { return strings.NewReader(s) }, 20, 2},
		// a CR at the last byte of the game's budget counts a line (peek of the LF fails at
		// the budget), and resync counts the LF after it again
		{"CRLF split by MaxGameBytes", "1. e4 e5\r\n[Event \"b\"]\r\n*\r\n",
			func(s string) io.Reader { return strings.NewReader(s) }, 9, 0},
		{"CRLF split by MaxGameBytes after an escape line", "*\n%x\r\n[Event \"b\"]\r\n*\r\n",
			func(s string) io.Reader { return strings.NewReader(s) }, 4, 0},
		// a game exactly MaxGameBytes long, without termination marker, at the end of the
		// input: one worker does not know yet that the input ends there (it never reads past
		// the budget) and reports the budget exceeded; the last chunk knows
		{"game of exactly MaxGameBytes at the end", "1. e4\n",
			func(s string) io.Reader { return strings.NewReader(s) }, 6, 0},
		// an I/O error after the last game's termination marker and line end: the game is
		// whole, the error comes alone after it
		{"I/O error after a complete last game", "[Event \"a\"]\n1. e4 *\n",
			func(s string) io.Reader { return &failingReader{s, boom} }, 0, 0},
		{"I/O error after an escape line after the last game", "1. e4 *\n%x\n",
			func(s string) io.Reader { return iotest.TimeoutReader(strings.NewReader(s)) }, 0, 0},
		// a reader that returns its last bytes with a non-EOF error (allowed by io.Reader):
		// one worker dropped every game after the first read with the error in the buffer
		{"data returned with the I/O error", strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 3),
			func(s string) io.Reader { return &dataErrReader{s, 1 << 20, boom} }, 0, 0},
		// an I/O error at the end of an input whose last 256 KB + 2·MaxGameBytes hold no
		// place to cut: the last chunk reads on from the input itself, its reader meets the
		// error, which workers lost (Read returned io.EOF)
		{"I/O error met by the chunk that reads on", strings.Repeat("{a comment}\n", 30000),
			func(s string) io.Reader { return &failingReader{s, boom} }, 1000, 0},
		{"I/O error met by the chunk that reads on, no game", strings.Repeat("%escape\n", 60000),
			func(s string) io.Reader { return &failingReader{s, boom} }, 1000, 0},
		// a record of tags over the byte budget, with no movetext, vanished with its errors
		{"over the budget and no content", "[1 \"a\"] [2 \"b\"] [3 \"c\"]\n[Event \"x\"]\n*\n",
			func(s string) io.Reader { return strings.NewReader(s) }, 10, 0},
	} {
		read := func(workers int) string {
			r := NewPGNReader(tc.reader(tc.text))
			r.Workers, r.MaxGameBytes, r.MaxTokens = workers, tc.maxBytes, tc.tokens
			if tc.maxBytes != 1000 {
				r.chunkTarget = 1 // a chunk for every game
			}
			defer r.Close()
			return describeFull(r)
		}
		if one, two := read(1), read(2); one != two {
			text := tc.text
			if len(text) > 200 {
				text = text[:200] + "…"
			}
			t.Errorf("%s: %q\none worker:\n%s\ntwo workers:\n%s", tc.name, text, one, two)
		}
	}
}

// TestPGNReadSizes: what Read returns does not depend on how the underlying reader cuts its
// data, which the workers' chunks could not reproduce: a CRLF split between two reads is one
// line end, and a game exactly MaxGameBytes long at the end of the input is within budget.
func TestPGNReadSizes(t *testing.T) {
	for _, tc := range []struct {
		name     string
		text     string
		maxBytes int64
		tokens   int
	}{
		{"resync after a budget error: a CRLF split between reads is one line end", "1. e4 e5 2. Nf3\r\n[Event \"b\"]\r\n*\r\n", 0, 2},
		{"a game exactly MaxGameBytes long at the end is within budget, with or without io.EOF with its data", "1. e4\n", 6, 0},
	} {
		read := func(src io.Reader) string {
			r := NewPGNReader(src)
			r.MaxGameBytes, r.MaxTokens = tc.maxBytes, tc.tokens
			return describeFull(r)
		}
		whole := read(&dataErrReader{tc.text, 1 << 30, io.EOF})
		for name, src := range map[string]io.Reader{
			"strings.Reader": strings.NewReader(tc.text),
			"OneByteReader":  iotest.OneByteReader(strings.NewReader(tc.text)),
		} {
			if got := read(src); got != whole {
				t.Errorf("%s: %q read by %s:\n%s\nread at once with io.EOF:\n%s", tc.name, tc.text, name, got, whole)
			}
		}
	}
}

// TestPGNParallelLineNumbers: a chunk's reader numbers its lines from 1 and Read renumbers
// them in the whole input, so every line number comes out as one goroutine gives it: each
// game's, error's and warning's (GameLine too), and each node's of the tree, variations
// included; with LF, CRLF and lone CR line ends, blank and escape lines between the games,
// and chunks cut at every place the splitter guesses, wrong guesses (read again) included.
func TestPGNParallelLineNumbers(t *testing.T) {
	games := []string{
		"[Event \"A\"]\n[Site \"?\"]\n\n1. e4 e5\n2. Nf3 (2. f4 exf4\n3. Nf3) 2... Nc6 {a\ncomment} 3. Bb5 1-0\n",
		"[Event \"B\"]\r\n\r\n1. d4 d5 2. c4 Qxx 3. Nc3 *\r\n",
		"% an escape line\n\n[Event \"C\"]\n1. e4 {[Event \"in a comment\"]\n[Site \"x\"]} c5\n\n2. Nf3 d6 3. d4 0-1\n",
		"[Event \"D\"]\r[White \"lone CR\"]\r\r1. f3 e5 2. g4 Qh4# 0-1\r",
		"\n\n[Event \"E\"]\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 1/2-1/2\n",
	}
	var sb strings.Builder
	for i := range 40 {
		sb.WriteString(games[i%len(games)])
	}
	text := sb.String()
	describe := func(workers, target int, anywhere bool) string {
		r := NewPGNReader(strings.NewReader(text))
		r.Workers, r.chunkTarget, r.cutAnywhere = workers, target, anywhere
		var out strings.Builder
		for g, err := range r.All() {
			fmt.Fprintf(&out, "game %d line %d\n", g.Index, g.Line)
			var list ErrorList
			errors.As(err, &list)
			for _, e := range append(append(list, g.Warnings...), g.Problems...) {
				fmt.Fprintf(&out, "  %d %d:%d %s\n", e.GameLine, e.Line, e.Column, e.Message)
			}
			var walk func(n *PGNNode)
			walk = func(n *PGNNode) {
				fmt.Fprintf(&out, " %s@%d:%d", n.SAN(), n.Line, n.Column)
				for _, c := range n.Children {
					walk(c)
				}
			}
			walk(g.Root)
			out.WriteString("\n")
		}
		return out.String()
	}
	want := describe(1, 0, false)
	if !strings.Contains(want, "game 40 line 191") || !strings.Contains(want, "syntax error") {
		t.Fatalf("the sequential read is not what the test means:\n%s", want)
	}
	for _, workers := range []int{2, 3} {
		for _, target := range []int{1, 50, 300} {
			for _, anywhere := range []bool{false, true} {
				if got := describe(workers, target, anywhere); got != want {
					t.Errorf("Workers %d, chunks past %d bytes, cut anywhere %v:\n%s", workers, target, anywhere, firstDiff(want, got))
				}
			}
		}
	}
}

// TestLineStart: lineStart finds the byte after the last LF or CR before e, as a byte-by-byte
// search back does, for every e of texts with line ends at every place of an 8-byte word and
// bytes that differ from LF and CR in one bit, or are above 0x7f.
func TestLineStart(t *testing.T) {
	texts := []string{"", "a", "\n", "\r", "abcdefghijklmnopqrstuvwxyz", "\x0b\x0c\x09\x8a\x8d\x0e\x0f\x1a\x1d\xff\x00"}
	for i := range 20 {
		texts = append(texts, strings.Repeat("x", i)+"\n"+strings.Repeat("\x0b", 20-i)+"\r"+strings.Repeat("\x8a", i))
	}
	texts = append(texts, strings.Repeat("ab\r\ncd\x0b\x0a\x8a", 9))
	for _, text := range texts {
		buf := []byte(text)
		for e := 0; e <= len(buf); e++ {
			want := e
			for want > 0 && buf[want-1] != '\n' && buf[want-1] != '\r' {
				want--
			}
			if got := lineStart(buf, e); got != want {
				t.Errorf("lineStart(%q, %d) = %d, want %d", text, e, got, want)
			}
		}
	}
}

// TestPGNWorkersReadAheadNoTree: without trees the workers cut up to pgnReadAhead chunks of
// the usual size beyond one each ahead of a caller that does not take the games, and no more;
// of chunks grown for long games, one each, as with trees (TestHostilePGNWorkersRunAhead).
func TestPGNWorkersReadAheadNoTree(t *testing.T) {
	const workers = 2
	for _, tc := range []struct {
		name      string
		plies     int // of each game: 250000 (750 KB) makes a chunk grown past pgnChunkReuse
		games     int
		wantAhead int // chunks queued once the workers wait
	}{
		{"usual chunks", 10000, 300, workers + pgnReadAhead},
		{"wide chunks", 250000, 16, workers},
	} {
		game := "[Event \"null\"]\n\n" + strings.Repeat("-- ", tc.plies) + "*\n\n"
		old := goroutineIDs()
		r := NewPGNReader(strings.NewReader(strings.Repeat(game, tc.games)))
		r.Workers, r.NoTree = workers, true
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
		// the caller holds on to the first chunk: the workers queue chunks until they wait,
		// and then what order holds stays
		waitWorkersParked(t, old, workers)
		if queued := len(r.par.order); queued != tc.wantAhead {
			t.Errorf("%s: %d chunks queued ahead of the caller, want %d", tc.name, queued, tc.wantAhead)
		}
		r.Close()
	}
}

// goroutineStack is one goroutine of a runtime.Stack dump of all of them.
type goroutineStack struct {
	id     string
	status string // "running", "select", "chan send", ...
	frames string // the frames, innermost first, without the runtime's own
}

// goroutineStacks returns every goroutine's stack: a snapshot, taken with the world stopped.
func goroutineStacks() []goroutineStack {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var stacks []goroutineStack
	for _, dump := range strings.Split(string(buf), "\n\n") {
		// "goroutine 21 [select]:", or "goroutine 21 [select, 2 minutes]:"
		header, frames, _ := strings.Cut(dump, "\n")
		id, status, _ := strings.Cut(strings.TrimPrefix(header, "goroutine "), " [")
		if i := strings.IndexAny(status, ",]"); i >= 0 {
			status = status[:i]
		}
		stacks = append(stacks, goroutineStack{id, status, frames})
	}
	return stacks
}

// goroutineIDs returns the ids of the goroutines there are now (ids are not reused).
func goroutineIDs() map[string]bool {
	ids := map[string]bool{}
	for _, g := range goroutineStacks() {
		ids[g.id] = true
	}
	return ids
}

// waitWorkersParked waits until the goroutines of the one parallel reader started since old
// (those not in old, made by pgnRunning.goroutine) are its workers, each parked in cutChunk:
// one waits for its turn at the splitter, the one with the turn for a place in order or wide.
// Then none moves on before a Read or Close, so that what they queued is all they queue. The
// event itself is waited for, as no time is long enough for a worker a busy machine stops
// (with a stability wait, a slow worker would count as a waiting one).
func waitWorkersParked(t *testing.T, old map[string]bool, workers int) {
	t.Helper()
	waitStacks(t, fmt.Sprintf("the reader's goroutines to be its %d workers, each waiting in cutChunk", workers), func(stacks []goroutineStack) bool {
		found, parked := 0, 0
		for _, g := range stacks {
			if old[g.id] || !strings.Contains(g.frames, "created by github.com/ox88/chess.(*pgnRunning).goroutine ") {
				continue
			}
			found++
			if g.status == "select" && strings.HasPrefix(g.frames, "github.com/ox88/chess.(*PGNReader).cutChunk(") {
				parked++
			}
		}
		return found == workers && parked == workers
	})
}

// waitStacks takes snapshots of the goroutines' stacks until done says the event waited for
// has come; after 30 s, which only bounds a hang, it fails with the last snapshot.
func waitStacks(t *testing.T, what string, done func([]goroutineStack) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		stacks := goroutineStacks()
		if done(stacks) {
			return
		}
		if time.Now().After(deadline) {
			var dump strings.Builder
			for _, g := range stacks {
				fmt.Fprintf(&dump, "goroutine %s [%s]:\n%s\n\n", g.id, g.status, g.frames)
			}
			t.Fatalf("waited 30 s for %s:\n%s", what, dump.String())
		}
		time.Sleep(time.Millisecond)
	}
}

// zeroBytes marks exactly the zero bytes of a word, whatever stands beside them (a zero byte
// below 0x01 or 0x80 is where the shorter formula marks a false one), and spaceIndex, built
// on it, finds the first space of eight bytes or says 8.
func TestZeroBytes(t *testing.T) {
	for _, fill := range []byte{0x01, 0x80, 0x81, 0x7f, 0xff, ' '} {
		for i := range 8 {
			for _, v := range []byte{0, 1, 0x20, 0x7f, 0x80, 0xff} {
				var b [8]byte
				for k := range b {
					b[k] = fill
				}
				b[i] = v
				w := binary.LittleEndian.Uint64(b[:])
				var want uint64
				for k := range b {
					if b[k] == 0 {
						want |= 0x80 << (8 * k)
					}
				}
				if got := zeroBytes(w); got != want {
					t.Errorf("zeroBytes(%#016x) = %#016x, want %#016x", w, got, want)
				}
				wantSpace := bytes.IndexByte(b[:], ' ')
				if wantSpace < 0 {
					wantSpace = 8
				}
				if got := spaceIndex(w); got != wantSpace {
					t.Errorf("spaceIndex(% x) = %d, want %d", b, got, wantSpace)
				}
			}
		}
	}
}

package chess

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// Differential tests of the parallel reader against the sequential one: random inputs built
// from fragments of PGN, good and broken, read with random policies and budgets through
// readers that cut the input anywhere, must read the same with workers, however the chunks
// are cut.

// describeFull reads every game of r and describes all that Read returns: every field of
// every game, every error and warning in full, and the final error.
func describeFull(r *PGNReader) string {
	var sb strings.Builder
	for i := 0; ; i++ {
		g, err := r.Read()
		if g == nil {
			fmt.Fprintf(&sb, "end %v\n", err)
			// a second call returns the same
			_, err2 := r.Read()
			fmt.Fprintf(&sb, "again %v\n", err2)
			break
		}
		sb.WriteString(describeRead(g, err))
		if i > 100000 {
			sb.WriteString("too many games\n")
			break
		}
	}
	return sb.String()
}

func describeErr(e *PGNError) string {
	return fmt.Sprintf("game %d gl %d pl %q %d:%d @%d ply %d mv %q tok %q w %v msg %q err %v | %s", e.Game, e.GameLine, e.Players, e.Line, e.Column, e.Offset, e.Ply, e.Move, e.Token, e.Warning, e.Message, e.Err, e.Error())
}

// dataErrReader returns its data in pieces of n bytes, the last one with err.
type dataErrReader struct {
	data string
	n    int
	err  error
}

func (d *dataErrReader) Read(p []byte) (int, error) {
	if d.data == "" {
		return 0, d.err
	}
	k := copy(p[:min(len(p), d.n)], d.data)
	d.data = d.data[k:]
	if d.data == "" {
		return k, d.err
	}
	return k, nil
}

// A reader may return its last bytes together with an error: every game comes back, and the
// error after them (they all end with their termination marker: none was cut short).
func TestPGNDataWithError(t *testing.T) {
	boom := errors.New("boom")
	text := strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 3)
	for _, workers := range []int{1, 2} {
		r := NewPGNReader(&dataErrReader{text, 1 << 20, boom})
		r.Workers = workers
		var got []string
		for g, err := range r.All() {
			got = append(got, fmt.Sprintf("%v %v", g != nil, err))
		}
		if want := "[true <nil> true <nil> true <nil> false boom]"; fmt.Sprint(got) != want {
			t.Errorf("%d workers: %v, want %s", workers, got, want)
		}
	}
}

// fragments of PGN, well formed and not, to build random inputs from
var pgnFragments = []string{
	`[Event "x"]`, `[Site "y"]`, `[White "a"]`, `[Black "b"]`, `[Result "1-0"]`, `[Result "*"]`, `[Round "3"]`,
	`[SetUp "1"]`, `[FEN "7k/8/8/8/8/8/8/K6R w - - 0 1"]`, `[FEN "bad"]`, `[Variant "atomic"]`, `[Variant "chess960"]`,
	`[Event "x`, `[Event x]`, `[ Event "x"]`, `[1x "a"]`, `[`, `[]`, `[Event "a" junk]`, `[Event "a\"b"]`, `[Event "a"`,
	`[Event "a"] [Site "b"]`, `[Ev`, `[%clk 0:01]`, `[e4`,
	`1. e4 e5`, `2. Nf3 Nc6`, `3. Bb5 a6`, `1.`, `1...`, `e4`, `d4`, `Nf3`, `{comment}`, `{multi`, `line}`, `}`,
	`{`, `; line comment [x`, `;`, `(1... d5)`, `(`, `)`, `(2. d4)`, `$1`, `$`, `$300`, `!`, `?!`, `+-`,
	`1-0`, `0-1`, `1/2-1/2`, `*`, `%escape`, `%`, `\`, `"str`, `"s"`, `<`, `>`, `--`, `Qh5`, `Zz`, "\x00", "\xef\xbb\xbf",
	`1-0 trailing text`, `* *`, `1.e4`, `1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#`, `4. Qxf7#`, `1-0 [Event "z"]`,
	`e.p.`, `1. f3 e5 2. g4 Qh4#`, `0-0`, `O-O`, `Ke2`, `Ke1`, `Nc3 Nc6 Nb1 Nb8`,
	"{\n[Event \"in a comment\"]\n}", "{a\r\n[Site \"b\"]\r\n", "; [Event \"x\"]\n", "1. e4 e5 2. Nf3\n1. d4 d5",
	"[Event \"a\"]\n\n[Event \"b\"]\n", "[Event \"a\"]\n%x\n[Event \"b\"]", "(1. d4\n[Event \"v\"]\n)",
	"\"[Event\n", "[Event \"a\"]\n[Event \"b\"]", "1. e4 (1. d4 (1. c4 (1. Nf3)))",
}

var pgnSeparators = []string{"\n", "\r\n", "\r", "\n\n", " ", "\t", "", "\r\r", "\n\r", "\r\n\r\n", "\n \n", "\n%esc\n", "\n%", "  \n"}

func randomPGN(rng *rand.Rand) string {
	var sb strings.Builder
	if rng.Intn(10) == 0 {
		sb.WriteString("\xef\xbb\xbf")
	}
	n := rng.Intn(30)
	if rng.Intn(4) == 0 {
		n = rng.Intn(120)
	}
	for i := 0; i < n; i++ {
		sb.WriteString(pgnFragments[rng.Intn(len(pgnFragments))])
		sb.WriteString(pgnSeparators[rng.Intn(len(pgnSeparators))])
	}
	if rng.Intn(2) == 0 {
		// a few bytes that matter to the tokenizer, anywhere
		b := []byte(sb.String())
		for k := rng.Intn(6); k > 0; k-- {
			const special = "[\r\n{};%\"()*\x00 "
			c := special[rng.Intn(len(special))]
			at := rng.Intn(len(b) + 1)
			b = append(b[:at], append([]byte{c}, b[at:]...)...)
		}
		sb.Reset()
		sb.Write(b)
	}
	if rng.Intn(3) == 0 {
		// a line end style used throughout
		s := sb.String()
		switch rng.Intn(2) {
		case 0:
			s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
		case 1:
			s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r")
		}
		return s
	}
	return sb.String()
}

type readerSettings struct {
	maxBytes                          int64
	maxTokens, maxDepth, maxErrors    int
	noTree, skipVar, tagsOnly, strict bool
	reader                            int // how the input is given: see newReader
}

// newReader gives text whole, however the reads cut it, and then io.EOF or an error.
func (bs readerSettings) newReader(text string) io.Reader {
	boom := errors.New("boom")
	switch bs.reader {
	case 1:
		return iotest.OneByteReader(strings.NewReader(text))
	case 2:
		return iotest.HalfReader(strings.NewReader(text))
	case 3:
		return iotest.DataErrReader(strings.NewReader(text))
	case 4:
		return &failingReader{text, boom} // 7 bytes at a time, then an error alone
	case 5:
		return iotest.HalfReader(&failingReader{text, boom})
	case 6:
		return &dataErrReader{text, 5, boom} // the last bytes come with the error
	case 7:
		return &dataErrReader{text, 1 << 30, io.EOF} // io.EOF with the last bytes
	case 8:
		return &dataErrReader{text, 1, io.EOF}
	case 9:
		return &dataErrReader{text, 3, io.EOF}
	}
	return strings.NewReader(text)
}

func (bs readerSettings) read(text string, workers, target int, anywhere bool) string {
	r := NewPGNReader(bs.newReader(text))
	r.MaxGameBytes, r.MaxTokens, r.MaxDepth, r.MaxErrors = bs.maxBytes, bs.maxTokens, bs.maxDepth, bs.maxErrors
	r.NoTree, r.SkipVariations, r.TagsOnly, r.StrictSAN = bs.noTree, bs.skipVar, bs.tagsOnly, bs.strict
	r.Workers, r.chunkTarget, r.cutAnywhere = workers, target, anywhere
	defer r.Close()
	return describeFull(r)
}

func randomSettings(rng *rand.Rand, readers []int) readerSettings {
	pick := func(v ...int) int { return v[rng.Intn(len(v))] }
	return readerSettings{
		maxBytes:  int64(pick(0, 0, 0, 5, 10, 20, 30, 50, 100, 200)),
		maxTokens: pick(0, 0, 0, 1, 2, 3, 5, 10),
		maxDepth:  pick(0, 0, 1, 2),
		maxErrors: pick(0, 0, 1, 2, 3),
		noTree:    rng.Intn(3) == 0, skipVar: rng.Intn(4) == 0, tagsOnly: rng.Intn(5) == 0, strict: rng.Intn(5) == 0,
		reader: readers[rng.Intn(len(readers))],
	}
}

type workerRun struct {
	workers, target int
	anywhere        bool
}

func workerRuns() []workerRun {
	var runs []workerRun
	for _, w := range []int{2, 3} {
		for _, t := range []int{1, 2, 3, 7, 64, 4096} {
			for _, a := range []bool{false, true} {
				runs = append(runs, workerRun{w, t, a})
			}
		}
	}
	return runs
}

// firstDifferentRun reports the first run that reads text otherwise than one worker.
func firstDifferentRun(bs readerSettings, text string, runs []workerRun) (workerRun, string, string, bool) {
	want := bs.read(text, 1, 0, false)
	for _, run := range runs {
		if got := bs.read(text, run.workers, run.target, run.anywhere); got != want {
			return run, want, got, true
		}
	}
	return workerRun{}, "", "", false
}

// shrink removes bytes from text while it still fails.
func shrink(text string, fails func(string) bool) string {
	for size := len(text) / 2; size >= 1; size /= 2 {
		for i := 0; i+size <= len(text); {
			cand := text[:i] + text[i+size:]
			if fails(cand) {
				text = cand
			} else {
				i++
			}
		}
	}
	return text
}

// TestPGNParallelRandom compares one worker with 2 and 3, chunks cut at 1, 2, 3, 7, 64 and
// 4096 bytes, at guessed places and at every line that starts with "[", on random inputs,
// policies, budgets and readers: 1,000 inputs (150 with -short); set PGN_RANDOM_N and
// PGN_RANDOM_SEED for more. A difference is shrunk to a small input before it is reported.
func TestPGNParallelRandom(t *testing.T) {
	n, seed := envInt("PGN_RANDOM_N", 1000), int64(envInt("PGN_RANDOM_SEED", 1))
	if testing.Short() {
		n = min(n, 150)
	}
	readers := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	rng := rand.New(rand.NewSource(seed))
	runs := workerRuns()
	found := map[string]bool{}
	for i := 0; i < n; i++ {
		text := randomPGN(rng)
		bs := randomSettings(rng, readers)
		run, _, _, bad := firstDifferentRun(bs, text, runs)
		if !bad {
			continue
		}
		one := []workerRun{run}
		small := shrink(text, func(s string) bool { _, _, _, b := firstDifferentRun(bs, s, one); return b })
		if found[small] {
			continue
		}
		found[small] = true
		_, want, got, _ := firstDifferentRun(bs, small, one)
		t.Errorf("input %q, settings %+v, run %+v:\none worker:\n%s\nworkers:\n%s", small, bs, run, want, got)
		if len(found) > 10 {
			t.Fatal("too many")
		}
	}
}

// envInt returns the environment variable name as a number, or def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// TestPGNParallelLarge compares one worker with 2 and 3 on large random inputs (hundreds of
// KB, past the 64 KB reads of the scanner and the 256 KB chunks): 3 of them, none with
// -short; set PGN_LARGE_N and PGN_RANDOM_SEED for more.
func TestPGNParallelLarge(t *testing.T) {
	n, seed := envInt("PGN_LARGE_N", 3), int64(envInt("PGN_RANDOM_SEED", 1))
	if testing.Short() {
		t.Skip("large inputs: skipped with -short")
	}
	rng := rand.New(rand.NewSource(seed))
	runs := []workerRun{{2, 0, false}, {3, 0, true}, {2, 4096, false}, {3, 4096, true}, {2, 70000, false}}
	for i := 0; i < n; i++ {
		var sb strings.Builder
		size := 100000 + rng.Intn(900000)
		for sb.Len() < size {
			sb.WriteString(randomPGN(rng))
			sb.WriteString([]string{"\n", "\r\n", "\r", "\n\n"}[rng.Intn(4)])
		}
		text := sb.String()
		bs := randomSettings(rng, []int{7})
		bs.maxBytes = []int64{0, 0, 100, 1000, 65536, 70000}[rng.Intn(6)]
		bs.maxTokens = []int{0, 0, 5, 50, 1000}[rng.Intn(5)]
		if run, want, got, bad := firstDifferentRun(bs, text, runs); bad {
			fn := "(not kept)"
			if f, err := os.CreateTemp("", "pgn-large-*.pgn"); err == nil {
				f.WriteString(text)
				f.Close()
				fn = f.Name()
			}
			t.Errorf("input %d (%d bytes, kept in %s), settings %+v, run %+v: differs\n%s", i, len(text), fn, bs, run, firstDiff(want, got))
		}
	}
}

// firstDiff shows the lines around the first difference of a and b.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			lo := max(0, i-3)
			return fmt.Sprintf("one worker:\n%s\nworkers:\n%s", strings.Join(al[lo:min(len(al), i+4)], "\n"), strings.Join(bl[lo:min(len(bl), i+4)], "\n"))
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(al), len(bl))
}

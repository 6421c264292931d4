package polyglot_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
	"github.com/ox88/chess/polyglot"
)

func openShared(t testing.TB, name string) *polyglot.Book {
	t.Helper()
	data, err := os.ReadFile(sharedtest.Path(t, "books/"+name))
	if err != nil {
		t.Fatal(err)
	}
	b, err := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// line plays SAN moves from the starting position.
func line(t testing.TB, sans ...string) chess.Position {
	t.Helper()
	p := chess.StartingPosition()
	for _, s := range sans {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(m)
	}
	return p
}

// listing is "SAN weight" for each entry, the form the tests compare.
func listing(p chess.Position, entries []polyglot.Entry) string {
	var s []string
	for _, e := range entries {
		s = append(s, fmt.Sprintf("%s %d", p.SAN(e.Move), e.Weight))
	}
	return strings.Join(s, ", ")
}

// TestGNUChessBookKnownPositions: the entries of known positions of the GNU Chess book, as
// a byte-level dump of the file lists them (key 0x463b96181691fc9c at entries 49,435 to
// 49,447 for the starting position).
func TestGNUChessBookKnownPositions(t *testing.T) {
	b := openShared(t, "gnuchess-book.bin")
	if b.Len() != 180358 {
		t.Fatalf("Len = %d, want 180358", b.Len())
	}
	for _, tc := range []struct {
		moves []string
		want  string
		first int64
	}{
		{nil, "e4 12135, d4 11257, Nf3 3745, c4 3294, g3 243, b3 38, f4 35, Nc3 16, b4 16, e3 7, d3 5, g4 4, a3 2", 49435},
		{[]string{"e4"}, "c5 14550, e5 10621, e6 3913, c6 2340, d6 1135, g6 922, Nf6 860, d5 303, Nc6 167, b6 48, g5 12, a6 8, h6 5", 91757},
		{[]string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"}, "b4 602, c3 399, O-O 108, d3 98, Nc3 38, d4 7", 0},
	} {
		p := line(t, tc.moves...)
		entries, err := b.Find(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := listing(p, entries); got != tc.want {
			t.Errorf("%v: got %s\nwant %s", tc.moves, got, tc.want)
		}
		if tc.first != 0 && entries[0].Index != tc.first {
			t.Errorf("%v: first entry at %d, want %d", tc.moves, entries[0].Index, tc.first)
		}
	}
	// O-O above is stored as the king taking its rook (book_format.html): e1h1.
	p := line(t, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
	entries, _ := b.Find(p)
	if e := entries[2]; e.Raw != 0x0107 || e.Move.String() != "e1g1" || !e.Move.IsCastle() {
		t.Errorf("O-O entry: raw %#04x, move %v", e.Raw, e.Move)
	}
}

// TestGNUChessBookReachable follows every book move from the starting position: each
// entry of every position reached decodes to a legal move, and they number 142,776
// (books/README.md) of the book's 180,358.
func TestGNUChessBookReachable(t *testing.T) {
	b := openShared(t, "gnuchess-book.bin")
	seen := map[uint64]bool{}
	queue := []chess.Position{chess.StartingPosition()}
	entries, positions := 0, 0
	for len(queue) > 0 {
		p := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if seen[p.Hash()] {
			continue
		}
		seen[p.Hash()] = true
		found, err := b.Find(p)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if len(found) == 0 {
			continue
		}
		positions++
		entries += len(found)
		for _, e := range found {
			next, err := p.Play(e.Move)
			if err != nil {
				t.Fatal(err)
			}
			queue = append(queue, next)
		}
	}
	if entries != 142776 || positions != 112294 {
		t.Errorf("reachable: %d entries in %d positions, want 142776 in 112294", entries, positions)
	}
}

// rawBook encodes entries as a book file, in the order given.
func rawBook(entries ...polyglot.Entry) []byte {
	var buf bytes.Buffer
	polyglot.WriteEntries(&buf, entries)
	return buf.Bytes()
}

var (
	start     = chess.StartingPosition()
	startKey  = start.Hash()
	e4, d4    = uint16(0x031c), uint16(0x02db)
	illegal   = uint16(0x0324) // e2e5
	startBook = []polyglot.Entry{
		{Key: 1, Raw: e4, Weight: 1},
		{Key: startKey, Raw: e4, Weight: 3, Learn: 7},
		{Key: startKey, Raw: illegal, Weight: 5},
		{Key: startKey, Raw: d4, Weight: 1},
		{Key: 0x823c9b50fd114196, Raw: 0x0d24, Weight: 2}, // after 1. e4: e5,
	}
)

// TestBookFormatErrors: books made malformed on purpose give a *FormatError saying where,
// and what can be read is still read.
func TestBookFormatErrors(t *testing.T) {
	good := rawBook(startBook...)
	unsorted := rawBook(startBook[4], startBook[1], startBook[2], startBook[3], startBook[0])
	for _, tc := range []struct {
		name      string
		data      []byte
		want      []error
		index     int64
		len       int64
		startMove string // the legal moves found for the starting position
	}{
		{"empty", nil, []error{polyglot.ErrEmpty}, 0, 0, ""},
		{"truncated", good[:len(good)-5], []error{polyglot.ErrTruncated}, 4, 4, "e4 3, d4 1"},
		{"one byte", good[:1], []error{polyglot.ErrTruncated}, 0, 0, ""},
		{"unsorted", unsorted, []error{polyglot.ErrUnsorted}, 1, 5, "e4 3, d4 1"},
		{"truncated and unsorted", unsorted[:len(unsorted)-1], []error{polyglot.ErrTruncated, polyglot.ErrUnsorted}, 4, 4, "e4 3, d4 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := polyglot.Open(bytes.NewReader(tc.data), int64(len(tc.data)))
			for _, w := range tc.want {
				if !errors.Is(err, w) {
					t.Errorf("error %v, want one wrapping %v", err, w)
				}
			}
			var fe *polyglot.FormatError
			if !errors.As(err, &fe) || fe.Index != tc.index {
				t.Errorf("error %#v, want a *FormatError at entry %d", err, tc.index)
			}
			if b == nil {
				t.Fatal("no book")
			}
			if b.Len() != tc.len {
				t.Errorf("Len = %d, want %d", b.Len(), tc.len)
			}
			entries, _ := b.Find(start)
			if got := listing(start, entries); got != tc.startMove {
				t.Errorf("start position: %q, want %q", got, tc.startMove)
			}
		})
	}
	_, err := polyglot.Open(bytes.NewReader(good[:21]), 21)
	if want := "polyglot: book of 21 bytes: length not a multiple of 16 bytes: entry 1 has only 5 bytes"; err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = polyglot.Open(bytes.NewReader(unsorted), int64(len(unsorted)))
	if want := "polyglot: keys not sorted: entry 1 has a smaller key than entry 0"; err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

// TestFindSkipsIllegalEntries: e2e5 is stored for the starting position; Find leaves it
// out and reports it, with the entry's index.
func TestFindSkipsIllegalEntries(t *testing.T) {
	data := rawBook(startBook...)
	b, err := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := b.Find(start)
	if got, want := listing(start, entries), "e4 3, d4 1"; got != want {
		t.Errorf("Find = %s, want %s", got, want)
	}
	if entries[0].Learn != 7 || entries[0].Index != 1 || entries[1].Index != 3 {
		t.Errorf("entries %+v", entries)
	}
	var ie *polyglot.IllegalMoveError
	if !errors.Is(err, polyglot.ErrIllegalMove) || !errors.As(err, &ie) || len(ie.Entries) != 1 || ie.Entries[0].Index != 2 {
		t.Fatalf("error %v, want an *IllegalMoveError for entry 2", err)
	}
	if want := "polyglot: 1 book entry skipped, move illegal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: entry 2 (e2e5)"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	raw, err := b.FindKey(startKey)
	if err != nil || len(raw) != 3 || raw[1].Raw != illegal || raw[1].Move != chess.NullMove {
		t.Errorf("FindKey = %+v, %v", raw, err)
	}
	var all []uint64
	for e, err := range b.All() {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, e.Key)
	}
	if len(all) != 5 || all[0] != 1 {
		t.Errorf("All keys %x", all)
	}
}

// TestChoose: with weights e4 3 and d4 1 (the illegal entry of weight 5 is never chosen),
// 4,000 draws from a fixed seed give e4 about three times in four; a position whose entries
// all weigh 0 gives no choice.
func TestChoose(t *testing.T) {
	data := rawBook(startBook...)
	b, _ := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	r := rand.New(rand.NewPCG(1, 2))
	count := map[string]int{}
	for range 4000 {
		e, ok, err := b.Choose(start, r)
		if !ok || !errors.Is(err, polyglot.ErrIllegalMove) {
			t.Fatalf("Choose: %v %v", ok, err)
		}
		count[start.SAN(e.Move)]++
	}
	if len(count) != 2 || count["e4"] < 2850 || count["e4"] > 3150 {
		t.Errorf("choices %v, want e4 about 3000 of 4000 and d4 the rest", count)
	}
	zero := rawBook(polyglot.Entry{Key: startKey, Raw: e4})
	b, _ = polyglot.Open(bytes.NewReader(zero), int64(len(zero)))
	if e, ok, err := b.Choose(start, r); ok || err != nil {
		t.Errorf("Choose with weight 0: %+v %v %v", e, ok, err)
	}
	var empty polyglot.Book
	if _, ok, err := empty.Choose(start, r); ok || err != nil || empty.Len() != 0 {
		t.Errorf("zero Book: %v %v", ok, err)
	}
}

// TestEncodeMoveCastling: castling is written as the king taking its own rook, in standard
// chess (book_format.html) as in Chess960.
func TestEncodeMoveCastling(t *testing.T) {
	for _, tc := range []struct {
		fen, uci string
		raw      uint16
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0x0107},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0x0100},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 0x0f3f},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 0x0f38},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "e1b1", 0x0101}, // Chess960, O-O-O
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8n", 0x1000 | 48<<6 | 56},
		{"8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8q", 0x4000 | 48<<6 | 56},
	} {
		p := chess.MustParseFEN(tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := polyglot.EncodeMove(m); got != tc.raw {
			t.Errorf("%s %s: %#04x, want %#04x", tc.fen, tc.uci, got, tc.raw)
		}
		if back, ok := polyglot.DecodeMove(p, tc.raw); !ok || back != m {
			t.Errorf("%s: DecodeMove(%#04x) = %v %v, want %v", tc.fen, tc.raw, back, ok, m)
		}
	}
	// The king's two-square step is not the book form of castling.
	if m, ok := polyglot.DecodeMove(chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), 0x0106); ok {
		t.Errorf("e1g1 decoded to %v", m)
	}
}

// TestEncodeDecodeRoundTrip: every legal move of the perft suite's best-known positions
// (the start, Kiwipete, positions 3 to 5, a Chess960 one) decodes back from its book form.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	n := 0
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	} {
		p := chess.MustParseFEN(fen)
		for _, m := range p.LegalMoves() {
			if back, ok := polyglot.DecodeMove(p, polyglot.EncodeMove(m)); !ok || back != m {
				t.Errorf("%s: %v -> %#04x -> %v", fen, m, polyglot.EncodeMove(m), back)
			}
			n++
		}
	}
	if n != 20+48+14+6+44+21 {
		t.Errorf("%d moves", n)
	}
}

// eofReaderAt returns io.EOF with a read that fills the buffer at the end of the source,
// as the io.ReaderAt contract allows; shortReaderAt returns fewer bytes than asked with no
// error, which the contract forbids; failingReaderAt fails every read.
type (
	eofReaderAt     struct{ r *bytes.Reader }
	shortReaderAt   struct{ r *bytes.Reader }
	failingReaderAt struct{}
)

var errDisk = errors.New("disk failure")

func (e eofReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := e.r.ReadAt(p, off)
	if err == nil && off+int64(n) == e.r.Size() {
		err = io.EOF
	}
	return n, err
}

func (s shortReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, _ := s.r.ReadAt(p[:len(p)/2], off)
	return n, nil
}

func (failingReaderAt) ReadAt([]byte, int64) (int, error) { return 0, errDisk }

// TestReaderAtContract: io.ReaderAt's "if the n = len(p) bytes returned by ReadAt are at
// the end of the input source, ReadAt may return either err == EOF or err == nil" is a
// full read, in Open, Find, FindKey, Entry and All; a short read is io.ErrUnexpectedEOF
// even with a nil error, and a failing reader's error reaches the caller wrapped.
func TestReaderAtContract(t *testing.T) {
	data := rawBook(startBook...)
	b, err := polyglot.Open(eofReaderAt{bytes.NewReader(data)}, int64(len(data)))
	if err != nil {
		t.Fatalf("Open with io.EOF at the end: %v", err)
	}
	entries, err := b.Find(start)
	if got, want := listing(start, entries), "e4 3, d4 1"; got != want || !errors.Is(err, polyglot.ErrIllegalMove) {
		t.Errorf("Find = %s, %v, want %s and the illegal entry", got, err, want)
	}
	if e, err := b.Entry(4); err != nil || e.Key != 0x823c9b50fd114196 || e.Weight != 2 {
		t.Errorf("Entry(4) = %+v, %v", e, err)
	}
	if raw, err := b.FindKey(0x823c9b50fd114196); err != nil || len(raw) != 1 || raw[0].Index != 4 {
		t.Errorf("FindKey of the last entry = %+v, %v", raw, err)
	}
	if _, err := polyglot.Open(shortReaderAt{bytes.NewReader(data)}, int64(len(data))); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("Open with short reads: %v, want io.ErrUnexpectedEOF", err)
	}
	if b, err := polyglot.Open(bytes.NewReader(data), 1<<40); b != nil || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("Open with a size beyond the data: %v, %v, want io.ErrUnexpectedEOF", b, err)
	}
	if b, err := polyglot.Open(failingReaderAt{}, 32); b != nil || !errors.Is(err, errDisk) {
		t.Errorf("Open of a failing reader: %v, %v", b, err)
	}
}

// TestChooseNilRand: a nil *rand.Rand draws from the global source instead of panicking.
func TestChooseNilRand(t *testing.T) {
	data := rawBook(startBook...)
	b, _ := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	seen := map[string]bool{}
	for range 200 {
		e, ok, err := b.Choose(start, nil)
		if !ok || !errors.Is(err, polyglot.ErrIllegalMove) {
			t.Fatalf("Choose(nil): %v %v", ok, err)
		}
		seen[start.SAN(e.Move)] = true
	}
	if len(seen) != 2 || !seen["e4"] || !seen["d4"] {
		t.Errorf("choices %v, want e4 and d4", seen)
	}
}

package polyglot_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

// TestNilAndZeroValues: every value is safe to hold (the developers' guide): a nil *Book
// (what Open returns with an I/O error) and the zero Book are empty books, a nil *Maker
// has no entries and refuses games, and a nil io.ReaderAt or io.Writer is an error, not a
// panic.
func TestNilAndZeroValues(t *testing.T) {
	for _, b := range []*polyglot.Book{nil, {}} {
		if n := b.Len(); n != 0 {
			t.Errorf("%v: Len = %d", b, n)
		}
		if _, err := b.Entry(0); err == nil || err.Error() != "polyglot: entry 0 out of range [0, 0)" {
			t.Errorf("%v: Entry(0): %v", b, err)
		}
		for e, err := range b.All() {
			t.Errorf("%v: All yielded %+v, %v", b, e, err)
		}
		if es, err := b.FindKey(startKey); len(es) != 0 || err != nil {
			t.Errorf("%v: FindKey = %v, %v", b, es, err)
		}
		if es, err := b.Find(start); len(es) != 0 || err != nil {
			t.Errorf("%v: Find = %v, %v", b, es, err)
		}
		if _, ok, err := b.Choose(chess.Position{}, rand.New(rand.NewPCG(1, 2))); ok || err != nil {
			t.Errorf("%v: Choose = %v, %v", b, ok, err)
		}
		if es, err := polyglot.Merge(b, b); len(es) != 0 || err != nil {
			t.Errorf("%v: Merge = %v, %v", b, es, err)
		}
	}
	data := rawBook(startBook...)
	good, _ := polyglot.Open(bytes.NewReader(data), int64(len(data)))
	if es, err := polyglot.Merge(nil, good); len(es) != 5 || err != nil {
		t.Errorf("Merge(nil, book) = %d entries, %v, want the book's 5", len(es), err)
	}
	if b, err := polyglot.Open(nil, 32); b != nil || err == nil || err.Error() != "polyglot: nil io.ReaderAt" {
		t.Errorf("Open(nil, 32) = %v, %v", b, err)
	}
	if n, err := polyglot.WriteEntries(nil, startBook); n != 0 || err == nil {
		t.Errorf("WriteEntries(nil) = %d, %v", n, err)
	}
	var mk *polyglot.Maker
	if err := mk.AddMoves(start, nil, "1-0"); err == nil || mk.Games() != 0 || mk.Entries() != nil {
		t.Errorf("nil *Maker: AddMoves %v, Games %d, Entries %v", err, mk.Games(), mk.Entries())
	}
	if n, err := mk.WriteTo(io.Discard); n != 0 || err != nil {
		t.Errorf("nil *Maker: WriteTo = %d, %v", n, err)
	}
}

// TestGarbageMoves: random bit patterns as moves and as book moves never panic; a raw
// move decodes only to a legal move whose book form it is, and the games of random moves
// (none of them legal, with this seed) add nothing to a Maker.
func TestGarbageMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	positions := []chess.Position{{}, start, start.WithChess960(true)}
	var mk polyglot.Maker
	for range 1000 {
		raw := uint16(r.Uint32())
		for _, p := range positions {
			if m, ok := polyglot.DecodeMove(p, raw); ok != (m != chess.NullMove) || ok && polyglot.EncodeMove(m) != raw {
				t.Fatalf("%s: DecodeMove(%#04x) = %v %v", p.FEN(), raw, m, ok)
			}
		}
		garbage := []chess.Move{chess.Move(r.Uint32()), chess.Move(r.Uint32())}
		polyglot.EncodeMove(garbage[0])
		for _, p := range positions {
			mk.AddMoves(p, garbage, "1-0")
		}
	}
	if mk.Games() != 0 || len(mk.Entries()) != 0 {
		t.Errorf("garbage games added: %d games, %d entries", mk.Games(), len(mk.Entries()))
	}
	var ie polyglot.IllegalMoveError
	var fe polyglot.FormatError
	if ie.Error() == "" || fe.Error() == "" || fe.Unwrap() != nil || ie.Unwrap() != polyglot.ErrIllegalMove {
		t.Errorf("zero errors: %q %q", ie.Error(), fe.Error())
	}
}

package polyglot_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

// FuzzOpenBook: any bytes open as a book or give a *FormatError, never a panic; the whole
// entries are read, Find in the starting position returns only legal moves, and a merge of
// the book with itself has as many entries as the book.
func FuzzOpenBook(f *testing.F) {
	f.Add([]byte{})
	f.Add(rawBook(startBook...))
	f.Add(rawBook(startBook...)[:37])
	f.Add(rawBook(startBook[4], startBook[1], startBook[0]))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := polyglot.Open(bytes.NewReader(data), int64(len(data)))
		var fe *polyglot.FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("error %v is not a *FormatError", err)
		}
		if b == nil || b.Len() != int64(len(data)/16) {
			t.Fatalf("book %v for %d bytes", b, len(data))
		}
		n := int64(0)
		for e, err := range b.All() {
			if err != nil || e.Index != n {
				t.Fatalf("entry %d: %+v %v", n, e, err)
			}
			n++
		}
		start := chess.StartingPosition()
		entries, err := b.Find(start)
		if err != nil && !errors.Is(err, polyglot.ErrIllegalMove) {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !start.IsLegal(e.Move) || polyglot.EncodeMove(e.Move) != e.Raw {
				t.Fatalf("entry %+v", e)
			}
		}
		merged, err := polyglot.Merge(b, b)
		if err != nil || int64(len(merged)) != b.Len() {
			t.Fatalf("merge with itself: %d entries of %d, %v", len(merged), b.Len(), err)
		}
	})
}

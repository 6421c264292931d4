package polyglot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math/rand/v2"

	"github.com/ox88/chess"
)

// Book is a PolyGlot book read from an io.ReaderAt. It reads only the entries a call needs;
// it is safe for concurrent use when its ReaderAt is (an *os.File and a *bytes.Reader are).
// The zero Book and a nil *Book are empty books.
type Book struct {
	r      io.ReaderAt
	n      int64 // whole entries
	sorted bool
}

// chunkEntries is how many entries a sequential read (All, Open's check, Merge) takes at once.
const chunkEntries = 4096

// Open returns the book of size bytes read from r: a file with its Stat().Size(), or a
// []byte through bytes.NewReader. It reads the whole book once, a chunk at a time, to check
// that the keys are sorted.
//
// A malformed book gives a *FormatError (errors.Is with ErrEmpty, ErrTruncated or
// ErrUnsorted) and still a usable *Book: an empty book has no entries; a truncated book
// holds its whole entries; in an unsorted book lookups scan every entry instead of
// searching. When a book is both truncated and unsorted the error joins both. An I/O error
// returns a nil Book.
func Open(r io.ReaderAt, size int64) (*Book, error) {
	if size < 0 {
		return nil, fmt.Errorf("polyglot: negative book size %d", size)
	}
	if r == nil && size > 0 {
		return nil, errors.New("polyglot: nil io.ReaderAt")
	}
	b := &Book{r: r, n: size / EntrySize, sorted: true}
	if size == 0 {
		return b, &FormatError{Err: ErrEmpty}
	}
	var errs []error
	if size%EntrySize != 0 {
		errs = append(errs, &FormatError{Err: ErrTruncated, Index: b.n, Size: size})
	}
	var prev uint64
	for e, err := range b.All() {
		if err != nil {
			return nil, err
		}
		if e.Index > 0 && e.Key < prev {
			b.sorted = false
			errs = append(errs, &FormatError{Err: ErrUnsorted, Index: e.Index, Size: size})
			break
		}
		prev = e.Key
	}
	return b, errors.Join(errs...)
}

// Len returns the number of entries of the book.
func (b *Book) Len() int64 {
	if b == nil {
		return 0
	}
	return b.n
}

// Entry returns the entry at index i (0 <= i < Len()), Move unset.
func (b *Book) Entry(i int64) (Entry, error) {
	if n := b.Len(); i < 0 || i >= n {
		return Entry{}, fmt.Errorf("polyglot: entry %d out of range [0, %d)", i, n)
	}
	var buf [EntrySize]byte
	if err := b.readAt(buf[:], i*EntrySize); err != nil {
		return Entry{}, fmt.Errorf("polyglot: reading entry %d: %w", i, err)
	}
	return decodeEntry(buf[:], i), nil
}

// readAt fills buf from the book at byte offset off. io.ReaderAt allows io.EOF with a full
// buffer at the end of the source; a short read is an error even when the reader says nil.
func (b *Book) readAt(buf []byte, off int64) error {
	n, err := b.r.ReadAt(buf, off)
	switch {
	case n == len(buf):
		return nil
	case err == nil || err == io.EOF:
		return io.ErrUnexpectedEOF
	}
	return err
}

func decodeEntry(buf []byte, i int64) Entry {
	return Entry{
		Key:    binary.BigEndian.Uint64(buf),
		Raw:    binary.BigEndian.Uint16(buf[8:]),
		Weight: binary.BigEndian.Uint16(buf[10:]),
		Learn:  binary.BigEndian.Uint32(buf[12:]),
		Index:  i,
	}
}

// All returns an iterator over the entries of the book in file order, Move unset, reading
// them a chunk at a time. An I/O error is yielded once and ends the iteration.
func (b *Book) All() iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		if b.Len() == 0 {
			return
		}
		buf := make([]byte, chunkEntries*EntrySize)
		for start := int64(0); start < b.n; start += chunkEntries {
			count := min(b.n-start, chunkEntries)
			chunk := buf[:count*EntrySize]
			if err := b.readAt(chunk, start*EntrySize); err != nil {
				yield(Entry{}, fmt.Errorf("polyglot: reading entries %d to %d: %w", start, start+count-1, err))
				return
			}
			for i := range count {
				if !yield(decodeEntry(chunk[i*EntrySize:], start+i), nil) {
					return
				}
			}
		}
	}
}

// FindKey returns the entries whose key is key, in book order, Move unset: by binary search
// in a sorted book, by a scan of every entry in an unsorted one.
func (b *Book) FindKey(key uint64) ([]Entry, error) {
	return b.appendKey(nil, key)
}

func (b *Book) appendKey(dst []Entry, key uint64) ([]Entry, error) {
	if b.Len() == 0 {
		return dst, nil
	}
	if !b.sorted {
		for e, err := range b.All() {
			if err != nil {
				return dst, err
			}
			if e.Key == key {
				dst = append(dst, e)
			}
		}
		return dst, nil
	}
	// One buffer for the probes and the run: a book position rarely has more than 64 moves.
	buf := make([]byte, runEntries*EntrySize)
	// The first index whose key is >= key.
	lo, hi := int64(0), b.n
	for lo < hi {
		mid := int64(uint64(lo+hi) >> 1)
		if err := b.readAt(buf[:8], mid*EntrySize); err != nil {
			return dst, fmt.Errorf("polyglot: reading entry %d: %w", mid, err)
		}
		if binary.BigEndian.Uint64(buf) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for start := lo; start < b.n; start += runEntries {
		count := min(b.n-start, runEntries)
		chunk := buf[:count*EntrySize]
		if err := b.readAt(chunk, start*EntrySize); err != nil {
			return dst, fmt.Errorf("polyglot: reading entries %d to %d: %w", start, start+count-1, err)
		}
		for i := range count {
			e := decodeEntry(chunk[i*EntrySize:], start+i)
			if e.Key != key {
				return dst, nil
			}
			dst = append(dst, e)
		}
	}
	return dst, nil
}

// runEntries is how many entries a lookup reads at once after its binary search.
const runEntries = 64

// Find returns the entries of position p in book order (PolyGlot's books put the highest
// weight first) with each Move decoded for p. Entries whose move is not legal in p are
// left out and reported by an *IllegalMoveError (errors.Is with ErrIllegalMove) next to
// the entries that are; any other error is an I/O error.
func (b *Book) Find(p chess.Position) ([]Entry, error) {
	found, err := b.appendKey(nil, p.Hash())
	if err != nil {
		return nil, err
	}
	var buf [256]chess.Move
	legal := p.AppendLegalMoves(buf[:0])
	kept := found[:0]
	var bad *IllegalMoveError
	for _, e := range found {
		var ok bool
		if e.Move, ok = decodeAmong(legal, e.Raw); !ok {
			if bad == nil {
				bad = &IllegalMoveError{FEN: p.FEN()}
			}
			bad.Entries = append(bad.Entries, e)
			continue
		}
		kept = append(kept, e)
	}
	if bad != nil {
		return kept, bad
	}
	return kept, nil
}

// Choose picks one legal entry of p at random with probability weight / (sum of the
// weights of p's legal entries), drawing from r, as PolyGlot's engine does when it plays
// from a book; entries of weight 0 are never chosen. A nil r draws from math/rand/v2's
// global source. It returns false when no entry can be chosen. Its error is Find's: an
// *IllegalMoveError still allows a choice among the others.
func (b *Book) Choose(p chess.Position, r *rand.Rand) (Entry, bool, error) {
	entries, err := b.Find(p)
	if err != nil && !errors.Is(err, ErrIllegalMove) {
		return Entry{}, false, err
	}
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	if total == 0 {
		return Entry{}, false, err
	}
	var pick int
	if r == nil {
		pick = rand.IntN(total)
	} else {
		pick = r.IntN(total)
	}
	for _, e := range entries {
		pick -= int(e.Weight)
		if pick < 0 {
			return e, true, err
		}
	}
	return Entry{}, false, err // not reached: the weights add up to total
}

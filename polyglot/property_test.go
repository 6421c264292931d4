package polyglot_test

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

// TestProperties checks the codec's laws on generated input: entries written and read back
// are the same (WriteEntries, Open, All, FindKey); along random games every legal move
// decodes back from its book form (EncodeMove, DecodeMove); a book made from random games
// holds only legal moves of the positions it names, found again by Find.
func TestProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 200
	props := gopter.NewProperties(params)

	props.Property("write and read back", prop.ForAll(func(seed int64, n int) bool {
		r := rand.New(rand.NewPCG(uint64(seed), 1))
		entries := make([]polyglot.Entry, n)
		for i := range entries {
			entries[i] = polyglot.Entry{Key: r.Uint64() % 64, Raw: uint16(r.Uint32()), Weight: uint16(r.Uint32()), Learn: r.Uint32()}
		}
		slices.SortStableFunc(entries, func(a, b polyglot.Entry) int { return cmp.Compare(a.Key, b.Key) })
		var buf bytes.Buffer
		polyglot.WriteEntries(&buf, entries)
		b, err := polyglot.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if (n == 0) != (err != nil) || b.Len() != int64(n) {
			return false
		}
		i := 0
		for e, err := range b.All() {
			want := entries[i]
			want.Index = int64(i)
			if err != nil || e != want {
				return false
			}
			i++
		}
		for key := uint64(0); key < 64; key++ {
			found, err := b.FindKey(key)
			count := 0
			for _, e := range entries {
				if e.Key == key {
					count++
				}
			}
			if err != nil || len(found) != count {
				return false
			}
		}
		return i == n
	}, gen.Int64(), gen.IntRange(0, 300)))

	props.Property("moves decode from their book form", prop.ForAll(func(seed int64) bool {
		r := rand.New(rand.NewPCG(uint64(seed), 2))
		p := chess.StartingPosition()
		for range 60 {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				if back, ok := polyglot.DecodeMove(p, polyglot.EncodeMove(m)); !ok || back != m {
					return false
				}
			}
			p, _ = p.Play(legal[r.IntN(len(legal))])
		}
		return true
	}, gen.Int64()))

	props.Property("a made book finds its games' moves", prop.ForAll(func(seed int64) bool {
		r := rand.New(rand.NewPCG(uint64(seed), 3))
		mk, _ := polyglot.NewMaker(polyglot.MakeOptions{MinGame: 1})
		type played struct {
			p chess.Position
			m chess.Move
		}
		var all []played
		for range 5 {
			p := chess.StartingPosition()
			var moves []chess.Move
			for range 16 {
				legal := p.LegalMoves()
				if len(legal) == 0 {
					break
				}
				m := legal[r.IntN(len(legal))]
				all = append(all, played{p, m})
				moves = append(moves, m)
				p, _ = p.Play(m)
			}
			if mk.AddMoves(chess.StartingPosition(), moves, "1/2-1/2") != nil {
				return false
			}
		}
		var buf bytes.Buffer
		mk.WriteTo(&buf)
		b, _ := polyglot.Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		for _, pm := range all {
			found, err := b.Find(pm.p)
			if err != nil || !slices.ContainsFunc(found, func(e polyglot.Entry) bool { return e.Move == pm.m }) {
				return false
			}
		}
		return true
	}, gen.Int64()))

	props.TestingRun(t)
}

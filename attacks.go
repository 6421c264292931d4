package chess

import "math/bits"

// Attack sets on 64-bit square sets (bit i is the square of Index i: a1 = 0, h8 = 63), the
// derived view of the 0x88 board that move generation counts and intersects. Sliding attacks
// use hyperbola quintessence (Chess Programming Wiki) on files and diagonals, where reversing
// the byte order mirrors the line, and an 8x64 table on ranks: the tables are a few kilobytes,
// filled at start-up in microseconds.

// lineMasks[0..2][b]: the file, diagonal and anti-diagonal through the square of bit b,
// without that square.
var lineMasks [3][64]uint64

// rankAttacks[occ*8+file]: the files a rook on file attacks along a rank whose inner six
// squares (b..g) are occupied as the bits of occ say.
var rankAttacks [64 * 8]uint8

// fillAttackTables fills the tables above; fillTables (board.go) calls it.
func fillAttackTables() {
	for b := 0; b < 64; b++ {
		f, r := b&7, b>>3
		for t := 0; t < 64; t++ {
			tf, tr := t&7, t>>3
			if t == b {
				continue
			}
			if tf == f {
				lineMasks[0][b] |= 1 << t
			}
			if tf-tr == f-r {
				lineMasks[1][b] |= 1 << t
			}
			if tf+tr == f+r {
				lineMasks[2][b] |= 1 << t
			}
		}
	}
	for b := range emptyBoardRays {
		emptyBoardRays[b] = [2]uint64{lineMasks[1][b] | lineMasks[2][b], lineMasks[0][b] | 0xff<<uint(b&^7)&^(1<<uint(b))}
	}
	for occ := 0; occ < 64; occ++ {
		o := occ << 1
		for f := 0; f < 8; f++ {
			var a uint8
			for t := f + 1; t < 8; t++ {
				a |= 1 << t
				if o>>t&1 != 0 {
					break
				}
			}
			for t := f - 1; t >= 0; t-- {
				a |= 1 << t
				if o>>t&1 != 0 {
					break
				}
			}
			rankAttacks[occ*8+f] = a
		}
	}
}

// lineAttacks returns the squares a slider on bit b attacks along the line of mask (one of
// lineMasks[i][b]) when occ is occupied: o - r borrows up to the first blocker above b, and
// the same in the byte-reversed board finds the first blocker below.
func lineAttacks(occ, mask uint64, b int) uint64 {
	r := uint64(1) << (b & 63)
	fwd := occ & mask
	rev := bits.ReverseBytes64(fwd)
	fwd -= r
	rev -= bits.ReverseBytes64(r)
	return (fwd ^ bits.ReverseBytes64(rev)) & mask
}

// bishopAttacks returns the squares a bishop on bit b attacks when occ is occupied.
func bishopAttacks(b int, occ uint64) uint64 {
	b &= 63
	return lineAttacks(occ, lineMasks[1][b], b) | lineAttacks(occ, lineMasks[2][b], b)
}

// rookAttacks returns the squares a rook on bit b attacks when occ is occupied.
func rookAttacks(b int, occ uint64) uint64 {
	b &= 63
	shift := uint(b &^ 7)
	rank := uint64(rankAttacks[(occ>>(shift+1)&63)*8+uint64(b&7)]) << shift
	return lineAttacks(occ, lineMasks[0][b], b) | rank
}

// bishopRays and rookRays are the attacks on an empty board: the lines a checker or pinner
// of that kind must stand on. One lookup each (emptyBoardRays).
func bishopRays(b int) uint64 { return emptyBoardRays[b&63][0] }
func rookRays(b int) uint64   { return emptyBoardRays[b&63][1] }

// emptyBoardRays[b]: the diagonals and the rank and file through the square of bit b,
// without it.
var emptyBoardRays [64][2]uint64

package chess

// Chess960 (FIDE Laws, Guidelines III): the 960 starting positions and their numbering, and
// the Shredder-FEN form that marks a position as Chess960.

// The Scharnagl numbering of the Chess960 starting positions: n%4 places the light-squared
// bishop on b, d, f or h; n/4%4 the dark-squared bishop on a, c, e or g; n/16%6 the queen on
// one of the six files left; n/96 (0..9) the two knights on two of the five files left, in
// the order of chess960Knights; the king stands between the two rooks on the three files left.
var chess960Knights = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// Chess960Start returns the Chess960 starting position number n (0 to 959) in the Scharnagl
// numbering: the pieces of rank 1 arranged by n, Black's mirrored on rank 8, pawns on ranks 2
// and 7, White to move, all four castling rights, clocks 0 1, and the Chess960 flag set.
// Chess960Start(518) is the standard array (RNBQKBNR); n outside 0..959 gives the zero
// Position, which is not valid.
func Chess960Start(n int) Position {
	if n < 0 || n > 959 {
		return Position{}
	}
	var rank [8]PieceType
	rank[2*(n%4)+1] = Bishop
	rank[2*(n/4%4)] = Bishop
	free := func(k int) int { // the file of the k-th empty square of the rank
		for f := 0; f < 8; f++ {
			if rank[f] == NoPieceType {
				if k == 0 {
					return f
				}
				k--
			}
		}
		return -1 // cannot happen: k counts empty squares
	}
	rank[free(n/16%6)] = Queen
	kn := chess960Knights[n/96]
	a, b := free(kn[0]), free(kn[1])
	rank[a], rank[b] = Knight, Knight
	r1, k, r2 := free(0), free(1), free(2)
	rank[r1], rank[k], rank[r2] = Rook, King, Rook

	p := Position{ep: NoSquare, fullmove: 1, chess960: true}
	for f, t := range rank {
		p.put(NewSquare(f, 0), NewPiece(White, t))
		p.put(NewSquare(f, 1), WhitePawn)
		p.put(NewSquare(f, 6), BlackPawn)
		p.put(NewSquare(f, 7), NewPiece(Black, t))
		if t == King {
			p.kings = [2]Square{NewSquare(f, 0), NewSquare(f, 7)}
		}
	}
	for c := White; c <= Black; c++ {
		rooks := 0
		for f, t := range rank {
			if t == Rook {
				side := QueenSide
				if rooks == 1 {
					side = KingSide
				}
				p.castling = p.castling.with(c, side, f)
				rooks++
			}
		}
	}
	p.hash = p.computeHash()
	return p
}

// Chess960Number returns the Scharnagl number (0 to 959) of p's placement when it is a
// Chess960 starting array: White's pieces on rank 1 with the bishops on squares of opposite
// colours and the king between the rooks, Black's mirrored on rank 8, the sixteen pawns on
// ranks 2 and 7, nothing else. Only the placement counts (not the side to move, the castling
// rights, the clocks or the Chess960 flag), so the standard starting position gives 518. The
// bool is false for any other placement.
func (p Position) Chess960Number() (int, bool) {
	if p.invalid() || p.occupied() != 0xffff00000000ffff || p.ofType(Pawn) != 0x00ff00000000ff00 ||
		p.ofColor(White) != 0xffff {
		return 0, false
	}
	var rank [8]PieceType
	for f := range rank {
		w, b := p.board[NewSquare(f, 0)], p.board[NewSquare(f, 7)]
		if b != NewPiece(Black, w.Type()) {
			return 0, false
		}
		rank[f] = w.Type()
	}
	var light, dark, queen, knights, rooks, kings []int
	for f, t := range rank {
		switch t {
		case Bishop:
			if f%2 == 1 {
				light = append(light, f)
			} else {
				dark = append(dark, f)
			}
		case Queen:
			queen = append(queen, f)
		case Knight:
			knights = append(knights, f)
		case Rook:
			rooks = append(rooks, f)
		case King:
			kings = append(kings, f)
		}
	}
	if len(light) != 1 || len(dark) != 1 || len(queen) != 1 || len(knights) != 2 || len(rooks) != 2 ||
		len(kings) != 1 || kings[0] < rooks[0] || kings[0] > rooks[1] {
		return 0, false
	}
	// The queen's index among the files the bishops leave; the knights' among those the queen
	// leaves too.
	index := func(f int, taken ...int) int {
		i := f
		for _, t := range taken {
			if t < f {
				i--
			}
		}
		return i
	}
	q := index(queen[0], light[0], dark[0])
	k0 := index(knights[0], light[0], dark[0], queen[0])
	k1 := index(knights[1], light[0], dark[0], queen[0])
	kn := -1
	for i, pair := range chess960Knights {
		if pair == [2]int{k0, k1} {
			kn = i
		}
	}
	return light[0]/2 + 4*(dark[0]/2) + 16*q + 96*kn, true
}

// ShredderFEN returns the position in Shredder-FEN: FEN with the castling rights written as
// the files of the castling rooks ("HAha" for the standard array), which ParseFEN reads as a
// Chess960 position whatever the placement. An invalid position gives "".
func (p Position) ShredderFEN() string { return string(p.appendFEN(make([]byte, 0, 90), true, true)) }

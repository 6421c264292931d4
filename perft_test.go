package chess

import "testing"

func TestPerftStart(t *testing.T) {
	want := []uint64{1, 20, 400, 8902, 197281}
	for d, n := range want {
		if got := Perft(StartingPosition(), d); got != n {
			t.Errorf("Perft(start, %d) = %d, want %d", d, got, n)
		}
	}
}

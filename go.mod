module github.com/ox88/chess

go 1.24

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
)

require github.com/klauspost/compress v1.18.4

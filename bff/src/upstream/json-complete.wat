;; The bracket scan of json-complete.ts, 32 bytes a step (WebAssembly SIMD): see that file for
;; the rule and why. Assembled by scripts/build-json-complete-wasm.ts into json-complete-wasm.ts
;; (json-complete.test.ts fails when the two differ).
;;
;; Memory: bytes 0-255 hold the closing bracket each open one expects (the depth limit is 256);
;; bytes 256-267 the state a body's scan carries from one chunk to the next (depth, inside a
;; string, after a backslash: i32 each); a chunk is copied in from byte 1024. scan(start, end)
;; reads [start, end) in that state and answers the index after the bracket that closes the first
;; one, -1 (a bracket closing the wrong one, too deep) or -2: the chunk ended with the first one
;; still open, the state saved for the next chunk. The caller keeps each body's state and stack
;; between its chunks (json-complete.ts), so bodies read side by side share the one memory.
;;
;; 32 bytes without a backslash take one step: their quotes, and their brackets, as bits. Which
;; bytes are inside a string is the running parity of the quotes (a prefix XOR of their bits,
;; flipped when the step starts inside one); only brackets outside strings are visited, in order.
;; 32 bytes with a backslash (escapes), and the last bytes, go one by one. All state is in locals
;; and nothing is called, and the module imports nothing: the scan is its function 0, the one
;; function the BFF's V8 policy lets TurboFan optimise (v8-policy.ts). Liftoff, which runs the
;; rest of the BFF's WebAssembly, keeps locals in registers but does not inline (a first version
;; with globals, a helper function and 16-byte steps took 21 µs there; 64-byte steps, tried on
;; 2026-11-26, gained 3 %).
(module
  (memory (export "memory") 1)
  (func (export "scan") (param $p i32) (param $end i32) (result i32)
    (local $depth i32) (local $in_string i32) (local $escaped i32)
    (local $a v128) (local $b v128) (local $la v128) (local $lb v128)
    (local $quotes i32) (local $brackets i32) (local $bits i32)
    (local $at i32) (local $c i32) (local $stop i32)
    (local.set $depth (i32.load (i32.const 256)))
    (local.set $in_string (i32.load (i32.const 260)))
    (local.set $escaped (i32.load (i32.const 264)))
    (loop $main
      (if (i32.and
            (i32.le_u (i32.add (local.get $p) (i32.const 32)) (local.get $end))
            (i32.eqz (local.get $escaped)))
        (then
          (local.set $a (v128.load (local.get $p)))
          (local.set $b (v128.load offset=16 (local.get $p)))
          (if (i32.eqz (i32.or
                (i8x16.bitmask (i8x16.eq (local.get $a) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92)))
                (i8x16.bitmask (i8x16.eq (local.get $b) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92)))))
            (then
              ;; No backslash in these 32 bytes: quotes and brackets by their bits.
              (local.set $quotes (i32.or
                (i8x16.bitmask (i8x16.eq (local.get $a) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34)))
                (i32.shl (i8x16.bitmask (i8x16.eq (local.get $b) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34))) (i32.const 16))))
              ;; { [ } ] are 0x7b 0x5b 0x7d 0x5d: with bit 0x20 set, 0x7b or 0x7d.
              (local.set $la (v128.or (local.get $a) (v128.const i8x16 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32)))
              (local.set $lb (v128.or (local.get $b) (v128.const i8x16 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32 32)))
              (local.set $brackets (i32.or
                (i8x16.bitmask (v128.or
                  (i8x16.eq (local.get $la) (v128.const i8x16 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b))
                  (i8x16.eq (local.get $la) (v128.const i8x16 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d))))
                (i32.shl (i8x16.bitmask (v128.or
                  (i8x16.eq (local.get $lb) (v128.const i8x16 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b 0x7b))
                  (i8x16.eq (local.get $lb) (v128.const i8x16 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d 0x7d)))) (i32.const 16))))
              (if (local.get $brackets)
                (then
                  ;; Which bytes are inside a string: the running parity of the quotes (a prefix
                  ;; XOR of their bits), flipped when the block starts inside one. A bracket
                  ;; inside a string is text; the others are visited in order.
                  (local.set $bits (local.get $quotes))
                  (local.set $bits (i32.xor (local.get $bits) (i32.shl (local.get $bits) (i32.const 1))))
                  (local.set $bits (i32.xor (local.get $bits) (i32.shl (local.get $bits) (i32.const 2))))
                  (local.set $bits (i32.xor (local.get $bits) (i32.shl (local.get $bits) (i32.const 4))))
                  (local.set $bits (i32.xor (local.get $bits) (i32.shl (local.get $bits) (i32.const 8))))
                  (local.set $bits (i32.xor (local.get $bits) (i32.shl (local.get $bits) (i32.const 16))))
                  (local.set $bits (i32.and (local.get $brackets) (i32.xor
                    (i32.xor (local.get $bits) (i32.sub (i32.const 0) (local.get $in_string)))
                    (i32.const -1))))
                  (if (local.get $bits)
                    (then
                      (loop $each
                        (local.set $at (i32.add (local.get $p) (i32.ctz (local.get $bits))))
                        (local.set $c (i32.load8_u (local.get $at)))
                        ;; A bracket outside strings (as in the byte loop below).
                        (if (i32.and (local.get $c) (i32.const 2))
                          (then
                            (if (i32.eq (local.get $depth) (i32.const 256)) (then (return (i32.const -1))))
                            (i32.store8 (local.get $depth) (i32.add (local.get $c) (i32.const 2)))
                            (local.set $depth (i32.add (local.get $depth) (i32.const 1))))
                          (else
                            (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                            (if (i32.ne (i32.load8_u (local.get $depth)) (local.get $c)) (then (return (i32.const -1))))
                            (if (i32.eqz (local.get $depth)) (then (return (i32.add (local.get $at) (i32.const 1)))))))
                        (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
                        (br_if $each (local.get $bits)))))))
              ;; Each quote flips in and out of a string.
              (local.set $in_string (i32.xor (local.get $in_string)
                (i32.and (i32.popcnt (local.get $quotes)) (i32.const 1))))
              (local.set $p (i32.add (local.get $p) (i32.const 32)))
              (br $main)))))
      ;; Byte by byte: up to 32 bytes with a backslash (or after an escape), or the last ones.
      (local.set $stop (select (local.get $end) (i32.add (local.get $p) (i32.const 32))
        (i32.gt_u (i32.add (local.get $p) (i32.const 32)) (local.get $end))))
      (block $bytes_done
        (loop $bytes
          (br_if $bytes_done (i32.ge_u (local.get $p) (local.get $stop)))
          (local.set $c (i32.load8_u (local.get $p)))
          (if (local.get $escaped)
            (then (local.set $escaped (i32.const 0)))
            (else (if (local.get $in_string)
              (then
                (if (i32.eq (local.get $c) (i32.const 92)) (then (local.set $escaped (i32.const 1))))
                (if (i32.eq (local.get $c) (i32.const 34)) (then (local.set $in_string (i32.const 0)))))
              (else (if (i32.eq (local.get $c) (i32.const 34))
                (then (local.set $in_string (i32.const 1)))
                (else (if (i32.or
                      (i32.eq (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x7b))
                      (i32.eq (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x7d)))
                  (then
                    (if (i32.and (local.get $c) (i32.const 2))
                      (then
                        (if (i32.eq (local.get $depth) (i32.const 256)) (then (return (i32.const -1))))
                        (i32.store8 (local.get $depth) (i32.add (local.get $c) (i32.const 2)))
                        (local.set $depth (i32.add (local.get $depth) (i32.const 1))))
                      (else
                        (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
                        (if (i32.ne (i32.load8_u (local.get $depth)) (local.get $c)) (then (return (i32.const -1))))
                        (if (i32.eqz (local.get $depth)) (then (return (i32.add (local.get $p) (i32.const 1)))))))))))))))
          (local.set $p (i32.add (local.get $p) (i32.const 1)))
          (br $bytes)))
      (br_if $main (i32.lt_u (local.get $p) (local.get $end))))
    ;; The chunk ended inside the first bracket: what the next chunk starts from.
    (i32.store (i32.const 256) (local.get $depth))
    (i32.store (i32.const 260) (local.get $in_string))
    (i32.store (i32.const 264) (local.get $escaped))
    (i32.const -2))
)

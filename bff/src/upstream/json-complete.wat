;; The bracket scan of json-complete.ts, 16 bytes at a time (WebAssembly SIMD): see that file for
;; the rule and why. Assembled by scripts/build-json-complete-wasm.ts into json-complete-wasm.ts
;; (json-complete.test.ts fails when the two differ).
;;
;; Memory: bytes 0-255 hold the closing bracket each open one expects (the depth limit is 256);
;; the body is copied in from byte 1024. scan(start, end) reads [start, end) from just after the
;; first bracket, whose closer the caller put at byte 0, and answers the index after the bracket
;; that closes it, or -1: a bracket closing the wrong one, too deep, or the end reached first.
;; A block of 16 bytes without a backslash needs no byte loop: quotes alone flip in and out of a
;; string by their count, and with brackets the quotes and brackets are visited in order by their
;; bits. A block with a backslash (or after one that ended in an escape) goes byte by byte.
(module
  (memory (export "memory") 1)
  (global $depth (mut i32) (i32.const 0))
  (global $in_string (mut i32) (i32.const 0))
  (global $escaped (mut i32) (i32.const 0))

  ;; A bracket outside strings at `pos`: -2 to go on, -1 refused, pos + 1 when the first closes.
  (func $bracket (param $c i32) (param $pos i32) (result i32)
    (if (i32.and (local.get $c) (i32.const 2))
      (then
        ;; { [ open: remember the closer ('{' + 2 is '}', '[' + 2 is ']').
        (if (i32.eq (global.get $depth) (i32.const 256)) (then (return (i32.const -1))))
        (i32.store8 (global.get $depth) (i32.add (local.get $c) (i32.const 2)))
        (global.set $depth (i32.add (global.get $depth) (i32.const 1)))
        (return (i32.const -2))))
    (if (i32.eqz (global.get $depth)) (then (return (i32.const -1))))
    (global.set $depth (i32.sub (global.get $depth) (i32.const 1)))
    (if (i32.ne (i32.load8_u (global.get $depth)) (local.get $c)) (then (return (i32.const -1))))
    (if (i32.eqz (global.get $depth)) (then (return (i32.add (local.get $pos) (i32.const 1)))))
    (i32.const -2))

  ;; One byte, escapes included: -2 to go on, else what $bracket answered.
  (func $byte (param $pos i32) (result i32)
    (local $c i32)
    (local.set $c (i32.load8_u (local.get $pos)))
    (if (global.get $escaped)
      (then (global.set $escaped (i32.const 0)) (return (i32.const -2))))
    (if (global.get $in_string)
      (then
        (if (i32.eq (local.get $c) (i32.const 92)) (then (global.set $escaped (i32.const 1))))
        (if (i32.eq (local.get $c) (i32.const 34)) (then (global.set $in_string (i32.const 0))))
        (return (i32.const -2))))
    (if (i32.eq (local.get $c) (i32.const 34))
      (then (global.set $in_string (i32.const 1)) (return (i32.const -2))))
    ;; { [ } ] are 0x7b 0x5b 0x7d 0x5d: with bit 0x20 set, 0x7b or 0x7d.
    (if (i32.or
          (i32.eq (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x7b))
          (i32.eq (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x7d)))
      (then (return (call $bracket (local.get $c) (local.get $pos)))))
    (i32.const -2))

  (func (export "scan") (param $p i32) (param $end i32) (result i32)
    (local $v v128) (local $lower v128) (local $quotes i32) (local $brackets i32)
    (local $bits i32) (local $at i32) (local $c i32) (local $r i32) (local $stop i32)
    ;; The first bracket (JS found it) is open: its closer is the first on the stack.
    (global.set $depth (i32.const 1))
    (global.set $in_string (i32.const 0))
    (global.set $escaped (i32.const 0))
    (block $tail
      (loop $blocks
        (br_if $tail (i32.gt_u (i32.add (local.get $p) (i32.const 16)) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $lower (v128.or (local.get $v) (i8x16.splat (i32.const 0x20))))
        (local.set $quotes (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 34)))))
        (local.set $brackets (i8x16.bitmask (v128.or
          (i8x16.eq (local.get $lower) (i8x16.splat (i32.const 0x7b)))
          (i8x16.eq (local.get $lower) (i8x16.splat (i32.const 0x7d))))))
        (if (i32.or (global.get $escaped)
              (i8x16.bitmask (i8x16.eq (local.get $v) (i8x16.splat (i32.const 92)))))
          (then
            ;; A backslash: this block byte by byte, escapes and all.
            (local.set $stop (i32.add (local.get $p) (i32.const 16)))
            (loop $bytes
              (local.set $r (call $byte (local.get $p)))
              (if (i32.ne (local.get $r) (i32.const -2)) (then (return (local.get $r))))
              (local.set $p (i32.add (local.get $p) (i32.const 1)))
              (br_if $bytes (i32.lt_u (local.get $p) (local.get $stop))))
            (br $blocks)))
        (if (i32.eqz (local.get $brackets))
          (then
            ;; Quotes only (or nothing): each one flips in and out of a string.
            (global.set $in_string (i32.xor (global.get $in_string)
              (i32.and (i32.popcnt (local.get $quotes)) (i32.const 1)))))
          (else
            ;; Quotes and brackets in order, lowest bit first.
            (local.set $bits (i32.or (local.get $quotes) (local.get $brackets)))
            (loop $each
              (local.set $at (i32.add (local.get $p) (i32.ctz (local.get $bits))))
              (local.set $c (i32.load8_u (local.get $at)))
              (if (i32.eq (local.get $c) (i32.const 34))
                (then (global.set $in_string (i32.xor (global.get $in_string) (i32.const 1))))
                (else
                  (if (i32.eqz (global.get $in_string))
                    (then
                      (local.set $r (call $bracket (local.get $c) (local.get $at)))
                      (if (i32.ne (local.get $r) (i32.const -2)) (then (return (local.get $r))))))))
              (local.set $bits (i32.and (local.get $bits) (i32.sub (local.get $bits) (i32.const 1))))
              (br_if $each (local.get $bits)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $blocks)))
    ;; The last bytes, fewer than 16.
    (block $out
      (loop $rest
        (br_if $out (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $r (call $byte (local.get $p)))
        (if (i32.ne (local.get $r) (i32.const -2)) (then (return (local.get $r))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $rest)))
    (i32.const -1))
)

#!/bin/sh
# t6000-model-check: the model IR (dltriage-model(5)) as "dltriage corpus
# check" sees it: a good model's shapes and parameter counts, every class
# of problem with its exact file:line:col message, limits and overflow,
# hostile input, the op table against the manual, and the round trip
# load -> write -> load.

. "$(dirname "$0")/test-lib.sh"

man="$TEST_SRCDIR/man"

# A small model whose every figure is checked by hand below.
write_tiny() {
	cat >tiny.yaml <<-'EOF'
	model: tiny
	description: "two convolutions and a classifier"
	seed: 42
	published:
	  params: 666
	  counts: all
	  output: [1, 10]
	inputs:
	  - name: x
	    shape: [1, 8, 8, 1]
	    dtype: float32
	    range: [0, 1]
	nodes:
	  - name: conv1
	    op: conv2d
	    inputs: [x]
	    attrs: {filters: 4, kernel: [3, 3], padding: same}
	  - name: bn1
	    op: batch_norm
	    inputs: [conv1]
	  - name: relu1
	    op: relu
	    inputs: [bn1]
	  - name: pool1
	    op: max_pool2d
	    inputs: [relu1]
	    attrs: {pool: [2, 2]}
	  - name: conv2
	    op: conv2d
	    inputs: [pool1]
	    attrs: {filters: 8, kernel: 3}
	  - name: flat
	    op: flatten
	    inputs: [conv2]
	  - name: fc
	    op: dense
	    inputs: [flat]
	    attrs: {units: 10}
	outputs: [fc]
	EOF
}

# A model that uses every op of the table at least once, with most
# attribute forms: single integers for lists, explicit pads, dilation,
# groups, keepdims, negative axes, a dtype override, casts, int inputs, a
# weight mutation and a mutation record.
write_every_op() {
	cat >every.yaml <<-'EOF'
	model: every-op_1.0
	description: "every op, once: \"quoted\" text\twith a tab"
	source: 'somewhere: a paper'
	seed: 18446744073709551615
	published:
	  params: 5865
	  counts: trainable
	  output: [2, 10]
	inputs:
	  - name: img
	    shape: [2, 32, 32, 3]
	    dtype: float32
	    range: [-1.5, 1e-3]
	    fill: nan
	  - name: tok
	    shape: [2, 16]
	    dtype: int64
	    range: [0, 100]
	  - name: vol
	    shape: [2, 8, 8, 8, 2]
	  - name: seq
	    shape: [2, 20, 4]
	    dtype: float16
	nodes:
	  - {name: c1, op: conv2d, inputs: [img], attrs: {filters: 8, kernel: 3, strides: [2, 1], padding: [1, 2], dilation: [1, 2], groups: 1, bias: false}}
	  - {name: g1, op: conv2d, inputs: [c1], attrs: {filters: 16, kernel: [3, 3], padding: same, groups: 4}}
	  - {name: ct, op: conv2d_transpose, inputs: [g1], attrs: {filters: 4, kernel: [3, 3], strides: [2, 2], padding: valid, output_padding: [1, 1]}}
	  - {name: ct2, op: conv2d_transpose, inputs: [g1], attrs: {filters: 4, kernel: 3, strides: 2, padding: same}}
	  - {name: dw, op: depthwise_conv2d, inputs: [ct2], attrs: {kernel: 3, depth_multiplier: 2, padding: same}}
	  - {name: sep, op: separable_conv2d, inputs: [dw], attrs: {filters: 12, kernel: 3}}
	  - {name: bn, op: batch_norm, inputs: [sep], attrs: {epsilon: 1e-5}}
	  - {name: a1, op: relu6, inputs: [bn]}
	  - {name: a2, op: leaky_relu, inputs: [a1], attrs: {alpha: 0.2}}
	  - {name: a3, op: elu, inputs: [a2], attrs: {alpha: 1}}
	  - {name: a4, op: gelu, inputs: [a3], attrs: {approximate: true}}
	  - {name: a5, op: hard_sigmoid, inputs: [a4]}
	  - {name: a6, op: selu, inputs: [a5]}
	  - {name: a7, op: silu, inputs: [a6], dtype: bfloat16}
	  - {name: a8, op: softplus, inputs: [a7]}
	  - {name: a9, op: tanh, inputs: [a8]}
	  - {name: a10, op: sigmoid, inputs: [a9]}
	  - {name: a11, op: softmax, inputs: [a10], attrs: {axis: 1}}
	  - {name: a12, op: identity, inputs: [a11]}
	  - {name: cast1, op: cast, inputs: [a12], attrs: {dtype: float32}}
	  - {name: mp, op: max_pool2d, inputs: [cast1], attrs: {pool: 3, strides: 2, padding: same}}
	  - {name: ap, op: avg_pool2d, inputs: [mp], attrs: {pool: [2, 2], padding: [1, 1]}}
	  - {name: zp, op: zero_padding, inputs: [ap], attrs: {padding: [[1, 2], [0, 1]]}}
	  - {name: cr, op: cropping, inputs: [zp], attrs: {cropping: [[1, 0], [0, 1]]}}
	  - {name: us, op: upsampling, inputs: [cr], attrs: {size: [2, 3]}}
	  - {name: ad, op: adaptive_avg_pool2d, inputs: [us], attrs: {output_size: [3, 3]}}
	  - {name: cs, op: channel_shuffle, inputs: [ad], attrs: {groups: 3}}
	  - {name: sl, op: slice, inputs: [cs], attrs: {axis: -1, begin: 2, size: -1}}
	  - {name: gap, op: global_avg_pool, inputs: [sl], attrs: {keepdims: true}}
	  - {name: gmp, op: global_max_pool, inputs: [sl]}
	  - {name: mul, op: multiply, inputs: [sl, gap]}
	  - {name: sub, op: subtract, inputs: [mul, gap]}
	  - {name: mx, op: maximum, inputs: [sub, mul, sl]}
	  - {name: sm, op: add, inputs: [mx, sl, gap]}
	  - {name: re, op: relu, inputs: [sm]}
	  - {name: tr, op: transpose, inputs: [re], attrs: {perm: [2, 0, 1]}}
	  - {name: rs, op: reshape, inputs: [tr], attrs: {shape: [-1, 9]}}
	  - {name: mn, op: mean, inputs: [rs], attrs: {axes: [1], keepdims: false}}
	  - {name: do, op: dropout, inputs: [mn], attrs: {rate: 0.5}}
	  - {name: emb, op: embedding, inputs: [tok], attrs: {input_dim: 100, output_dim: 8}}
	  - {name: pe, op: position_embedding, inputs: [emb]}
	  - {name: ln, op: layer_norm, inputs: [pe]}
	  - {name: mha, op: multi_head_attention, inputs: [ln], attrs: {num_heads: 2, key_dim: 4}}
	  - {name: mha2, op: multi_head_attention, inputs: [mha, ln], attrs: {num_heads: 1, key_dim: 3}}
	  - {name: c1d, op: conv1d, inputs: [mha2], attrs: {filters: 5, kernel: [3]}}
	  - {name: p1d, op: max_pool1d, inputs: [c1d], attrs: {pool: [2]}}
	  - {name: a1d, op: avg_pool1d, inputs: [p1d], attrs: {pool: 2, strides: 1}}
	  - {name: lstm, op: lstm, inputs: [a1d], attrs: {units: 6, return_sequences: true}}
	  - {name: gru, op: gru, inputs: [lstm], attrs: {units: 5, return_sequences: true}}
	  - {name: rnn, op: simple_rnn, inputs: [gru], attrs: {units: 7}}
	  - {name: c3d, op: conv3d, inputs: [vol], attrs: {filters: 3, kernel: [3, 3, 3]}}
	  - {name: p3d, op: max_pool3d, inputs: [c3d], attrs: {pool: 2}}
	  - {name: a3d, op: avg_pool3d, inputs: [p3d], attrs: {pool: 1}}
	  - {name: f3, op: flatten, inputs: [a3d]}
	  - {name: seqd, op: dense, inputs: [seq], attrs: {units: 3, bias: false}}
	  - {name: seqc, op: cast, inputs: [seqd], attrs: {dtype: float32}}
	  - {name: seqf, op: flatten, inputs: [seqc]}
	  - {name: cat, op: concatenate, inputs: [do, rnn, f3, seqf, gmp], attrs: {axis: 1}}
	  - {name: out, op: dense, inputs: [cat], attrs: {units: 10}, weight_mutations: [{op: GF, param: kernel, scale: 0.1, fraction: 0.25, neurons: [1, 2], seed: 9}]}
	outputs: [out]
	mutation:
	  parent: every
	  operator: LC
	  position: [c1, g1]
	  params: {count: 2, where: "a: b", flag: true, list: [1, 2]}
	  seed: 7
	  repaired: "padding 'valid' -> 'same'"
	EOF
}

# test_might_fail CMD: CMD exits 0 or 1 (a published figure may differ).
test_might_fail() {
	"$@"
	test $? -le 1
}

# check_problems FILE: FILE.yaml must fail with status 5 and exactly the
# problems in FILE.expect.
check_problems() {
	test_must_fail --code=5 dltriage corpus check "$1.yaml" >out 2>err &&
	test_cmp "$1.expect" err &&
	grep "problems\$" out
}

test_expect_success 'a good model: every shape, dtype and parameter count' '
	write_tiny &&
	test_must_fail --code=1 dltriage corpus check -v tiny.yaml >out &&
	cat >expect <<-\EOF &&
	model tiny (tiny.yaml)
	  node (op)                            output shape           dtype        params  inputs
	  x (input)                            [1, 8, 8, 1]           float32           0
	  conv1 (conv2d)                       [1, 8, 8, 4]           float32          40  x
	  bn1 (batch_norm)                     [1, 8, 8, 4]           float32          16  conv1
	  relu1 (relu)                         [1, 8, 8, 4]           float32           0  bn1
	  pool1 (max_pool2d)                   [1, 4, 4, 4]           float32           0  relu1
	  conv2 (conv2d)                       [1, 2, 2, 8]           float32         296  pool1
	  flat (flatten)                       [1, 32]                float32           0  conv2
	  fc (dense)                           [1, 10]                float32         330  flat
	  total params: 682
	  trainable params: 674
	  non-trainable params: 8

	MODEL                  INPUTS                           OUTPUT                  PARAMS   TRAINABLE  PUBLISHED
	tiny                   x[1, 8, 8, 1] float32            [1, 10]                    682         674  DIFFERS
	  tiny: params 682 (all) differ from the published 666
	1 model: 0 match, 1 differ, 0 without published figures, 0 with problems
	EOF
	test_cmp expect out
'

test_expect_success 'a published figure that differs exits 1; one that matches 0' '
	write_tiny &&
	test_must_fail --code=1 dltriage corpus check tiny.yaml >out &&
	grep "tiny: params 682 (all) differ from the published 666" out &&
	sed "s/params: 666/params: 674/; s/counts: all/counts: trainable/" \
	    tiny.yaml >t2.yaml &&
	dltriage corpus check t2.yaml >out &&
	grep "^tiny .* ok\$" out &&
	sed "s/params: 666/params: 682/; s/output: \[1, 10\]/output: [1, 11]/" \
	    tiny.yaml >t3.yaml &&
	test_must_fail --code=1 dltriage corpus check t3.yaml >out &&
	grep "tiny: output \[1, 10\] differs from the published \[1, 11\]" out
'

test_expect_success 'every op: shapes and parameters of the whole table' '
	write_every_op &&
	dltriage corpus check -v every.yaml >out &&
	grep "^every-op_1.0 .* 5889 *5865  ok\$" out &&
	for want in "c1 (conv2d) *\[2, 16, 32, 8\] *float32 *216 " \
	    "g1 (conv2d) *\[2, 16, 32, 16\] .* 304 " \
	    "ct (conv2d_transpose) *\[2, 34, 66, 4\] .* 580 " \
	    "ct2 (conv2d_transpose) *\[2, 32, 64, 4\] .* 580 " \
	    "dw (depthwise_conv2d) *\[2, 32, 64, 8\] .* 80 " \
	    "sep (separable_conv2d) *\[2, 30, 62, 12\] .* 180 " \
	    "bn (batch_norm) .* 48 " "a7 (silu) .* bfloat16 " \
	    "cast1 (cast) .* float32 " "mp (max_pool2d) *\[2, 15, 31, 12\]" \
	    "ap (avg_pool2d) *\[2, 8, 16, 12\]" "zp (zero_padding) *\[2, 11, 17, 12\]" \
	    "cr (cropping) *\[2, 10, 16, 12\]" "us (upsampling) *\[2, 20, 48, 12\]" \
	    "ad (adaptive_avg_pool2d) *\[2, 3, 3, 12\]" "sl (slice) *\[2, 3, 3, 10\]" \
	    "gap (global_avg_pool) *\[2, 1, 1, 10\]" "gmp (global_max_pool) *\[2, 10\] " \
	    "tr (transpose) *\[2, 10, 3, 3\]" "rs (reshape) *\[2, 10, 9\]" \
	    "mn (mean) *\[2, 9\] " "emb (embedding) *\[2, 16, 8\] *float32 *800 " \
	    "pe (position_embedding) .* 128 " "ln (layer_norm) .* 16 " \
	    "mha (multi_head_attention) *\[2, 16, 8\] .* 288 " \
	    "mha2 (multi_head_attention) .* 113 " "c1d (conv1d) *\[2, 14, 5\] .* 125 " \
	    "a1d (avg_pool1d) *\[2, 6, 5\]" "lstm (lstm) *\[2, 6, 6\] .* 288 " \
	    "gru (gru) *\[2, 6, 5\] .* 195 " "rnn (simple_rnn) *\[2, 7\] .* 91 " \
	    "c3d (conv3d) *\[2, 6, 6, 6, 3\] .* 165 " "seqd (dense) .* float16 *12 " \
	    "cat (concatenate) *\[2, 167\]" "out (dense) *\[2, 10\] .* 1680 "; do
		grep "^  $want" out >/dev/null || { echo "no line: $want"; exit 1; }
	done
'

test_expect_success 'the every-op model uses every op of the table' '
	write_every_op &&
	dltriage corpus check --ops | cut -d" " -f1 | sort >all &&
	sed -n "s/.*{name: [^,]*, op: \([a-z0-9_]*\),.*/\1/p" every.yaml |
	    sort -u >used &&
	test_cmp all used
'

test_expect_success 'JSON output' '
	write_tiny &&
	test_must_fail --code=1 dltriage corpus check --format json -v tiny.yaml >out &&
	test $(wc -l <out) = 1 &&
	"$PYTHON3" -c "
import json, sys
o = json.load(open(\"out\"))
assert o[\"model\"] == \"tiny\" and o[\"ok\"] is True, o
assert o[\"params\"] == 682 and o[\"trainable\"] == 674, o
assert o[\"inputs\"] == [{\"name\": \"x\", \"shape\": [1, 8, 8, 1], \"dtype\": \"float32\"}]
assert o[\"outputs\"] == [{\"name\": \"fc\", \"shape\": [1, 10], \"dtype\": \"float32\"}]
p = o[\"published\"]
assert p[\"params\"] == 666 and p[\"counts\"] == \"all\" and p[\"match\"] is False, p
assert len(o[\"nodes\"]) == 7 and o[\"nodes\"][0][\"params\"] == 40, o[\"nodes\"][0]
assert o[\"problems\"] == []
"
'

test_expect_success 'kernel larger than the padded input, at the node' '
	cat >bad.yaml <<-\EOF &&
	model: vgg-tail
	inputs:
	  - name: x
	    shape: [1, 4, 4, 8]
	nodes:
	  - name: pool4
	    op: max_pool2d
	    inputs: [x]
	    attrs: {pool: [2, 2]}
	  - name: conv5_1
	    op: conv2d
	    inputs: [pool4]
	    attrs: {filters: 8, kernel: [3, 3]}
	  - name: conv5_2
	    op: conv2d
	    inputs: [conv5_1]
	    attrs: {filters: 8, kernel: [3, 3], padding: same}
	  - name: dil
	    op: conv2d
	    inputs: [x]
	    attrs: {filters: 8, kernel: 3, dilation: 2, padding: [1, 0]}
	  - name: pool
	    op: avg_pool2d
	    inputs: [pool4]
	    attrs: {pool: 3}
	outputs: [conv5_2, dil, pool]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:10:5: node '\''conv5_1'\'': kernel 3x3 larger than padded input 2x2
	bad.yaml:18:5: node '\''dil'\'': dilated kernel 5x5 (kernel 3x3) larger than padded input 6x4
	bad.yaml:22:5: node '\''pool'\'': pool 3x3 larger than padded input 2x2
	EOF
	check_problems bad
'

test_expect_success 'unknown op, attribute, key and value, with suggestions' '
	cat >bad.yaml <<-\EOF &&
	model: m
	seeed: 3
	inputs:
	  - {name: x, shape: [1, 8, 8, 3], dtyp: float32}
	nodes:
	  - name: c1
	    op: conv2d
	    inputs: [x]
	    attrs: {filter: 8, kernel: 3, padding: sam}
	  - name: p1
	    op: max_pol2d
	    inputs: [c1]
	  - name: p2
	    op: frobnicate
	    inputs: [c1]
	  - name: r
	    op: relu
	    inputs: [c1]
	    attrs: {alpha: 0.1}
	    dtyp: float16
	outputs: [p1]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:2:1: unknown key '\''seeed'\'' (did you mean '\''seed'\''?)
	bad.yaml:4:36: input '\''x'\'': unknown key '\''dtyp'\'' (did you mean '\''dtype'\''?)
	bad.yaml:9:13: node '\''c1'\'': unknown attribute '\''filter'\'' for conv2d (did you mean '\''filters'\''?)
	bad.yaml:11:9: node '\''p1'\'': unknown op '\''max_pol2d'\'' (did you mean '\''max_pool2d'\''?)
	bad.yaml:14:9: node '\''p2'\'': unknown op '\''frobnicate'\''
	bad.yaml:19:13: node '\''r'\'': unknown attribute '\''alpha'\'': relu takes none
	bad.yaml:20:5: node '\''r'\'': unknown key '\''dtyp'\'' (did you mean '\''dtype'\''?)
	EOF
	check_problems bad &&
	sed "/seeed/d; s/, dtyp: float32//; s/filter:/filters:/; s/max_pol2d/max_pool2d/; s/frobnicate/relu/; /alpha/d; /dtyp:/d" \
	    bad.yaml >bad2.yaml &&
	cat >bad2.expect <<-\EOF &&
	bad2.yaml:8:36: node '\''c1'\'': attribute '\''padding'\'': unknown value '\''sam'\'' (did you mean '\''same'\''?)
	bad2.yaml:9:5: node '\''p1'\'': max_pool2d needs attribute '\''pool'\''
	EOF
	check_problems bad2
'

test_expect_success 'cycles, forward references, duplicates, unknown names' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 4]}
	nodes:
	  - {name: a, op: relu, inputs: [c]}
	  - {name: b, op: relu, inputs: [a]}
	  - {name: c, op: relu, inputs: [b]}
	  - {name: d, op: relu, inputs: [d]}
	  - {name: e, op: relu, inputs: [f]}
	  - {name: f, op: relu, inputs: [x]}
	  - {name: x, op: relu, inputs: [f]}
	  - {name: g, op: relu, inputs: [ff]}
	outputs: [c, gg, x]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:5:6: node '\''a'\'': input '\''c'\'' makes a cycle: a -> b -> c -> a
	bad.yaml:8:6: node '\''d'\'': uses itself as input (a cycle)
	bad.yaml:9:6: node '\''e'\'': input '\''f'\'' is defined after it; a node must come after its inputs
	bad.yaml:11:6: duplicate name '\''x'\'' (first used by the input at 3:6)
	bad.yaml:12:6: node '\''g'\'': unknown input '\''ff'\'' (did you mean '\''f'\''?)
	bad.yaml:13:10: unknown output '\''gg'\'' (did you mean '\''g'\''?)
	bad.yaml:13:10: output '\''x'\'' is a model input, not a node
	EOF
	check_problems bad
'

test_expect_success 'dtypes: unknown, integers where they do not go, mixed' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: i, shape: [1, 4], dtype: int32}
	  - {name: h, shape: [1, 4], dtype: float16}
	  - {name: f, shape: [1, 4]}
	  - {name: q, shape: [1, 4], dtype: float8}
	nodes:
	  - {name: a, op: dense, inputs: [i], attrs: {units: 2}}
	  - {name: b, op: embedding, inputs: [h], attrs: {input_dim: 10, output_dim: 2}}
	  - {name: c, op: add, inputs: [h, f]}
	  - {name: d, op: add, inputs: [h, f], dtype: float32}
	  - {name: e, op: relu, inputs: [f], dtype: int32}
	  - {name: g, op: cast, inputs: [f], attrs: {dtype: int8}}
	  - {name: k, op: reshape, inputs: [i], attrs: {shape: [2, 2]}}
	outputs: [d, k]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:6:37: input '\''q'\'': unknown dtype '\''float8'\'' (did you mean '\''float16'\''?)
	EOF
	check_problems bad &&
	sed "/name: q/d" bad.yaml >bad2.yaml &&
	cat >bad2.expect <<-\EOF &&
	bad2.yaml:7:6: node '\''a'\'': dense cannot take the int32 input '\''i'\'' (cast it first)
	bad2.yaml:8:6: node '\''b'\'': embedding needs an integer input, got float16 from '\''h'\''
	bad2.yaml:9:6: node '\''c'\'': inputs of different dtypes: '\''h'\'' is float16, '\''f'\'' is float32
	bad2.yaml:11:6: node '\''e'\'': relu cannot compute in int32
	bad2.yaml:12:46: node '\''g'\'': attribute '\''dtype'\'': unknown dtype '\''int8'\''
	EOF
	check_problems bad2
'

test_expect_success 'huge dims, negative sizes and overflow are problems' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: a, shape: [1, 2147483649]}
	  - {name: b, shape: [1, -3]}
	  - {name: c, shape: [65536, 65536, 65536, 65536]}
	  - {name: d, shape: [1, 99999999999999999999999]}
	  - {name: e, shape: [1, 2, 3, 4, 5, 6, 7, 8, 9]}
	  - {name: f, shape: []}
	nodes:
	  - {name: r, op: relu, inputs: [a]}
	outputs: [r]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:3:26: input '\''a'\'': dim 1 of '\''shape'\'' is 2147483649, larger than 2^31
	bad.yaml:4:26: input '\''b'\'': dim 1 of '\''shape'\'' must be positive, not -3
	bad.yaml:5:22: input '\''c'\'': '\''shape'\'' has more than 2^62 elements
	bad.yaml:6:26: input '\''d'\'': dim 1 of '\''shape'\'' is 9223372036854775807, larger than 2^31
	bad.yaml:7:22: input '\''e'\'': '\''shape'\'' has 9 dims; at most 8 are supported
	bad.yaml:8:22: input '\''f'\'': '\''shape'\'' must be a non-empty list of dims, not a sequence
	EOF
	check_problems bad &&
	cat >bad2.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 2147483648]}
	  - {name: y, shape: [1, 65536, 65536, 3]}
	nodes:
	  - {name: a, op: dense, inputs: [x], attrs: {units: 2147483648}}
	  - {name: b, op: dense, inputs: [x], attrs: {units: 2147483648, bias: false}}
	  - {name: c, op: dense, inputs: [x], attrs: {units: 2147483648, bias: false}}
	  - {name: d, op: upsampling, inputs: [y], attrs: {size: [65536, 1]}}
	  - {name: e, op: upsampling, inputs: [y], attrs: {size: [32768, 32768]}}
	  - {name: f, op: dense, inputs: [x], attrs: {units: 0}}
	  - {name: g, op: conv2d, inputs: [y], attrs: {filters: 1, kernel: 1, strides: -2}}
	  - {name: h, op: reshape, inputs: [x], attrs: {shape: [3, -1]}}
	  - {name: k, op: embedding, inputs: [x], attrs: {input_dim: 99999999999, output_dim: 2}}
	outputs: [a]
	EOF
	cat >bad2.expect <<-\EOF &&
	bad2.yaml:6:6: node '\''a'\'': parameter count overflows (more than 2^62)
	bad2.yaml:8:6: node '\''c'\'': the model'\''s parameter count overflows (more than 2^62)
	bad2.yaml:9:6: node '\''d'\'': output [1, 4294967296, 65536, 3] has a dim larger than 2^31
	bad2.yaml:10:6: node '\''e'\'': output [1, 2147483648, 2147483648, 3] has more than 2^62 elements
	bad2.yaml:11:47: node '\''f'\'': attribute '\''units'\'' must be at least 1, not 0
	bad2.yaml:12:71: node '\''g'\'': attribute '\''strides'\'' must be at least 1, not -2
	bad2.yaml:13:6: node '\''h'\'': cannot reshape [1, 2147483648] (2147483648 values per sample) to [3, -1]
	bad2.yaml:14:51: node '\''k'\'': attribute '\''input_dim'\'' must be at most 2^31, not 99999999999
	EOF
	check_problems bad2
'

test_expect_success 'wrong attribute types, arity, missing keys' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 8, 8, 3]}
	nodes:
	  - {name: a, op: conv2d, inputs: [x], attrs: {filters: 2.5, kernel: abc, bias: yes}}
	  - {name: b, op: zero_padding, inputs: [x], attrs: {padding: [1, 1]}}
	  - {name: c, op: dropout, inputs: [x], attrs: {rate: "0.5"}}
	  - {name: d, op: relu}
	  - {op: relu, inputs: [x]}
	  - name: e
	outputs: [a]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:5:57: node '\''a'\'': attribute '\''filters'\'' must be an integer, not '\''2.5'\''
	bad.yaml:5:70: node '\''a'\'': attribute '\''kernel'\'' must be a list of integers, not '\''abc'\''
	bad.yaml:5:81: node '\''a'\'': attribute '\''bias'\'' must be true or false, not '\''yes'\''
	bad.yaml:6:64: node '\''b'\'': attribute '\''padding'\'' must be a list of [before, after] pairs, not one with '\''1'\''
	bad.yaml:7:55: node '\''c'\'': attribute '\''rate'\'' must be a number, not '\''0.5'\''
	bad.yaml:8:5: node '\''d'\'': no '\''inputs'\''
	bad.yaml:9:5: node 5 has no '\''name'\''
	bad.yaml:10:5: node '\''e'\'': no '\''op'\''
	bad.yaml:10:5: node '\''e'\'': no '\''inputs'\''
	EOF
	check_problems bad &&
	cat >bad2.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 8, 8, 3]}
	nodes:
	  - {name: a, op: conv2d, inputs: [x, x], attrs: {filters: 2, kernel: 3}}
	  - {name: b, op: add, inputs: [x]}
	  - {name: c, op: multi_head_attention, inputs: [x, x, x], attrs: {num_heads: 1, key_dim: 1}}
	  - {name: d, op: conv2d, inputs: [x], attrs: {kernel: 3}}
	  - {name: e, op: conv2d, inputs: [x], attrs: {filters: 2, kernel: [3, 3, 3]}}
	  - {name: f, op: lstm, inputs: [x], attrs: {units: 4}}
	outputs: [a]
	EOF
	cat >bad2.expect <<-\EOF &&
	bad2.yaml:5:6: node '\''a'\'': conv2d takes 1 input, got 2
	bad2.yaml:6:6: node '\''b'\'': add takes 2 or more inputs, got 1
	bad2.yaml:7:6: node '\''c'\'': multi_head_attention takes 1 to 2 inputs, got 3
	bad2.yaml:8:6: node '\''d'\'': conv2d needs attribute '\''filters'\''
	bad2.yaml:9:60: node '\''e'\'': attribute '\''kernel'\'' needs 2 values, got 3
	bad2.yaml:10:6: node '\''f'\'': lstm needs a rank-3 input [N, T, F], got rank 4 [1, 8, 8, 3]
	EOF
	check_problems bad2
'

test_expect_success 'fill_at: an index, and a fill to put there' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 4], fill: nan, fill_at: -1}
	  - {name: y, shape: [1, 4], fill_at: 2}
	  - {name: z, shape: [1, 4], fill: big, fill_at: 7}
	nodes:
	  - {name: a, op: add, inputs: [x, y]}
	outputs: [a]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:3:50: input '\''x'\'': '\''fill_at'\'' must be an element index (0 or more), not '\''-1'\''
	bad.yaml:4:39: input '\''y'\'': '\''fill_at'\'' needs a '\''fill'\'' to put there
	EOF
	check_problems bad
'

test_expect_success 'fill: negzero (IN-NEGZERO) is a fill; a typo of it is named' '
	cat >nz.yaml <<-\EOF &&
	model: nz
	inputs:
	  - {name: x, shape: [1, 4], fill: negzero}
	  - {name: y, shape: [1, 4], fill: negzero, fill_at: 2}
	nodes:
	  - {name: a, op: add, inputs: [x, y]}
	outputs: [a]
	EOF
	dltriage corpus check nz.yaml >out 2>err || { cat err; exit 1; } &&
	test_must_be_empty err &&
	sed "s/fill: negzero}/fill: negzro}/" nz.yaml >bad.yaml &&
	cat >bad.expect <<-\EOF &&
	bad.yaml:3:36: input '\''x'\'': unknown fill '\''negzro'\'' (did you mean '\''negzero'\''?)
	EOF
	check_problems bad
'

test_expect_success 'shape relations between inputs and attributes' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 8, 8, 6]}
	  - {name: s, shape: [2, 10, 4]}
	nodes:
	  - {name: a, op: conv2d, inputs: [x], attrs: {filters: 2, kernel: 3, groups: 4}}
	  - {name: b, op: conv2d, inputs: [x], attrs: {filters: 3, kernel: 3, groups: 2}}
	  - {name: c, op: concatenate, inputs: [x, s]}
	  - {name: d, op: add, inputs: [x, s]}
	  - {name: e, op: cropping, inputs: [x], attrs: {cropping: [[4, 4], [0, 0]]}}
	  - {name: f, op: slice, inputs: [x], attrs: {axis: 3, begin: 4, size: 3}}
	  - {name: g, op: mean, inputs: [x], attrs: {axes: [0]}}
	  - {name: h, op: softmax, inputs: [x], attrs: {axis: 4}}
	  - {name: i, op: transpose, inputs: [x], attrs: {perm: [0, 0, 1]}}
	  - {name: j, op: conv2d_transpose, inputs: [x], attrs: {filters: 2, kernel: 3, strides: 2, output_padding: 2}}
	  - {name: k, op: max_pool2d, inputs: [x], attrs: {pool: 2, padding: [2, 2]}}
	  - {name: l, op: channel_shuffle, inputs: [x], attrs: {groups: 4}}
	  - {name: m, op: multi_head_attention, inputs: [s, x], attrs: {num_heads: 2, key_dim: 2}}
	  - {name: n, op: dropout, inputs: [x], attrs: {rate: 1.0}}
	outputs: [a]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:6:6: node '\''a'\'': groups 4 does not divide the 6 input channels
	bad.yaml:7:6: node '\''b'\'': groups 2 does not divide the 3 filters
	bad.yaml:8:6: node '\''c'\'': cannot concatenate [1, 8, 8, 6] and [2, 10, 4] on axis 3 (input '\''s'\'')
	bad.yaml:9:6: node '\''d'\'': cannot broadcast [1, 8, 8, 6] and [2, 10, 4] (input '\''s'\'')
	bad.yaml:10:6: node '\''e'\'': cropping 4+4 leaves nothing of dim 1 of size 8
	bad.yaml:11:6: node '\''f'\'': slice [4, 7) is outside axis 3 of size 6
	bad.yaml:12:46: node '\''g'\'': attribute '\''axes'\'': axis 0 is the batch
	bad.yaml:13:49: node '\''h'\'': attribute '\''axis'\'': axis 4 is out of range for a rank-4 input
	bad.yaml:14:51: node '\''i'\'': perm is not a permutation of 0..2
	bad.yaml:15:6: node '\''j'\'': output_padding 2 is not smaller than the stride 2
	bad.yaml:16:6: node '\''k'\'': pad 2 is more than half of the pool size 2
	bad.yaml:17:6: node '\''l'\'': groups 4 does not divide the 6 channels
	bad.yaml:18:6: node '\''m'\'': multi_head_attention needs a rank-3 input [N, S, e], got rank 4 [1, 8, 8, 6]
	bad.yaml:19:49: node '\''n'\'': attribute '\''rate'\'' must be in [0, 1), not 1
	EOF
	check_problems bad
'

test_expect_success 'a node after a failed one is not reported, its attributes are' '
	cat >bad.yaml <<-\EOF &&
	model: m
	inputs:
	  - {name: x, shape: [1, 2, 2, 3]}
	nodes:
	  - {name: a, op: conv2d, inputs: [x], attrs: {filters: 2, kernel: 3}}
	  - {name: b, op: conv2d, inputs: [a], attrs: {filters: 2, kernel: 9}}
	  - {name: c, op: dense, inputs: [b], attrs: {units: -1}}
	outputs: [c]
	EOF
	cat >bad.expect <<-\EOF &&
	bad.yaml:5:6: node '\''a'\'': kernel 3x3 larger than padded input 2x2
	bad.yaml:7:47: node '\''c'\'': attribute '\''units'\'' must be at least 1, not -1
	EOF
	check_problems bad
'

test_expect_success 'malformed YAML and files that are not models' '
	printf "model: m\ninputs: [\n  - x\n" >bad.yaml &&
	test_must_fail --code=5 dltriage corpus check bad.yaml 2>err &&
	grep "^bad.yaml:[0-9]*:[0-9]*: " err &&
	: >empty.yaml &&
	test_must_fail --code=5 dltriage corpus check empty.yaml 2>err &&
	echo "empty.yaml: empty model file" >expect &&
	test_cmp expect err &&
	printf -- "- a\n- b\n" >list.yaml &&
	test_must_fail --code=5 dltriage corpus check list.yaml 2>err &&
	echo "list.yaml:1:1: a model must be a mapping, not a sequence" >expect &&
	test_cmp expect err &&
	printf "model: m\ninputs: &a [1]\n" >alias.yaml &&
	test_must_fail --code=5 dltriage corpus check alias.yaml 2>err &&
	grep "anchors are not allowed" err &&
	printf "model: Bad Name\ninputs: 3\nnodes: {}\n" >types.yaml &&
	test_must_fail --code=5 dltriage corpus check types.yaml 2>err &&
	cat >expect <<-\EOF &&
	types.yaml:1:1: no '\''outputs'\''
	types.yaml:1:8: invalid model name '\''Bad Name'\'': use [a-z0-9][a-z0-9._-]*
	types.yaml:2:9: '\''inputs'\'' must be a non-empty list, not '\''3'\''
	types.yaml:3:8: '\''nodes'\'' must be a non-empty list, not a mapping
	EOF
	test_cmp expect err &&
	test_must_fail --code=5 dltriage corpus check no-such.yaml 2>err &&
	grep "cannot read '\''no-such.yaml'\''" err
'

test_expect_success 'hostile input never crashes' '
	write_every_op &&
	head -c 3000 /dev/urandom >random.yaml &&
	awk "BEGIN { for (i = 0; i < 70; i++) printf \"[\"; print \"\" }" >deep.yaml &&
	sed "s/filters: 8,/filters: 99999999999999999999999999,/; s/size: \[2, 3\]/size: [-9223372036854775808, 3]/" \
	    every.yaml >big.yaml &&
	sed "s/axes: \[1\]/axes: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]/; s/perm: \[2, 0, 1\]/perm: [9223372036854775807, 0, 1]/" \
	    every.yaml >axes.yaml &&
	sed "s/shape: \[-1, 9\]/shape: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]/" \
	    every.yaml >reshape.yaml &&
	printf "model: m\ninputs:\n  - {name: x, shape: [1, 4]}\nnodes:\n  - {name: \"\\\\0a\", op: relu, inputs: [x]}\noutputs: [\"\\\\0a\"]\n" >nul.yaml &&
	for f in random deep big axes reshape nul; do
		test_must_fail --code=5 dltriage corpus check -v $f.yaml >/dev/null 2>&1 ||
			{ echo "$f.yaml"; exit 1; }
		test_must_fail --code=5 dltriage corpus check --format json $f.yaml >/dev/null 2>&1 ||
			{ echo "$f.yaml (json)"; exit 1; }
	done
'

test_expect_success 'round trip: load, write, load gives the same model' '
	write_tiny && write_every_op &&
	mkdir one two &&
	for f in tiny every; do
		test_might_fail dltriage corpus check -v $f.yaml >$f.first &&
		test_might_fail dltriage corpus check --write-to one $f.yaml >/dev/null &&
		(cd one && test_might_fail dltriage corpus check -v $f.yaml >../$f.second) &&
		test_cmp $f.first $f.second &&
		(cd one && test_might_fail dltriage corpus check --write-to ../two $f.yaml >/dev/null) &&
		test_cmp one/$f.yaml two/$f.yaml || exit 1
	done &&
	grep "weight_mutations" one/every.yaml &&
	grep "^  repaired: \"padding '\''valid'\'' -> '\''same'\''\"\$" one/every.yaml &&
	grep "^    range: \[-1.5, 0.001\]\$" one/every.yaml &&
	grep "^    attrs: {epsilon: 1.0e-05}\$" one/every.yaml
'

test_expect_success 'round trip of every model of the zoo' '
	zoo="$TEST_SRCDIR/corpus/models" &&
	mkdir one &&
	dltriage corpus check -v "$zoo" >first &&
	dltriage corpus check --write-to one "$zoo" >/dev/null &&
	dltriage corpus check -v one >second &&
	sed "s|(.*/\([^/]*\.yaml\))\$|(\1)|" first >a &&
	sed "s|(.*/\([^/]*\.yaml\))\$|(\1)|" second >b &&
	test_cmp a b
'

test_expect_success 'the op table and dltriage-model(5) list the same ops' '
	dltriage corpus check --ops | sed "s/^\([^ ]*\) [^ ]*/\1/" >table &&
	awk "/^\.Sh / { f = (\$2 == \"OPERATIONS\"); next } f" \
	    "$man/dltriage-model.5" |
	    sed -n "s/^\.It Cm //p" |
	    sed "s/ Op Ar \(.*\)\$/ [\1]/; s/ Ar / /" >page &&
	test -s page &&
	test_cmp table page
'

test_expect_success '--ops -v describes every attribute' '
	dltriage corpus check --ops -v >out &&
	grep "^conv2d 1 filters kernel \[strides padding dilation groups bias\]\$" out &&
	grep "^    padding  *padding  *default valid  *valid|same " out &&
	grep "^    rate  *float  *required " out
'

test_expect_success '"corpus" alone is a usage error that lists its verbs' '
	test_must_fail --code=2 dltriage corpus 2>err &&
	cat >expect <<-\EOF &&
	dltriage: '\''corpus'\'' needs a verb
	usage: dltriage corpus check|eval|train [options]
	EOF
	test_cmp expect err &&
	test_must_fail --code=2 dltriage corpus chek 2>err &&
	grep "'\''corpus chek'\'' is not a dltriage command" err &&
	dltriage help corpus >out &&
	grep "^   check  " out &&
	dltriage help corpus check >out &&
	grep "See dltriage-corpus(1)" out
'

test_expect_success 'usage errors' '
	test_must_fail --code=2 dltriage corpus check --format xml 2>err &&
	grep "unknown format '\''xml'\''" err &&
	test_must_fail --code=2 dltriage corpus check --bogus 2>err &&
	grep "unknown option '\''--bogus'\''" err &&
	test_must_fail --code=2 dltriage corpus check --write-to no-such-dir x.yaml 2>err &&
	grep "cannot write to '\''no-such-dir'\''" err &&
	test_must_fail --code=2 dltriage corpus check --ops x.yaml
'

test_expect_success 'a directory: only *.yaml files, all of them, problems do not stop it' '
	write_tiny &&
	mkdir d &&
	sed "s/params: 666/params: 682/" tiny.yaml >d/a.yaml &&
	echo "not a model" >d/README.md &&
	printf "model: b\n" >d/b.yaml &&
	sed "s/model: tiny/model: c/; s/params: 666/params: 682/" tiny.yaml >d/c.yaml &&
	test_must_fail --code=5 dltriage corpus check d >out 2>err &&
	grep "^tiny .* ok\$" out &&
	grep "^c .* ok\$" out &&
	grep "^3 models: 2 match, 0 differ, 0 without published figures, 1 with problems\$" out &&
	grep "^d/b.yaml:1:1: no '\''inputs'\''\$" err
'

test_expect_success 'a model with too many problems is cut short like a rule file' '
	{
		echo "model: many"
		echo "inputs: [{name: x, shape: [1, 4], dtype: float32}]"
		echo "nodes:"
		i=0
		while [ $i -lt 300 ]; do
			echo "  - {name: n$i, op: relu, inputs: [x], bogus$i: 1}"
			i=$((i + 1))
		done
		echo "outputs: [n0]"
	} >many.yaml &&
	test_must_fail dltriage corpus check many.yaml >out 2>err &&
	grep "^many.yaml: too many problems, skipping the rest of the file\$" err &&
	test $(grep -c "^many.yaml:[0-9]*:[0-9]*: " err) -eq 200
'

test_done

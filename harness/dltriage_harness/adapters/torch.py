"""PyTorch adapter: torch.nn modules (functional ops where no module fits).

Values flow between nodes in the IR's channels-last layout; around the
ops that PyTorch computes channels-first (convolution, pooling, batch
norm, upsampling, channel shuffle...) the adapter permutes to NC* and
back, so that flatten and reshape see the IR's order.  Runs in eval mode
under torch.no_grad().
"""

import functools
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from ..base import Adapter as _Base
from ..common import (adaptive_bins, conv_geometry, full_perm, norm_axis, pairs,
                      transpose_geometry)


def _cf(x):
    r = x.dim()
    if r <= 2:
        return x
    return x.permute(0, r - 1, *range(1, r - 1))


def _cl(x):
    r = x.dim()
    if r <= 2:
        return x
    return x.permute(0, *range(2, r), 1)


def _pad_list(pads):
    """F.pad's list for channels-first spatial dims, last dim first."""
    out = []
    for b, a in reversed(pads):
        out += [int(b), int(a)]
    return out


def _reorder_gru(m, axis=-1):
    """IR gate order z, r, h -> PyTorch r, z, n."""
    z, r, h = np.split(m, 3, axis=axis)
    return np.concatenate([r, z, h], axis=axis)


class Adapter(_Base):
    framework = "pytorch"

    def mode_unavailable(self, mode):
        """Why this PyTorch cannot run execution mode MODE, or None."""
        if mode == "compile" and not hasattr(torch, "compile"):
            return "PyTorch %s has no torch.compile (2.0 and later)" % torch.__version__
        return None

    def version(self):
        return torch.__version__

    def dtype_name(self, x):
        return str(x.dtype).replace("torch.", "")

    def tdtype(self, name):
        return getattr(torch, name)

    def cast(self, x, dtype):
        return x.to(self.tdtype(dtype))

    def _tensor(self, a):
        return torch.as_tensor(np.ascontiguousarray(a)).to(self.tdtype(self.dtype))

    def t(self, a):
        """A trained weight used as a tensor (a slot, see base.py)."""
        if self._play is not None:
            return self._tensor(self.next_slot(np.shape(a)))
        x = self._tensor(a)
        if self._rec is not None and x.is_floating_point():
            x.requires_grad_(True)
            self._rec.append(x)
        return x

    def load(self, m, _frozen=(), **tensors):
        """Copy weights into module m; its parameters are slots, except
        those in _frozen (a parameter PyTorch has and the IR does not)."""
        m = m.to(self.tdtype(self.dtype))
        with torch.no_grad():
            for k, v in tensors.items():
                p = getattr(m, k)
                trained = isinstance(p, nn.Parameter) and k not in _frozen
                if trained and self._play is not None:
                    p.copy_(self._tensor(self.next_slot(np.shape(v))))
                else:
                    p.copy_(self._tensor(v))
                if trained and self._rec is not None:
                    self._rec.append(p)
        m.eval()
        return m

    def _loss(self, model, values, weights):
        loss = None
        for i, o in enumerate(model.outputs):
            y = values[o]
            if y.is_floating_point() and y.requires_grad:
                term = (y.float() * torch.as_tensor(weights(i, y.shape))).sum()
                loss = term if loss is None else loss + term
        return loss

    def weight_grads(self, model, inputs, weights):
        """The trained weights (slots) and the gradient of the +grad loss
        with respect to each, as numpy arrays in walk order."""
        values = {}
        for inp in model.inputs:
            values[inp.name] = torch.as_tensor(inputs[inp.name]).to(self.tdtype(inp.dtype))
        self._rec = []
        try:
            with torch.enable_grad():
                self.walk(model, values)
                slots = self._rec
                loss = self._loss(model, values, weights)
                gs = [None] * len(slots)
                if loss is not None and slots:
                    gs = torch.autograd.grad(loss, slots, allow_unused=True)
        finally:
            self._rec = None

        def np_of(x):
            x = x.detach()
            return (x.float() if x.dtype == torch.bfloat16 else x).cpu().numpy()
        vals = [np_of(x) for x in slots]
        return vals, [np.zeros_like(v) if g is None else np_of(g) for v, g in zip(vals, gs)]

    def run(self, model, inputs):
        values = {}
        for inp in model.inputs:
            values[inp.name] = torch.as_tensor(inputs[inp.name]).to(self.tdtype(inp.dtype))
        if self.exec_mode == "compile":
            # pytorch+compile: the walk as one function that TorchDynamo
            # traces and TorchInductor compiles (the weights are
            # constants of the graph), against PyTorch's eager run
            names = [i.name for i in model.inputs]

            def forward(*xs):
                vals = dict(zip(names, xs))
                self.walk(model, vals)
                return [vals[o] for o in model.outputs]

            # Two phases, as tf.function traces: make_fx runs the walk as
            # Python (the weights' numpy code included) and records the
            # aten graph with the weights as constants; TorchDynamo and
            # TorchInductor then compile that graph alone.
            from torch.fx.experimental.proxy_tensor import make_fx
            xs = [values[n] for n in names]
            with torch.no_grad():
                graph = make_fx(forward)(*xs)
                ys = torch.compile(graph)(*xs)
            values.update(zip(model.outputs, ys))
        else:
            with torch.no_grad():
                self.walk(model, values)
        out = {}
        for o in model.outputs:
            y = values[o]
            if y.dtype == torch.bfloat16:
                y = y.float()
            out[o] = y.detach().cpu().numpy()
        return out

    def run_grad(self, model, inputs, weights):
        """+grad: the outputs, and d(sum_o sum(o * weights(o))) / d(input)
        for every float input."""
        values, leaves = {}, {}
        for inp in model.inputs:
            x = torch.as_tensor(inputs[inp.name]).to(self.tdtype(inp.dtype))
            if x.is_floating_point():
                x.requires_grad_(True)
                leaves[inp.name] = x
            values[inp.name] = x
        with torch.enable_grad():
            self.walk(model, values)
            loss = self._loss(model, values, weights)
            gs = [None] * len(leaves)
            if loss is not None and leaves:
                gs = torch.autograd.grad(loss, list(leaves.values()), allow_unused=True)
        out = {}
        for o in model.outputs:
            y = values[o].detach()
            out[o] = (y.float() if y.dtype == torch.bfloat16 else y).cpu().numpy()
        grads = {}
        for (name, x), g in zip(leaves.items(), gs):
            g = torch.zeros_like(x) if g is None else g
            grads[name] = (g.float() if g.dtype == torch.bfloat16 else g).detach().cpu().numpy()
        return out, grads

    # -- convolution
    def _convnd(self, node, x, P, groups, filters, kernel_np, bias_np):
        n = x.dim() - 2
        k, s, d, mode, pads = conv_geometry(node, self.shape(x))
        Conv = (nn.Conv1d, nn.Conv2d, nn.Conv3d)[n - 1]
        sym = mode == "explicit" and all(b == a for b, a in pads)
        m = Conv(x.shape[-1], filters, k, stride=s, padding=[b for b, _ in pads] if sym else 0,
                 dilation=d, groups=groups, bias=bias_np is not None)
        w = np.transpose(kernel_np, [n + 1, n] + list(range(n)))
        self.load(m, weight=w) if bias_np is None else self.load(m, weight=w, bias=bias_np)
        y = _cf(x)
        if not sym and any(b or a for b, a in pads):
            y = F.pad(y, _pad_list(pads))
        return _cl(m(y))

    def op_conv1d(self, node, xs, P):
        return self._convnd(node, xs[0], P, int(node.attrs.get("groups", 1)),
                            int(node.attrs["filters"]), P["kernel"], P.get("bias"))

    op_conv2d = op_conv1d
    op_conv3d = op_conv1d

    def op_depthwise_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]  # [kh, kw, in, m]
        kh, kw, cin, mult = K.shape
        w = K.reshape(kh, kw, 1, cin * mult)  # HWIO with groups = in
        return self._convnd(node, xs[0], P, cin, cin * mult, w, P.get("bias"))

    def op_separable_conv2d(self, node, xs, P):
        K = P["depthwise_kernel"]
        kh, kw, cin, mult = K.shape
        y = self._convnd(node, xs[0], P, cin, cin * mult, K.reshape(kh, kw, 1, cin * mult), None)
        pw = P["pointwise_kernel"]  # [1, 1, in*m, f]
        m = nn.Conv2d(cin * mult, pw.shape[-1], 1, bias="bias" in P)
        w = np.transpose(pw, [3, 2, 0, 1])
        self.load(m, weight=w) if "bias" not in P else self.load(m, weight=w, bias=P["bias"])
        return _cl(m(_cf(y)))

    def op_conv2d_transpose(self, node, xs, P):
        x = xs[0]
        k, s, opad, mode, pads, win = transpose_geometry(node, self.shape(x))
        K = P["kernel"]  # [kh, kw, f, in]
        w = np.transpose(K, [3, 2, 0, 1])  # [in, f, kh, kw]
        f = K.shape[2]
        if mode == "explicit":
            m = nn.ConvTranspose2d(x.shape[-1], f, k, stride=s, padding=pads,
                                   output_padding=opad, bias="bias" in P)
            self.load(m, weight=w) if "bias" not in P else self.load(m, weight=w, bias=P["bias"])
            return _cl(m(_cf(x)))
        m = nn.ConvTranspose2d(x.shape[-1], f, k, stride=s, bias=False)
        self.load(m, weight=w)
        y = m(_cf(x))  # full: (in - 1) * s + k
        for i, (start, out) in enumerate(win):
            L = y.shape[2 + i]
            if start + out > L:
                y = F.pad(y, _pad_list([(0, start + out - L) if j == i else (0, 0)
                                        for j in range(2)]))
            y = y.narrow(2 + i, start, out)
        if "bias" in P:
            y = y + self.t(P["bias"]).reshape(1, -1, 1, 1)
        return _cl(y)

    # -- dense, norms
    def op_dense(self, node, xs, P):
        K = P["kernel"]
        m = nn.Linear(K.shape[0], K.shape[1], bias="bias" in P)
        if "bias" in P:
            self.load(m, weight=K.T, bias=P["bias"])
        else:
            self.load(m, weight=K.T)
        return m(xs[0])

    def op_batch_norm(self, node, xs, P):
        x = xs[0]
        r = x.dim()
        BN = {2: nn.BatchNorm1d, 3: nn.BatchNorm1d, 4: nn.BatchNorm2d, 5: nn.BatchNorm3d}.get(r)
        if BN is None:
            raise ValueError("batch_norm: rank %d input" % r)
        m = BN(x.shape[-1], eps=float(node.attrs.get("epsilon", 0.001)))
        self.load(m, weight=P["gamma"], bias=P["beta"], running_mean=P["moving_mean"],
                  running_var=P["moving_variance"])
        return _cl(m(_cf(x)))

    def op_layer_norm(self, node, xs, P):
        x = xs[0]
        m = nn.LayerNorm(x.shape[-1], eps=float(node.attrs.get("epsilon", 0.001)))
        self.load(m, weight=P["gamma"], bias=P["beta"])
        return m(x)

    # -- activations
    def _act(self, m, xs):
        return m.eval()(xs[0])

    def op_relu(self, node, xs, P):
        return self._act(nn.ReLU(), xs)

    def op_relu6(self, node, xs, P):
        return self._act(nn.ReLU6(), xs)

    def op_elu(self, node, xs, P):
        return self._act(nn.ELU(alpha=float(node.attrs.get("alpha", 1.0))), xs)

    def op_selu(self, node, xs, P):
        return self._act(nn.SELU(), xs)

    def op_gelu(self, node, xs, P):
        approx = "tanh" if node.attrs.get("approximate", False) else "none"
        return self._act(nn.GELU(approximate=approx), xs)

    def op_sigmoid(self, node, xs, P):
        return self._act(nn.Sigmoid(), xs)

    def op_tanh(self, node, xs, P):
        return self._act(nn.Tanh(), xs)

    def op_softplus(self, node, xs, P):
        return self._act(nn.Softplus(), xs)

    def op_silu(self, node, xs, P):
        return self._act(nn.SiLU(), xs)

    def op_hard_sigmoid(self, node, xs, P):
        return self._act(nn.Hardsigmoid(), xs)

    def op_leaky_relu(self, node, xs, P):
        return self._act(nn.LeakyReLU(float(node.attrs.get("alpha", 0.01))), xs)

    def op_softmax(self, node, xs, P):
        return self._act(nn.Softmax(dim=int(node.attrs.get("axis", -1))), xs)

    def op_identity(self, node, xs, P):
        return self._act(nn.Identity(), xs)

    def op_dropout(self, node, xs, P):
        return self._act(nn.Dropout(float(node.attrs.get("rate", 0.5))), xs)

    # -- pooling
    def _pool(self, node, xs, kind):
        x = xs[0]
        n = x.dim() - 2
        k, s, _, mode, pads = conv_geometry(node, self.shape(x))
        sym = mode != "same" and all(b == a for b, a in pads)
        y = _cf(x)
        if kind == "max":
            Pool = (nn.MaxPool1d, nn.MaxPool2d, nn.MaxPool3d)[n - 1]
            if sym:
                return _cl(Pool(k, s, padding=[b for b, _ in pads])(y))
            y = F.pad(y, _pad_list(pads), value=float("-inf"))
            return _cl(Pool(k, s)(y))
        Pool = (nn.AvgPool1d, nn.AvgPool2d, nn.AvgPool3d)[n - 1]
        if sym:
            p = [b for b, _ in pads]
            return _cl(Pool(k, s, padding=p if n > 1 else p[0], count_include_pad=False)(y))
        ones = torch.ones_like(y[:, :1])
        yp = F.pad(y, _pad_list(pads))
        op = F.pad(ones, _pad_list(pads))
        pool = Pool(k, s, count_include_pad=True)
        return _cl(pool(yp) / pool(op))

    def op_max_pool1d(self, node, xs, P):
        return self._pool(node, xs, "max")

    op_max_pool2d = op_max_pool1d
    op_max_pool3d = op_max_pool1d

    def op_avg_pool1d(self, node, xs, P):
        return self._pool(node, xs, "avg")

    op_avg_pool2d = op_avg_pool1d
    op_avg_pool3d = op_avg_pool1d

    def op_global_avg_pool(self, node, xs, P):
        x = xs[0]
        return x.mean(dim=list(range(1, x.dim() - 1)), keepdim=bool(node.attrs.get("keepdims", False)))

    def op_global_max_pool(self, node, xs, P):
        x = xs[0]
        return torch.amax(x, dim=list(range(1, x.dim() - 1)),
                          keepdim=bool(node.attrs.get("keepdims", False)))

    def op_adaptive_avg_pool2d(self, node, xs, P):
        m = nn.AdaptiveAvgPool2d([int(v) for v in node.attrs["output_size"]])
        return _cl(m(_cf(xs[0])))

    # -- shape ops
    def op_flatten(self, node, xs, P):
        return nn.Flatten()(xs[0])

    def op_reshape(self, node, xs, P):
        x = xs[0]
        return x.reshape([x.shape[0]] + [int(v) for v in node.attrs["shape"]])

    def op_transpose(self, node, xs, P):
        return xs[0].permute(full_perm(node.attrs["perm"]))

    def op_add(self, node, xs, P):
        return functools.reduce(torch.add, xs)

    def op_subtract(self, node, xs, P):
        return functools.reduce(torch.sub, xs)

    def op_multiply(self, node, xs, P):
        return functools.reduce(torch.mul, xs)

    def op_maximum(self, node, xs, P):
        return functools.reduce(torch.maximum, xs)

    def op_concatenate(self, node, xs, P):
        return torch.cat(xs, dim=int(node.attrs.get("axis", -1)))

    def op_zero_padding(self, node, xs, P):
        x = xs[0]
        n = x.dim() - 2
        Pad = (nn.ConstantPad1d, nn.ConstantPad2d, nn.ConstantPad3d)[n - 1]
        return _cl(Pad(tuple(_pad_list(pairs(node.attrs["padding"], n))), 0.0)(_cf(x)))

    def op_cropping(self, node, xs, P):
        x = xs[0]
        n = x.dim() - 2
        sl = [slice(None)]
        for (b, a), size in zip(pairs(node.attrs["cropping"], n), x.shape[1:-1]):
            sl.append(slice(b, size - a))
        sl.append(slice(None))
        return x[tuple(sl)]

    def op_upsampling(self, node, xs, P):
        x = xs[0]
        n = x.dim() - 2
        size = [int(v) for v in (node.attrs["size"] if isinstance(node.attrs["size"], list)
                                 else [node.attrs["size"]] * n)]
        if len(size) == 1 and n > 1:
            size = size * n
        m = nn.Upsample(scale_factor=tuple(float(v) for v in size), mode="nearest")
        return _cl(m(_cf(x)))

    def op_channel_shuffle(self, node, xs, P):
        return _cl(nn.ChannelShuffle(int(node.attrs["groups"]))(_cf(xs[0])))

    def op_mean(self, node, xs, P):
        x = xs[0]
        return torch.mean(x, dim=[norm_axis(a, x.dim()) for a in node.attrs["axes"]],
                          keepdim=bool(node.attrs.get("keepdims", False)))

    def op_slice(self, node, xs, P):
        x = xs[0]
        axis = norm_axis(node.attrs["axis"], x.dim())
        begin = int(node.attrs["begin"])
        size = int(node.attrs["size"])
        if size < 0:
            size = x.shape[axis] - begin
        return x.narrow(axis, begin, size)

    def op_cast(self, node, xs, P):
        return xs[0].to(self.tdtype(node.attrs["dtype"]))

    # -- embeddings
    def op_embedding(self, node, xs, P):
        E = P["embeddings"]
        m = nn.Embedding(E.shape[0], E.shape[1])
        self.load(m, weight=E)
        return m(xs[0])

    def op_position_embedding(self, node, xs, P):
        return xs[0] + self.t(P["embeddings"]).unsqueeze(0)

    # -- recurrent
    def op_lstm(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        m = nn.LSTM(x.shape[-1], u, batch_first=True)
        self.load(m, weight_ih_l0=P["kernel"].T, weight_hh_l0=P["recurrent_kernel"].T,
                  bias_ih_l0=P["bias"], bias_hh_l0=np.zeros(4 * u), _frozen=("bias_hh_l0",))
        y, _ = m(x)
        return y if node.attrs.get("return_sequences", False) else y[:, -1]

    def op_gru(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        m = nn.GRU(x.shape[-1], u, batch_first=True)
        b = P["bias"]
        self.load(m, weight_ih_l0=_reorder_gru(P["kernel"]).T,
                  weight_hh_l0=_reorder_gru(P["recurrent_kernel"]).T,
                  bias_ih_l0=_reorder_gru(b[0]), bias_hh_l0=_reorder_gru(b[1]))
        y, _ = m(x)
        return y if node.attrs.get("return_sequences", False) else y[:, -1]

    def op_simple_rnn(self, node, xs, P):
        x = xs[0]
        u = int(node.attrs["units"])
        m = nn.RNN(x.shape[-1], u, nonlinearity="tanh", batch_first=True)
        self.load(m, weight_ih_l0=P["kernel"].T, weight_hh_l0=P["recurrent_kernel"].T,
                  bias_ih_l0=P["bias"], bias_hh_l0=np.zeros(u), _frozen=("bias_hh_l0",))
        y, _ = m(x)
        return y if node.attrs.get("return_sequences", False) else y[:, -1]

    def op_multi_head_attention(self, node, xs, P):
        q = xs[0]
        v = xs[1] if len(xs) > 1 else xs[0]
        h = int(node.attrs["num_heads"])
        kd = int(node.attrs["key_dim"])
        d = q.shape[-1]
        dv = v.shape[-1]
        if h * kd == d and q.dim() == 3:
            # nn.MultiheadAttention: embed_dim = heads * head_dim
            m = nn.MultiheadAttention(d, h, batch_first=True, kdim=dv, vdim=dv)
            wq = P["query_kernel"].reshape(d, h * kd).T
            wk = P["key_kernel"].reshape(dv, h * kd).T
            wv = P["value_kernel"].reshape(dv, h * kd).T
            bias = np.concatenate([P["query_bias"].reshape(-1), P["key_bias"].reshape(-1),
                                   P["value_bias"].reshape(-1)])
            t = dict(in_proj_bias=bias)
            if dv == d:
                t["in_proj_weight"] = np.concatenate([wq, wk, wv], axis=0)
            else:
                t.update(q_proj_weight=wq, k_proj_weight=wk, v_proj_weight=wv)
            self.load(m, **t)
            self.load(m.out_proj, weight=P["output_kernel"].reshape(h * kd, d).T,
                      bias=P["output_bias"])
            m.eval()
            y, _ = m(q, v, v, need_weights=False)
            return y
        # general case (key_dim * heads != model dim): the same computation
        # from primitives
        Q = torch.einsum("...d,dhk->...hk", q, self.t(P["query_kernel"])) + self.t(P["query_bias"])
        K = torch.einsum("...d,dhk->...hk", v, self.t(P["key_kernel"])) + self.t(P["key_bias"])
        V = torch.einsum("...d,dhk->...hk", v, self.t(P["value_kernel"])) + self.t(P["value_bias"])
        Q = Q / math.sqrt(kd)
        S = torch.einsum("bqhk,bshk->bhqs", Q, K)
        A = torch.softmax(S, dim=-1)
        O = torch.einsum("bhqs,bshk->bqhk", A, V)
        return torch.einsum("bqhk,hkd->bqd", O, self.t(P["output_kernel"])) + self.t(P["output_bias"])

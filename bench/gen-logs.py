#!/usr/bin/env python3
"""Write realistic mixed deep-learning logs for the classify benchmark.

usage: gen-logs.py [--size SIZE] [--seed N] [--parts N] OUTDIR

SIZE is bytes, with an optional K, M or G suffix (powers of 1024); the
default is 1G.  The data is split into PARTS directories of equal size
(OUTDIR/part-0 ... part-N-1, default 4) so that the benchmark can run on
1/4, 1/2 and all of it without writing anything again.

Most of what is written is the normal output of training and testing:
Keras progress lines, PyTorch loops with tqdm bars, absl/TensorFlow
INFO and WARNING lines, JAX logging, pytest progress.  Failures are put
in at rates meant to look like a mutation-testing campaign:

  - fuzz/   one small log per mutant run; about 60 % of runs fail, most
            of them with validation errors (false positives), the rest
            with crashes, out-of-memory, NaN and timeouts;
  - tests/  framework test-suite logs, with failing tests (tracebacks)
            a few per megabyte;
  - train/  long training logs; about a third end in a crash, an OOM or
            a timeout, some show a NaN loss on the way.

Only the standard library is used, and the same SIZE, SEED and PARTS
always give the same bytes.  OUTDIR/MANIFEST.json tells how many bytes,
files and failures (by class) each part holds; OUTDIR/failures.tsv lists
every inserted failure (path, first line, class, kind).
"""

import json
import os
import random
import sys

# ----------------------------------------------------------------------
# Normal output.

LAYERS = ['conv2d', 'dense', 'batch_normalization', 'max_pooling2d',
          'dropout', 'flatten', 'lstm', 'embedding', 'layer_normalization']
OPS = ['conv2d', 'matmul', 'addmm', 'batch_norm', 'avg_pool2d', 'softmax',
       'layer_norm', 'gelu', 'embedding', 'scatter_add', 'index_select',
       'channel_shuffle', 'pixel_shuffle', 'max_pool3d', 'grid_sampler']
TESTS = ['test_conv', 'test_linear', 'test_pool', 'test_norm',
         'test_activation', 'test_indexing', 'test_reductions',
         'test_sparse', 'test_autograd', 'test_jit', 'test_xla']
DTYPES = ['float32', 'float16', 'bfloat16', 'float64', 'int64']
DEVICES = ['cpu', 'cuda']


def ts(r):
    return '%02d%02d %02d:%02d:%02d.%06d' % (
        11, 30, r.randrange(24), r.randrange(60), r.randrange(60),
        r.randrange(1000000))


def keras_epoch(r, e, epochs, loss):
    steps = r.choice([100, 250, 469, 938, 1563])
    acc = min(0.999, 0.5 + e * 0.04 + r.random() * 0.02)
    lines = ['Epoch %d/%d' % (e, epochs)]
    # Keras prints its progress bar with \r, so a terminal log keeps the
    # updates on one physical line.
    bar = []
    for k in range(1, 11):
        done = steps * k // 10
        n = 30 * k // 10
        bar.append('%5d/%d [%s%s%s] - ETA: %ds - loss: %.4f - accuracy: %.4f' % (
            done, steps, '=' * max(n - 1, 0), '>' if n < 30 else '=',
            '.' * (30 - n), r.randrange(1, 30), loss + r.random() * 0.05, acc))
    lines.append('\r'.join(bar))
    lines.append('%d/%d [==============================] - %ds %dms/step - '
                 'loss: %.4f - accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f' % (
                     steps, steps, r.randrange(2, 40), r.randrange(5, 90), loss,
                     acc, loss * 1.1, acc * 0.97))
    return lines


def torch_epoch(r, e, loss):
    it = r.choice([391, 782, 938, 1250])
    parts = []
    for k in range(0, 101, 5):
        n = k // 10
        parts.append('Epoch %d: %3d%%|%s%s| %d/%d [00:%02d<00:%02d, %.2fit/s, loss=%.3f]' % (
            e, k, '\u2588' * n, ' ' * (10 - n), it * k // 100, it,
            r.randrange(60), r.randrange(60), 20 + r.random() * 80,
            loss + r.random() * 0.1))
    lines = ['\r'.join(parts)]
    for step in range(0, it, it // 4):
        lines.append('[epoch %d, step %5d] loss: %.4f lr: %.6f grad_norm: %.3f' % (
            e, step, loss + r.random() * 0.05, 0.001 * 0.97 ** e,
            0.5 + r.random() * 2))
    lines.append('epoch %d: train_loss=%.4f val_loss=%.4f val_acc=%.4f time=%.1fs' % (
        e, loss, loss * 1.07, 0.6 + r.random() * 0.3, 10 + r.random() * 50))
    return lines


def absl_lines(r, n):
    pool = [
        ('I', 'cuda_dnn.cc:529] Loaded cuDNN version 8902'),
        ('I', 'device_compiler.h:186] Compiled cluster using XLA!  This line is logged at most once for the lifetime of the process.'),
        ('I', 'gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14626 MB memory:  -> device: 0, name: Tesla T4, pci bus id: 0000:00:04.0, compute capability: 7.5'),
        ('I', 'cpu_feature_guard.cc:182] This TensorFlow binary is optimized to use available CPU instructions in performance-critical operations.'),
        ('W', 'tf_gpu_allocator.cc:210] Overriding orig_value setting because the TF_FORCE_GPU_ALLOW_GROWTH environment variable is set. Original config value was 0.'),
        ('I', 'mlir_graph_optimization_pass.cc:375] MLIR V1 optimization pass is not enabled'),
        ('W', 'loop_optimizer.cc:933] Skipping loop optimization for Merge node with control input: cond/branch_executed/_8'),
        ('I', 'service.cc:145] XLA service 0x55d4c3a0 initialized for platform CUDA (this does not guarantee that XLA will be used). Devices:'),
        ('I', 'service.cc:153]   StreamExecutor device (0): Tesla T4, Compute Capability 7.5'),
        ('W', 'gpu_backend_lib.cc:579] Can\'t find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or runtime failures, if the program we try to run uses routines from libdevice.'),
    ]
    out = []
    for _ in range(n):
        level, msg = r.choice(pool)
        out.append('%s%s %7d %s' % (level, ts(r), r.randrange(1000, 999999), msg))
    return out


def jax_lines(r, n):
    pool = [
        'INFO:jax._src.xla_bridge:Unable to initialize backend \'tpu\': INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared object file: No such file or directory',
        'INFO:absl:Starting the local TPU driver.',
        'step=%d loss=%.5f grad_norm=%.4f lr=%.2e',
        'compiling jitted function train_step with shapes (%d, 224, 224, 3) took %.2fs',
        'INFO:absl:Saved checkpoint at step %d to /ckpt/ckpt_%d',
    ]
    out = []
    for _ in range(n):
        p = r.choice(pool)
        if p.startswith('step='):
            out.append(p % (r.randrange(100000), r.random(), r.random() * 3, r.random() * 1e-3))
        elif p.startswith('compiling'):
            out.append(p % (r.choice([8, 16, 32, 64]), r.random() * 20))
        elif '%d' in p:
            s = r.randrange(100000)
            out.append(p % (s, s))
        else:
            out.append(p)
    return out


def user_warning(r):
    return [
        '/usr/lib/python3/dist-packages/torch/nn/modules/conv.py:456: UserWarning: '
        'Applied workaround for CuDNN issue, install nvrtc.so (Triggered internally '
        'at ../aten/src/ATen/native/cudnn/Conv_v8.cpp:80.)',
        '  return F.conv2d(input, weight, bias, self.stride,',
    ]


def pytest_lines(r, n):
    out = []
    for _ in range(n):
        mod = r.choice(TESTS)
        if r.random() < 0.5:
            out.append('tests/%s.py %s %s[%3d%%]' % (
                mod, '.' * r.randrange(20, 60), ' ' * r.randrange(1, 8),
                r.randrange(101)))
        else:
            out.append('tests/%s.py::%s_%s[%s-%s] PASSED%s[%3d%%]' % (
                mod, mod, r.choice(OPS), r.choice(DTYPES), r.choice(DEVICES),
                ' ' * r.randrange(2, 20), r.randrange(101)))
    return out


def ctest_lines(r, n):
    out = []
    for _ in range(n):
        if r.random() < 0.5:
            out.append('[%3d%%] Building C object src/CMakeFiles/imgtool.dir/%s.c.o' % (
                r.randrange(101), r.choice(['png', 'inflate', 'header', 'json', 'lexer'])))
        else:
            out.append('%3d/%d Test #%d: %s_%d %s   Passed    %.2f sec' % (
                r.randrange(1, 400), 400, r.randrange(1, 400), r.choice(['parse', 'decode', 'scan']),
                r.randrange(100), '.' * r.randrange(5, 30), r.random()))
    return out


def make_segments(r, style, count, target):
    """Pre-build `count` blocks of normal output of about `target` bytes."""
    segs = []
    for _ in range(count):
        lines = []
        size = 0
        e = r.randrange(1, 50)
        loss = 2.3 * 0.93 ** e
        while size < target:
            if style == 'keras':
                chunk = keras_epoch(r, e, 100, loss)
                if r.random() < 0.3:
                    chunk += absl_lines(r, r.randrange(1, 4))
            elif style == 'torch':
                chunk = torch_epoch(r, e, loss)
                if r.random() < 0.1:
                    chunk += user_warning(r)
            elif style == 'tf':
                chunk = absl_lines(r, r.randrange(2, 6)) + keras_epoch(r, e, 200, loss)
            elif style == 'jax':
                chunk = jax_lines(r, r.randrange(5, 20))
            elif style == 'ctest':
                chunk = ctest_lines(r, r.randrange(10, 40))
            else:  # pytest
                chunk = pytest_lines(r, r.randrange(10, 40))
            e += 1
            loss *= 0.97
            text = '\n'.join(chunk) + '\n'
            lines.append(text)
            size += len(text.encode('utf-8'))
        segs.append(''.join(lines).encode('utf-8'))
    return segs

# ----------------------------------------------------------------------
# Failures.  Each returns (text, class, kind).


def hexaddr(r, base=0x7f0000000000):
    return '0x%012x' % (base + r.randrange(0, 0xffffffffff))


def py_frames(r, fw, n):
    site = '/usr/lib/python3/dist-packages'
    files = {
        'torch': ['torch/nn/modules/module.py', 'torch/nn/modules/conv.py',
                  'torch/nn/functional.py', 'torch/_tensor.py'],
        'tensorflow': ['keras/src/utils/traceback_utils.py',
                       'tensorflow/python/framework/ops.py',
                       'tensorflow/python/eager/execute.py'],
        'jax': ['jax/_src/lax/lax.py', 'jax/_src/core.py',
                'jax/_src/interpreters/partial_eval.py'],
        'keras': ['keras/src/engine/input_spec.py',
                  'keras/src/engine/base_layer.py'],
    }[fw]
    out = ['  File "/work/mutants/m%05d/model.py", line %d, in <module>' % (
        r.randrange(100000), r.randrange(10, 200)),
        '    out = model(x)']
    for _ in range(n):
        f = r.choice(files)
        out.append('  File "%s/%s", line %d, in %s' % (
            site, f, r.randrange(50, 3000), r.choice(
                ['_call_impl', 'forward', '__call__', 'error_handler',
                 'quick_execute', 'assert_input_compatibility', 'bind'])))
        out.append('    return fn(*args, **kwargs)')
    return out


def tb(r, fw, exc):
    return '\n'.join(['Traceback (most recent call last):'] +
                     py_frames(r, fw, r.randrange(2, 6)) + [exc]) + '\n'


def f_validation(r):
    a, b = r.choice([16, 32, 64, 128]), r.choice([3, 4, 10, 256])
    fw, exc = r.choice([
        ('torch', 'RuntimeError: mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx10)' % (a, b, b + 1)),
        ('torch', 'RuntimeError: Given groups=1, weight of size [64, 3, 3, 3], expected input[1, %d, 32, 32] to have 3 channels, but got %d channels instead' % (b, b)),
        ('torch', 'ValueError: Expected input batch_size (%d) to match target batch_size (%d).' % (a, a // 2)),
        ('tensorflow', 'tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [%d,%d], In[1]: [%d,10] [Op:MatMul] name: ' % (a, b, b + 2)),
        ('keras', 'ValueError: Input 0 of layer "%s_%d" is incompatible with the layer: expected min_ndim=4, found ndim=%d. Full shape received: (None, %d)' % (r.choice(LAYERS), r.randrange(10), 2, b)),
        ('jax', 'TypeError: dot_general requires contracting dimensions to have the same shape, got (%d,) and (%d,).' % (b, b + 1)),
    ])
    return tb(r, fw, exc), 'false-positive', 'validation'


def f_internal(r):
    op = r.choice(OPS)
    fw, exc = r.choice([
        ('torch', 'RuntimeError: "%s_cpu" not implemented for \'Half\'' % op),
        ('torch', 'RuntimeError: false INTERNAL ASSERT FAILED at "../aten/src/ATen/native/%s.cpp":%d, please report a bug to PyTorch. ' % (op, r.randrange(50, 900))),
        ('tensorflow', 'tensorflow.python.framework.errors_impl.InternalError: {{function_node __wrapped__%s}} Failed to launch kernel [Op:%s]' % (op.title(), op.title())),
        ('jax', 'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: RET_CHECK failure (external/xla/xla/service/%s.cc:%d) operand->shape().rank() == 2' % (op, r.randrange(50, 900))),
    ])
    return tb(r, fw, exc), 'crash', 'internal'


def f_faulthandler(r):
    sig = r.choice([('Segmentation fault', 'segfault'),
                    ('Floating point exception', 'fpe'),
                    ('Aborted', 'abort')])
    lines = ['Fatal Python error: %s' % sig[0], '',
             'Current thread %s (most recent call first):' % hexaddr(r)]
    for _ in range(r.randrange(3, 8)):
        lines.append('  File "/usr/lib/python3/dist-packages/torch/nn/%s", line %d in %s' % (
            r.choice(['functional.py', 'modules/conv.py', 'modules/module.py']),
            r.randrange(50, 3000), r.choice(['forward', '_call_impl', r.choice(OPS)])))
    lines.append('  File "/work/mutants/m%05d/model.py", line %d in <module>' % (
        r.randrange(100000), r.randrange(5, 100)))
    lines.append('%s (core dumped)' % sig[0])
    return '\n'.join(lines) + '\n', 'crash', sig[1]


def f_asan(r):
    pid = r.randrange(1000, 99999)
    kind, access = r.choice([('heap-buffer-overflow', 'READ'),
                             ('heap-buffer-overflow', 'WRITE'),
                             ('heap-use-after-free', 'READ'),
                             ('stack-buffer-overflow', 'WRITE')])
    op = r.choice(OPS)
    addr = '0x%012x' % (0x602000000000 + r.randrange(0, 0xffffff))
    lines = ['=================================================================',
             '==%d==ERROR: AddressSanitizer: %s on address %s at pc %s bp %s sp %s' % (
                 pid, kind, addr, hexaddr(r), hexaddr(r, 0x7ffd00000000),
                 hexaddr(r, 0x7ffd00000000)),
             '%s of size %d at %s thread T0' % (access, r.choice([1, 2, 4, 8]), addr)]
    funcs = ['at::native::%s_kernel(at::TensorIteratorBase&)' % op,
             'at::native::%s(at::Tensor const&)' % op,
             'at::_ops::%s::call(at::Tensor const&)' % op,
             'torch::autograd::THPVariable_%s(_object*, _object*, _object*)' % op,
             '_PyEval_EvalFrameDefault']
    for i, fn in enumerate(funcs):
        lines.append('    #%d %s in %s /pytorch/aten/src/ATen/native/%s.cpp:%d:%d' % (
            i, hexaddr(r), fn, op, r.randrange(10, 900), r.randrange(1, 40)))
    lines += ['', 'SUMMARY: AddressSanitizer: %s /pytorch/aten/src/ATen/native/%s.cpp in %s' % (
        kind, op, funcs[0]), '==%d==ABORTING' % pid]
    return '\n'.join(lines) + '\n', 'crash', 'sanitizer:' + kind


def f_check(r):
    op = r.choice(OPS)
    lines = ['F%s %7d %s_op.cc:%d] Check failed: dims.size() == %d (%d vs. %d)' % (
        ts(r), r.randrange(1000, 999999), op, r.randrange(50, 900),
        r.randrange(2, 5), 3, 4),
        '*** Check failure stack trace: ***']
    for _ in range(r.randrange(4, 9)):
        lines.append('    @     %s  tensorflow::%sOp::Compute()' % (hexaddr(r), op.title()))
    lines.append('Aborted (core dumped)')
    return '\n'.join(lines) + '\n', 'crash', 'check-failure'


def f_terminate(r):
    lines = ["terminate called after throwing an instance of 'c10::Error'",
             "  what():  Expected a proper Tensor but got None for argument #%d 'self'" % r.randrange(0, 3),
             'Exception raised from %s at ../aten/src/ATen/core/TensorBase.h:%d (most recent call first):' % (
                 r.choice(OPS), r.randrange(50, 900)),
             'frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x%x in /usr/lib/libc10.so)' % r.randrange(1 << 40),
             'Aborted (core dumped)']
    return '\n'.join(lines) + '\n', 'crash', 'terminate'


def f_oom(r):
    choice = r.randrange(3)
    if choice == 0:
        exc = ('torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB '
               '(GPU 0; 15.78 GiB total capacity; %.2f GiB already allocated; %.2f GiB free; '
               '%.2f GiB reserved in total by PyTorch) If reserved memory is >> allocated memory '
               'try setting max_split_size_mb to avoid fragmentation.' % (
                   r.random() * 8, 10 + r.random() * 4, r.random(), 13 + r.random()))
        return tb(r, 'torch', exc), 'oom', 'cuda-oom'
    if choice == 1:
        exc = ('tensorflow.python.framework.errors_impl.ResourceExhaustedError: '
               '{{function_node __wrapped__Conv2D}} OOM when allocating tensor with '
               'shape[%d,256,224,224] and type float on /job:localhost/replica:0/task:0/'
               'device:GPU:0 by allocator GPU_0_bfc [Op:Conv2D]' % r.choice([64, 128, 256]))
        return tb(r, 'tensorflow', exc), 'oom', 'resource-exhausted'
    return ('Killed\n', 'oom', 'killed')


def f_nan(r):
    steps = r.choice([100, 469])
    return ('%d/%d [==============================] - %ds %dms/step - loss: nan - accuracy: 0.1000\n' % (
        steps, steps, r.randrange(2, 30), r.randrange(5, 60)), 'nan', 'loss')


def f_timeout(r):
    if r.random() < 0.5:
        lines = ['+' * 35 + ' Timeout ' + '+' * 35,
                 '~' * 30 + ' Stack of MainThread (%d) ' % r.randrange(1 << 40) + '~' * 30,
                 '  File "/usr/lib/python3/dist-packages/torch/distributed/distributed_c10d.py", line %d, in barrier' % r.randrange(100, 4000),
                 '    work.wait()',
                 '+' * 35 + ' Timeout ' + '+' * 35]
        return '\n'.join(lines) + '\n', 'timeout', 'timeout'
    return ('TIMEOUT: mutant m%05d exceeded 600 s on pytorch; killed pid %d\n' % (
        r.randrange(100000), r.randrange(1000, 99999)), 'timeout', 'runner')


TERMINAL = [(f_faulthandler, 3), (f_asan, 2), (f_check, 2), (f_terminate, 1),
            (f_oom, 3), (f_timeout, 2), (f_internal, 2)]
FUZZ = [(f_validation, 35), (f_internal, 8), (f_faulthandler, 4), (f_asan, 2),
        (f_check, 2), (f_terminate, 1), (f_oom, 3), (f_nan, 3), (f_timeout, 2)]
TESTS_MID = [(f_validation, 5), (f_internal, 4), (f_oom, 1), (f_asan, 1)]


# ----------------------------------------------------------------------
# The dense profile (--profile dense): failures several times per
# megabyte, long tracebacks, full sanitizer reports, native backtraces,
# crashes of programs that are no deep-learning framework at all, and
# excerpts of the real framework logs bundled in corpus/logs.

NATIVE_LIBS = ['/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so',
               '/usr/local/lib/python3.11/site-packages/tensorflow/libtensorflow_framework.so.2',
               '/usr/local/lib/python3.11/site-packages/jaxlib/xla_extension.so',
               '/usr/lib/x86_64-linux-gnu/libc.so.6']


def f_long_tb(r):
    """A chained traceback: 10 to 40 frames in each of two or three parts."""
    fw = r.choice(['torch', 'tensorflow', 'jax', 'keras'])
    first = r.choice([f_validation, f_internal])(r)
    text = first[0].rstrip('\n').split('\n')
    exc = text[-1]
    parts = []
    for k in range(r.randrange(2, 4)):
        if k:
            parts.append('')
            parts.append(r.choice(['During handling of the above exception, another exception occurred:',
                                   'The above exception was the direct cause of the following exception:']))
            parts.append('')
        parts.append('Traceback (most recent call last):')
        parts += py_frames(r, fw, r.randrange(10, 40))
        parts.append(exc if k else 'KeyError: %r' % r.choice(OPS))
    return '\n'.join(parts) + '\n', first[1], first[2]


def f_asan_long(r):
    """A whole AddressSanitizer report: access stack, free and allocation
    stacks, and the shadow byte map with its legend."""
    text, cls, kind = f_asan(r)
    lines = text.rstrip('\n').split('\n')
    summary = [i for i, l in enumerate(lines) if l.startswith('SUMMARY:')][0]
    op = r.choice(OPS)
    extra = []
    for title in ('freed by thread T0 here:', 'previously allocated by thread T0 here:'):
        extra += ['', title]
        for i in range(r.randrange(12, 30)):
            extra.append('    #%d %s in %s %s' % (
                i, hexaddr(r), r.choice(['free', 'operator delete(void*)', 'c10::alloc_cpu(unsigned long)',
                                         'at::native::%s_out' % op, 'at::TensorIteratorBase::build']),
                r.choice(NATIVE_LIBS[:3]) + '+0x%x' % r.randrange(1 << 24)))
    shadow = ['Shadow bytes around the buggy address:']
    for i in range(11):
        shadow.append('  0x%012x: %s' % (0x0c047fff8000 + 16 * i,
                                          ' '.join(r.choice(['00', 'fa', 'fd', '04']) for _ in range(16))))
    shadow += ['Shadow byte legend (one shadow byte represents 8 application bytes):',
               '  Addressable:           00', '  Partially addressable: 01 02 03 04 05 06 07',
               '  Heap left redzone:       fa', '  Freed heap region:       fd',
               '  Stack left redzone:      f1', '  Stack mid redzone:       f2']
    lines = lines[:summary] + extra + [''] + lines[summary:summary + 1] + shadow + lines[summary + 1:]
    return '\n'.join(lines) + '\n', cls, kind


def f_gdb_bt(r):
    """gdb's backtrace of a crashed interpreter, 15 to 50 native frames."""
    sig = r.choice([('SIGSEGV', 'Segmentation fault', 'segfault'),
                    ('SIGFPE', 'Arithmetic exception', 'fpe'),
                    ('SIGABRT', 'Aborted', 'abort')])
    op = r.choice(OPS)
    lines = ['', 'Thread 1 "python3" received signal %s, %s.' % sig[:2],
             '%s in at::native::(anonymous namespace)::%s_kernel_impl(at::TensorIteratorBase&) () from %s' % (
                 hexaddr(r), op, NATIVE_LIBS[0]),
             '(gdb) bt']
    for i in range(r.randrange(15, 50)):
        lines.append('#%-2d %s in %s () from %s' % (
            i, hexaddr(r), r.choice(['at::native::%s_kernel_impl' % op, 'at::internal::invoke_parallel',
                                     'c10::impl::wrap_kernel_functor_unboxed_', 'at::_ops::%s::call' % op,
                                     'torch::autograd::THPVariable_%s' % op, '_PyEval_EvalFrameDefault',
                                     'PyObject_Call', '_PyObject_MakeTpCall']),
            r.choice(NATIVE_LIBS)))
    return '\n'.join(lines) + '\n', 'crash', sig[2]


def f_foreign(r):
    """A crash of a program that is no deep-learning framework."""
    pid = r.randrange(1000, 99999)
    fn = r.choice(['png_read_row', 'inflate_fast', 'parse_header', 'json_decode', 'yy_scan_bytes'])
    if r.random() < 0.5:
        lines = ['==%d==ERROR: AddressSanitizer: SEGV on unknown address 0x%012x (pc %s bp %s sp %s T0)' % (
            pid, r.randrange(1 << 20), hexaddr(r, 0x55d000000000), hexaddr(r, 0x7ffd00000000),
            hexaddr(r, 0x7ffd00000000)),
            '==%d==The signal is caused by a READ memory access.' % pid]
        for i in range(r.randrange(4, 12)):
            lines.append('    #%d %s in %s /src/imgtool/%s.c:%d:%d' % (
                i, hexaddr(r, 0x55d000000000), fn if i == 0 else 'main_loop_%d' % i,
                fn.split('_')[0], r.randrange(10, 2000), r.randrange(1, 40)))
        lines += ['', 'AddressSanitizer can not provide additional info.',
                  'SUMMARY: AddressSanitizer: SEGV /src/imgtool/%s.c in %s' % (fn.split('_')[0], fn),
                  '==%d==ABORTING' % pid]
        return '\n'.join(lines) + '\n', 'crash', 'sanitizer:SEGV'
    lines = ['$ ./build/imgtool --input corpus/%06d.bin' % r.randrange(1000000),
             'src/%s.c:%d:%d: runtime error: signed integer overflow: 2147483647 + %d cannot be represented in type \'int\'' % (
                 fn.split('_')[0], r.randrange(10, 2000), r.randrange(1, 40), r.randrange(1, 100)),
             'Segmentation fault (core dumped)']
    return '\n'.join(lines) + '\n', 'crash', 'segfault'


def real_excerpts(top):
    """The bundled real logs (corpus/logs, corpus/logs/real) of at most
    24 KiB, with their expected class where a manifest gives one."""
    classes = {}
    tsv = os.path.join(top, 'corpus', 'logs.real.tsv')
    if os.path.exists(tsv):
        for line in open(tsv, encoding='utf-8'):
            if line.startswith('#') or not line.strip():
                continue
            f = line.rstrip('\n').split('\t')
            if len(f) > 4:
                classes['real/' + f[0]] = (f[3], f[4])
    out = []
    base = os.path.join(top, 'corpus', 'logs')
    for d in ('', 'real'):
        dd = os.path.join(base, d)
        if not os.path.isdir(dd):
            continue
        for name in sorted(os.listdir(dd)):
            path = os.path.join(dd, name)
            if not name.endswith('.log') or not os.path.isfile(path) or os.path.getsize(path) > 24 * 1024:
                continue
            data = open(path, 'rb').read()
            if not data.endswith(b'\n'):
                data += b'\n'
            cls, kind = classes.get(os.path.join(d, name) if d else name, ('-', '-'))
            if cls == 'none':
                continue
            out.append((data, cls, kind))
    return out


DENSE = [(f_long_tb, 10), (f_asan_long, 4), (f_gdb_bt, 4), (f_foreign, 3),
         (f_terminate, 2), (f_check, 2), (f_faulthandler, 2), (f_oom, 2), (f_nan, 1)]

def pick(r, table):
    total = sum(w for _, w in table)
    x = r.random() * total
    for fn, w in table:
        x -= w
        if x < 0:
            return fn
    return table[-1][0]

# ----------------------------------------------------------------------


def parse_size(s):
    mult = {'K': 1 << 10, 'M': 1 << 20, 'G': 1 << 30}
    s = s.strip().upper().rstrip('B').rstrip('I')
    if s and s[-1] in mult:
        return int(float(s[:-1]) * mult[s[-1]])
    return int(s)


class Part:
    def __init__(self, root, index):
        self.dir = os.path.join(root, 'part-%d' % index)
        self.bytes = 0
        self.files = 0
        self.failures = 0
        self.by_class = {}
        self.rows = []

    def add_failure(self, path, line, cls, kind):
        self.failures += 1
        self.by_class[cls] = self.by_class.get(cls, 0) + 1
        self.rows.append('%s\t%d\t%s\t%s' % (path, line, cls, kind))


def write_file(part, rel, pieces):
    """pieces: list of bytes or (bytes, cls, kind) for failures."""
    path = os.path.join(part.dir, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    line = 1
    n = 0
    with open(path, 'wb') as f:
        for p in pieces:
            if isinstance(p, tuple):
                data = p[0]
                part.add_failure(os.path.relpath(path, os.path.dirname(part.dir)),
                                 line, p[1], p[2])
            else:
                data = p
            f.write(data)
            line += data.count(b'\n')
            n += len(data)
    part.bytes += n
    part.files += 1
    return n


def failure_bytes(r, fn):
    text, cls, kind = fn(r)
    return (text.encode('utf-8'), cls, kind)


def main(argv):
    size, seed, nparts, out, profile = 1 << 30, 1, 4, None, 'mixed'
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == '--size':
            size = parse_size(args.pop(0))
        elif a == '--seed':
            seed = int(args.pop(0))
        elif a == '--parts':
            nparts = int(args.pop(0))
        elif a == '--profile':
            profile = args.pop(0)
        elif a in ('-h', '--help'):
            print(__doc__)
            return 0
        elif a.startswith('-'):
            sys.stderr.write('gen-logs.py: unknown option %s\n' % a)
            return 2
        else:
            out = a
    if out is None or size <= 0 or nparts <= 0 or profile not in ('mixed', 'dense'):
        sys.stderr.write('usage: gen-logs.py [--size SIZE] [--seed N] [--parts N] '
                         '[--profile mixed|dense] OUTDIR\n')
        return 2
    r = random.Random(seed)
    if profile == 'dense':
        parts = dense_parts(r, out, size, nparts)
    else:
        parts = mixed_parts(r, out, size, nparts)
    write_manifest(out, size, seed, profile, parts)
    return 0


def dense_parts(r, out, size, nparts):
    """Logs of 1 to 8 MB, a failure every 128 KiB on average; one log in
    ten is a C program's build and test output with its crashes."""
    styles = ['keras', 'torch', 'tf', 'jax', 'pytest', 'ctest']
    gap = {s: make_segments(r, s, 24, 4 * 1024) for s in styles}
    real = real_excerpts(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    os.makedirs(out, exist_ok=True)
    parts = []
    per_part = size // nparts
    for k in range(nparts):
        part = Part(out, k)
        parts.append(part)
        nfile = 0
        while part.bytes < per_part:
            nfile += 1
            left = per_part - part.bytes
            foreign = r.random() < 0.1
            style = 'ctest' if foreign else r.choice(styles[:5])
            budget = min(left, int(r.uniform(1, 8) * (1 << 20)))
            pieces, n = [], 0
            while n < budget:
                for _ in range(max(1, int(r.expovariate(1 / 32.0)))):
                    seg = r.choice(gap[style])
                    pieces.append(seg)
                    n += len(seg)
                if foreign:
                    fb = failure_bytes(r, f_foreign)
                elif real and r.random() < 0.3:
                    fb = r.choice(real)
                else:
                    fb = failure_bytes(r, pick(r, DENSE))
                pieces.append(fb)
                n += len(fb[0])
            rel = '%s/log-%05d.log' % (style, nfile)
            write_file(part, rel, pieces)
    return parts


def mixed_parts(r, out, size, nparts):
    styles = ['keras', 'torch', 'tf', 'jax', 'pytest']
    segs = {s: make_segments(r, s, 24, 48 * 1024) for s in styles}
    small = {s: make_segments(r, s, 24, 2 * 1024) for s in styles}
    gap = {s: make_segments(r, s, 24, 600) for s in styles}
    os.makedirs(out, exist_ok=True)
    parts = []
    per_part = size // nparts
    for k in range(nparts):
        part = Part(out, k)
        parts.append(part)
        nfile = 0
        # Byte shares of the three kinds of logs; the next file is of the
        # kind furthest behind its share.
        share = {'fuzz': 0.10, 'tests': 0.25, 'train': 0.65}
        written = {'fuzz': 0, 'tests': 0, 'train': 0}
        while part.bytes < per_part:
            left = per_part - part.bytes
            kind = min(share, key=lambda k: (written[k] / share[k], k))
            nfile += 1
            before = part.bytes
            if kind == 'fuzz' or left < 256 * 1024:
                # fuzz/: one small log per mutant run
                style = r.choice(['keras', 'torch', 'tf', 'jax'])
                pieces = [r.choice(small[style]) for _ in range(r.randrange(1, 12))]
                if r.random() < 0.6:
                    pieces.append(failure_bytes(r, pick(r, FUZZ)))
                    if r.random() < 0.5:
                        pieces.append(r.choice(gap[style]))
                rel = 'fuzz/%s/run-%06d.log' % (style, nfile)
                budget = None
            elif kind == 'tests':
                # tests/: a test suite log with a few failing tests
                budget = min(left, int(r.lognormvariate(14.0, 0.8)))  # ~1.2 MB
                pieces = []
                n = 0
                while n < budget:
                    seg = r.choice(segs['pytest'])
                    pieces.append(seg)
                    n += len(seg)
                    if r.random() < 0.12:
                        fb = failure_bytes(r, pick(r, TESTS_MID))
                        pieces += [r.choice(gap['pytest']), fb, r.choice(gap['pytest'])]
                        n += len(fb[0])
                rel = 'tests/suite-%04d/pytest.log' % nfile
            else:
                # train/: a long training log, perhaps ending in a failure
                style = r.choice(['keras', 'torch', 'tf', 'jax'])
                budget = min(left, max(256 * 1024, int(r.lognormvariate(15.8, 1.0))))  # ~7 MB
                pieces = []
                n = 0
                nan_at = budget * r.random() if r.random() < 0.1 else -1
                while n < budget:
                    seg = r.choice(segs[style])
                    pieces.append(seg)
                    n += len(seg)
                    if 0 <= nan_at < n:
                        nan_at = -1
                        pieces += [r.choice(gap[style]), failure_bytes(r, f_nan),
                                   r.choice(gap[style])]
                if r.random() < 0.33:
                    pieces += [r.choice(gap[style]), failure_bytes(r, pick(r, TERMINAL))]
                rel = 'train/%s/job-%05d/output.log' % (style, nfile)
            write_file(part, rel, pieces)
            written[kind] += part.bytes - before
    return parts


def write_manifest(out, size, seed, profile, parts):
    manifest = {
        'generator': 'bench/gen-logs.py',
        'size': size,
        'seed': seed,
        'profile': profile,
        'parts': [{'dir': os.path.basename(p.dir), 'bytes': p.bytes,
                   'files': p.files, 'failures': p.failures,
                   'by_class': dict(sorted(p.by_class.items()))} for p in parts],
    }
    manifest['bytes'] = sum(p.bytes for p in parts)
    manifest['files'] = sum(p.files for p in parts)
    manifest['failures'] = sum(p.failures for p in parts)
    by_class = {}
    for p in parts:
        for c, v in p.by_class.items():
            by_class[c] = by_class.get(c, 0) + v
    manifest['by_class'] = dict(sorted(by_class.items()))
    with open(os.path.join(out, 'failures.tsv'), 'w') as f:
        f.write('path\tline\tclass\tkind\n')
        for p in parts:
            for row in p.rows:
                f.write(row + '\n')
    with open(os.path.join(out, 'MANIFEST.json'), 'w') as f:
        json.dump(manifest, f, indent=1)
        f.write('\n')
    print('%s: %d bytes in %d files, %d failures inserted' % (
        out, manifest['bytes'], manifest['files'], manifest['failures']))


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

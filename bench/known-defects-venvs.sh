#!/bin/sh
# bench/known-defects-venvs.sh: the pinned releases of the known-defect
# benchmark that Debian and the project's .venv do not have, each in a
# virtual environment of its own under DIR (default /work/venvs):
#
#	jax-old	 JAX and jaxlib 0.4.30 (numpy 1.x)
#	tf-old	 tensorflow-cpu 2.14.1 (numpy 1.x)
#	keras-old-torch	 Keras 3.3.3 on PyTorch 2.13
#
#	bench/known-defects-venvs.sh [DIR]
#
# Needs python3 with venv and PyPI.  Debian's PyTorch 1.13 comes from
# `apt-get install python3-torch` (/usr/bin/python3).
set -eu
dir=${1:-/work/venvs}
py=${PYTHON3:-python3}
mkdir -p "$dir"
if [ ! -x "$dir/jax-old/bin/python" ]; then
	"$py" -m venv "$dir/jax-old"
	"$dir/jax-old/bin/pip" install -q jax==0.4.30 jaxlib==0.4.30 'numpy<2' scipy PyYAML
fi
if [ ! -x "$dir/tf-old/bin/python" ]; then
	"$py" -m venv "$dir/tf-old"
	"$dir/tf-old/bin/pip" install -q tensorflow-cpu==2.14.1 numpy==1.26.4 PyYAML
fi
if [ ! -x "$dir/keras-old-torch/bin/python" ]; then
	"$py" -m venv "$dir/keras-old-torch"
	"$dir/keras-old-torch/bin/pip" install -q keras==3.3.3 torch==2.13.0 numpy packaging PyYAML
fi
"$dir/jax-old/bin/python" -c 'import jax; print("jax", jax.__version__)'
"$dir/tf-old/bin/python" -c 'import tensorflow as tf; print("tensorflow", tf.__version__)' 2>/dev/null
KERAS_BACKEND=torch "$dir/keras-old-torch/bin/python" -c 'import keras; print("keras", keras.__version__)' 2>/dev/null

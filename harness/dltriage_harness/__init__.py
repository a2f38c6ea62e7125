"""dltriage-harness: build and run a dltriage model IR on one framework.

See harness/README and docs/model-ir.md.
"""

__version__ = "0.1"

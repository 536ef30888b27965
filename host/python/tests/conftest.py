# SPDX-License-Identifier: Apache-2.0
"""What the tests need from the build: libmbens ($MBENS_LIBRARY, read by the package itself), the
mbens program ($MBENS_EXE) and the repository's models ($MBENS_SOURCE_DIR)."""
import os

import pytest


def _env(name):
    v = os.environ.get(name)
    if not v:
        pytest.exit(f"set {name} (tests/api/run_python.sh does)", returncode=2)
    return v


@pytest.fixture(scope="session")
def mbens_exe():
    return _env("MBENS_EXE")


@pytest.fixture(scope="session")
def pendulum():
    return os.path.join(_env("MBENS_SOURCE_DIR"), "models", "msl", "Modelica", "Mechanics",
                        "MultiBody", "Examples", "Elementary", "DoublePendulum.mo")


@pytest.fixture(scope="session")
def examples_dir():
    return os.path.join(_env("MBENS_SOURCE_DIR"), "host", "python", "examples")


@pytest.fixture(scope="session")
def examples_model():
    root = os.path.join(_env("MBENS_SOURCE_DIR"), "models", "examples")
    return lambda name: os.path.join(root, name)

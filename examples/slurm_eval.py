"""A Parsl configuration for `run --parsl-config slurm_eval.py`: evaluation workers on two
Slurm nodes, 8 per node, each pinned to its own block of 4 cores (docs/scaling-out.md).
tests/test_examples.py loads it.
"""

from parsl.config import Config
from parsl.executors import HighThroughputExecutor
from parsl.launchers import SrunLauncher
from parsl.providers import SlurmProvider

config = Config(
    executors=[
        HighThroughputExecutor(
            label="harness_eval",
            max_workers_per_node=8,
            cpu_affinity="block",  # each worker pinned to its own block of cores
            provider=SlurmProvider(
                partition="compute",
                nodes_per_block=2,
                init_blocks=1,
                max_blocks=1,
                walltime="04:00:00",
                launcher=SrunLauncher(),
                worker_init="source /path/to/venv/bin/activate",  # the harness, g++ and bwrap on the nodes
            ),
        )
    ]
)

#!/usr/bin/env bash
# The client's system calls per transaction: one load of W warehouses on a
# throwaway server, then a run per mode (statements, procedures) with
# `strace -c -f` attached to the tpcc process for part of the measured
# interval. Prints the server's settings and, per mode, the calls of each
# kind divided by the transactions completed while strace was attached
# (from the interval lines' transaction counts is too coarse, so the count
# is the difference of result.json's totals of two runs is not used: the
# transactions are read from the interval lines of the strace window).

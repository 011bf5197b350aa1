# SPDX-License-Identifier: GPL-2.0-only
# An empty test: what "run.sh --shell" and the demo boot when no test is named.
true

// SPDX-License-Identifier: GPL-2.0-only
/* vwifi host tests: crypto vectors, the 4-way handshake, the radio model. */
#include "test_util.h"

int main(void)
{
	int failed = 0;

	failed += test_crypto_all();
	failed += test_handshake_all();
	failed += test_sim_all();
	return failed ? 1 : 0;
}

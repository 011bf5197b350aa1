// SPDX-License-Identifier: GPL-2.0-only
/* Runtime start-up and shutdown (ndl_rt_init / ndl_rt_exit, os.h). */
#include "core/rt.h"
#include "core/intrinsics.h"
#include "nt/nt_queue.h"
#include "nt/nt_api.h"
#include "nt/nt_time.h"
#include "nt/nt_ob.h"

int ndl_rt_init(void)
{
	ndl_nt_time_init();
	ndl_nt_system_init();
	return ndl_kusd_init();
}

void ndl_rt_exit(void)
{
	struct ndl_mem_stats st;

	ndl_callbacks_exit();
	ndl_handles_exit();
	ndl_kusd_exit();
	ndl_mem_stats(&st);
	if (st.allocations)
		ndl_warn("runtime exit: %llu allocations (%llu bytes) still live",
			 (unsigned long long)st.allocations,
			 (unsigned long long)st.bytes);
}

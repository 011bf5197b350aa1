# SPDX-License-Identifier: GPL-2.0-only
# Turns the runtime's binary-exact NDIS 6 structures
# (module/runtime/ndis6/ndis6_types.h) into a header a Windows driver
# includes from the WDK-style ndis.h (include/ndis.h):
#  - the runtime's own include is dropped;
#  - types mingw-w64's headers already declare with the same layout are
#    skipped (NDIS_OBJECT_HEADER, NDIS_REQUEST_TYPE, NDIS_LINK_STATE,
#    NDIS_PORT_AUTHENTICATION_PARAMETERS; ndis6_pre.h has
#    NET_DEVICE_PNP_EVENT; wdm.h has IO_INTERRUPT_MESSAGE_INFO and its
#    entry; ntddndis.h has NDIS_OFFLOAD, its members' types and
#    NDIS_OFFLOAD_PARAMETERS, with the members of the NDIS version the
#    driver is built for), as is the union of
#    adapter attributes (ndis6_wdk.h has it with every member);
#  - the handler pointer types are skipped: ndis6_pre.h declares them the
#    WDK's way (function types with the documented parameter types);
#  - the OID request's anonymous DATA structures get the WDK's tags
#    (struct _QUERY, _SET, _METHOD), which drivers name;
#  - every #define is guarded, so mingw's equal ones stand.
# The resource and DMA structures (ndis6_res_types.h, ndis6_dma_types.h)
# go through the same filter;
# the runtime's NetTimerCallback pointer type becomes the WDK's name.
# Usage: awk -f gen-ndis6-types.awk ndis6_types.h ndis6_res_types.h \
#        ndis6_dma_types.h > out.h
BEGIN {
	skip_block["NDIS_OBJECT_HEADER"] = 1
	skip_block["NDIS_REQUEST_TYPE"] = 1
	skip_block["NDIS_MINIPORT_ADAPTER_ATTRIBUTES"] = 1
	skip_block["NDIS_LINK_STATE"] = 1
	skip_block["NDIS_PORT_AUTHENTICATION_PARAMETERS"] = 1
	skip_block["NET_DEVICE_PNP_EVENT"] = 1
	skip_block["IO_INTERRUPT_MESSAGE_INFO_ENTRY"] = 1
	skip_block["IO_INTERRUPT_MESSAGE_INFO"] = 1
	skip_block["NDIS_TCP_IP_CHECKSUM_OFFLOAD"] = 1
	skip_block["NDIS_TCP_LARGE_SEND_OFFLOAD_V1"] = 1
	skip_block["NDIS_IPSEC_OFFLOAD_V1"] = 1
	skip_block["NDIS_TCP_LARGE_SEND_OFFLOAD_V2"] = 1
	skip_block["NDIS_IPSEC_OFFLOAD_V2"] = 1
	skip_block["NDIS_TCP_RECV_SEG_COALESCE_OFFLOAD"] = 1
	skip_block["NDIS_ENCAPSULATED_PACKET_TASK_OFFLOAD"] = 1
	skip_block["NDIS_OFFLOAD"] = 1
	skip_block["NDIS_OFFLOAD_PARAMETERS"] = 1
	rename["NDL_NET_TIMER_CALLBACK"] = "PNDIS_TIMER_FUNCTION"
	tag["QUERY_INFORMATION"] = "_QUERY"
	tag["SET_INFORMATION"] = "_SET"
	tag["METHOD_INFORMATION"] = "_METHOD"
	n = 0
	out[++n] = "/* Generated from module/runtime/ndis6/ndis6_types.h: do not edit. */"
	out[++n] = "#ifndef __aligned"
	out[++n] = "#define __aligned(n) __attribute__((aligned(n)))"
	out[++n] = "#endif"
	# The runtime's convention for function pointer types (win_types.h).
	out[++n] = "#ifndef NTAPI_PTR"
	out[++n] = "#define NTAPI_PTR NTAPI"
	out[++n] = "#endif"
	out[++n] = "#define NDL_STATIC_ASSERT(cond, what) _Static_assert(cond, what)"
}
/^#include "ndis6?\/ndis6?_types.h"/ { next }
# the runtime's own type of a NetTimerCallback pointer: the WDK has one
/^typedef NTAPI_PTR void \(\*NDL_NET_TIMER_CALLBACK\)/ { in_handler = 1 }
/^typedef NTAPI_PTR [A-Za-z_]+ \(\*[A-Z_]+_(HANDLER|UNLOAD|ROUTINE)\)/ && $0 !~ /\(\*NET_BUFFER_/ {
	in_handler = 1
}
in_handler {
	if ($0 ~ /;$/) in_handler = 0
	next
}
/^typedef (struct|union|enum) _[A-Z0-9_]+ \{/ {
	name = $3; sub(/^_/, "", name)
	if (name in skip_block) { skipping = name; next }
}
skipping != "" {
	if ($0 ~ "^} " skipping "[;,]") skipping = ""
	next
}
/^[ \t]+struct \{$/ { last_struct = n + 1 }
/^[ \t]+\} [A-Z_]+_INFORMATION;$/ {
	t = $2; sub(/;$/, "", t)
	if ((t in tag) && last_struct)
		sub(/struct \{/, "struct " tag[t] " {", out[last_struct])
}
/^#define [A-Za-z0-9_]+/ && !indef {
	d = $2; sub(/\(.*/, "", d)
	out[++n] = "#ifndef " d
	indef = 1
}
indef {
	out[++n] = $0
	if ($0 !~ /\\$/) { out[++n] = "#endif"; indef = 0 }
	next
}
{
	for (r in rename)
		gsub(r, rename[r])
	out[++n] = $0
}
END { for (i = 1; i <= n; i++) print out[i] }
